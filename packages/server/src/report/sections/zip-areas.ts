import { formatDecimal, formatMiles, formatNumber, gradeLabel } from "../format.js";
import { COLORS, type ReportWriter } from "../layout.js";

import { type ReportContext, SECTION_TITLES } from "./context.js";
import { zipAreasLine } from "./shared.js";

/** Every ZIP area in range, nearest first, over as many pages as it takes (header repeated). */
export function drawZipAreas(w: ReportWriter, ctx: ReportContext): void {
  const { zipAreas, analysis } = ctx;
  w.newPage();
  w.sectionTitle(SECTION_TITLES.zipAreas, zipAreas ? [zipAreas.provenance.grade] : []);
  if (!zipAreas) {
    w.banner("ZIP areas not available for this report.", "muted");
    return;
  }
  const { provenance, rows } = zipAreas;
  w.paragraph(
    `${zipAreasLine(zipAreas)} (primary within ${formatMiles(analysis.primaryRadius)}, secondary within ${formatMiles(analysis.secondaryRadius)}). ZIP Code Tabulation Areas whose internal point lies within the radius, nearest first: the areas contractors and ad platforms target.`,
    { size: 9.5, color: COLORS.muted, gap: 6 },
  );
  w.note(
    `Source: ${provenance.source}; ${provenance.vintage}; ${gradeLabel(provenance.grade)}${provenance.method ? `. Method: ${provenance.method}` : ""}.`,
  );
  w.space(4);
  if (rows.length === 0) {
    w.banner("No ZIP area lies within the service area.", "muted");
    return;
  }
  w.table(
    [
      { header: "ZIP", width: 52 },
      { header: "Place" },
      { header: "Population", width: 78, align: "right" },
      { header: "Housing units", width: 78, align: "right" },
      { header: "Distance", width: 62, align: "right" },
      { header: "Area", width: 70 },
    ],
    rows.map((z) => [
      z.zip,
      z.state ? `${z.place}, ${z.state}` : z.place,
      formatNumber(z.population),
      formatNumber(z.housingUnits),
      `${formatDecimal(z.distanceMiles, 1, 1)} mi`,
      z.serviceArea === "primary" ? "Primary" : "Secondary",
    ]),
    { fontSize: 8, padding: 3.5, caption: `All ${formatNumber(rows.length)} ZIP areas in range.` },
  );
}
