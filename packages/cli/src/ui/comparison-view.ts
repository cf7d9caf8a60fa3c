/**
 * A comparison on a terminal: the markets ranked by opportunity score with the key
 * figures, the best value of each column marked "*" (not by colour alone), and which markets
 * would need the premium steps. The table and the marks come from the SDK (compareMarkets).
 */
import {
  type Comparison,
  type ComparisonRowKey,
  type ComparisonSummary,
  type ComparisonTable,
  compareMarkets,
  comparisonCellText,
  type OfferList,
  offeredPremiumPhrase,
  scoreBasisText,
} from "@bis/sdk";
import { type Doc, fmt, heading, table, text } from "./doc.js";

/** The columns of the ranked table, after rank and market. */
const COLUMNS: { key: ComparisonRowKey; header: string }[] = [
  { key: "opportunityScore", header: "Score" },
  { key: "demandScore", header: "Demand" },
  { key: "supplyScore", header: "Compet." },
  { key: "costScore", header: "Cost" },
  { key: "households", header: "Households" },
  { key: "totalMarketRevenue", header: "Revenue" },
  { key: "averageCpc", header: "Avg CPC" },
  { key: "competitorCount", header: "Competitors" },
];

/** The ranked table's rows: rank, market, then each column's text ("*" on the best). */
/** The columns whose row the table has (a paid item not offered has none). */
const columnsOf = (t: ComparisonTable) =>
  COLUMNS.filter(({ key }) => t.rows.some((r) => r.row.key === key));

export function rankedRows(t: ComparisonTable): string[][] {
  return t.markets.map((m, i) => [
    t.ranks[i] === null || t.ranks[i] === undefined ? "—" : String(t.ranks[i]),
    m.location,
    ...columnsOf(t).map(({ key }) => {
      const row = t.rows.find((r) => r.row.key === key);
      const c = row?.cells[i];
      if (!row || !c) return "—";
      return `${comparisonCellText(row.row, c)}${row.best[i] ? " *" : ""}`;
    }),
  ]);
}

export function comparisonDoc(
  comparison: Comparison,
  pageUrl?: string,
  offer?: OfferList | null,
): Doc {
  const t = compareMarkets(comparison.markets, offer);
  const doc: Doc = [
    heading(comparison.name ?? `Comparison of ${t.markets.length} markets`),
    table(
      [
        { header: "#", align: "right" },
        "Market",
        ...columnsOf(t).map((c) => ({ header: c.header, align: "right" as const })),
      ],
      rankedRows(t),
    ),
    text(
      "* best value of the column. Ranked by opportunity score (0–100, higher is better).",
      "muted",
    ),
  ];
  if (t.needPremium.length > 0)
    doc.push(
      text(
        `Would need the premium steps (${offeredPremiumPhrase(t.offer)}): ${t.needPremium.map((m) => m.location).join(", ")}.`,
        "warning",
      ),
    );
  for (const { market, steps } of t.stepsToRun)
    doc.push(text(`${market.location}: ${steps.join(" and ")} not run yet.`, "muted"));
  if (t.mixedScores)
    doc.push(text("Ranked by each market's opportunity score; some scores lack inputs:", "muted"));
  for (const m of t.markets) {
    const basis = scoreBasisText(m, t.offer);
    if (basis) doc.push(text(`${m.location}: ${basis}.`, "muted"));
  }
  if (comparison.missing.length > 0)
    doc.push(text(`Left out (deleted since): ${comparison.missing.join(", ")}.`, "warning"));
  doc.push(
    text(
      comparison.id
        ? `Comparison ${comparison.id}${pageUrl ? `: ${pageUrl}` : ""}`
        : "Not saved: add --save to keep this comparison (with its page and exports).",
      "muted",
    ),
  );
  return doc;
}

/** What --json prints: the comparison, and the markets in rank order with their ranks. */
export function comparisonJson(comparison: Comparison, offer?: OfferList | null) {
  const t = compareMarkets(comparison.markets, offer);
  return {
    ...comparison,
    ranking: t.markets.map((m, i) => ({
      rank: t.ranks[i] ?? null,
      analysisId: m.analysisId,
      location: m.location,
      score: m.score?.score ?? null,
    })),
    needPremium: t.needPremium.map((m) => m.analysisId),
  };
}

/** `bis comparisons list`: your saved comparisons, newest first. */
export function comparisonsListDoc(list: ComparisonSummary[]): Doc {
  return [
    table(
      ["Id", "Name", "Markets", "Created"],
      list.map((c) => {
        const gone = c.analysisCount - c.locations.length;
        return [
          c.id,
          c.name ?? "",
          `${c.locations.join(" vs ")}${gone > 0 ? ` (+${gone} deleted)` : ""}`,
          fmt.date(c.createdAt),
        ];
      }),
      { empty: "No comparisons yet. Save one with `bis compare <id> <id>`." },
    ),
  ];
}
