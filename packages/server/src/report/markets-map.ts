/**
 * The comparison report's map: every market's primary and secondary radius circles on one
 * offline basemap (us-atlas state outlines), each target numbered with its rank. The same
 * equirectangular projection as the service-area map (map.ts), centred on the markets' middle,
 * so the circles stay near true to scale across a state or a region.
 */
import type { Box } from "./basemap.js";
import { formatNumber, pdfText } from "./format.js";
import { COLORS, type Doc, FONT } from "./layout.js";
import {
  drawRadiusCircles,
  drawStatesInView,
  MAP_STYLE,
  type MapFrame,
  MILES_PER_DEGREE_LAT,
  type Projection,
} from "./map.js";

export interface MapMarket {
  /** The number drawn on the target (the market's rank, or its place in the list). */
  label: string;
  name: string;
  lat: number;
  lon: number;
  primaryRadiusMiles: number;
  secondaryRadiusMiles: number;
}

/** Draws every market into `frame`; returns how many state outlines were drawn. */
export function drawMarketsMap(doc: Doc, frame: MapFrame, markets: readonly MapMarket[]): number {
  if (markets.length === 0) return 0;
  // The box of every secondary circle, in degrees.
  const lat0 = markets.reduce((s, m) => s + m.lat, 0) / markets.length;
  const cos = Math.max(0.05, Math.cos((lat0 * Math.PI) / 180));
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const m of markets) {
    const dLat = m.secondaryRadiusMiles / MILES_PER_DEGREE_LAT;
    const dLon = dLat / cos;
    west = Math.min(west, m.lon - dLon);
    east = Math.max(east, m.lon + dLon);
    south = Math.min(south, m.lat - dLat);
    north = Math.max(north, m.lat + dLat);
  }
  const spanX = (east - west) * cos;
  const spanY = north - south;
  const scale = Math.min((frame.width - 30) / spanX, (frame.height - 30) / spanY);
  const ox = frame.x + (frame.width - spanX * scale) / 2;
  const oy = frame.y + (frame.height - spanY * scale) / 2;
  const project: Projection = (lon, lat) => [
    ox + (lon - west) * cos * scale,
    oy + (north - lat) * scale,
  ];
  const view: Box = {
    west: west - (frame.width / scale / cos) * 0.1,
    east: east + (frame.width / scale / cos) * 0.1,
    south: south - (frame.height / scale) * 0.1,
    north: north + (frame.height / scale) * 0.1,
  };
  const pointsPerMile = scale / MILES_PER_DEGREE_LAT;

  const drawn = drawStatesInView(doc, frame, view, project, () => {
    doc.lineWidth(0.7).fillAndStroke(MAP_STYLE.land, MAP_STYLE.border, "even-odd");
  });
  for (const m of markets) {
    const [x, y] = project(m.lon, m.lat);
    drawRadiusCircles(doc, x, y, {
      primary: m.primaryRadiusMiles * pointsPerMile,
      secondary: m.secondaryRadiusMiles * pointsPerMile,
      lineWidth: 1.2,
      dash: [5, 3],
    });
  }
  // Targets on top, numbered, with their names.
  for (const m of markets) {
    const [x, y] = project(m.lon, m.lat);
    doc.circle(x, y, 7).lineWidth(1.5).fillAndStroke(MAP_STYLE.target, COLORS.white);
    doc.font(FONT.bold).fontSize(7.5).fillColor(COLORS.white);
    doc.text(pdfText(m.label), x - 7, y - 3, { width: 14, align: "center", lineBreak: false });
    doc.font(FONT.bold).fontSize(8).fillColor(COLORS.ink);
    doc.text(pdfText(m.name), x + 9, y - 4, { lineBreak: false });
  }
  doc.restore();
  doc
    .rect(frame.x, frame.y, frame.width, frame.height)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  return drawn;
}

/** The map's caption: what the circles and numbers mean. */
export function marketsMapCaption(markets: readonly MapMarket[]): string {
  const widest = Math.max(...markets.map((m) => m.secondaryRadiusMiles));
  return `${formatNumber(markets.length)} markets. Red dots: each market's target, numbered by rank. Solid blue circles: primary radius; dashed green circles: secondary radius (up to ${formatNumber(widest)} miles). Equirectangular projection around the markets' middle latitude; state boundaries: U.S. Census Bureau cartographic boundaries (us-atlas), drawn without any map service.`;
}
