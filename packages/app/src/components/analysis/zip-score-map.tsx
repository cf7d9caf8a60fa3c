/**
 * The ZIP layer: the ZIP areas of an analysis drawn as their outlines (Census ZCTAs), filled by
 * opportunity score (four bands), on the state land with water and the Interstates, around the
 * target and its two radius circles; a ZIP without an outline keeps a dot at its ZCTA point.
 * The best ZIPs and the largest towns (the city table's places) are labelled, more as the map
 * zooms in, never overlapping. Each ZIP is focusable (Tab, best score first; a marker at its
 * point), named for screen readers with its score and reasons, and shows them on hover and
 * focus; Enter on it (or a click) calls `onSelect`, so the table can show that row. The outlines
 * come with the state outlines in one request (lib/zip-basemap.ts), never in the JavaScript.
 * Loaded lazily (Leaflet stays out of the main chunk).
 */
import { METERS_PER_MILE, type ZipAreaRow } from "@bis/sdk";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./market-map.css";
import { useEffect, useMemo, useRef } from "react";
import { useParams } from "react-router";
import { useAnalysis } from "../../hooks/use-analyses";
import { statesIn } from "../../lib/basemap";
import { loadZipLayers, statesOfZips, ZIP_LAYER_ATTRIBUTION } from "../../lib/zip-basemap";
import { cityName } from "./city-table";
import { MAP_COLORS } from "./map-colors";
import { dotRect, LABEL_HEIGHT_PX, labelRect, overlaps, placeLabel, type Rect } from "./map-labels";
import { ZIP_SCORE_BANDS, zipScoreBand } from "./zip-score-bands";

/** A town of the city table, for the map's place labels. */
export interface ZipMapTown {
  name: string;
  lat: number;
  lon: number;
  population: number | null;
}

export interface ZipScoreMapProps {
  target: { name: string; lat: number; lon: number };
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
  rows: readonly ZipAreaRow[];
  /** The largest of these are named on the map. */
  towns?: readonly ZipMapTown[];
  onSelect?: (zip: string) => void;
}

/** ZIP labels and town labels each, at the first view (fewer on a narrow map); more per zoom step. */
export const ZIP_LABELS = 5;
export const ZIP_LABELS_NARROW = 3;
const NARROW_PX = 640;
const MORE_PER_ZOOM = 4;

export const WATER_COLOR = "#93c5fd";
export const ROAD_COLOR = "#b45309";
const BOUNDARY_ATTRIBUTION = "Boundaries: U.S. Census Bureau (us-atlas)";

/** The tooltip of a ZIP, as elements (text nodes: nothing to escape). */
function tooltipContent(zip: string, place: string, score: number, reasons: string): HTMLElement {
  const box = document.createElement("div");
  const title = document.createElement("strong");
  title.textContent = `${zip} · ${place}`;
  box.append(title, document.createElement("br"), `Score ${score} · ${reasons}`);
  return box;
}

/** What a ZIP marker announces: "ZIP 78701, Austin, TX: score 72 of 100 — many households". */
export function zipMarkerLabel(
  z: Pick<ZipAreaRow, "zip" | "place" | "state" | "score" | "reasons">,
) {
  return `ZIP ${z.zip}, ${z.place}${z.state ? `, ${z.state}` : ""}: score ${z.score} of 100 — ${z.reasons}`;
}

/** A permanent label (hidden from screen readers, which hear the markers' names). */
function labelMarker(at: L.LatLng, text: string, className: string): L.Marker {
  const element = document.createElement("div");
  element.textContent = text;
  return L.marker(at, {
    pane: "bisZipLabels",
    interactive: false,
    keyboard: false,
    icon: L.divIcon({
      className: `bis-map-label ${className}`,
      html: element.innerHTML,
      iconSize: undefined,
      iconAnchor: [0, LABEL_HEIGHT_PX / 2],
    }),
  });
}

type Point = [string, string, string, number, string, number, number];

export function ZipScoreMap({
  target,
  primaryRadiusMiles,
  secondaryRadiusMiles,
  rows,
  towns = [],
  onSelect,
}: ZipScoreMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  // Redraw only when the points change, not on every new array from a refetch.
  const key = useMemo(
    () =>
      JSON.stringify(
        // Best first: the Tab order follows the score.
        [...rows]
          .sort((a, b) => b.score - a.score || a.zip.localeCompare(b.zip))
          .map((r) => [r.zip, r.place, r.state, r.score, r.reasons, r.lat, r.lon]),
      ),
    [rows],
  );
  const townsKey = useMemo(
    () =>
      JSON.stringify(
        [...towns]
          .filter((t) => t.population !== null)
          .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))
          .slice(0, 40)
          .map((t) => [t.name, t.lat, t.lon]),
      ),
    [towns],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let disposed = false;
    const center = L.latLng(target.lat, target.lon);
    const map = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.5 });
    map.setView(center, 9, { animate: false });
    // Land, water, ZIP areas and roads beneath the circles (400); labels under the markers (600).
    map.createPane("bisZipLand").style.zIndex = "240";
    map.createPane("bisZipWater").style.zIndex = "260";
    map.createPane("bisZipAreas").style.zIndex = "300";
    map.createPane("bisZipRoads").style.zIndex = "320";
    map.createPane("bisZipLabels").style.zIndex = "550";
    const outer = L.circle(center, {
      radius: secondaryRadiusMiles * METERS_PER_MILE,
      color: MAP_COLORS.secondary,
      weight: 2,
      dashArray: "6 6",
      fill: false,
      interactive: false,
    }).addTo(map);
    L.circle(center, {
      radius: primaryRadiusMiles * METERS_PER_MILE,
      color: MAP_COLORS.primary,
      weight: 2,
      fill: false,
      interactive: false,
    }).addTo(map);

    const points = JSON.parse(key) as Point[];
    const markers = new Map<string, { marker: L.Marker; at: L.LatLng }>();
    // Lowest scores drawn first, so the best sit on top.
    for (const [zip, place, state, score, reasons, lat, lon] of [...points].reverse()) {
      const band = zipScoreBand(score);
      const size = band.size;
      const marker = L.marker([lat, lon], {
        icon: L.divIcon({
          className: "bis-zip-marker",
          html: `<span style="display:block;width:${size}px;height:${size}px;border-radius:9999px;background:${band.color};border:1.5px solid #fff;box-shadow:0 0 0 1px rgba(15,23,42,.35)"></span>`,
          iconSize: [size, size],
        }),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: score * 10,
      })
        .bindTooltip(tooltipContent(zip, place, score, reasons), {
          direction: "auto",
          offset: [8, 0],
        })
        .on("click", () => selectRef.current?.(zip))
        .addTo(map);
      markers.set(zip, { marker, at: L.latLng(lat, lon) });
      const element = marker.getElement();
      if (element) {
        element.setAttribute("aria-label", zipMarkerLabel({ zip, place, state, score, reasons }));
        element.dataset.zip = zip;
        element.dataset.score = String(score);
        element.addEventListener("focus", () => marker.openTooltip());
        element.addEventListener("blur", () => marker.closeTooltip());
      }
    }
    // Tab order best first: the markers' elements in the score order.
    const pane = map.getPane("markerPane");
    if (pane) {
      for (const [zip] of points) {
        const el = pane.querySelector(`[data-zip="${zip}"]`);
        if (el) pane.appendChild(el);
      }
    }

    /* ------------------------------------------------------------------ labels */

    const candidates = [
      // The best ZIPs by their code, then the largest towns by name.
      ...points.map(([zip, , , , , lat, lon]) => ({
        kind: "zip" as const,
        text: zip,
        at: L.latLng(lat, lon),
      })),
      ...(JSON.parse(townsKey) as [string, number, number][]).map(([name, lat, lon]) => ({
        kind: "town" as const,
        text: name,
        at: L.latLng(lat, lon),
      })),
    ].map((c) => ({ ...c, label: null as L.Marker | null }));
    let baseZoom = map.getZoom();
    const placeLabels = () => {
      if (disposed) return;
      const size = map.getSize();
      const steps = Math.max(0, Math.round(map.getZoom() - baseZoom));
      const base = size.x > 0 && size.x < NARROW_PX ? ZIP_LABELS_NARROW : ZIP_LABELS;
      const limit = base + steps * MORE_PER_ZOOM;
      // Dots still shown (ZIPs without an outline) and the target are not covered.
      const dots = [...markers].flatMap(([, m]) =>
        m.marker.getElement()?.classList.contains("bis-zip-outlined")
          ? []
          : [dotRect(map, m.at, 6)],
      );
      dots.push(dotRect(map, center, 6));
      const taken: Rect[] = [];
      const shown = { zip: 0, town: 0 };
      for (const c of candidates) {
        // (A map not laid out, as in tests, has no bounds to test against.)
        const inView = size.x === 0 || map.getBounds().contains(c.at);
        if (shown[c.kind] >= limit || !inView) {
          c.label?.getElement()?.classList.add("bis-label-hidden");
          continue;
        }
        c.label ??= labelMarker(c.at, c.text, `bis-zip-label bis-zip-label-${c.kind}`).addTo(map);
        const element = c.label.getElement();
        if (!element) continue;
        element.setAttribute("aria-hidden", "true");
        const fits = (r: Rect) =>
          (size.x === 0 ||
            (r.left >= 0 && r.top >= 0 && r.right <= size.x && r.bottom <= size.y)) &&
          !taken.some((t) => overlaps(t, r)) &&
          !dots.some((d) => overlaps(d, r));
        const side = (["right", "left"] as const).find((s) =>
          fits(labelRect(map, c.at, element, c.text, s)),
        );
        element.classList.toggle("bis-label-hidden", side === undefined);
        if (side === undefined) continue;
        const rect = labelRect(map, c.at, element, c.text, side);
        placeLabel(map, c.at, element, rect);
        taken.push(rect);
        shown[c.kind] += 1;
      }
    };

    /* ------------------------------------------------------------------ view and outlines */

    const size = map.getSize();
    if (size.x > 0 && size.y > 0) map.fitBounds(outer.getBounds(), { padding: [8, 8] });
    baseZoom = map.getZoom();
    placeLabels();
    map.on("zoomend moveend", placeLabels);
    map.attributionControl.addAttribution(BOUNDARY_ATTRIBUTION);

    const view = outer.getBounds().pad(0.1);
    const landStates = statesIn([view.getWest(), view.getSouth(), view.getEast(), view.getNorth()]);
    loadZipLayers(landStates, statesOfZips(points.map(([zip]) => zip)))
      .then((layers) => {
        if (disposed) return;
        if (layers.zips.size > 0) map.attributionControl.addAttribution(ZIP_LAYER_ATTRIBUTION);
        container.classList.add("bis-zip-map-outlines");
        L.geoJSON(layers.land, {
          pane: "bisZipLand",
          interactive: false,
          style: { color: "#94a3b8", weight: 1, fillColor: "#f8fafc", fillOpacity: 1 },
        }).addTo(map);
        L.geoJSON(layers.lakes, {
          pane: "bisZipWater",
          interactive: false,
          style: { className: "bis-water", stroke: false, fillColor: WATER_COLOR, fillOpacity: 1 },
        }).addTo(map);
        L.geoJSON(layers.waterLines, {
          pane: "bisZipWater",
          interactive: false,
          style: { className: "bis-water", color: WATER_COLOR, weight: 1.5 },
        }).addTo(map);
        L.geoJSON(layers.interstates, {
          pane: "bisZipRoads",
          interactive: false,
          style: { className: "bis-interstate", color: ROAD_COLOR, weight: 2, opacity: 0.8 },
        }).addTo(map);
        for (const [zip, place, state, score, reasons] of [...points].reverse()) {
          const outline = layers.zips.get(zip);
          const entry = markers.get(zip);
          if (!outline || !entry) continue;
          const band = zipScoreBand(score);
          const area = L.geoJSON(outline, {
            pane: "bisZipAreas",
            style: {
              className: `bis-zip-area bis-zip-band-${band.min}`,
              color: "#ffffff",
              weight: 0.8,
              fillColor: band.color,
              fillOpacity: 0.6,
            },
          })
            .bindTooltip(tooltipContent(zip, place, score, reasons), { sticky: true })
            .on("click", () => selectRef.current?.(zip))
            .addTo(map);
          area.eachLayer((layer) => {
            const path = (layer as L.Path).getElement?.();
            if (!path) return;
            path.setAttribute("data-zip", zip);
            path.setAttribute("data-score", String(score));
            path.setAttribute("aria-hidden", "true");
          });
          // The marker stays, for the keyboard: its dot shows only while it has focus.
          entry.marker.getElement()?.classList.add("bis-zip-outlined");
          entry.marker
            .getElement()
            ?.setAttribute("aria-label", zipMarkerLabel({ zip, place, state, score, reasons }));
        }
        placeLabels();
      })
      .catch((error: unknown) => {
        // The specification's rule: map failures are logged to the console only (dots stay).
        console.error("ZIP map outlines failed to load", error);
      });

    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            if (disposed) return;
            map.invalidateSize({ animate: false });
            map.fitBounds(outer.getBounds(), { padding: [8, 8], animate: false });
            baseZoom = map.getZoom();
            placeLabels();
          });
    observer?.observe(container);
    return () => {
      disposed = true;
      observer?.disconnect();
      map.remove();
    };
  }, [key, townsKey, target.lat, target.lon, primaryRadiusMiles, secondaryRadiusMiles]);

  const counts = useMemo(() => {
    const byBand = new Map<number, number>();
    for (const r of rows) {
      const min = zipScoreBand(r.score).min;
      byBand.set(min, (byBand.get(min) ?? 0) + 1);
    }
    return byBand;
  }, [rows]);

  return (
    <div className="space-y-2">
      <div className="isolate overflow-hidden rounded-lg border border-slate-200">
        <section
          ref={containerRef}
          aria-label={`Map of the ZIP areas by opportunity score around ${target.name}`}
          data-testid="zip-score-map"
          className="h-80 w-full bg-slate-200"
        />
      </div>
      <ul
        aria-label="Opportunity score bands"
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600"
      >
        {ZIP_SCORE_BANDS.map((b) => (
          <li key={b.label} className="flex items-center gap-1.5" data-band={b.min}>
            <span
              aria-hidden="true"
              className="inline-block size-3.5 rounded-sm border border-white ring-1 ring-slate-400"
              style={{ background: b.color }}
            />
            <span>{b.label}</span>
            <span className="text-slate-500">
              ({counts.get(b.min) ?? 0} {(counts.get(b.min) ?? 0) === 1 ? "ZIP" : "ZIPs"})
            </span>
          </li>
        ))}
      </ul>
      <ul aria-label="Map key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-0.5 w-4"
            style={{ background: ROAD_COLOR }}
          />
          Interstate
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3.5 rounded-sm"
            style={{ background: WATER_COLOR }}
          />
          Water
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-2.5 rounded-full ring-1 ring-slate-400"
            style={{ background: ZIP_SCORE_BANDS[1]?.color }}
          />
          Dot: a ZIP area without an outline, coloured by its band
        </li>
      </ul>
    </div>
  );
}

/**
 * The ZIP map on the results page: the towns to name are the city table's, read from the
 * analysis already loaded for the page (the same cached query, no request of its own).
 */
export default function ZipScoreMapOfAnalysis(props: ZipScoreMapProps) {
  const { id } = useParams();
  const analysis = useAnalysis(props.towns ? undefined : id);
  const breakdown = analysis.data?.marketAnalysisData?.cityAnalysis.cityBreakdown;
  const towns = useMemo<ZipMapTown[]>(
    () =>
      (breakdown ?? []).flatMap((c) =>
        typeof c.lat === "number" && typeof c.lon === "number"
          ? [{ name: cityName(c), lat: c.lat, lon: c.lon, population: c.population }]
          : [],
      ),
    [breakdown],
  );
  return <ZipScoreMap {...props} towns={props.towns ?? towns} />;
}
