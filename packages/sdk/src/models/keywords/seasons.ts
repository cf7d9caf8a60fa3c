/**
 * Each keyword's searches month by month (pure, no I/O).
 *
 * - Measured: a provider's monthly figures (the 12 latest months, put in calendar order), scaled
 *   so the 12 months average to the keyword's listed monthly volume.
 * - Modeled: the months of the market services the keyword's searches follow (the profile's
 *   `seasonServices`: by intent and service group, or by term), weighted by their yearly jobs.
 * Either way the 12 months are whole searches summing exactly to 12 × the monthly volume
 * (largest remainder), so they average to it.
 */
import type { KeywordEntry, KeywordIntent, KeywordResearchData } from "../../schemas/keywords.js";
import type { MarketAnalysisData } from "../../schemas/market.js";
import type { FigureProvenance } from "../../schemas/provenance.js";
import { MONTHS, splitByShares } from "../seasons.js";
import type { KeywordProfile, KeywordServiceGroup } from "./profile.js";

/** Months in a year (the market model's MONTHS). */
export const MONTHS_IN_YEAR = MONTHS;

/** One month of a provider's figures: calendar year, month 1–12, searches (null: none given). */
export interface ProviderMonth {
  year: number;
  month: number;
  searches: number | null;
}

/**
 * A provider's monthly figures in calendar order (January first): the 12 latest months. Null
 * when they do not cover 12 different months with a figure each.
 */
export function calendarMonths(
  months: readonly ProviderMonth[] | null | undefined,
): number[] | null {
  if (!months || months.length < MONTHS_IN_YEAR) return null;
  const latest = [...months]
    .filter((m) => Number.isInteger(m.month) && m.month >= 1 && m.month <= MONTHS_IN_YEAR)
    .sort((a, b) => b.year * 12 + b.month - (a.year * 12 + a.month))
    .slice(0, MONTHS_IN_YEAR);
  const out: (number | null)[] = Array(MONTHS_IN_YEAR).fill(null);
  for (const m of latest) {
    if (m.searches === null || !Number.isFinite(m.searches) || m.searches < 0) return null;
    out[m.month - 1] = m.searches;
  }
  return out.every((v) => v !== null) ? (out as number[]) : null;
}

/** 12 whole monthly searches in the shape of `shape`, averaging exactly to `monthlyVolume`. */
export function monthlyVolumes(monthlyVolume: number, shape: readonly number[]): number[] {
  return splitByShares(Math.round(monthlyVolume * MONTHS_IN_YEAR), shape);
}

/** The month (0 = January) with the most searches; the earliest on a tie; null without any. */
export function peakMonth(monthly: readonly number[] | null | undefined): number | null {
  if (!monthly || monthly.length !== MONTHS_IN_YEAR) return null;
  let best = 0;
  for (let i = 1; i < MONTHS_IN_YEAR; i++) if ((monthly[i] ?? 0) > (monthly[best] ?? 0)) best = i;
  return (monthly[best] ?? 0) > 0 ? best : null;
}

/** A market service's year: its yearly jobs and the share of them in each month (January first). */
export interface ServiceMonths {
  serviceId: string;
  annualJobs: number;
  /** 12 shares summing to 1. */
  monthShares: readonly number[];
}

/** The profile's terms, longest first, each with its service group. */
function termsOf(profile: KeywordProfile): { term: string; group: KeywordServiceGroup }[] {
  const seen = new Map<string, KeywordServiceGroup>();
  for (const intent of profile.intents)
    for (const family of intent.families)
      for (const t of family.terms) if (!seen.has(t.term)) seen.set(t.term, t.group);
  return [...seen.entries()]
    .map(([term, group]) => ({ term, group }))
    .sort((a, b) => b.term.length - a.term.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The taxonomy term a keyword names (the longest one it contains as words), or null. */
export function keywordTerm(
  keyword: string,
  profile: KeywordProfile,
): { term: string; group: KeywordServiceGroup } | null {
  const text = ` ${keyword.toLowerCase()} `;
  return (
    termsOf(profile).find((t) => new RegExp(`[^a-z]${escapeRegExp(t.term)}[^a-z]`).test(text)) ??
    null
  );
}

/** Which market services a keyword's searches follow, with weights (empty: the profile says none). */
export function keywordServices(
  keyword: string,
  intent: KeywordIntent | undefined,
  profile: KeywordProfile,
): Readonly<Record<string, number>> {
  const rule = profile.seasonServices;
  if (!rule) return {};
  const term = keywordTerm(keyword, profile);
  const byTerm = term ? rule.byTerm?.[term.term] : undefined;
  if (byTerm) return byTerm;
  const byGroup = intent ? rule.byIntent[intent] : undefined;
  return byGroup?.[term?.group ?? "general"] ?? byGroup?.general ?? {};
}

/**
 * A keyword's share of searches in each month: the job-weighted months of the services it
 * follows (all the market's services when those have no jobs here). Null without service months.
 */
export function keywordMonthShares(
  keyword: string,
  intent: KeywordIntent | undefined,
  profile: KeywordProfile,
  services: readonly ServiceMonths[],
): number[] | null {
  const usable = services.filter(
    (s) => s.monthShares.length === MONTHS_IN_YEAR && s.annualJobs > 0,
  );
  if (usable.length === 0) return null;
  const mix = (weightOf: (s: ServiceMonths) => number) => {
    const out = Array<number>(MONTHS_IN_YEAR).fill(0);
    let total = 0;
    for (const s of usable) {
      const w = weightOf(s) * s.annualJobs;
      if (!(w > 0)) continue;
      total += w;
      for (let m = 0; m < MONTHS_IN_YEAR; m++) out[m] = (out[m] ?? 0) + w * (s.monthShares[m] ?? 0);
    }
    return total > 0 ? out.map((v) => v / total) : null;
  };
  const followed = keywordServices(keyword, intent, profile);
  const shares = mix((s) => followed[s.serviceId] ?? 0) ?? mix(() => 1);
  // Searches swing less than jobs: part of them spread evenly over the year.
  const even = profile.seasonServices?.evenShare?.value ?? 0;
  return shares && even > 0
    ? shares.map((share) => (1 - even) * share + even / MONTHS_IN_YEAR)
    : shares;
}

export interface KeywordSeasonsInput {
  profile: KeywordProfile;
  /** The market's services by month (the analysis' monthly figures). */
  services: readonly ServiceMonths[];
  /** Where the services' months come from (the analysis' monthly provenance). */
  source: { source: string; vintage: string };
}

/**
 * What the keywords' months follow in a market: its services' months from the analysis record
 * (`seasons`, with their source). Null for a record without them (older, or without climate data).
 */
export function keywordSeasonsOf(
  market: Pick<MarketAnalysisData, "seasons"> | null | undefined,
  profile: KeywordProfile,
): KeywordSeasonsInput | null {
  const seasons = market?.seasons;
  if (!seasons || seasons.services.length === 0) return null;
  return {
    profile,
    services: seasons.services.map((s) => ({
      serviceId: s.serviceId,
      annualJobs: s.jobs.reduce((sum, j) => sum + j, 0),
      monthShares: s.shares,
    })),
    source: { source: seasons.provenance.source, vintage: seasons.provenance.vintage },
  };
}

const withMonths = (
  entries: readonly KeywordEntry[],
  input: KeywordSeasonsInput,
): { entries: KeywordEntry[]; modeled: number } => {
  let modeled = 0;
  const out = entries.map((e) => {
    if (e.monthlySearches) return e;
    const shares = keywordMonthShares(e.keyword, e.intent, input.profile, input.services);
    if (!shares) return e;
    modeled += 1;
    return {
      ...e,
      monthlySearches: monthlyVolumes(e.searchVolume, shares),
      monthlyGrade: "modeled" as const,
    };
  });
  return { entries: out, modeled };
};

/**
 * Keyword research with every listed keyword's 12 months: the provider's (measured) where the
 * assembly kept them, else the months of the keyword's services in this market (modeled).
 */
export function withKeywordSeasons(
  data: KeywordResearchData,
  input: KeywordSeasonsInput,
): KeywordResearchData {
  const primary = withMonths(data.keywordData.primaryKeywords, input);
  const longTail = withMonths(data.keywordData.longTailKeywords, input);
  const modeledCount = primary.modeled + longTail.modeled;
  const modeled: FigureProvenance | null =
    modeledCount > 0
      ? {
          source: `BIS keyword model over this market's monthly jobs (${input.source.source})`,
          vintage: input.source.vintage,
          grade: "modeled",
          method: `The keyword's monthly volume × 12, spread over the months as its services' jobs are (weighted by their yearly jobs): ${input.profile.seasonServices?.describe ?? "all the market's services"}${input.profile.seasonServices?.evenShare ? `; ${input.profile.seasonServices.evenShare.source}` : ""}; whole searches, largest remainder, so the 12 months average to the monthly volume; ${modeledCount} keywords`,
        }
      : null;
  return {
    ...data,
    keywordData: {
      ...data.keywordData,
      primaryKeywords: primary.entries,
      longTailKeywords: longTail.entries,
    },
    seasonality: { measured: data.seasonality?.measured ?? null, modeled },
  };
}

/** Every keyword entry that has 12 monthly figures, and how many of them by grade. */
export function keywordSeasonCounts(data: KeywordResearchData | null | undefined): {
  withMonths: number;
  measured: number;
  modeled: number;
} {
  const all = [
    ...(data?.keywordData.primaryKeywords ?? []),
    ...(data?.keywordData.longTailKeywords ?? []),
  ].filter((k) => k.monthlySearches?.length === MONTHS_IN_YEAR);
  const measured = all.filter((k) => k.monthlyGrade === "measured").length;
  return { withMonths: all.length, measured, modeled: all.length - measured };
}
