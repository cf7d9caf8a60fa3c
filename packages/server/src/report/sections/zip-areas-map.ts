/**
 * The ZIP areas' map, on the page after their table (still the ZIP Areas section): every ZIP in
 * range as its outline filled by score band, with water, Interstates, the radius circles, the
 * best ZIPs and the largest towns named, and the legend (report/zip-map.ts).
 */
import { formatNumber } from "../format.js";
import { COLORS, type ReportWriter } from "../layout.js";
import { drawZipMap, drawZipMapLegend } from "../zip-map.js";
import type { ReportContext } from "./context.js";
import { mapInput } from "./service-area-map.js";

/** The map's height on its page, in points. */
export const ZIP_MAP_HEIGHT = 470;

export function drawZipAreasMap(w: ReportWriter, ctx: ReportContext): void {
  const rows = ctx.zipAreas?.rows ?? [];
  const input = mapInput(ctx.analysis);
  if (rows.length === 0 || !input) return;
  w.newPage();
  w.subheading("ZIP areas by opportunity score");
  w.note(
    `Each of the ${formatNumber(rows.length)} ZIP areas in range, coloured by its opportunity score; the best ZIPs and the largest places are named. Outlines: Census ZIP Code Tabulation Areas (2010); Interstates: TIGER/Line 2020; water: Natural Earth.`,
  );
  w.space(4);
  const frame = { x: w.left, y: w.y, width: w.width, height: ZIP_MAP_HEIGHT };
  const drawn = drawZipMap(w.doc, frame, {
    target: input.target,
    primaryRadiusMiles: input.primaryRadiusMiles,
    secondaryRadiusMiles: input.secondaryRadiusMiles,
    rows,
    towns: input.places,
  });
  w.y = frame.y + frame.height + 10;
  const height = drawZipMapLegend(w.doc, w.left, w.y, w.width, rows);
  w.y += height + 4;
  if (drawn.dots > 0)
    w.paragraph(
      `${formatNumber(drawn.dots)} of ${formatNumber(rows.length)} ZIP areas have no outline (new since 2010, or not yet derived) and are drawn as dots.`,
      { size: 8.5, color: COLORS.muted, gap: 4 },
    );
}
