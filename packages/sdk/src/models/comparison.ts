/**
 * Markets side by side, as pure functions every consumer shares — the comparison page,
 * the PDF report, the CSV and XLSX exports and the CLI:
 *
 * - `comparisonMarket(analysis)`: one market's figures, each with the grade its analysis gives
 *   it. Premium figures (keywords, competitors, the score components built on them) count only
 *   for a paid analysis: an unpaid one shows "Premium" there, a paid one whose step has not run
 *   "Not run yet". The opportunity score is computed from what counts, with the SDK's one
 *   formula (a score without the premium components says which ones it lacks).
 * - `compareMarkets(markets)`: the markets ranked by opportunity score, and the best value of
 *   each row marked (see `bestOf`), with the markets that would need the premium steps.
 */
import { csvCell, formatCpc, formatCurrency, formatNumber, NOT_AVAILABLE } from "../format.js";
import type {
  ComparisonCell,
  ComparisonCellStatus,
  ComparisonMarket,
} from "../schemas/comparisons.js";
import type { CompetitionAnalysisData, OpportunityComponentKey } from "../schemas/competition.js";
import type { Analysis } from "../schemas/entities.js";
import type { KeywordResearchData } from "../schemas/keywords.js";
import type { PremiumDeliverable, PremiumDeliverableId } from "../schemas/payments.js";
import type { DataGrade } from "../schemas/provenance.js";
import {
  COMPARISON_ROWS,
  type ComparisonRow,
  type ComparisonRowKey,
  peakMonthName,
  SATURATION_ORDER,
} from "./comparison-rows.js";
import { opportunityScore } from "./competition/opportunity-score.js";
import { marketLeader } from "./market-leader.js";
import { isOffered, isPurchasable } from "./premium-offer.js";

/** Which paid items this server offers now (GET /api/public/settings' `premiumOffer`). */
export type OfferList = readonly Pick<PremiumDeliverable, "id" | "deliverable">[];

import { ppcTable } from "./ppc-table.js";

/** Grades from weakest to strongest: a figure computed from several is as good as its weakest. */
const GRADE_STRENGTH: Record<DataGrade, number> = { sample: 0, modeled: 1, measured: 2 };

export function weakestGrade(...grades: (DataGrade | null | undefined)[]): DataGrade | null {
  let weakest: DataGrade | null = null;
  for (const grade of grades) {
    if (!grade) continue;
    if (weakest === null || GRADE_STRENGTH[grade] < GRADE_STRENGTH[weakest]) weakest = grade;
  }
  return weakest;
}

const known = (n: number | null | undefined): n is number =>
  typeof n === "number" && Number.isFinite(n);

function cell(
  value: number | string | null | undefined,
  grade: DataGrade | null | undefined,
): ComparisonCell {
  const present = typeof value === "string" ? value.trim() !== "" : known(value);
  return present
    ? { value: value as number | string, grade: grade ?? null, status: "value" }
    : { value: null, grade: null, status: "missing" };
}

const blank = (status: ComparisonCellStatus): ComparisonCell => ({
  value: null,
  grade: null,
  status,
});

function keywordGrade(data: KeywordResearchData, figure: "searchVolume" | "cpc") {
  return data.provenance?.[figure]?.grade ?? data.provider?.grade ?? null;
}

function competitionGrade(data: CompetitionAnalysisData): DataGrade | null {
  if (data.sampleData === true) return "sample";
  const runs = (data.providers ?? []).filter((r) => r.status !== "failed").map((r) => r.grade);
  return weakestGrade(data.provenance?.grade, ...runs);
}

/** Revenue per household: the record's average, else total ÷ households. */
function revenuePerHousehold(total: number | null, households: number | null, avg: unknown) {
  if (known(avg as number)) return avg as number;
  return known(total) && known(households) && households > 0 ? total / households : null;
}

/** One market's figures and score, from its analysis (see the module comment). */
export function comparisonMarket(analysis: Analysis): ComparisonMarket {
  const market = analysis.marketAnalysisData;
  const p = market?.provenance ?? {};
  const paid = analysis.isPaid;
  const keywords = paid ? analysis.keywordResearchData : null;
  const competition = paid ? analysis.competitionAnalysisData : null;
  const households = market?.households ?? null;
  const total =
    market?.marketSummary?.totalMarketRevenue ??
    (known(households) && known(market?.avgRevenue)
      ? households * (market?.avgRevenue ?? 0)
      : null);
  const revenueGrade = p.revenue?.grade ?? null;

  const cells = {} as Record<ComparisonRowKey, ComparisonCell>;
  cells.population = cell(market?.marketSize, p.population?.grade);
  cells.households = cell(households, p.households?.grade);
  cells.housingUnits = cell(market?.censusData.totalHousingUnits, p.housingUnits?.grade);
  cells.singleFamilyUnits = cell(market?.censusData.singleFamilyUnits, p.singleFamilyUnits?.grade);
  cells.totalMarketRevenue = cell(total, revenueGrade);
  cells.revenuePerHousehold = cell(
    revenuePerHousehold(total, households, market?.avgRevenue),
    weakestGrade(revenueGrade, p.households?.grade),
  );
  cells.peakMonth = cell(peakMonthName(market?.seasons), market?.seasons?.provenance.grade);

  const stepState = (data: unknown): ComparisonCellStatus | null =>
    !paid ? "locked" : data == null ? "notRun" : null;
  const kwState = stepState(analysis.keywordResearchData);
  if (kwState || !keywords) {
    cells.keywordVolume = blank(kwState ?? "missing");
    cells.averageCpc = blank(kwState ?? "missing");
  } else {
    const listed = ppcTable(keywords).rows;
    cells.keywordVolume = cell(
      listed.reduce((sum, r) => sum + r.searchVolume, 0),
      keywordGrade(keywords, "searchVolume"),
    );
    cells.averageCpc = cell(keywords.keywordData.summary.avgCPC, keywordGrade(keywords, "cpc"));
  }
  const compState = stepState(analysis.competitionAnalysisData);
  if (compState || !competition) {
    for (const key of ["competitorCount", "marketLeader", "marketSaturation"] as const)
      cells[key] = blank(compState ?? "missing");
  } else {
    const grade = competitionGrade(competition);
    cells.competitorCount = cell(
      competition.saturationMetric?.competitors ?? competition.totalCompetitors,
      grade,
    );
    cells.marketLeader = cell(marketLeader(competition)?.name ?? null, grade);
    cells.marketSaturation = cell(competition.marketSaturation, grade);
  }

  // The analysis's own score (what its results page, PDF and CLI show); computed only for a
  // record saved before scores were stored.
  const score = analysis.opportunityScore ?? opportunityScore(market, keywords, competition);
  cells.opportunityScore = cell(score?.score, score?.grade);
  const components = { demandScore: "demand", supplyScore: "supply", costScore: "cost" } as const;
  for (const [key, component] of Object.entries(components) as [
    keyof typeof components,
    string,
  ][]) {
    const found = score?.components.find((c) => c.key === component);
    const state = component === "supply" ? compState : component === "cost" ? kwState : null;
    cells[key] = found ? cell(found.score, score?.grade) : blank(state ?? "missing");
  }

  const sources: string[] = [];
  if (market?.dataSource)
    sources.push(`Place data: ${market.dataSource.label} (${market.dataSource.vintage})`);
  if (keywords?.provider) sources.push(`Keywords: ${keywords.provider.label}`);
  if (competition) {
    const labels = (competition.providers ?? [])
      .filter((r) => r.status !== "failed")
      .map((r) => r.label);
    const source = labels.length > 0 ? labels.join(", ") : competition.provenance?.source;
    if (source) sources.push(`Competitors: ${source}`);
  }

  return {
    analysisId: analysis.id,
    location: analysis.location,
    industry: analysis.industry,
    primaryRadius: analysis.primaryRadius,
    secondaryRadius: analysis.secondaryRadius,
    createdAt: analysis.createdAt,
    isPaid: paid,
    keywordResearchCompleted: analysis.keywordResearchCompleted,
    competitionAnalysisCompleted: analysis.competitionAnalysisCompleted,
    target: market?.target
      ? {
          name: market.target.name,
          state: market.target.state,
          lat: market.target.lat,
          lon: market.target.lon,
        }
      : null,
    cells,
    score,
    sources,
  };
}

/* ------------------------------------------------------------------ ranking and best values */

const rounded = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The number a cell is compared by (saturation by its band), or null when it has none. */
function comparable(row: ComparisonRow, c: ComparisonCell | undefined): number | null {
  if (c?.status !== "value" || c.value === null) return null;
  if (row.key === "marketSaturation") {
    const band = SATURATION_ORDER.indexOf(String(c.value));
    return band >= 0 ? band : null;
  }
  return typeof c.value === "number" ? rounded(c.value, row.decimals) : null;
}

/**
 * Which cells of a row hold its best value. The rule: only rows with a direction (higher or
 * lower is better); only cells with a value (missing, premium and not-run cells never win);
 * values compared as shown (at the row's decimals), so markets equal as shown share the mark;
 * nothing is marked when fewer than two markets have a value or all of them are equal.
 */
export function bestOf(row: ComparisonRow, cells: readonly (ComparisonCell | undefined)[]) {
  const values = cells.map((c) => comparable(row, c));
  const present = values.filter((v): v is number => v !== null);
  if (!row.better || present.length < 2) return values.map(() => false);
  const best = row.better === "higher" ? Math.max(...present) : Math.min(...present);
  if (present.every((v) => v === best)) return values.map(() => false);
  return values.map((v) => v === best);
}

export interface ComparisonTableRow {
  row: ComparisonRow;
  /** One per market, in rank order. */
  cells: ComparisonCell[];
  best: boolean[];
}

export interface ComparisonTable {
  /** The markets, best opportunity first. */
  markets: ComparisonMarket[];
  /** Each market's rank (markets with the same score share it); null without a score. */
  ranks: (number | null)[];
  rows: ComparisonTableRow[];
  /** Markets whose analysis is not paid: they would need the premium steps. */
  needPremium: ComparisonMarket[];
  /** Paid markets with a premium step not run yet, and which. */
  stepsToRun: {
    market: ComparisonMarket;
    steps: ("Keyword research" | "Competition analysis")[];
  }[];
  /**
   * True when the scores rest on different components (some markets lack premium data): the
   * table then says which inputs each such market's score lacks (`scoreBasisText`); there is no
   * second score.
   */
  mixedScores: boolean;
  /** The paid items this server offers, as given (null: unknown, every item assumed offered). */
  offer: OfferList | null;
}

const componentsOf = (m: ComparisonMarket) => m.score?.components.length ?? 0;
const revenueOf = (m: ComparisonMarket) => {
  const v = m.cells.totalMarketRevenue?.value;
  return typeof v === "number" ? v : -1;
};

/** Whether the scored markets' scores rest on different numbers of components. */
function mixed(markets: readonly ComparisonMarket[]): boolean {
  return new Set(markets.filter((m) => m.score).map(componentsOf)).size > 1;
}

/**
 * Ranks the markets by opportunity score — the one score each analysis has, the number its
 * results page, PDF, CLI and API show — highest first; markets without one last. Equal scores:
 * the score built on more components first, then the larger market revenue, then the order
 * chosen; they share a rank ("1, 1, 3"). When some scores lack components the others have, the
 * score row marks no best value and each such market says which inputs its score lacks.
 */
export function compareMarkets(
  input: readonly ComparisonMarket[],
  offer?: OfferList | null,
): ComparisonTable {
  const keyed = input.map((market, index) => ({
    market,
    index,
    key: market.score ? Math.round(market.score.score) : null,
  }));
  keyed.sort((a, b) => {
    if (a.key !== b.key) return a.key === null ? 1 : b.key === null ? -1 : b.key - a.key;
    return (
      componentsOf(b.market) - componentsOf(a.market) ||
      revenueOf(b.market) - revenueOf(a.market) ||
      a.index - b.index
    );
  });
  const markets = keyed.map((o) => o.market);
  const scores = keyed.map((o) => o.key);
  const ranks = scores.map((s) =>
    s === null ? null : 1 + scores.filter((o) => (o ?? -1) > s).length,
  );
  const mixedScores = mixed(input);
  const rows = COMPARISON_ROWS.flatMap((row) => {
    const cells = markets.map((m) => m.cells[row.key] ?? blank("missing"));
    // A paid item this server does not offer: its rows only where some market has its figures.
    const item = ROW_DELIVERABLE[row.key];
    if (item && !isOffered(offer, item) && !cells.some((c) => c.status === "value")) return [];
    // Scores on different components are not compared for "best".
    const best =
      mixedScores && row.key === "opportunityScore" ? cells.map(() => false) : bestOf(row, cells);
    return [{ row, cells, best }];
  });
  const stepsToRun = markets.flatMap((market) => {
    if (!market.isPaid) return [];
    const steps: ("Keyword research" | "Competition analysis")[] = [];
    if (!market.keywordResearchCompleted && isOffered(offer, "keywordResearch"))
      steps.push("Keyword research");
    if (!market.competitionAnalysisCompleted && isOffered(offer, "competitionAnalysis"))
      steps.push("Competition analysis");
    return steps.length > 0 ? [{ market, steps }] : [];
  });
  return {
    markets,
    ranks,
    rows,
    needPremium: isPurchasable(offer ?? []) || !offer ? markets.filter((m) => !m.isPaid) : [],
    stepsToRun,
    mixedScores,
    offer: offer ?? null,
  };
}

const COMPONENT_NAMES: Record<OpportunityComponentKey, string> = {
  demand: "demand",
  supply: "competition",
  cost: "cost to acquire",
};

/* ------------------------------------------------------------------ words and exports */

export const CELL_STATUS_TEXT: Record<Exclude<ComparisonCellStatus, "value">, string> = {
  missing: NOT_AVAILABLE,
  locked: "Premium",
  notRun: "Not run yet",
};

/** A cell as people read it: "$1,234", "$4.50", "72", "Premium", "Not run yet", "N/A". */
export function comparisonCellText(row: ComparisonRow, c: ComparisonCell): string {
  if (c.status !== "value" || c.value === null) {
    return CELL_STATUS_TEXT[c.status === "value" ? "missing" : c.status];
  }
  if (typeof c.value === "string") return c.value;
  switch (row.format) {
    case "currency":
      return formatCurrency(rounded(c.value, row.decimals));
    case "cpc":
      return formatCpc(c.value);
    case "score":
      return String(Math.round(c.value));
    default:
      return formatNumber(c.value, row.decimals);
  }
}

/** The paid item each premium component of the score is built on. */
const COMPONENT_DELIVERABLE: Partial<Record<OpportunityComponentKey, PremiumDeliverableId>> = {
  supply: "competitionAnalysis",
  cost: "keywordResearch",
};

/** The paid item each premium row's figures come from. */
const ROW_DELIVERABLE: Partial<Record<ComparisonRowKey, PremiumDeliverableId>> = {
  keywordVolume: "keywordResearch",
  averageCpc: "keywordResearch",
  costScore: "keywordResearch",
  competitorCount: "competitionAnalysis",
  marketLeader: "competitionAnalysis",
  marketSaturation: "competitionAnalysis",
  supplyScore: "competitionAnalysis",
};

/**
 * Which inputs a market's score lacks, or null when it has them all: "Scored on demand only;
 * competition and cost to acquire need the premium steps". An input whose paid item this server
 * does not offer (`offer`, premium-offer.ts) reads "… is not available yet" instead.
 */
export function scoreBasisText(market: ComparisonMarket, offer?: OfferList | null): string | null {
  const missing = market.score?.missing ?? [];
  if (!market.score || missing.length === 0) return null;
  const have = market.score.components.map((c) => c.label.toLowerCase()).join(" and ");
  const offered = (k: OpportunityComponentKey) => {
    const id = COMPONENT_DELIVERABLE[k];
    return !id || isOffered(offer, id);
  };
  const toBuy = missing.filter(offered).map((k) => COMPONENT_NAMES[k]);
  const notSold = missing.filter((k) => !offered(k)).map((k) => COMPONENT_NAMES[k]);
  const parts = [
    ...(toBuy.length > 0
      ? [
          `${toBuy.join(" and ")} ${toBuy.length === 1 ? "needs" : "need"} ${market.isPaid ? "the premium steps to run" : "the premium steps"}`,
        ]
      : []),
    ...(notSold.length > 0
      ? [`${notSold.join(" and ")} ${notSold.length === 1 ? "is" : "are"} not available yet`]
      : []),
  ];
  return `Scored on ${have} only; ${parts.join("; ")}`;
}

/**
 * The table as a matrix of plain values for a spreadsheet: a header (figure, best, then each
 * market and its grade), the rank, then one line per row. Numbers stay numbers (rounded as
 * shown); cells without a value carry their words ("Premium", "Not run yet", "").
 */
export function comparisonMatrix(table: ComparisonTable): (string | number)[][] {
  const header: (string | number)[] = ["Figure", "Best"];
  for (const m of table.markets) header.push(m.location, `${m.location} grade`);
  const rank: (string | number)[] = ["Rank", ""];
  for (const r of table.ranks) rank.push(r ?? "", "");
  const id: (string | number)[] = ["Analysis ID", ""];
  for (const m of table.markets) id.push(m.analysisId, "");
  const lines = table.rows.map(({ row, cells, best }) => {
    const winners = table.markets.filter((_, i) => best[i]).map((m) => m.location);
    const line: (string | number)[] = [row.label, winners.join("; ")];
    for (const c of cells) {
      if (c.status === "value" && c.value !== null)
        line.push(typeof c.value === "number" ? rounded(c.value, row.decimals) : c.value);
      else line.push(c.status === "missing" ? "" : comparisonCellText(row, c));
      line.push(c.grade ?? "");
    }
    return line;
  });
  return [header, rank, id, ...lines];
}

/** The comparison as CSV (header line first, one line per figure). */
export function comparisonCsv(table: ComparisonTable): string {
  return `${comparisonMatrix(table)
    .map((line) => line.map((v) => csvCell(v)).join(","))
    .join("\n")}\n`;
}

/** "bis-comparison-austin-tx-dallas-tx-and-1-more.csv": the file name of an export. */
export function comparisonFileName(
  markets: readonly Pick<ComparisonMarket, "location">[],
  extension: "csv" | "xlsx" | "pdf",
): string {
  const slug = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const names = markets
    .slice(0, 2)
    .map((m) => slug(m.location))
    .filter(Boolean);
  const more = markets.length > 2 ? `-and-${markets.length - 2}-more` : "";
  return `bis-comparison-${names.join("-") || "markets"}${more}.${extension}`;
}
