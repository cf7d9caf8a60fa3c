/**
 * The PDF report of a comparison: `GET /api/comparisons/{id}/report.pdf`. Built from
 * the comparison alone with the analysis report's building blocks (layout.ts's writer, chrome,
 * tables and banners; the offline basemap): the markets ranked by opportunity score, every row
 * of the comparison with the best value of each marked, a map of every market's circles, each
 * market's score and what it rests on, and the sources and methodology.
 *
 * A partner's brand (`brand`) goes to the writer's chrome — header, footer, colours — the same
 * way the analysis report takes it; without one the report is BIS's own.
 */
import {
  COMPARISON_ROWS,
  type Comparison,
  type ComparisonTable,
  compareMarkets,
  comparisonCellText,
  comparisonFileName,
  isOffered,
  type OfferList,
  offeredPremiumPhrase,
  scoreBasisText,
  weightPercentText,
} from "@bis/sdk";
import type { ReportBrand } from "./brand.js";
import { drawBrandIdentity } from "./chrome.js";
import { formatDateTime, gradeLabel } from "./format.js";
import { COLORS, type Doc, newReportDocument, PAGE, ReportWriter } from "./layout.js";
import { drawMarketsMap, type MapMarket, marketsMapCaption } from "./markets-map.js";

export const COMPARISON_TITLE = "Market Comparison Report";

export interface ComparisonReportOptions {
  generatedAt?: Date;
  /** A partner's brand for the chrome; BIS's own without one. */
  brand?: ReportBrand | null;
  /** The paid items this server offers now (premium-offer.ts); unknown: all. */
  offer?: OfferList | null;
}

/** Markets per table: a letter page holds the figure column and five markets legibly. */
const MARKETS_PER_TABLE = 5;
const BEST_MARK = " *";

export function comparisonReportFileName(comparison: Comparison): string {
  return comparisonFileName(compareMarkets(comparison.markets).markets, "pdf");
}

function rankText(rank: number | null): string {
  return rank === null ? "-" : `#${rank}`;
}

function drawTitle(w: ReportWriter, comparison: Comparison, table: ComparisonTable, at: Date) {
  const { doc } = w;
  // No cover here: a partner's brand heads the first page (later pages carry it in the header).
  if (w.brand) {
    drawBrandIdentity(w, w.brand, w.left, w.y, 28, false);
    w.y += 40;
  }
  w.sectionTitle(COMPARISON_TITLE);
  const industries = [...new Set(table.markets.map((m) => m.industry))].join(", ");
  w.paragraph(
    `${comparison.name ? `${comparison.name}: ` : ""}${table.markets.length} ${industries} markets ranked by opportunity score. Report generated ${formatDateTime(at)}; comparison ${comparison.id}.`,
    { size: 10 },
  );
  if (comparison.missing.length > 0)
    w.banner(
      `${comparison.missing.length} ${comparison.missing.length === 1 ? "analysis of this comparison was" : "analyses of this comparison were"} deleted and ${comparison.missing.length === 1 ? "is" : "are"} left out.`,
      "muted",
    );
  doc.fillColor(COLORS.text);
}

function drawRanking(w: ReportWriter, table: ComparisonTable) {
  w.subheading("Ranking");
  const row = (key: string) => table.rows.find((r) => r.row.key === key);
  const cellAt = (key: string, i: number) => {
    const r = row(key);
    const c = r?.cells[i];
    if (!r || !c) return "-";
    return comparisonCellText(r.row, c) + (r.best[i] ? BEST_MARK : "");
  };
  w.table(
    [
      { header: "Rank", width: 34 },
      { header: "Market" },
      { header: "Score", width: 42, align: "right" },
      { header: "Demand", width: 48, align: "right" },
      { header: "Competition", width: 70, align: "right" },
      { header: "Cost", width: 56, align: "right" },
      { header: "Premium steps", width: 104 },
    ],
    table.markets.map((m, i) => [
      rankText(table.ranks[i] ?? null),
      m.location,
      cellAt("opportunityScore", i),
      cellAt("demandScore", i),
      cellAt("supplyScore", i),
      cellAt("costScore", i),
      !m.isPaid
        ? "Needed (not purchased)"
        : (m.keywordResearchCompleted || !isOffered(table.offer, "keywordResearch")) &&
            (m.competitionAnalysisCompleted || !isOffered(table.offer, "competitionAnalysis"))
          ? "Complete"
          : "Purchased; not all run",
    ]),
    {
      highlight: (i) => table.ranks[i] === 1,
      caption: `${BEST_MARK.trim()} best value of the column. Scores are 0–100; higher is a better opportunity.`,
    },
  );
  if (table.needPremium.length > 0)
    w.banner(
      `Would need the premium steps (${offeredPremiumPhrase(table.offer)}) for a full score: ${table.needPremium.map((m) => m.location).join(", ")}.`,
      "info",
    );
  for (const { market, steps } of table.stepsToRun)
    w.note(`${market.location}: ${steps.join(" and ")} not run yet.`);
  if (table.mixedScores)
    w.note(
      "Ranked by each market's opportunity score, the one its results page and report show. Some scores lack inputs: a market is scored on what it has (see each market below).",
    );
}

function drawFigures(w: ReportWriter, table: ComparisonTable) {
  w.newPage();
  w.sectionTitle("Key Figures");
  w.paragraph(
    `Every figure of every market, ranked order, with its grade (Measured, Modeled or Sample data). ${BEST_MARK.trim()} marks the best value of a row (the highest, or the lowest where lower is better: cost per click, competitors, saturation); markets equal as shown share it. "Premium": the analysis is not paid; "Not run yet": the premium step has not run.`,
    { size: 9 },
  );
  for (let start = 0; start < table.markets.length; start += MARKETS_PER_TABLE) {
    const slice = table.markets.slice(start, start + MARKETS_PER_TABLE);
    w.table(
      [
        { header: "Figure", width: 100 },
        ...slice.map((m, j) => ({
          header: `${rankText(table.ranks[start + j] ?? null)} ${m.location}`,
          align: "right" as const,
        })),
      ],
      table.rows.map(({ row, cells, best }) => [
        row.label,
        ...slice.map((_, j) => {
          const c = cells[start + j];
          if (!c) return "-";
          const text = comparisonCellText(row, c) + (best[start + j] ? BEST_MARK : "");
          return c.grade ? `${text}\n${gradeLabel(c.grade)}` : text;
        }),
      ]),
      { fontSize: 7.5, padding: 4 },
    );
  }
}

function drawMap(w: ReportWriter, table: ComparisonTable) {
  w.newPage();
  w.sectionTitle("Map");
  const markets: MapMarket[] = table.markets.flatMap((m, i) =>
    m.target
      ? [
          {
            label: String(table.ranks[i] ?? i + 1),
            name: m.location,
            lat: m.target.lat,
            lon: m.target.lon,
            primaryRadiusMiles: m.primaryRadius,
            secondaryRadiusMiles: m.secondaryRadius,
          },
        ]
      : [],
  );
  if (markets.length === 0) {
    w.banner("Map not available: no market has coordinates for its target.", "muted");
    return;
  }
  const frame = { x: w.left, y: w.y, width: w.width, height: 430 };
  drawMarketsMap(w.doc, frame, markets);
  w.y = frame.y + frame.height + 10;
  w.note(marketsMapCaption(markets));
}

function drawMarkets(w: ReportWriter, table: ComparisonTable) {
  w.newPage();
  w.sectionTitle("Markets");
  table.markets.forEach((m, i) => {
    w.ensure(150);
    w.subheading(`${rankText(table.ranks[i] ?? null)}  ${m.location}`);
    w.note(
      `${m.industry} · primary radius ${m.primaryRadius} mi, secondary ${m.secondaryRadius} mi · analysis ${m.analysisId}${m.isPaid ? " · premium" : ""}`,
    );
    const score = m.score;
    if (!score) {
      w.paragraph("No opportunity score: the analysis has no market data.");
      return;
    }
    w.paragraph(
      `Opportunity score ${Math.round(score.score)} / 100${score.grade ? ` (${gradeLabel(score.grade)})` : ""}. ${score.components
        .map(
          (c) =>
            `${c.label} ${Math.round(c.score)} (weight ${weightPercentText(c.weight)}): ${c.detail}`,
        )
        .join(". ")}.`,
      { size: 9 },
    );
    const basis = scoreBasisText(m, table.offer);
    if (basis) w.note(`${basis}.`);
    if (m.sources.length > 0) w.note(`Sources: ${m.sources.join("; ")}.`);
  });
}

function drawMethod(w: ReportWriter, table: ComparisonTable) {
  w.newPage();
  w.sectionTitle("Sources and Methodology");
  w.paragraph(
    "Every figure comes from its market's analysis and carries that analysis' grade. Measured: taken from a real data source for exactly that area. Modeled: computed from measured inputs by a documented formula. Sample data: demo data, never a measurement.",
    { size: 9.5 },
  );
  w.subheading("Sources");
  w.bullets(
    table.markets.map((m) => `${m.location}: ${m.sources.join("; ") || "no source recorded"}`),
  );
  w.subheading("Rows");
  w.table(
    [
      { header: "Figure", width: 120 },
      { header: "What it measures" },
      { header: "Best", width: 60 },
    ],
    COMPARISON_ROWS.map((r) => [
      r.label,
      r.description,
      r.better === "higher" ? "Highest" : r.better === "lower" ? "Lowest" : "-",
    ]),
    { fontSize: 8 },
  );
  w.subheading("Methodology");
  w.bullets([
    "Ranking: by opportunity score, highest first — each market's one score, the number its results page and report show. When some markets' scores lack the premium components others have, the opportunity score row marks no best value and each such market says which inputs its score lacks. Equal scores share a rank; the score built on more components comes first, then the larger market revenue. Markets without a score come last.",
    "Best value of a row: the highest value (the lowest for average CPC, competitors and saturation), compared as shown; equal values share the mark; no mark when fewer than two markets have a value or all are equal. Premium figures count only for paid analyses.",
    "Opportunity score: demand (households, market revenue), competition (competitors per 10,000 households, review depth of the top three) and cost to acquire (average CPC), each 0–100 and weighted 40%, 35% and 25%; a component without data is left out and the others' weights rescaled. The full methodology is docs/methodology.md in BIS.",
    "Revenue per household: total market revenue ÷ households. Keyword volume: the monthly searches of the listed keywords (volume above 0, each keyword once).",
  ]);
}

/** Lays out the whole comparison report; read (or pipe) `pdf` for the bytes. */
export function renderComparisonReport(
  comparison: Comparison,
  options: ComparisonReportOptions = {},
): { pdf: Doc; pageCount: number } {
  const generatedAt = options.generatedAt ?? new Date();
  const table = compareMarkets(comparison.markets, options.offer);
  const names = table.markets.map((m) => m.location).join(", ");
  const doc = newReportDocument(
    {
      Title: `${COMPARISON_TITLE}: ${names}`,
      Subject: `Comparison ${comparison.id} of ${table.markets.length} markets`,
      CreationDate: generatedAt,
    },
    options.brand,
  );
  const running = {
    header: `${COMPARISON_TITLE}  ·  ${table.markets.length} markets`,
    footer: `BIS ${COMPARISON_TITLE}`,
    analysisId: comparison.id,
    idLabel: "Comparison",
    ...(options.brand ? { brand: options.brand } : {}),
  };
  const w = new ReportWriter(doc, running);
  w.y = PAGE.margins.top;
  drawTitle(w, comparison, table, generatedAt);
  drawRanking(w, table);
  drawFigures(w, table);
  drawMap(w, table);
  drawMarkets(w, table);
  drawMethod(w, table);
  const pageCount = w.finish();
  doc.end();
  return { pdf: doc, pageCount };
}

/** The whole report in memory (tests). */
export async function renderComparisonReportBuffer(
  comparison: Comparison,
  options: ComparisonReportOptions = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderComparisonReport(comparison, options).pdf)
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
