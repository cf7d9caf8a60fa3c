/**
 * The ZIP layer: the ZIP areas of an analysis at their ZCTA points, graduated by
 * opportunity score (four bands: size and colour), around the target and its two radius circles.
 * No outline data is needed. Each ZIP marker is focusable (Tab), named for screen readers with
 * its score and reasons, and shows them on hover and focus; Enter on a marker (or a click) calls
 * `onSelect`, so the table can show that row. Loaded lazily (Leaflet stays out of the main chunk).
 */
import { METERS_PER_MILE, type ZipAreaRow } from "@bis/sdk";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useRef } from "react";
import { MAP_COLORS } from "./map-colors";
import { ZIP_SCORE_BANDS, zipScoreBand } from "./zip-score-bands";

export interface ZipScoreMapProps {
  target: { name: string; lat: number; lon: number };
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
  rows: readonly ZipAreaRow[];
  onSelect?: (zip: string) => void;
}

/** The tooltip of a ZIP marker, as elements (text nodes: nothing to escape). */
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

export default function ZipScoreMap({
  target,
  primaryRadiusMiles,
  secondaryRadiusMiles,
  rows,
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

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const center = L.latLng(target.lat, target.lon);
    const map = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.5 });
    map.setView(center, 9, { animate: false });
    const outer = L.circle(center, {
      radius: secondaryRadiusMiles * METERS_PER_MILE,
      color: MAP_COLORS.secondary,
      weight: 2,
      dashArray: "6 6",
      fillOpacity: 0.03,
      interactive: false,
    }).addTo(map);
    L.circle(center, {
      radius: primaryRadiusMiles * METERS_PER_MILE,
      color: MAP_COLORS.primary,
      weight: 2,
      fillOpacity: 0.05,
      interactive: false,
    }).addTo(map);
    // Lowest scores drawn first, so the best sit on top.
    const points = JSON.parse(key) as [string, string, string, number, string, number, number][];
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
    const size = map.getSize();
    if (size.x > 0 && size.y > 0) map.fitBounds(outer.getBounds(), { padding: [8, 8] });
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            map.invalidateSize({ animate: false });
            map.fitBounds(outer.getBounds(), { padding: [8, 8], animate: false });
          });
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      map.remove();
    };
  }, [key, target.lat, target.lon, primaryRadiusMiles, secondaryRadiusMiles]);

  return (
    <div className="space-y-2">
      <div className="isolate overflow-hidden rounded-lg border border-slate-200">
        <section
          ref={containerRef}
          aria-label={`Map of the ZIP areas by opportunity score around ${target.name}`}
          data-testid="zip-score-map"
          className="h-80 w-full bg-slate-100"
        />
      </div>
      <ul
        aria-label="Opportunity score bands"
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600"
      >
        {ZIP_SCORE_BANDS.map((b) => (
          <li key={b.label} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block rounded-full border border-white ring-1 ring-slate-400"
              style={{ width: b.size, height: b.size, background: b.color }}
            />
            {b.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
