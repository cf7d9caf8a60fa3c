/**
 * The PPC opportunities table (results page, section 2), one builder for every consumer: the
 * results page, the PDF report and the CLI show the same rows in the same order.
 *
 * The rule (docs/methodology.md, "The PPC table"):
 * 1. the primary keywords with a search volume above 0, by volume, highest first;
 * 2. then the long-tail keywords with a search volume above 0, likewise;
 * 3. leaving out any keyword already listed (case and spacing ignored), so a long-tail keyword
 *    that repeats a listed primary one is not shown twice.
 * The filter comes before the dedupe: the table is "the keywords with volume above 0", and a
 * primary keyword without volume is not a row, so it does not hide a long-tail twin that has some.
 * Budget = volume × CPC × PPC_BUDGET_FACTOR, kept exact; every consumer shows it in whole dollars.
 * The budget by month (ppcBudgetByMonth) spreads the yearly budget (12 × the monthly one) over the
 * months as the keywords' searches × CPC fall, in whole dollars summing exactly to it.
 */
import { PPC_BUDGET_FACTOR } from "../constants.js";
import { csvCell } from "../format.js";
import type { KeywordEntry, KeywordIntent, KeywordResearchData } from "../schemas/keywords.js";
import type { DataGrade } from "../schemas/provenance.js";
import { MONTHS_IN_YEAR, peakMonth } from "./keywords/seasons.js";
import { MONTH_NAMES, splitByShares } from "./seasons.js";

/** Estimated monthly PPC budget of one keyword, the specification's formula: volume × CPC × 0.1, not rounded. */
export function ppcBudget(searchVolume: number, cpc: number): number {
  return searchVolume * cpc * PPC_BUDGET_FACTOR;
}

export interface PpcRow {
  keyword: string;
  searchVolume: number;
  cpc: number;
  /** volume × CPC × PPC_BUDGET_FACTOR, exact (shown in whole dollars). */
  budget: number;
  intent: KeywordIntent | null;
  /** Competition index 0–100, when the provider gives one. */
  competition: number | null;
  group: "primary" | "longTail";
  /** The keyword's searches in each month, January first (absent on older records). */
  monthlySearches: number[] | null;
  /** Measured (the provider's months) or modeled (its services' months); null without months. */
  monthlyGrade: DataGrade | null;
}

export interface PpcTable {
  rows: PpcRow[];
  /**
   * The monthly budget of every row: the result's estimatedMonthlyBudget when it states one,
   * else Σ row budgets rounded to whole dollars (the rule the keyword assembly uses).
   */
  totalBudget: number;
}

/** The text two keywords are compared by: case and spacing ignored. */
const sameText = (keyword: string) => keyword.trim().replace(/\s+/g, " ").toLowerCase();

const byVolume = (a: KeywordEntry, b: KeywordEntry) =>
  b.searchVolume - a.searchVolume || a.keyword.localeCompare(b.keyword);

export function ppcTable(data: KeywordResearchData | null | undefined): PpcTable {
  if (!data) return { rows: [], totalBudget: 0 };
  const seen = new Set<string>();
  const rows: PpcRow[] = [];
  const groups = [
    ["primary", data.keywordData.primaryKeywords],
    ["longTail", data.keywordData.longTailKeywords],
  ] as const;
  for (const [group, entries] of groups) {
    const listed = entries.filter((k) => k.searchVolume > 0).sort(byVolume);
    for (const entry of listed) {
      const key = sameText(entry.keyword);
      if (key === "" || seen.has(key)) continue;
      seen.add(key);
      rows.push({
        keyword: entry.keyword,
        searchVolume: entry.searchVolume,
        cpc: entry.cpc,
        budget: ppcBudget(entry.searchVolume, entry.cpc),
        intent: entry.intent ?? null,
        competition: entry.competition ?? null,
        group,
        monthlySearches: entry.monthlySearches ?? null,
        monthlyGrade: entry.monthlySearches ? (entry.monthlyGrade ?? null) : null,
      });
    }
  }
  const totalBudget =
    data.estimatedMonthlyBudget ?? Math.round(rows.reduce((sum, r) => sum + r.budget, 0));
  return { rows, totalBudget };
}

export interface PpcBudgetByMonth {
  /** Whole dollars per month, January first; they sum exactly to `yearly`. */
  months: number[];
  /** 12 × the table's monthly budget. */
  yearly: number;
  /** Rows whose own months weigh the split (the others count evenly over the year). */
  rowsWithMonths: number;
}

/**
 * The PPC budget by month: the yearly budget (12 × totalBudget) split over the months in
 * proportion to Σ rows of that month's searches × CPC (a row without months counts its monthly
 * volume in every month), largest remainder in whole dollars. Null when no row has months.
 */
export function ppcBudgetByMonth(table: PpcTable): PpcBudgetByMonth | null {
  const rowsWithMonths = table.rows.filter(
    (r) => r.monthlySearches?.length === MONTHS_IN_YEAR,
  ).length;
  if (rowsWithMonths === 0) return null;
  const weights = Array.from({ length: MONTHS_IN_YEAR }, (_, m) =>
    table.rows.reduce(
      (sum, r) => sum + ppcBudget(r.monthlySearches?.[m] ?? r.searchVolume, r.cpc),
      0,
    ),
  );
  const yearly = Math.round(table.totalBudget) * MONTHS_IN_YEAR;
  return { months: splitByShares(yearly, weights), yearly, rowsWithMonths };
}

/**
 * The PPC table as CSV (header line first, LF line ends): each keyword's figures, its peak month
 * and its searches in each month (January to December; empty on records without months), then
 * the grade of those months; the same rows and order as the results page and the PDF.
 */
export function ppcTableCsv(table: PpcTable): string {
  const header = [
    "keyword",
    "group",
    "intent",
    "searches_per_month",
    "cpc_usd",
    "ppc_budget_per_month_usd",
    "competition_index",
    "peak_month",
    ...MONTH_NAMES.map((m) => `searches_${m.slice(0, 3).toLowerCase()}`),
    "months_grade",
  ];
  const lines = table.rows.map((r) => {
    const peak = peakMonth(r.monthlySearches);
    return [
      r.keyword,
      r.group === "primary" ? "primary" : "long-tail",
      r.intent ?? "",
      r.searchVolume,
      r.cpc.toFixed(2),
      Math.round(r.budget),
      r.competition ?? "",
      peak === null ? "" : MONTH_NAMES[peak],
      ...(r.monthlySearches ?? Array(MONTHS_IN_YEAR).fill("")),
      r.monthlyGrade ?? "",
    ]
      .map(csvCell)
      .join(",");
  });
  return `${[header.join(","), ...lines].join("\n")}\n`;
}
