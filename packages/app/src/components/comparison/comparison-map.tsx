/**
 * The comparison's small map: every market's target and radius circles on the results page's
 * map component (Leaflet, loaded lazily with the basemap), the best-ranked market in the middle.
 */
import type { ComparisonTable } from "@bis/sdk";
import { lazy, Suspense, useMemo } from "react";
import { usePublicSettings } from "../../hooks/use-public-settings";
import { MapPlaceholder } from "../analysis/map-block";
import type { OtherMarket } from "../analysis/market-map";

const MarketMap = lazy(() => import("../analysis/market-map"));

export function ComparisonMap({ table }: { table: ComparisonTable }) {
  const settings = usePublicSettings();
  const placed = useMemo<OtherMarket[]>(
    () =>
      table.markets.flatMap((m) =>
        m.target
          ? [
              {
                name: m.location,
                lat: m.target.lat,
                lon: m.target.lon,
                primaryRadiusMiles: m.primaryRadius,
                secondaryRadiusMiles: m.secondaryRadius,
              },
            ]
          : [],
      ),
    [table.markets],
  );
  const [first, ...others] = placed;
  if (!first)
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
        The map needs the markets' coordinates, which these analyses do not have.
      </p>
    );
  if (settings.isPending) return <MapPlaceholder>Loading map…</MapPlaceholder>;
  const tiles = settings.data?.mapTiles;
  return (
    <Suspense fallback={<MapPlaceholder>Loading map…</MapPlaceholder>}>
      <MarketMap
        target={{ name: first.name, lat: first.lat, lon: first.lon }}
        primaryRadiusMiles={first.primaryRadiusMiles}
        secondaryRadiusMiles={first.secondaryRadiusMiles}
        cities={[]}
        others={others}
        label={`Map of the ${placed.length} markets compared, each with its primary and secondary radius: ${placed.map((p) => p.name).join(", ")}`}
        tileUrl={tiles?.url}
        tileAttribution={tiles?.attribution}
      />
    </Suspense>
  );
}
