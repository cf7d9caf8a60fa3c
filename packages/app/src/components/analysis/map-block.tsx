/**
 * The geographic map of section 1, with its legend. Leaflet and the basemap load lazily (their
 * own chunks); until then a placeholder of the same height holds the place.
 */
import { FALLBACK_CIRCLE_RADII_MILES, MAP_HEIGHT_PX, type MarketAnalysisData } from "@bis/sdk";
import { MapPinned } from "lucide-react";
import { type CSSProperties, lazy, type ReactNode, Suspense, useMemo } from "react";
import { formatMiles } from "../../lib/format";
import { cityName } from "./city-table";
import { MAP_COLORS } from "./map-colors";
import type { MapCity } from "./market-map";

const MarketMap = lazy(() => import("./market-map"));

const COLORS = MAP_COLORS;

interface Swatch {
  className: string;
  style: CSSProperties;
}

/** One entry of the map legend: its round swatches, then its text. */
function LegendItem({ swatches, children }: { swatches: readonly Swatch[]; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      {swatches.map((swatch) => (
        <span
          key={swatch.className}
          className={`inline-block rounded-full ${swatch.className}`}
          style={swatch.style}
          aria-hidden="true"
        />
      ))}
      {children}
    </li>
  );
}

function radius(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function MapBlock({
  data,
  primaryRadius,
  secondaryRadius,
  tableId,
  tileUrl,
}: {
  data: MarketAnalysisData;
  primaryRadius?: number;
  secondaryRadius?: number;
  /** The city table: the map's text alternative. */
  tableId: string;
  tileUrl?: string;
}) {
  const primary = radius(
    data.requestPrimaryRadius ?? primaryRadius,
    FALLBACK_CIRCLE_RADII_MILES.primary,
  );
  const secondary = radius(
    data.requestSecondaryRadius ?? secondaryRadius,
    FALLBACK_CIRCLE_RADII_MILES.secondary,
  );
  const target = data.target;
  const cities = useMemo<MapCity[]>(
    () =>
      data.cityAnalysis.cityBreakdown.flatMap((c) =>
        typeof c.lat === "number" && typeof c.lon === "number"
          ? [{ name: cityName(c), lat: c.lat, lon: c.lon, serviceArea: c.serviceArea }]
          : [],
      ),
    [data.cityAnalysis.cityBreakdown],
  );
  const targetLabel = target ? `${target.name}, ${target.state}` : data.requestLocation;

  return (
    <div className="space-y-3">
      <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MapPinned className="size-4 text-brand-700" aria-hidden="true" />
        Service Area Map
      </h3>
      {target ? (
        <Suspense
          fallback={
            <div
              className="flex items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-500"
              style={{ height: MAP_HEIGHT_PX }}
            >
              Loading map…
            </div>
          }
        >
          <MarketMap
            target={{ name: targetLabel, lat: target.lat, lon: target.lon }}
            primaryRadiusMiles={primary}
            secondaryRadiusMiles={secondary}
            cities={cities}
            label={`Map of the service area around ${targetLabel}: primary radius ${formatMiles(primary)}, secondary radius ${formatMiles(secondary)}, ${cities.length} cities marked`}
            describedBy={tableId}
            tileUrl={tileUrl}
          />
        </Suspense>
      ) : (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
          The map needs the target's coordinates, which this analysis does not have. The city table
          lists every place in range.
        </p>
      )}
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-700" aria-label="Map legend">
        <LegendItem
          swatches={[
            {
              className: "size-3 border-2 border-white ring-1 ring-slate-300",
              style: { background: COLORS.target },
            },
          ]}
        >
          Target: {targetLabel}
        </LegendItem>
        <LegendItem
          swatches={[
            {
              className: "size-3 border-2",
              style: { borderColor: COLORS.primary, background: `${COLORS.primary}22` },
            },
          ]}
        >
          Primary radius: {formatMiles(primary)}
        </LegendItem>
        <LegendItem
          swatches={[
            {
              className: "size-3 border-2 border-dashed",
              style: { borderColor: COLORS.secondary, background: `${COLORS.secondary}11` },
            },
          ]}
        >
          Secondary radius: {formatMiles(secondary)}
        </LegendItem>
        <LegendItem
          swatches={[
            { className: "size-2", style: { background: COLORS.primary } },
            { className: "-ml-1 size-2", style: { background: COLORS.secondary } },
          ]}
        >
          Cities in range
        </LegendItem>
      </ul>
    </div>
  );
}
