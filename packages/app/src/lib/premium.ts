/**
 * Pure helpers of the premium sections (specification §2 sections 2 and 3, §5, §9): the cities
 * keyword research runs for, the PPC opportunities table, and the optional extras the server
 * may add to the stored results (provenance, sample labels, intent, assumptions), read
 * defensively because the stored data is a loose object.
 */
import {
  type Analysis,
  type AssumptionUnit,
  type CompetitionAnalysisData,
  type Competitor,
  type FigureProvenance,
  figureProvenanceSchema,
  type KeywordEntry,
  type KeywordResearchData,
  keywordCities as modelKeywordCities,
  PPC_BUDGET_FACTOR,
  type Provenance,
  provenanceSchema,
} from "@bis/sdk";
import { formatAssumptionValue, NOT_AVAILABLE } from "./format";

/** What competition level and market saturation read when the data has none (§2). */
export const DEFAULT_LEVEL = "Medium";

/** Rows the PPC table shows before "Show all". */
export const PPC_TABLE_INITIAL_ROWS = 50;

/* ------------------------------------------------------------------ cities */

/**
 * The cities keyword research processes (§5): the target city plus the city-breakdown names,
 * each once, as the SDK's keyword model picks them (the server runs the same function, so the
 * "Processing {n} cities" toast says what the server does, capped at MAX_KEYWORD_CITIES).
 */
export function keywordCities(analysis: Analysis): string[] {
  const market = analysis.marketAnalysisData;
  return market ? modelKeywordCities(market).cities.map((c) => c.name) : [];
}

/* ------------------------------------------------------------------ PPC table */

/** Estimated monthly PPC budget of a keyword (§9): volume × CPC × 0.1, in whole dollars. */
export function ppcBudget(searchVolume: number, cpc: number): number {
  return Math.round(searchVolume * cpc * PPC_BUDGET_FACTOR);
}

/** CPC to two decimals (§9) and budgets in whole dollars, as the PDF report writes them. */
export { formatCpc, formatWholeDollars } from "@bis/sdk";

export interface PpcRow {
  keyword: string;
  searchVolume: number;
  cpc: number;
  budget: number;
  /** The search intent, when the provider says (emergency, repair, "near me", …). */
  intent: string | null;
  group: "primary" | "longTail";
}

const normalize = (keyword: string) => keyword.trim().replace(/\s+/g, " ").toLowerCase();

/** The intent as words: "near-me" → "near me". */
function intentOf(entry: KeywordEntry): string | null {
  const intent = (entry as { intent?: unknown }).intent;
  return typeof intent === "string" && intent.trim() ? intent.trim().replace(/-/g, " ") : null;
}

function byVolume(a: KeywordEntry, b: KeywordEntry): number {
  return b.searchVolume - a.searchVolume || a.keyword.localeCompare(b.keyword);
}

/**
 * The PPC opportunities table (§2, §9): the primary keywords with a search volume above 0,
 * sorted by volume descending, then the long-tail keywords likewise, leaving out any keyword
 * already listed (case and spacing ignored).
 */
export function ppcRows(data: KeywordResearchData | null | undefined): PpcRow[] {
  if (!data) return [];
  const seen = new Set<string>();
  const rows: PpcRow[] = [];
  const groups = [
    ["primary", data.keywordData.primaryKeywords],
    ["longTail", data.keywordData.longTailKeywords],
  ] as const;
  for (const [group, entries] of groups) {
    const listed = entries
      .filter((k) => Number.isFinite(k.searchVolume) && k.searchVolume > 0)
      .sort(byVolume);
    for (const entry of listed) {
      const key = normalize(entry.keyword);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      rows.push({
        keyword: entry.keyword,
        searchVolume: entry.searchVolume,
        cpc: entry.cpc,
        budget: ppcBudget(entry.searchVolume, entry.cpc),
        intent: intentOf(entry),
        group,
      });
    }
  }
  return rows;
}

/* ------------------------------------------------------------------ optional extras */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A provenance object, when the value is one. */
export function asProvenance(value: unknown): FigureProvenance | Provenance | null {
  const figure = figureProvenanceSchema.safeParse(value);
  if (figure.success) return figure.data;
  const plain = provenanceSchema.safeParse(value);
  return plain.success ? plain.data : null;
}

/**
 * One provenance out of a result's `provenance` extra: the extra itself when it is a single
 * provenance, else the first of `keys` that holds one.
 */
export function pickProvenance(
  extra: unknown,
  ...keys: string[]
): FigureProvenance | Provenance | null {
  const whole = asProvenance(extra);
  if (whole) return whole;
  if (!isRecord(extra)) return null;
  for (const key of keys) {
    const found = asProvenance(extra[key]);
    if (found) return found;
  }
  return null;
}

/** Every provenance a result's `provenance` extra holds. */
function allProvenance(extra: unknown): (FigureProvenance | Provenance)[] {
  const whole = asProvenance(extra);
  if (whole) return [whole];
  if (!isRecord(extra)) return [];
  return Object.values(extra)
    .map(asProvenance)
    .filter((p): p is FigureProvenance | Provenance => p !== null);
}

export interface KeywordAssumption {
  label: string;
  value: string;
  source: string | null;
}

const ASSUMPTION_UNITS = new Set<string>(["usd", "years", "share", "rate"]);

/** The keyword model's assumptions, when the result lists them (strings or labelled values). */
export function keywordAssumptions(data: KeywordResearchData): KeywordAssumption[] {
  const raw = (data as { assumptions?: unknown }).assumptions;
  if (!Array.isArray(raw)) return [];
  const out: KeywordAssumption[] = [];
  for (const item of raw) {
    if (typeof item === "string" && item.trim()) {
      out.push({ label: item.trim(), value: "", source: null });
    } else if (isRecord(item)) {
      const label = item.label ?? item.name ?? item.key;
      if (typeof label !== "string" || !label) continue;
      const { value, unit } = item;
      let shown = "";
      if (typeof value === "number" && typeof unit === "string" && ASSUMPTION_UNITS.has(unit)) {
        shown = formatAssumptionValue(unit as AssumptionUnit, value);
      } else if (typeof value === "number") {
        shown = `${value.toLocaleString("en-US", { maximumFractionDigits: 4 })}${typeof unit === "string" && unit ? ` ${unit}` : ""}`;
      } else if (typeof value === "string") {
        shown = value;
      }
      const source = item.source ?? item.basis;
      out.push({ label, value: shown, source: typeof source === "string" ? source : null });
    }
  }
  return out;
}

/** The provider's estimate of the monthly PPC budget, when it sends one. */
export function estimatedMonthlyBudget(data: KeywordResearchData): number | null {
  const value = (data as { estimatedMonthlyBudget?: unknown }).estimatedMonthlyBudget;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The keyword provider's name, when the result says (a name, or `{ label }`). */
export function keywordProvider(data: KeywordResearchData): string | null {
  const value = (data as { provider?: unknown }).provider;
  if (typeof value === "string" && value) return value;
  if (isRecord(value) && typeof value.label === "string" && value.label) return value.label;
  return null;
}

/** How many cities the keywords were researched for, when the result lists them. */
export function citiesAnalyzed(data: KeywordResearchData): number | null {
  const value = (data as { citiesAnalyzed?: unknown }).citiesAnalyzed;
  return Array.isArray(value) ? value.length : null;
}

export function competitorSource(competitor: Competitor): string | null {
  const source = (competitor as Competitor & { source?: unknown }).source;
  return typeof source === "string" && source ? source : null;
}

/**
 * Whether the competitors are sample data (demo mode): the result says so, a competitor's
 * source is "sample", or its provenance is graded sample.
 */
export function isSampleCompetition(data: CompetitionAnalysisData): boolean {
  if ((data as { sampleData?: unknown }).sampleData === true) return true;
  if (data.competitors.some((c) => competitorSource(c) === "sample")) return true;
  return allProvenance((data as { provenance?: unknown }).provenance).some(
    (p) => p.grade === "sample",
  );
}

/** Whether a finished competition analysis has nothing to show (§2: "not available"). */
export function isEmptyCompetition(data: CompetitionAnalysisData | null | undefined): boolean {
  return !data || (data.competitors.length === 0 && !(data.totalCompetitors > 0));
}

/** The market leader's row: the competitor named as leader, else one positioned as leader. */
export function isLeader(competitor: Competitor, data: CompetitionAnalysisData): boolean {
  if (data.marketLeader) return competitor.name === data.marketLeader;
  return /leader/i.test(competitor.position);
}

/** The saturation metric as words: "4.2 competitors per 10,000 households (Low below 2, High from 6)". */
export function saturationDetail(data: CompetitionAnalysisData): string | null {
  const metric = (data as { saturationMetric?: unknown }).saturationMetric;
  const perTenK = (value: number) =>
    `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} competitors per 10,000 households`;
  if (typeof metric === "number" && Number.isFinite(metric)) return perTenK(metric);
  if (typeof metric === "string" && metric) return metric;
  if (!isRecord(metric)) return null;
  const value = metric.competitorsPer10kHouseholds ?? metric.value;
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  let text = `${metric.lowerBound === true ? "At least " : ""}${perTenK(value)}`;
  const t = metric.thresholds;
  if (isRecord(t) && typeof t.low === "number" && typeof t.high === "number") {
    text += ` (Low below ${t.low.toLocaleString("en-US")}, High from ${t.high.toLocaleString("en-US")})`;
  }
  return text;
}

/** A component weight as a whole percent, whether sent as a fraction (0.4) or a percent (40). */
export function weightPercent(weight: number): string {
  if (!Number.isFinite(weight)) return NOT_AVAILABLE;
  const pct = weight <= 1 ? weight * 100 : weight;
  return `${Math.round(pct)}%`;
}

export interface ProviderRun {
  label: string;
  ok: boolean;
  withinRadius: number | null;
  message: string | null;
}

/** What each competitor provider contributed, when the result says. */
export function competitorProviderRuns(data: CompetitionAnalysisData): ProviderRun[] {
  const raw = (data as { providers?: unknown }).providers;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).flatMap((run) => {
    const label = run.label ?? run.source;
    if (typeof label !== "string" || !label) return [];
    return [
      {
        label,
        ok: run.status !== "failed",
        withinRadius: typeof run.withinRadius === "number" ? run.withinRadius : null,
        message: typeof run.message === "string" && run.message ? run.message : null,
      },
    ];
  });
}
