/**
 * The service-area map, as the specification draws it: Leaflet, MAP_HEIGHT_PX high, centred on the
 * geocoded target at MAP_ZOOM (zoomed out just enough when the secondary circle would not fit),
 * with the primary and secondary radius circles, the target marker and a marker per city in
 * range, a scale bar in miles, and the names of the largest cities.
 *
 * City markers are focusable (Tab), named for screen readers, and show the city's name and
 * population on hover and on keyboard focus. The largest few cities (MAX_LABELS, fewer on narrow
 * maps) are always labelled; a label that would overlap another, or fall off the map, is left out.
 *
 * The basemap: the operator's raster tiles when BIS_MAP_TILE_URL is configured (`tileUrl`);
 * otherwise, with no network, the Census state and county outlines of the states in view (see
 * lib/basemap.ts). Resizing the map refits the circles. This module is loaded lazily, so Leaflet
 * stays out of the main chunk.
 */
import { MAP_HEIGHT_PX, MAP_ZOOM, METERS_PER_MILE, type ServiceArea } from "@bis/sdk";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./market-map.css";
import { type CSSProperties, useEffect, useMemo, useRef } from "react";
import { loadStates, statesIn } from "../../lib/basemap";
import { formatNumber } from "../../lib/format";
import { MAP_COLORS } from "./map-colors";
import {
  CITY_DOT_HALF_PX,
  dotRect,
  LABEL_GAP_PX,
  LABEL_HEIGHT_PX,
  labelRect,
  overlaps,
  placeLabel,
  type Rect,
  TARGET_DOT_HALF_PX,
} from "./map-labels";

export const BASEMAP_ATTRIBUTION = "Boundaries: U.S. Census Bureau (us-atlas)";

/** Cities always labelled on a wide map, and on one narrower than NARROW_MAP_PX. */
export const MAX_LABELS = 5;
export const MAX_LABELS_NARROW = 3;
export const NARROW_MAP_PX = 640;

export interface MapCity {
  name: string;
  lat: number;
  lon: number;
  serviceArea: ServiceArea;
  population: number | null;
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
  /** A raster tile URL template ({z}/{x}/{y}); without it the offline outlines are drawn. */
  tileUrl?: string;
  /** The tile provider's credit, plain text. */
  tileAttribution?: string;
  /**
   * More markets on the same map (a comparison): each target with its two circles; the view
   * then fits every market's secondary circle.
   */
  others?: readonly OtherMarket[];
}

/** Another market drawn beside the target (the comparison page's map). */
export interface OtherMarket {
  name: string;
  lat: number;
  lon: number;
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const AREA_TEXT: Record<ServiceArea, string> = {
  primary: "primary area",
  secondary: "secondary area",
};

export function populationText(population: number | null): string {
  return population === null ? "population not available" : `${formatNumber(population)} people`;
}

/** What a city marker says: its accessible name and its tooltip. */
export function cityDescription(city: Pick<MapCity, "name" | "population" | "serviceArea">) {
  return `${city.name}: ${populationText(city.population)}, ${AREA_TEXT[city.serviceArea]}`;
}

/**
 * A market's two radius circles (the primary area solid, the secondary dashed), as one layer
 * group whose bounds are the secondary circle's.
 */
function radiusCircles(at: L.LatLng, primaryMiles: number, secondaryMiles: number) {
  const shared = { weight: 2, interactive: false };
  return L.featureGroup([
    L.circle(at, {
      ...shared,
      radius: secondaryMiles * METERS_PER_MILE,
      className: "bis-radius bis-radius-secondary",
      color: MAP_COLORS.secondary,
      dashArray: "6 6",
      fillOpacity: 0.05,
    }),
    L.circle(at, {
      ...shared,
      radius: primaryMiles * METERS_PER_MILE,
      className: "bis-radius bis-radius-primary",
      color: MAP_COLORS.primary,
      fillOpacity: 0.08,
    }),
  ]);
}

function labelMarker(at: L.LatLng, text: string, className: string): L.Marker {
  return L.marker(at, {
    pane: "bisLabels",
    interactive: false,
    keyboard: false,
    icon: L.divIcon({
      className: `bis-map-label ${className}`,
      html: escapeHtml(text),
      iconSize: undefined,
      iconAnchor: [-LABEL_GAP_PX, LABEL_HEIGHT_PX / 2],
    }),
  });
}

export default function MarketMap({
  target,
  primaryRadiusMiles,
  secondaryRadiusMiles,
  cities,
  label,
  describedBy,
  tileUrl,
  tileAttribution,
  others = [],
}: MarketMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const { lat, lon, name: targetName } = target;
  // Redraw only when what the map shows changes, not on every new array from a refetch.
  const othersKey = useMemo(
    () =>
      JSON.stringify(
        others.map((o) => [o.name, o.lat, o.lon, o.primaryRadiusMiles, o.secondaryRadiusMiles]),
      ),
    [others],
  );
  const citiesKey = useMemo(
    () =>
      JSON.stringify(
        cities.map((c) => [c.name, c.lat, c.lon, c.serviceArea, c.population] as const),
      ),
    [cities],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const places = (
      JSON.parse(citiesKey) as [string, number, number, ServiceArea, number | null][]
    ).map(([name, cityLat, cityLon, serviceArea, population]) => ({
      name,
      at: L.latLng(cityLat, cityLon),
      serviceArea,
      population,
    }));
    // Largest first: the tab order and the labels follow population.
    places.sort((a, b) => (b.population ?? -1) - (a.population ?? -1));
    const center = L.latLng(lat, lon);
    // "Austin, TX": the city the analysis is centred on, named by the target's own label.
    const targetCityName = targetName.split(",")[0];
    let disposed = false;

    const map = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.5 });
    // The view first: circle bounds are computed through the map's projection.
    map.setView(center, MAP_ZOOM, { animate: false });
    // Top right: at the bottom, the attribution covers it on a narrow map.
    const scale = L.control
      .scale({ imperial: true, metric: false, maxWidth: 120, position: "topright" })
      .addTo(map);
    const scaleName = document.createElement("span");
    scaleName.className = "sr-only";
    scaleName.textContent = "Scale:";
    scale.getContainer()?.prepend(scaleName);

    // Beneath the circles (overlay pane, 400): the land, then the county borders. The labels
    // sit under the markers (600) so the markers stay within reach of the pointer.
    map.createPane("bisLand").style.zIndex = "240";
    map.createPane("bisCounties").style.zIndex = "250";
    map.createPane("bisLabels").style.zIndex = "550";

    /* ---------------------------------------------------------------- basemap */

    const landStyle = { color: "#64748b", weight: 1.5, fillColor: "#f8fafc", fillOpacity: 1 };
    const countyStyle = { color: "#94a3b8", weight: 0.75, fill: false };
    const requested = new Set<string>();
    let outlines = false;
    // The outlines wait for the view's final fit: the states in view then come in one request.
    let fitted = false;
    // The states in view (and a margin around it), each loaded once as the map moves.
    const drawOutlines = () => {
      if (disposed || !outlines || !fitted) return;
      const view = map.getBounds().pad(0.1);
      const wanted = statesIn([
        view.getWest(),
        view.getSouth(),
        view.getEast(),
        view.getNorth(),
      ]).filter((entry) => !requested.has(entry.fips));
      if (wanted.length === 0) return;
      for (const entry of wanted) requested.add(entry.fips);
      // The states newly in view, in one request.
      loadStates(wanted).forEach((pending, i) => {
        const entry = wanted[i];
        if (!entry) return;
        pending
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
            // The specification's rule: map failures are logged to the console only.
            console.error(`Map outlines of ${entry.name} failed to load`, error);
          });
      });
    };
    const showOutlines = () => {
      if (outlines) return;
      outlines = true;
      container.classList.add("bis-map-outlines");
      map.attributionControl.addAttribution(BASEMAP_ATTRIBUTION);
      map.on("moveend", drawOutlines);
      drawOutlines();
    };

    if (tileUrl) {
      let loaded = false;
      const tiles = L.tileLayer(tileUrl, {
        attribution: escapeHtml(tileAttribution ?? ""),
        maxZoom: 18,
      });
      tiles.on("tileload", () => {
        loaded = true;
      });
      // Tiles that never load (blocked, provider down) give way to the offline outlines.
      tiles.once("tileerror", (event) => {
        console.error("Map tiles failed to load", event.tile?.src ?? tileUrl);
        if (loaded || disposed) return;
        tiles.remove();
        showOutlines();
      });
      tiles.addTo(map);
    } else {
      showOutlines();
    }

    /* ---------------------------------------------------------------- circles and markers */

    const secondary = radiusCircles(center, primaryRadiusMiles, secondaryRadiusMiles).addTo(map);

    // Other markets: their circles, and a target marker named for screen readers.
    const extents = [secondary.getBounds()];
    // Every market's target dot, which no city label may cover.
    const targets = [center];
    for (const [name, oLat, oLon, r1, r2] of JSON.parse(othersKey) as [
      string,
      number,
      number,
      number,
      number,
    ][]) {
      const at = L.latLng(oLat, oLon);
      const outer = radiusCircles(at, r1, r2).addTo(map);
      L.circleMarker(at, {
        radius: 7,
        className: "bis-target-marker",
        color: "#ffffff",
        weight: 2,
        fillColor: MAP_COLORS.target,
        fillOpacity: 1,
      })
        .bindTooltip(`<strong>${escapeHtml(name)}</strong>`, { direction: "top", offset: [0, -8] })
        .addTo(map);
      labelMarker(at, name, "bis-target-label")
        .addTo(map)
        .getElement()
        ?.setAttribute("aria-hidden", "true");
      extents.push(outer.getBounds());
      targets.push(at);
    }

    const candidates: { label: L.Marker; at: L.LatLng; text: string }[] = [];
    for (const place of places) {
      const description = cityDescription(place);
      const marker = L.marker(place.at, {
        icon: L.divIcon({
          className: `bis-city-marker bis-city-${place.serviceArea}`,
          iconSize: [12, 12],
        }),
        keyboard: true,
        riseOnHover: true,
      })
        .bindTooltip(
          `<strong>${escapeHtml(place.name)}</strong><br>${escapeHtml(
            `${populationText(place.population)} · ${AREA_TEXT[place.serviceArea]}`,
          )}`,
          // Beside the marker, on the side towards the map's middle: never cut off at an edge.
          { direction: "auto", offset: [8, 0] },
        )
        .addTo(map);
      // Leaflet makes it a focusable button; this is what it announces.
      marker.getElement()?.setAttribute("aria-label", description);
      // The target's own city is named by the target's label.
      if (place.population !== null && place.name !== targetCityName) {
        candidates.push({
          label: labelMarker(place.at, place.name, "bis-city-label"),
          at: place.at,
          text: place.name,
        });
      }
    }

    // Above the city markers: the target's own city lies beneath it (reachable by Tab).
    map.createPane("bisTarget").style.zIndex = "610";
    const targetCity = places.find((p) => p.name === targetCityName);
    L.circleMarker(center, {
      pane: "bisTarget",
      radius: 8,
      className: "bis-target-marker",
      color: "#ffffff",
      weight: 2,
      fillColor: MAP_COLORS.target,
      fillOpacity: 1,
    })
      .bindTooltip(
        `<strong>${escapeHtml(targetName)}</strong><br>${escapeHtml(
          targetCity ? `Target · ${populationText(targetCity.population)}` : "Target",
        )}`,
        { direction: "top", offset: [0, -8] },
      )
      .addTo(map);
    const targetLabel = labelMarker(center, targetName, "bis-target-label").addTo(map);

    /* ---------------------------------------------------------------- labels */

    // The largest cities first; each label goes to the right of its dot, else to the left, where
    // it overlaps no label already placed (the target's included) and no dot ("Glen●le"), and
    // stays on the map; otherwise it is skipped, up to the number this width allows.
    const placeLabels = () => {
      if (disposed) return;
      const size = map.getSize();
      const limit = size.x > 0 && size.x < NARROW_MAP_PX ? MAX_LABELS_NARROW : MAX_LABELS;
      const dots = [
        ...places.map((p) => dotRect(map, p.at, CITY_DOT_HALF_PX)),
        ...targets.map((at) => dotRect(map, at, TARGET_DOT_HALF_PX)),
      ];
      const taken: Rect[] = [];
      const targetElement = targetLabel.getElement();
      if (targetElement) taken.push(labelRect(map, center, targetElement, targetName));
      const free = (rect: Rect) =>
        (size.x === 0 ||
          (rect.left >= 0 && rect.top >= 0 && rect.right <= size.x && rect.bottom <= size.y)) &&
        !taken.some((t) => overlaps(t, rect)) &&
        !dots.some((d) => overlaps(d, rect));
      let shown = 0;
      for (const candidate of candidates) {
        if (!map.hasLayer(candidate.label)) candidate.label.addTo(map);
        const element = candidate.label.getElement();
        if (!element) continue;
        // Labels carry the same words as the markers' names: screen readers hear those.
        element.setAttribute("aria-hidden", "true");
        const side = (["right", "left"] as const).find((s) =>
          free(labelRect(map, candidate.at, element, candidate.text, s)),
        );
        const fits = shown < limit && side !== undefined;
        element.classList.toggle("bis-label-hidden", !fits);
        if (fits) {
          const rect = labelRect(map, candidate.at, element, candidate.text, side);
          placeLabel(map, candidate.at, element, rect);
          taken.push(rect);
          shown += 1;
        }
      }
    };
    targetLabel.getElement()?.setAttribute("aria-hidden", "true");

    /* ---------------------------------------------------------------- view */

    // MAP_ZOOM, or the whole secondary circle (every market's) when larger than that view.
    const fitView = () => {
      const size = map.getSize();
      map.setView(center, MAP_ZOOM, { animate: false });
      const all = extents.reduce(
        (box, b) => box.extend(b),
        L.latLngBounds([]).extend(extents[0] ?? secondary.getBounds()),
      );
      if (size.x > 0 && size.y > 0 && !map.getBounds().contains(all)) {
        map.fitBounds(all, { padding: [16, 16], animate: false });
      }
    };
    fitView();
    fitted = true;
    drawOutlines();
    placeLabels();
    map.on("zoomend moveend", placeLabels);

    // The map may first be laid out while hidden (a collapsed section), and the window may be
    // resized: take the new size, refit the circles and place the labels again.
    let frame = 0;
    let lastSize = `${container.clientWidth}x${container.clientHeight}`;
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            cancelAnimationFrame(frame);
            frame = requestAnimationFrame(() => {
              const size = `${container.clientWidth}x${container.clientHeight}`;
              if (disposed || size === lastSize) return;
              lastSize = size;
              map.invalidateSize({ animate: false });
              fitView();
              placeLabels();
            });
          });
    observer?.observe(container);

    return () => {
      disposed = true;
      cancelAnimationFrame(frame);
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
    othersKey,
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
        style={
          {
            height: MAP_HEIGHT_PX,
            "--bis-map-primary": MAP_COLORS.primary,
            "--bis-map-secondary": MAP_COLORS.secondary,
          } as CSSProperties
        }
      />
    </div>
  );
}
