import { sortZipRows, ZIP_COMPETITION_RADIUS_MILES } from "@bis/sdk";
import { formatDecimal, formatMiles, formatNumber, gradeLabel } from "../format.js";
import { COLORS, type ReportWriter } from "../layout.js";

import { type ReportContext, SECTION_TITLES } from "./context.js";
import { zipAreasLine } from "./shared.js";

/** How many ZIP areas the report lists, best opportunity score first. */
export const REPORT_TOP_ZIPS = 25;

const money = (n: number | null) => (n == null ? "—" : `$${formatNumber(n)}`);
const percent = (n: number | null) => (n == null ? "—" : `${Math.round(n * 100)}%`);

/** "3 populated ZIP areas without households (bases, campuses) are left out. " or "". */
function withoutHouseholdsLine(n: number | undefined): string {
  if (!n) return "";
  return `${formatNumber(n)} populated ZIP ${n === 1 ? "area" : "areas"} without households (bases, campuses) ${n === 1 ? "is" : "are"} left out. `;
}

/**
 * The top ZIP areas by opportunity score, with the figures behind each score and its
 * reasons: the same rows as the results page, the API and the CLI.
 */
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
    `${zipAreasLine(zipAreas)} (primary within ${formatMiles(analysis.primaryRadius)}, secondary within ${formatMiles(analysis.secondaryRadius)}). The top ${REPORT_TOP_ZIPS} by opportunity score (0–100 from each ZIP's own households, owner occupancy, housing age and per-capita income, and the contractors within ${ZIP_COMPETITION_RADIUS_MILES} miles of it; see the methodology), with the annual revenue the analysis' dollars per household give each; "Why" lists what raises the score (+) and what lowers it (−), each with its figure. ${withoutHouseholdsLine(zipAreas.withoutHouseholds)}The CSV and XLSX downloads list every ZIP with every column.`,
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
  const top = sortZipRows(rows, { sort: "score", limit: REPORT_TOP_ZIPS });
  w.table(
    [
      { header: "ZIP", width: 36 },
      { header: "Place", width: 78 },
      { header: "Score", width: 32, align: "right" },
      { header: "Households", width: 52, align: "right" },
      { header: "Owners", width: 38, align: "right" },
      { header: "Pre-1980", width: 40, align: "right" },
      { header: "Income", width: 44, align: "right" },
      { header: "Revenue", width: 56, align: "right" },
      { header: `Contr. ${ZIP_COMPETITION_RADIUS_MILES} mi`, width: 38, align: "right" },
      { header: "Miles", width: 28, align: "right" },
      { header: "Why" },
    ],
    top.map((z) => [
      z.zip,
      z.state ? `${z.place}, ${z.state}` : z.place,
      String(z.score),
      z.households == null ? "—" : formatNumber(z.households),
      percent(z.ownerOccupiedShare),
      percent(z.builtBefore1980Share),
      z.perCapitaIncome != null
        ? money(z.perCapitaIncome)
        : z.medianIncome != null
          ? `${money(z.medianIncome)}*`
          : "—",
      money(z.revenue),
      z.contractorsNearby == null ? "—" : formatNumber(z.contractorsNearby),
      formatDecimal(z.distanceMiles, 1, 1),
      z.reasons,
    ]),
    {
      fontSize: 7,
      padding: 3,
      caption: `Top ${formatNumber(top.length)} of ${formatNumber(rows.length)} ZIP areas in range, by opportunity score. Income: the ZIP's per-capita income (ACS 2014–2018); * its county's median household income where the ZIP has none.`,
    },
  );
}
