/**
 * The "Local market profile", so that readers see why: the climate, housing stock, equipment, income and
 * contractors behind the market's figures, as the SDK's `localMarketRows` write them (the same
 * rows as the results page, the CLI and the widget), each with its grade and source. Drawn in
 * the market section; older records without a profile draw nothing. The blocks' methods are
 * listed with the other figures in the sources section (`localMarketSourceRows`).
 */
import {
  type FigureProvenance,
  LOCAL_MARKET_TITLE,
  type LocalMarket,
  localMarketEquipment,
  localMarketRows,
} from "@bis/sdk";
import { gradeLabel } from "../format.js";
import type { ReportWriter } from "../layout.js";
import type { SourceRow } from "../sources.js";

export function drawLocalMarket(w: ReportWriter, local: LocalMarket | undefined): void {
  const rows = localMarketRows(local);
  if (rows.length === 0) return;
  w.ensure(160);
  w.subheading(LOCAL_MARKET_TITLE);
  w.table(
    [
      { header: "Figure", width: 120 },
      { header: "Value" },
      { header: "Grade", width: 58 },
      { header: "Source", width: 150 },
    ],
    rows.map((r) => [
      r.label,
      r.value,
      gradeLabel(r.provenance.grade),
      `${r.provenance.source} (${r.provenance.vintage})`,
    ]),
    {
      fontSize: 8,
      padding: 3.5,
      caption:
        "Why this market's figures are its own: its climate, homes and contractors. How each was computed: Sources and Methodology.",
    },
  );
  w.space(6);
}

/** One sources-table row per block of the profile, with its method. */
export function localMarketSourceRows(local: LocalMarket | undefined): SourceRow[] {
  if (!local) return [];
  const { climate, housing, income, contractors } = local;
  const equipment = localMarketEquipment(local);
  const blocks: [string, FigureProvenance | undefined][] = [
    ["degree days, climate zone", climate.provenance],
    ["housing age, heating fuel, single-family share", housing.provenance],
    ["owner-occupied share", housing.tenureProvenance],
    [equipment?.title.toLowerCase() ?? "equipment", equipment?.provenance],
    ["median household income", income?.provenance],
    ["contractors in range", contractors.provenance],
    ["contractors, county share", contractors.countyProvenance],
  ];
  return blocks
    .filter((b): b is [string, FigureProvenance] => b[1] !== undefined)
    .map(([figure, p]) => ({
      section: "Market analysis",
      figure: `Local market: ${figure}`,
      source: p.source,
      vintage: p.vintage,
      grade: p.grade,
      method: p.method,
    }));
}
