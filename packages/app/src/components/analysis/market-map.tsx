/**
 * The service-area map (specification §2, §9): Leaflet, MAP_HEIGHT_PX high, centred on the
 * geocoded target at MAP_ZOOM, with the primary and secondary radius circles, the target marker
 * and a small marker per city in range.
 *
 * It draws with no network: the basemap is the Census state and county boundaries of us-atlas,
 * loaded on demand. A raster tile layer is added only when `tileUrl` is given (none is
 * configured today). This module is loaded lazily, so Leaflet stays out of the main chunk.
 */
import { MAP_HEIGHT_PX, MAP_ZOOM, METERS_PER_MILE, type ServiceArea } from "@bis/sdk";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useRef } from "react";
import { loadState, statesIn } from "../../lib/basemap";
import { MAP_COLORS } from "./map-colors";

export const BASEMAP_ATTRIBUTION = "Boundaries: U.S. Census Bureau (us-atlas)";

export interface MapCity {
  name: string;
  lat: number;
  lon: number;
  serviceArea: ServiceArea;
}

export interface MarketMapProps {
  target: { name: string; lat: number; lon: number };
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
  cities: readonly MapCity[];
  /** The map's accessible name. */
  label: string;
  /** The id of the text alternative (the city table). */
  describedBy?: string;
  /** A raster tile URL template ({z}/{x}/{y}); without it the offline basemap alone is drawn. */
  tileUrl?: string;
  tileAttribution?: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export default function MarketMap({
  target,
  primaryRadiusMiles,
  secondaryRadiusMiles,
  cities,
  label,
  describedBy,
  tileUrl,
  tileAttribution,
}: MarketMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const { lat, lon, name: targetName } = target;
  // Redraw only when what the map shows changes, not on every new array from a refetch.
  const citiesKey = useMemo(
    () => JSON.stringify(cities.map((c) => [c.name, c.lat, c.lon, c.serviceArea])),
    [cities],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const places = JSON.parse(citiesKey) as [string, number, number, ServiceArea][];
    const center = L.latLng(lat, lon);

    const map = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.5 });
    // The view first: circle bounds are computed through the map's projection.
    map.setView(center, MAP_ZOOM);
    map.attributionControl.addAttribution(BASEMAP_ATTRIBUTION);

    // Beneath the circles (overlay pane, 400): the land, then the county borders.
    map.createPane("bisLand").style.zIndex = "240";
    map.createPane("bisCounties").style.zIndex = "250";

    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution ?? "", maxZoom: 18 }).addTo(map);
    }

    const secondary = L.circle(center, {
      radius: secondaryRadiusMiles * METERS_PER_MILE,
      className: "bis-radius bis-radius-secondary",
      color: MAP_COLORS.secondary,
      weight: 2,
      dashArray: "6 6",
      fillOpacity: 0.05,
      interactive: false,
    }).addTo(map);
    L.circle(center, {
      radius: primaryRadiusMiles * METERS_PER_MILE,
      className: "bis-radius bis-radius-primary",
      color: MAP_COLORS.primary,
      weight: 2,
      fillOpacity: 0.08,
      interactive: false,
    }).addTo(map);

    for (const [name, cityLat, cityLon, area] of places) {
      L.circleMarker([cityLat, cityLon], {
        radius: 4,
        className: `bis-city-marker bis-city-${area}`,
        color: "#ffffff",
        weight: 1,
        fillColor: area === "primary" ? MAP_COLORS.primary : MAP_COLORS.secondary,
        fillOpacity: 0.9,
      })
        .bindTooltip(escapeHtml(name))
        .addTo(map);
    }

    L.circleMarker(center, {
      radius: 8,
      className: "bis-target-marker",
      color: "#ffffff",
      weight: 2,
      fillColor: MAP_COLORS.target,
      fillOpacity: 1,
    })
      .bindTooltip(escapeHtml(targetName), { permanent: false, direction: "top" })
      .addTo(map);

    // Show the whole service area when it is larger than the view at MAP_ZOOM.
    const size = map.getSize();
    if (size.x > 0 && size.y > 0 && !map.getBounds().contains(secondary.getBounds())) {
      map.fitBounds(secondary.getBounds(), { padding: [16, 16] });
    }

    let disposed = false;
    const landStyle = { color: "#64748b", weight: 1.5, fillColor: "#f8fafc", fillOpacity: 1 };
    const countyStyle = { color: "#94a3b8", weight: 0.75, fill: false };
    const requested = new Set<string>();
    // The states in view (and a margin around it), each loaded once as the map moves.
    const drawBasemap = () => {
      if (disposed || tileUrl) return;
      const view = map.getBounds().pad(0.5);
      for (const entry of statesIn([
        view.getWest(),
        view.getSouth(),
        view.getEast(),
        view.getNorth(),
      ])) {
        if (requested.has(entry.fips)) continue;
        requested.add(entry.fips);
        loadState(entry)
          .then((outline) => {
            if (disposed) return;
            L.geoJSON(outline.land, {
              pane: "bisLand",
              interactive: false,
              style: landStyle,
            }).addTo(map);
            L.geoJSON(outline.counties, {
              pane: "bisCounties",
              interactive: false,
              style: countyStyle,
            }).addTo(map);
          })
          .catch((error: unknown) => {
            requested.delete(entry.fips);
            // Specification §8: map failures are logged to the console only.
            console.error(`Map outlines of ${entry.name} failed to load`, error);
          });
      }
    };
    map.on("moveend", drawBasemap);
    drawBasemap();

    // The map may first be laid out while hidden (a collapsed section) or resized later.
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            if (!disposed) map.invalidateSize();
          });
    observer?.observe(container);

    return () => {
      disposed = true;
      observer?.disconnect();
      // StrictMode mounts effects twice: the first map must go before the second is made.
      map.remove();
    };
  }, [
    lat,
    lon,
    targetName,
    primaryRadiusMiles,
    secondaryRadiusMiles,
    citiesKey,
    tileUrl,
    tileAttribution,
  ]);

  return (
    <div className="isolate overflow-hidden rounded-lg border border-slate-200">
      <section
        ref={containerRef}
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="market-map"
        className="w-full bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
        style={{ height: MAP_HEIGHT_PX }}
      />
    </div>
  );
}
