/**
 * The embedded keyword model (no I/O): every keyword of a profile's taxonomy for the cities of a
 * market, with its modeled monthly volume, CPC and competition index.
 *
 * Modeled monthly volume of one keyword =
 *   households × intent search rate × family weight × service-group share × term weight
 *   × phrasing share
 * where households are the city's own (phrasings with a city) or the whole service area's
 * (phrasings without one). CPC = the industry's published average CPC × intent multiplier.
 * Every rate, multiplier and index is a named assumption (see docs/methodology.md).
 */
import { type CensusRegion, censusRegionOf } from "../../constants.js";
import { KEYWORD_PROFILES } from "../../industries/keywords.js";
import { defaultIndustry, industryLabel } from "../../industries.js";
import type {
  KeywordAssumption,
  KeywordIntent,
  KeywordProvenance,
  KeywordResearchData,
} from "../../schemas/keywords.js";
import { assumptionValues, resolveAssumptionDefinitions } from "../market.js";
import { assembleKeywordResearch, type KeywordMetric, keywordCityLimit } from "./assemble.js";
import { type KeywordMarketInput, keywordCities, targetOf } from "./cities.js";
import type {
  KeywordCity,
  KeywordFamily,
  KeywordProfile,
  KeywordServiceGroup,
  KeywordTerm,
} from "./profile.js";
import { fmt, keywordText, money, round2 } from "./text.js";

/**
 * The cooling share of service-specific searches from the market's own jobs: cooling jobs ÷
 * (cooling + heating jobs), each service weighted as the profile's `jobShare` says. Null without
 * those services (or a profile without `jobShare`).
 */
export function coolingSearchShare(
  services: readonly { serviceId?: string; annualJobs: number }[] | undefined,
  profile: Pick<KeywordProfile, "jobShare">,
): { value: number; cooling: number; heating: number } | null {
  const groups = profile.jobShare?.groups;
  if (!groups) return null;
  let cooling = 0;
  let heating = 0;
  for (const s of services ?? []) {
    cooling += s.annualJobs * (groups.cooling[s.serviceId ?? ""] ?? 0);
    heating += s.annualJobs * (groups.heating[s.serviceId ?? ""] ?? 0);
  }
  return cooling + heating > 0 ? { value: cooling / (cooling + heating), cooling, heating } : null;
}

/**
 * The profile's keyword assumptions for a census region, with overrides applied and checked.
 * With the market's services, the cooling share of searches follows its jobs (basis "derived").
 */
export function resolveKeywordAssumptions(
  profile: KeywordProfile,
  region: CensusRegion,
  overrides: Record<string, number> = {},
  services?: readonly { serviceId?: string; annualJobs: number }[],
): KeywordAssumption[] {
  const share = coolingSearchShare(services, profile);
  const definitions = share
    ? profile.assumptions.map((def) =>
        def.key === profile.jobShare?.key
          ? {
              ...def,
              value: Math.round(share.value * 1000) / 1000,
              basis: "derived" as const,
              source: `This market's jobs (market analysis): ${fmt(Math.round(share.cooling))} cooling jobs (${profile.jobShare?.describe}) of ${fmt(Math.round(share.cooling + share.heating))} cooling and heating jobs a year; searches follow jobs (BIS estimate)`,
            }
          : def,
      )
    : profile.assumptions;
  return resolveAssumptionDefinitions(definitions, region, overrides);
}

/* ------------------------------------------------------------------ taxonomy expansion */

export interface KeywordCandidate {
  keyword: string;
  intent: KeywordIntent;
  /** The city the keyword names; null for keywords without a city ("ac repair near me"). */
  city: KeywordCity | null;
  /** Modeled monthly searches before rounding. */
  modeledVolume: number;
}

function fill(template: string, service: string, city: KeywordCity | null): string {
  return keywordText(
    template
      .replace("{service}", service)
      .replace("{city}", city?.keywordName ?? "")
      .replace("{st}", (city?.state ?? "").toLowerCase()),
  );
}

/** Share of each term within its family: group share × normalized term weight. */
function termShares(family: KeywordFamily, coolingShare: number): Map<KeywordTerm, number> {
  const groups = new Set(family.terms.map((x) => x.group));
  const raw: Record<KeywordServiceGroup, number> = {
    general: groups.has("general") ? family.generalShare : 0,
    cooling: groups.has("cooling") ? (1 - family.generalShare) * coolingShare : 0,
    heating: groups.has("heating") ? (1 - family.generalShare) * (1 - coolingShare) : 0,
  };
  const total = raw.general + raw.cooling + raw.heating;
  const weightOf = (g: KeywordServiceGroup) =>
    family.terms.filter((x) => x.group === g).reduce((s, x) => s + x.weight, 0);
  const out = new Map<KeywordTerm, number>();
  for (const term of family.terms) {
    const groupWeight = weightOf(term.group);
    out.set(
      term,
      total > 0 && groupWeight > 0 ? (raw[term.group] / total) * (term.weight / groupWeight) : 0,
    );
  }
  return out;
}

/**
 * Every keyword of the taxonomy for these cities, deduplicated (same text: volumes add up,
 * the first intent is kept), with its modeled monthly volume.
 */
export function expandKeywordTaxonomy(
  profile: KeywordProfile,
  cities: readonly KeywordCity[],
  areaHouseholds: number,
  assumptions: readonly KeywordAssumption[],
): KeywordCandidate[] {
  const value = assumptionValues(assumptions);
  const coolingShare = value("keywords.share.cooling");
  const byText = new Map<string, KeywordCandidate>();
  const add = (keyword: string, intent: KeywordIntent, city: KeywordCity | null, v: number) => {
    const existing = byText.get(keyword);
    if (existing) existing.modeledVolume += v;
    else byText.set(keyword, { keyword, intent, city, modeledVolume: v });
  };
  for (const intent of profile.intents) {
    const intentRate = value(`keywords.rate.${intent.id}`);
    for (const family of intent.families) {
      const shares = termShares(family, coolingShare);
      for (const term of family.terms) {
        const perHousehold = intentRate * family.weight * (shares.get(term) ?? 0);
        for (const phrasing of family.phrasings) {
          const rate = perHousehold * phrasing.share;
          if (phrasing.template.includes("{city}")) {
            for (const city of cities) {
              add(
                fill(phrasing.template, term.term, city),
                intent.id,
                city,
                (city.households ?? 0) * rate,
              );
            }
          } else {
            add(fill(phrasing.template, term.term, null), intent.id, null, areaHouseholds * rate);
          }
        }
      }
    }
  }
  return [...byText.values()];
}

/* ------------------------------------------------------------------ the embedded model */

export interface KeywordModelInput {
  market: KeywordMarketInput;
  /** Industry of the analysis (default: the market data's). */
  industry?: string;
  /** The keyword profile (default: the industry's, from KEYWORD_PROFILES). */
  profile?: KeywordProfile;
  maxCities?: number;
  overrides?: Record<string, number>;
}

export interface KeywordModelResult {
  cities: KeywordCity[];
  /** Cities that could have been analyzed (before the cap). */
  citiesAvailable: number;
  candidates: KeywordCandidate[];
  metrics: KeywordMetric[];
  assumptions: KeywordAssumption[];
  provenance: KeywordProvenance;
}

export class KeywordModelError extends Error {
  override readonly name = "KeywordModelError";
}

/** The keyword profile of an industry (the default industry's when none is given), or an error naming it. */
export function keywordProfileFor(
  industry: string | undefined,
  profiles: Readonly<Record<string, KeywordProfile>> = KEYWORD_PROFILES,
): KeywordProfile {
  const profile = profiles[industry ?? defaultIndustry()];
  if (!profile)
    throw new KeywordModelError(`Keyword research is not available for ${industry} yet`);
  return profile;
}

/** The embedded model's figures for every keyword of the taxonomy (before assembly). */
export function modelKeywords(input: KeywordModelInput): KeywordModelResult {
  const { market } = input;
  const profile = input.profile ?? keywordProfileFor(input.industry ?? market.requestIndustry);
  const region =
    (market.region as CensusRegion | undefined) ?? censusRegionOf(targetOf(market)?.state);
  const assumptions = resolveKeywordAssumptions(
    profile,
    region,
    input.overrides,
    market.serviceBreakdown,
  );
  const value = (key: string) => assumptions.find((a) => a.key === key)?.value ?? 0;
  const { cities, available } = keywordCities(market, input.maxCities);
  const areaHouseholds = market.households ?? cities.reduce((s, c) => s + (c.households ?? 0), 0);
  const candidates = expandKeywordTaxonomy(profile, cities, areaHouseholds, assumptions);
  const baseCpc = value("keywords.cpc.average");
  const metrics = candidates.map((c) => ({
    keyword: c.keyword,
    intent: c.intent,
    searchVolume: c.modeledVolume,
    cpc: round2(baseCpc * value(`keywords.cpcMultiplier.${c.intent}`)),
    competition: value(`keywords.competition.${c.intent}`),
  }));
  const source = market.dataSource;
  const capped =
    available > cities.length
      ? `${cities.length} of ${available} cities (the target, then the most populous)`
      : `${cities.length} ${cities.length === 1 ? "city" : "cities"}`;
  return {
    cities,
    citiesAvailable: available,
    candidates,
    metrics,
    assumptions,
    provenance: {
      searchVolume: {
        source: `BIS embedded keyword model: households from the market analysis${source ? ` (${source.label})` : ""} × per-household monthly search rates (BIS estimates)`,
        vintage: source?.vintage ?? "",
        grade: "modeled",
        method: `Households × intent search rate × service-term share × phrasing share (taxonomy in the methodology); city-named keywords use the city's households, the others the ${fmt(areaHouseholds)} households of the service area; ${capped}; rounded to the nearest 10, keywords under 10 searches a month not listed`,
      },
      cpc: {
        source: profile.averageCpc.source,
        vintage: profile.averageCpc.vintage,
        grade: "modeled",
        method: `Published ${industryLabel(profile.industry)} average CPC ${money(baseCpc)} × intent multiplier (BIS estimates); the same in every city`,
      },
    },
  };
}

/** The embedded model end to end: market data in, KeywordResearchData out. */
export function computeKeywordResearch(input: KeywordModelInput): KeywordResearchData {
  const model = modelKeywords(input);
  return assembleKeywordResearch({
    metrics: model.metrics,
    cities: model.cities,
    provider: { id: "embedded", label: "BIS embedded keyword model", grade: "modeled" },
    provenance: model.provenance,
    assumptions: model.assumptions,
    limits: keywordCityLimit(model.cities.length, model.citiesAvailable),
  });
}
