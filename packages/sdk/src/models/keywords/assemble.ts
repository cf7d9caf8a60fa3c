/**
 * Any provider's keyword figures assembled into the spec's KeywordResearchData: dedupe, round,
 * list, split head terms from the long tail, summarize, recommend; and what the counts measure.
 */
import type {
  KeywordAssumption,
  KeywordCityAnalyzed,
  KeywordEntry,
  KeywordIntent,
  KeywordLimit,
  KeywordProvenance,
  KeywordResearchData,
} from "../../schemas/keywords.js";
import { ppcBudget } from "../ppc-table.js";
import type { KeywordCity, KeywordProviderInfo } from "./profile.js";
import { MAX_KEYWORD_CITIES, MIN_LISTED_VOLUME } from "./profile.js";
import { keywordRecommendations } from "./recommendations.js";
import { MONTHS_IN_YEAR, monthlyVolumes } from "./seasons.js";
import {
  fmt,
  isHeadTerm,
  keywordCompetitionLevel,
  keywordText,
  round2,
  roundSearchVolume,
} from "./text.js";

/* ------------------------------------------------------------------ assembly */

/** One keyword's figures, from any provider. */
export interface KeywordMetric {
  keyword: string;
  intent: KeywordIntent;
  /** Monthly searches (any precision; rounded on assembly). */
  searchVolume: number;
  /** Dollars per click. */
  cpc: number;
  /** Competition index 0–100; null when unknown. */
  competition: number | null;
  /** The provider's searches in each month, January first (calendarMonths); absent: none. */
  monthlySearches?: readonly number[] | null;
}

export interface AssembleKeywordInput {
  metrics: readonly KeywordMetric[];
  cities: readonly KeywordCity[];
  provider: KeywordProviderInfo;
  provenance: KeywordProvenance;
  assumptions?: KeywordAssumption[];
  /** The limits that applied to the run (cities left out, keyword ideas cut off). */
  limits?: KeywordLimit[];
}

const byVolume = (a: KeywordEntry, b: KeywordEntry) =>
  b.searchVolume - a.searchVolume || a.keyword.localeCompare(b.keyword);

/**
 * Turns any provider's figures into KeywordResearchData: dedupe (same text: volumes add up),
 * round volumes to 10, list only volumes ≥ 10, split head terms from the long tail, summarize,
 * and write the recommendations (rules in docs/methodology.md).
 */
export function assembleKeywordResearch(input: AssembleKeywordInput): KeywordResearchData {
  const merged = new Map<string, KeywordMetric>();
  for (const m of input.metrics) {
    const keyword = keywordText(m.keyword);
    if (keyword === "") continue;
    const existing = merged.get(keyword);
    if (existing) {
      const total = existing.searchVolume + m.searchVolume;
      // Same text from two sources (two same-named cities, two location batches): volumes add
      // up, CPC and competition are volume-weighted.
      if (total > 0) {
        existing.cpc = (existing.cpc * existing.searchVolume + m.cpc * m.searchVolume) / total;
        if (existing.competition !== null && m.competition !== null)
          existing.competition =
            (existing.competition * existing.searchVolume + m.competition * m.searchVolume) / total;
        else existing.competition ??= m.competition;
      }
      existing.searchVolume = total;
      // Months add up when both have them; otherwise the sum has no monthly shape.
      existing.monthlySearches =
        existing.monthlySearches && m.monthlySearches
          ? existing.monthlySearches.map((v, i) => v + (m.monthlySearches?.[i] ?? 0))
          : null;
    } else {
      merged.set(keyword, { ...m, keyword });
    }
  }

  const listed: KeywordEntry[] = [];
  for (const m of merged.values()) {
    const searchVolume = roundSearchVolume(m.searchVolume);
    if (searchVolume < MIN_LISTED_VOLUME) continue;
    const months = m.monthlySearches;
    const measuredMonths =
      months?.length === MONTHS_IN_YEAR && months.some((v) => v > 0)
        ? {
            monthlySearches: monthlyVolumes(searchVolume, months),
            monthlyGrade: "measured" as const,
          }
        : {};
    listed.push({
      keyword: m.keyword,
      searchVolume,
      cpc: round2(Math.max(0, m.cpc)),
      intent: m.intent,
      competition: m.competition === null ? null : Math.round(m.competition),
      ...measuredMonths,
    });
  }
  const measuredMonths = listed.filter((k) => k.monthlyGrade === "measured").length;
  listed.sort(byVolume);

  const primaryKeywords = listed.filter((k) => isHeadTerm(k.keyword, input.cities));
  const longTailKeywords = listed.filter((k) => !isHeadTerm(k.keyword, input.cities));

  const totalVolume = listed.reduce((s, k) => s + k.searchVolume, 0);
  const avgSearchVolume = listed.length > 0 ? Math.round(totalVolume / listed.length) : 0;
  const avgCPC =
    listed.length > 0 ? round2(listed.reduce((s, k) => s + k.cpc, 0) / listed.length) : 0;
  const withIndex = listed.filter((k) => k.competition != null && k.searchVolume > 0);
  const indexVolume = withIndex.reduce((s, k) => s + k.searchVolume, 0);
  const competitionIndex =
    indexVolume > 0
      ? withIndex.reduce((s, k) => s + (k.competition ?? 0) * k.searchVolume, 0) / indexVolume
      : null;
  const estimatedMonthlyBudget = Math.round(
    listed.reduce((s, k) => s + ppcBudget(k.searchVolume, k.cpc), 0),
  );

  const cityHouseholds = (c: KeywordCity): KeywordCityAnalyzed => ({
    name: c.name,
    ...(c.state ? { state: c.state } : {}),
    households: c.households,
    target: c.target,
  });

  return {
    totalKeywords: merged.size,
    keywordData: {
      summary: {
        avgSearchVolume,
        avgCPC,
        competitionLevel:
          competitionIndex === null ? "Unknown" : keywordCompetitionLevel(competitionIndex),
        keywordsWithVolume: listed.length,
      },
      primaryKeywords,
      longTailKeywords,
      recommendations: keywordRecommendations({
        listed,
        cities: input.cities,
        avgCPC,
        estimatedMonthlyBudget,
        provider: input.provider,
      }),
    },
    provider: input.provider,
    provenance: input.provenance,
    ...(input.assumptions ? { assumptions: input.assumptions } : {}),
    estimatedMonthlyBudget,
    citiesAnalyzed: input.cities.map(cityHouseholds),
    limits: input.limits ? [...input.limits] : [],
    ...(measuredMonths > 0
      ? {
          seasonality: {
            measured: {
              ...input.provenance.searchVolume,
              method: `The provider's searches in each of the 12 latest months, put in calendar order and scaled so the 12 months average to the keyword's monthly volume (whole searches, largest remainder); ${measuredMonths} keywords`,
            },
            modeled: null,
          },
        }
      : {}),
  };
}

/** Who picks the cities keyword research covers (the SDK's keywordCities). */
export const KEYWORD_CITY_LIMIT_BY = `the BIS keyword model (at most ${MAX_KEYWORD_CITIES}: the target city, then the most populous)`;

/** The city limit of a run, when the service area had more cities than it covered. */
export function keywordCityLimit(
  covered: number,
  available: number,
  by: string = KEYWORD_CITY_LIMIT_BY,
): KeywordLimit[] {
  return available > covered ? [{ subject: "cities", kept: covered, available, by }] : [];
}

export interface KeywordCounts {
  /** Unique keywords researched. */
  researched: number;
  /** Keywords with a monthly search volume of at least MIN_LISTED_VOLUME (the listed ones). */
  withVolume: number;
  /** "1,234 with search volume (10 or more searches a month)". */
  withVolumeText: string;
  /** One sentence per limit that applied: "Limited to the first 15 of 42 cities by …". */
  limits: string[];
}

const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;

/**
 * What the keyword counts measure, in words the page, the PDF and the CLI all print: how many
 * keywords were researched, how many have search volume, and where a limit applied (so that a
 * count set by a cap is never read as the size of the market).
 */
export function keywordCounts(data: KeywordResearchData): KeywordCounts {
  const withVolume = data.keywordData.summary.keywordsWithVolume;
  const limits = (data.limits ?? []).map((limit) => {
    const noun =
      limit.subject === "cities" ? ["city", "cities"] : ["keyword idea", "keyword ideas"];
    const [one, many] = noun as [string, string];
    const of =
      limit.available !== null && limit.available > limit.kept
        ? `the first ${fmt(limit.kept)} of ${plural(limit.available, one, many)}`
        : `the first ${plural(limit.kept, one, many)}`;
    return `Limited to ${of} by ${limit.by}.`;
  });
  return {
    researched: data.totalKeywords,
    withVolume,
    withVolumeText: `${fmt(withVolume)} with search volume (${MIN_LISTED_VOLUME} or more searches a month)`,
    limits,
  };
}
