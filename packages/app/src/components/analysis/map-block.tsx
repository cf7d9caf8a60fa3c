/**
 * The geographic map of section 1, with its legend. Leaflet and the basemap load lazily (their
 * own chunks); until then a placeholder of the same height holds the place. The map's tiles,
 * when the operator configured any (BIS_MAP_TILE_URL), come from GET /api/public/settings.
 */
import { FALLBACK_CIRCLE_RADII_MILES, MAP_HEIGHT_PX, type MarketAnalysisData } from "@bis/sdk";
import { MapPinned } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { usePublicSettings } from "../../hooks/use-public-settings";
import { formatMiles, formatNumber } from "../../lib/format";
import { cityName } from "./city-table";
import { MAP_COLORS } from "./map-colors";
import type { MapCity } from "./market-map";

const MarketMap = lazy(() => import("./market-map"));

const COLORS = MAP_COLORS;

/** One entry of the map legend: its symbol (as drawn on the map), then its text. */
/** A radius circle of the legend: the map's colour, lightly filled, solid or dashed. */
function RadiusSymbol({ color, fill, dashed }: { color: string; fill: string; dashed?: boolean }) {
  return (
    <circle
      cx="8"
      cy="8"
      r="6.5"
      fill={`${color}${fill}`}
      stroke={color}
      strokeWidth="2"
      strokeDasharray={dashed ? "3 2.1" : undefined}
    />
  );
}

function LegendItem({ symbol, children }: { symbol: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true">
        {symbol}
      </svg>
      <span>{children}</span>
    </li>
  );
}

function radius(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function MapPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div
      className="flex items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600"
      style={{ height: MAP_HEIGHT_PX }}
    >
      {children}
    </div>
  );
}

export function MapBlock({
  data,
  primaryRadius,
  secondaryRadius,
  tableId,
}: {
  data: MarketAnalysisData;
  primaryRadius?: number;
  secondaryRadius?: number;
  /** The city table: the map's text alternative. */
  tableId: string;
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
  const settings = usePublicSettings();
  const tiles = settings.data?.mapTiles;
  const cities = useMemo<MapCity[]>(
    () =>
      data.cityAnalysis.cityBreakdown.flatMap((c) =>
        typeof c.lat === "number" && typeof c.lon === "number"
          ? [
              {
                name: cityName(c),
                lat: c.lat,
                lon: c.lon,
                serviceArea: c.serviceArea,
                population: c.population,
              },
            ]
          : [],
      ),
    [data.cityAnalysis.cityBreakdown],
  );
  const counts = {
    primary: cities.filter((c) => c.serviceArea === "primary").length,
    secondary: cities.filter((c) => c.serviceArea === "secondary").length,
  };
  const targetLabel = target ? `${target.name}, ${target.state}` : data.requestLocation;

  return (
    <div className="space-y-3">
      <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MapPinned className="size-4 text-brand-700" aria-hidden="true" />
        Service Area Map
      </h3>
      {!target ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
          The map needs the target's coordinates, which this analysis does not have. The city table
          lists every place in range.
        </p>
      ) : settings.isPending ? (
        // Which basemap to draw (tiles or outlines) is known once the settings answer.
        <MapPlaceholder>Loading map…</MapPlaceholder>
      ) : (
        <Suspense fallback={<MapPlaceholder>Loading map…</MapPlaceholder>}>
          <MarketMap
            target={{ name: targetLabel, lat: target.lat, lon: target.lon }}
            primaryRadiusMiles={primary}
            secondaryRadiusMiles={secondary}
            cities={cities}
            label={`Map of the service area around ${targetLabel}: primary radius ${formatMiles(primary)}, secondary radius ${formatMiles(secondary)}, ${cities.length} cities marked`}
            describedBy={tableId}
            tileUrl={tiles?.url}
            tileAttribution={tiles?.attribution}
          />
        </Suspense>
      )}
      <ul
        className="grid gap-x-5 gap-y-2 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Map legend"
      >
        <LegendItem
          symbol={<circle cx="8" cy="8" r="6" fill={COLORS.target} stroke="#fff" strokeWidth="2" />}
        >
          Target: {targetLabel}
        </LegendItem>
        <LegendItem symbol={<RadiusSymbol color={COLORS.primary} fill="22" />}>
          Primary radius: {formatMiles(primary)}
          <span className="text-slate-600"> (solid line)</span>
        </LegendItem>
        <LegendItem symbol={<RadiusSymbol color={COLORS.secondary} fill="11" dashed />}>
          Secondary radius: {formatMiles(secondary)}
          <span className="text-slate-600"> (dashed line)</span>
        </LegendItem>
        <LegendItem
          symbol={
            <circle cx="8" cy="8" r="5" fill={COLORS.primary} stroke="#fff" strokeWidth="2" />
          }
        >
          City in the primary area (filled dot): {formatNumber(counts.primary)}
        </LegendItem>
        <LegendItem
          symbol={
            <circle cx="8" cy="8" r="4.5" fill="#fff" stroke={COLORS.secondary} strokeWidth="3" />
          }
        >
          City in the secondary area (ring): {formatNumber(counts.secondary)}
        </LegendItem>
      </ul>
      {target ? (
        <p className="text-sm text-slate-600">
          The largest cities are named on the map. Point at a city, or reach it with the Tab key,
          for its name and population; the city table lists every place.
        </p>
      ) : null}
    </div>
  );
}
