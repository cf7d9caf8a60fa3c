/**
 * The service-area map of the report, drawn as vectors with no network: state outlines from
 * us-atlas, projected equirectangularly around the target (x = Δlon × cos(lat₀), y = Δlat, in
 * miles, which keeps distances and the radius circles true near the target), the primary and
 * secondary radius circles, the places in range and the target.
 */
import type { ServiceArea } from "@bis/sdk";
import { type Box, containsPoint, intersects, type StateShape, stateShapes } from "./basemap.js";
import { formatNumber, pdfText } from "./format.js";
import { COLORS, type Doc, FONT } from "./layout.js";

/** The map's colours: those of the app's map (MAP_COLORS), so both read the same. */
export const MAP_STYLE = {
  primary: "#1d4ed8",
  secondary: "#059669",
  target: "#dc2626",
  water: "#e6f0f7",
  land: "#f8fafc",
  landTarget: "#eef2f7",
  border: "#94a3b8",
} as const;

export const MILES_PER_DEGREE_LAT = 69.05;

export interface MapPlace {
  name: string;
  lat: number;
  lon: number;
  serviceArea: ServiceArea;
  population: number | null;
}

export interface MapInput {
  target: { name: string; state?: string; lat: number; lon: number };
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
  places: readonly MapPlace[];
}

export interface MapFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A "nice" distance for the scale bar, near a fifth of the map's width. */
function niceDistance(miles: number): number {
  const power = 10 ** Math.floor(Math.log10(miles));
  for (const step of [5, 2, 1]) if (step * power <= miles) return step * power;
  return power;
}

export type Projection = (lon: number, lat: number) => [number, number];

/** Adds a state's rings to the current path, dropping points closer than `minStep` points. */
function tracePolygons(doc: Doc, state: StateShape, project: Projection, minStep: number): void {
  for (const polygon of state.polygons) {
    for (const ring of polygon) {
      let last: [number, number] | null = null;
      for (const [lon, lat] of ring) {
        if (lon === undefined || lat === undefined) continue;
        const point = project(lon, lat);
        if (last && Math.abs(point[0] - last[0]) + Math.abs(point[1] - last[1]) < minStep) continue;
        if (last) doc.lineTo(point[0], point[1]);
        else doc.moveTo(point[0], point[1]);
        last = point;
      }
      doc.closePath();
    }
  }
}

/** The conterminous United States, for the locator inset. */
const LOWER_48: Box = { west: -125, south: 24.4, east: -66.9, north: 49.4 };

/**
 * A small locator map: the lower 48 states (or, for a target in
 * Alaska, Hawaii or a territory, its own state) with the target marked.
 */
export function drawLocator(doc: Doc, box: MapFrame, target: MapInput["target"]): void {
  const shapes = stateShapes();
  const inLower48 =
    target.lon >= LOWER_48.west &&
    target.lon <= LOWER_48.east &&
    target.lat >= LOWER_48.south &&
    target.lat <= LOWER_48.north;
  const home = shapes.find((s) => containsPoint(s, target.lon, target.lat));
  const area: Box = inLower48
    ? LOWER_48
    : home
      ? {
          west: Math.max(-180, home.box.west - 1),
          east: Math.min(180, home.box.east + 1),
          south: home.box.south - 1,
          north: home.box.north + 1,
        }
      : {
          west: target.lon - 5,
          east: target.lon + 5,
          south: target.lat - 4,
          north: target.lat + 4,
        };
  const { x, y, width, height } = box;
  const midLat = (area.south + area.north) / 2;
  const cos = Math.max(0.05, Math.cos((midLat * Math.PI) / 180));
  const spanX = (area.east - area.west) * cos;
  const spanY = area.north - area.south;
  const scale = Math.min((width - 12) / spanX, (height - 12) / spanY);
  const ox = x + (width - spanX * scale) / 2;
  const oy = y + (height - spanY * scale) / 2;
  const project: Projection = (lon, lat) => [
    ox + (lon - area.west) * cos * scale,
    oy + (area.north - lat) * scale,
  ];
  doc.save();
  doc.rect(x, y, width, height).fillAndStroke(COLORS.white, COLORS.rule);
  doc.rect(x, y, width, height).clip();
  for (const state of shapes) {
    if (!intersects(state.box, area)) continue;
    if (state.box.west < -170 && inLower48) continue;
    tracePolygons(doc, state, project, 0.8);
    doc
      .lineWidth(0.3)
      .fillAndStroke(state === home ? COLORS.brandMid : "#e2e8f0", COLORS.white, "even-odd");
  }
  const [tx, ty] = project(target.lon, target.lat);
  doc.circle(tx, ty, 3).lineWidth(1).fillAndStroke(MAP_STYLE.target, COLORS.white);
  doc.restore();
}

/**
 * Opens a map frame (clipped, the water drawn; the caller restores the graphics state) and
 * traces the state outlines near `view`, letting `fill` paint each; returns how many were drawn.
 */
export function drawStatesInView(
  doc: Doc,
  frame: MapFrame,
  view: Box,
  project: Projection,
  fill: (state: StateShape) => void,
): number {
  doc.save();
  doc.rect(frame.x, frame.y, frame.width, frame.height).clip();
  doc.rect(frame.x, frame.y, frame.width, frame.height).fill(MAP_STYLE.water);
  let drawn = 0;
  for (const state of stateShapes()) {
    if (!intersects(state.box, view)) continue;
    drawn += 1;
    tracePolygons(doc, state, project, 0.5);
    fill(state);
  }
  return drawn;
}

/** Draws the map into `frame`; returns how many state outlines were drawn. */
/**
 * A market's two radius circles at (x, y), radii in points: the secondary area tinted with a
 * dashed edge, the primary area tinted with a solid one (the report's map and the comparison's).
 */
export function drawRadiusCircles(
  doc: Doc,
  x: number,
  y: number,
  r: { primary: number; secondary: number; lineWidth: number; dash: [number, number] },
): void {
  doc.save();
  doc.circle(x, y, r.secondary);
  doc.fillOpacity(0.07).fill(MAP_STYLE.secondary);
  doc.restore();
  doc.save();
  doc
    .circle(x, y, r.secondary)
    .lineWidth(r.lineWidth)
    .dash(r.dash[0], { space: r.dash[1] })
    .stroke(MAP_STYLE.secondary);
  doc.restore();
  doc.save();
  doc.circle(x, y, r.primary);
  doc.fillOpacity(0.1).fill(MAP_STYLE.primary);
  doc.restore();
  doc.circle(x, y, r.primary).lineWidth(r.lineWidth).stroke(MAP_STYLE.primary);
}

/**
 * The projection of a map centred on `target` in `frame` whose circle of `radiusMiles` fills the
 * frame less `margin` points: its centre, points per mile, the projection and the box in view.
 */
export function projectionAround(
  frame: MapFrame,
  target: { lat: number; lon: number },
  radiusMiles: number,
  margin: number,
) {
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  // Points per mile: the circle fills the frame with a margin.
  const scale = (Math.min(frame.width, frame.height) / 2 - margin) / radiusMiles;
  const cosLat = Math.max(0.05, Math.cos((target.lat * Math.PI) / 180));
  const project: Projection = (lon, lat) => [
    cx + (lon - target.lon) * cosLat * MILES_PER_DEGREE_LAT * scale,
    cy - (lat - target.lat) * MILES_PER_DEGREE_LAT * scale,
  ];
  const halfWidthMiles = frame.width / 2 / scale;
  const halfHeightMiles = frame.height / 2 / scale;
  const view: Box = {
    west: target.lon - halfWidthMiles / (MILES_PER_DEGREE_LAT * cosLat),
    east: target.lon + halfWidthMiles / (MILES_PER_DEGREE_LAT * cosLat),
    south: target.lat - halfHeightMiles / MILES_PER_DEGREE_LAT,
    north: target.lat + halfHeightMiles / MILES_PER_DEGREE_LAT,
  };
  return { cx, cy, scale, project, view, halfWidthMiles };
}

export function drawServiceAreaMap(doc: Doc, frame: MapFrame, input: MapInput): number {
  const { target } = input;
  const r2 = Math.max(input.secondaryRadiusMiles, input.primaryRadiusMiles, 1);
  const { cx, cy, scale, project, view, halfWidthMiles } = projectionAround(frame, target, r2, 22);

  // State outlines: only those near the view.
  const labels: { name: string; x: number; y: number }[] = [];
  const drawn = drawStatesInView(doc, frame, view, project, (state) => {
    const isTargetState = containsPoint(state, target.lon, target.lat);
    doc
      .lineWidth(0.8)
      .lineJoin("round")
      .fillAndStroke(
        isTargetState ? MAP_STYLE.landTarget : MAP_STYLE.land,
        MAP_STYLE.border,
        "even-odd",
      );
    const [lx, ly] = project((state.box.west + state.box.east) / 2, state.box.north);
    labels.push({ name: state.name, x: lx, y: ly });
  });

  // The radius circles: true circles in this projection near the target.
  drawRadiusCircles(doc, cx, cy, {
    primary: input.primaryRadiusMiles * scale,
    secondary: input.secondaryRadiusMiles * scale,
    lineWidth: 1.6,
    dash: [6, 4],
  });

  // Places in range, then the target on top.
  for (const place of input.places) {
    const [x, y] = project(place.lon, place.lat);
    doc
      .circle(x, y, 2.8)
      .lineWidth(0.7)
      .fillAndStroke(
        place.serviceArea === "primary" ? MAP_STYLE.primary : MAP_STYLE.secondary,
        COLORS.white,
      );
  }
  const placed: { x: number; y: number }[] = [{ x: cx, y: cy }];
  const labelled = [...input.places]
    .filter((p) => p.name !== target.name)
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
  doc.font(FONT.regular).fontSize(7).fillColor(COLORS.text);
  let count = 0;
  for (const place of labelled) {
    if (count >= 8) break;
    const [x, y] = project(place.lon, place.lat);
    if (placed.some((p) => Math.abs(p.x - x) < 60 && Math.abs(p.y - y) < 12)) continue;
    placed.push({ x, y });
    doc.text(pdfText(place.name), x + 5, y - 3.5, { lineBreak: false });
    count += 1;
  }
  doc.circle(cx, cy, 6).lineWidth(2).fillAndStroke(MAP_STYLE.target, COLORS.white);
  doc.font(FONT.bold).fontSize(9).fillColor(COLORS.ink);
  const targetLabel = pdfText(target.state ? `${target.name}, ${target.state}` : target.name);
  const labelWidth = doc.widthOfString(targetLabel);
  doc
    .rect(cx + 9, cy - 17, labelWidth + 6, 13)
    .fillOpacity(0.85)
    .fill(COLORS.white);
  doc
    .fillOpacity(1)
    .fillColor(COLORS.ink)
    .text(targetLabel, cx + 12, cy - 14, {
      lineBreak: false,
    });

  // State names near the top of each state's box, when inside the frame.
  doc.font(FONT.italic).fontSize(7).fillColor(COLORS.faint);
  for (const label of labels) {
    if (
      label.x > frame.x + 30 &&
      label.x < frame.x + frame.width - 30 &&
      label.y > frame.y + 10 &&
      label.y < frame.y + frame.height - 10
    ) {
      doc.text(pdfText(label.name), label.x - 30, label.y + 4, {
        width: 60,
        align: "center",
        lineBreak: false,
      });
    }
  }

  // Scale bar, bottom left.
  const barMiles = niceDistance(halfWidthMiles * 0.4);
  const barWidth = barMiles * scale;
  const bx = frame.x + 12;
  const by = frame.y + frame.height - 16;
  doc
    .rect(bx - 5, by - 13, barWidth + 50, 22)
    .fillOpacity(0.85)
    .fill(COLORS.white);
  doc.fillOpacity(1);
  doc.rect(bx, by, barWidth, 3).fill(COLORS.ink);
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.ink);
  doc.text(`${formatNumber(barMiles)} mi`, bx + barWidth + 5, by - 2, { lineBreak: false });
  doc.restore();

  doc
    .rect(frame.x, frame.y, frame.width, frame.height)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  return drawn;
}

/** The legend under the map. */
export function drawMapLegend(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  input: MapInput,
): number {
  const items: LegendItem[] = [
    {
      label: `Target: ${input.target.name}`,
      draw: (ix, iy) => doc.circle(ix + 5, iy + 5, 4.5).fill(MAP_STYLE.target),
    },
    {
      label: `Primary radius (${formatNumber(input.primaryRadiusMiles, 1)} mi)`,
      draw: (ix, iy) =>
        doc
          .circle(ix + 5, iy + 5, 4.5)
          .lineWidth(1.5)
          .stroke(MAP_STYLE.primary),
    },
    {
      label: `Secondary radius (${formatNumber(input.secondaryRadiusMiles, 1)} mi)`,
      draw: (ix, iy) => {
        doc.save();
        doc
          .circle(ix + 5, iy + 5, 4.5)
          .lineWidth(1.5)
          .dash(2, { space: 1.5 });
        doc.stroke(MAP_STYLE.secondary);
        doc.restore();
      },
    },
    {
      label: "Place in primary area",
      draw: (ix, iy) => doc.circle(ix + 5, iy + 5, 3).fill(MAP_STYLE.primary),
    },
    {
      label: "Place in secondary area",
      draw: (ix, iy) => doc.circle(ix + 5, iy + 5, 3).fill(MAP_STYLE.secondary),
    },
  ];
  return drawLegendItems(doc, x, y, width, items);
}

/** A legend entry: its symbol drawn in a 10-point square at (x, y), then its words. */
export interface LegendItem {
  label: string;
  draw: (x: number, y: number) => void;
}

/** Legend entries in rows of `width`, each symbol then its words; returns the height used. */
export function drawLegendItems(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  items: readonly LegendItem[],
): number {
  doc.font(FONT.regular).fontSize(8.5);
  let ix = x;
  let iy = y;
  for (const item of items) {
    const text = pdfText(item.label);
    const itemWidth = 16 + doc.widthOfString(text) + 16;
    if (ix + itemWidth > x + width) {
      ix = x;
      iy += 16;
    }
    item.draw(ix, iy);
    doc.fillColor(COLORS.text).text(text, ix + 14, iy + 1, { lineBreak: false });
    ix += itemWidth;
  }
  return iy + 16 - y;
}
