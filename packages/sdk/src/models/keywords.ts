/**
 * Keyword research, as pure functions (no I/O): the embedded keyword model and the assembly of
 * any provider's figures into the spec's KeywordResearchData.
 *
 * Taxonomy: intent × family × service term × phrasing × city. A phrasing either names a city
 * ("ac repair {city}") or not ("ac repair near me", "furnace replacement cost").
 *
 * Modeled monthly volume of one keyword =
 *   households × intent search rate × family weight × service-group share × term weight
 *   × phrasing share
 * where households are the city's own (phrasings with a city) or the whole service area's
 * (phrasings without one). CPC = published HVAC average CPC × intent multiplier.
 * Volumes are rounded to the nearest 10; keywords under 10 searches a month are not listed.
 * Estimated PPC budget per keyword = volume × CPC × PPC_BUDGET_FACTOR (spec §9).
 *
 * Every rate, multiplier and index is a named assumption (see docs/methodology.md).
 */

import { type CensusRegion, US_STATES } from "../constants.js";
import { formatDecimal } from "../format.js";
import {
  type KeywordAssumption,
  type KeywordAssumptionUnit,
  type KeywordCityAnalyzed,
  type KeywordEntry,
  type KeywordIntent,
  type KeywordLimit,
  type KeywordProvenance,
  type KeywordResearchData,
  keywordIntentSchema,
} from "../schemas/keywords.js";
import type { MarketAnalysisData } from "../schemas/market.js";
import type { DataGrade } from "../schemas/provenance.js";
import { HOUSEHOLDS_PER_HOUSING_UNIT } from "./housing-ratios.js";
import type { AssumptionDefinition } from "./industry-profiles.js";
import { assumptionValues, resolveAssumptionDefinitions } from "./market.js";
import { ppcBudget } from "./ppc-table.js";

/* ------------------------------------------------------------------ constants */

/** At most this many cities get city-named keywords: the target, then the most populous. */
export const MAX_KEYWORD_CITIES = 15;
/** Volumes are reported to this precision (as Keyword Planner does). */
export const KEYWORD_VOLUME_PRECISION = 10;
/** Keywords with fewer monthly searches than this (after rounding) are not listed. */
export const MIN_LISTED_VOLUME = 10;
/** A head (primary) term has at most this many words once city, state and "near me" are removed. */
export const HEAD_TERM_MAX_WORDS = 2;
/** Google's competition index bands: LOW 0–33, MEDIUM 34–66, HIGH 67–100. */
export const KEYWORD_COMPETITION_BANDS = { mediumFrom: 34, highFrom: 67 } as const;

/** Published HVAC average cost per click (the base every intent multiplier applies to). */
export const HVAC_AVERAGE_CPC = {
  value: 9.68,
  source:
    "LocaliQ Search Advertising Benchmarks 2025, HVAC: average CPC $9.68, CTR 6.43 %, conversion rate 6.56 %, cost per lead $127.74 (second-hand via perfoads.com/google-ads-cpc/hvac)",
  sourceUrl: "https://perfoads.com/google-ads-cpc/hvac",
  vintage: "2025",
} as const;

/** The intent groups, in the schema's order. */
export const KEYWORD_INTENTS: readonly KeywordIntent[] = keywordIntentSchema.options;

export const KEYWORD_INTENT_LABELS: Record<KeywordIntent, string> = {
  emergency: "Emergency",
  repair: "Repair",
  replacement: "Replacement",
  installation: "Installation",
  maintenance: "Maintenance",
  cost: "Cost / research",
  "near-me": "Near me (find a company)",
};

/* ------------------------------------------------------------------ taxonomy */

export type KeywordServiceGroup = "cooling" | "heating" | "general";

export interface KeywordTerm {
  term: string;
  group: KeywordServiceGroup;
  /** Weight among the family's terms of the same group (normalized). */
  weight: number;
}

export interface KeywordPhrasing {
  /** `{service}`, `{city}` (lower case) and `{st}` (state code, lower case). */
  template: string;
  /** Share of the family's searches phrased this way (the rest: phrasings not listed). */
  share: number;
}

export interface KeywordFamily {
  id: string;
  /** Share of the intent's searches that belong to this family (families of an intent sum to 1). */
  weight: number;
  /** Share of the family's searches about general terms ("hvac"); the rest split cooling/heating. */
  generalShare: number;
  terms: KeywordTerm[];
  phrasings: KeywordPhrasing[];
}

export interface KeywordIntentDefinition {
  id: KeywordIntent;
  label: string;
  families: KeywordFamily[];
}

/** An assumption of the keyword model (the market model's definition, with its own units). */
export type KeywordAssumptionDefinition = Omit<AssumptionDefinition, "unit"> & {
  unit: KeywordAssumptionUnit;
};

export interface KeywordProfile {
  industry: string;
  intents: KeywordIntentDefinition[];
  assumptions: KeywordAssumptionDefinition[];
  /** Seeds for keyword-idea providers (Google Ads accepts at most 20). */
  seeds: string[];
  /** Ideas containing one of these words are not about the trade (cars, jobs, DIY, retail). */
  negativeTerms: string[];
}

const t = (term: string, group: KeywordServiceGroup, weight = 1): KeywordTerm => ({
  term,
  group,
  weight,
});
const p = (template: string, share: number): KeywordPhrasing => ({ template, share });

const COOLING_AC = [t("ac", "cooling", 0.6), t("air conditioner", "cooling", 0.25)];

const HVAC_INTENTS: KeywordIntentDefinition[] = [
  {
    id: "emergency",
    label: KEYWORD_INTENT_LABELS.emergency,
    families: [
      {
        id: "emergency",
        weight: 1,
        generalShare: 0.4,
        terms: [
          t("ac", "cooling", 0.7),
          t("air conditioner", "cooling", 0.3),
          t("furnace", "heating", 0.7),
          t("heater", "heating", 0.3),
          t("hvac", "general"),
        ],
        phrasings: [
          p("emergency {service} repair {city}", 0.15),
          p("emergency {service} repair near me", 0.25),
          p("emergency {service} repair", 0.15),
          p("24 hour {service} {city}", 0.1),
          p("24 hour {service} repair near me", 0.1),
          p("emergency {service} service {city}", 0.05),
        ],
      },
    ],
  },
  {
    id: "repair",
    label: KEYWORD_INTENT_LABELS.repair,
    families: [
      {
        id: "repair",
        weight: 1,
        generalShare: 0.3,
        terms: [
          ...COOLING_AC,
          t("air conditioning", "cooling", 0.15),
          t("furnace", "heating", 0.65),
          t("heater", "heating", 0.2),
          t("heating", "heating", 0.15),
          t("hvac", "general", 0.8),
          t("heat pump", "general", 0.2),
        ],
        phrasings: [
          p("{service} repair {city}", 0.2),
          p("{service} repair near me", 0.35),
          p("{service} repair", 0.15),
          p("{service} repair {city} {st}", 0.03),
          p("{service} repair service {city}", 0.03),
          p("{service} service {city}", 0.05),
        ],
      },
    ],
  },
  {
    id: "replacement",
    label: KEYWORD_INTENT_LABELS.replacement,
    families: [
      {
        id: "replacement",
        weight: 1,
        generalShare: 0.3,
        terms: [
          t("ac", "cooling", 0.6),
          t("air conditioner", "cooling", 0.4),
          t("furnace", "heating"),
          t("hvac", "general", 0.6),
          t("heat pump", "general", 0.4),
        ],
        phrasings: [
          p("{service} replacement {city}", 0.2),
          p("{service} replacement near me", 0.25),
          p("{service} replacement", 0.2),
          p("{service} replacement {city} {st}", 0.03),
          p("new {service} {city}", 0.05),
        ],
      },
    ],
  },
  {
    id: "installation",
    label: KEYWORD_INTENT_LABELS.installation,
    families: [
      {
        id: "installation",
        weight: 1,
        generalShare: 0.45,
        terms: [
          t("ac", "cooling", 0.5),
          t("central air", "cooling", 0.3),
          t("mini split", "cooling", 0.2),
          t("furnace", "heating"),
          t("heat pump", "general", 0.55),
          t("hvac", "general", 0.45),
        ],
        phrasings: [
          p("{service} installation {city}", 0.2),
          p("{service} installation near me", 0.3),
          p("{service} installation", 0.15),
          p("{service} installers {city}", 0.05),
        ],
      },
    ],
  },
  {
    id: "maintenance",
    label: KEYWORD_INTENT_LABELS.maintenance,
    families: [
      {
        id: "maintenance",
        weight: 0.75,
        generalShare: 0.5,
        terms: [t("ac", "cooling"), t("furnace", "heating"), t("hvac", "general")],
        phrasings: [
          p("{service} maintenance {city}", 0.15),
          p("{service} maintenance plan {city}", 0.05),
          p("{service} tune up {city}", 0.08),
          p("{service} tune up near me", 0.12),
          p("{service} maintenance near me", 0.15),
          p("{service} service near me", 0.15),
        ],
      },
      {
        id: "duct-cleaning",
        weight: 0.25,
        generalShare: 1,
        terms: [t("air duct cleaning", "general", 0.6), t("duct cleaning", "general", 0.4)],
        phrasings: [p("{service} {city}", 0.3), p("{service} near me", 0.35), p("{service}", 0.15)],
      },
    ],
  },
  {
    id: "cost",
    label: KEYWORD_INTENT_LABELS.cost,
    families: [
      {
        id: "cost",
        weight: 1,
        generalShare: 0.3,
        terms: [
          ...COOLING_AC.map((x) => ({ ...x })),
          t("furnace", "heating"),
          t("hvac", "general", 0.5),
          t("heat pump", "general", 0.5),
        ],
        phrasings: [
          p("{service} replacement cost", 0.3),
          p("{service} installation cost", 0.15),
          p("{service} repair cost", 0.15),
          p("new {service} cost", 0.1),
          p("{service} cost {city}", 0.05),
        ],
      },
    ],
  },
  {
    id: "near-me",
    label: KEYWORD_INTENT_LABELS["near-me"],
    families: [
      {
        id: "company",
        weight: 1,
        generalShare: 0.7,
        terms: [
          t("hvac", "general", 0.6),
          t("heating and air", "general", 0.2),
          t("heating and cooling", "general", 0.2),
          t("ac", "cooling", 0.6),
          t("air conditioning", "cooling", 0.4),
          t("heating", "heating"),
        ],
        phrasings: [
          p("{service} near me", 0.2),
          p("{service} company near me", 0.1),
          p("{service} companies near me", 0.05),
          p("{service} contractors near me", 0.05),
          p("{service} {city}", 0.15),
          p("{service} company {city}", 0.05),
          p("{service} companies {city}", 0.05),
          p("{service} contractors {city}", 0.04),
          p("best {service} company {city}", 0.03),
          p("{service} {city} {st}", 0.03),
        ],
      },
    ],
  },
];

const NO_RATE =
  "no published per-household search rate was found; replace with a measured provider (Google Ads or DataForSEO) where it matters";

function rate(
  intent: KeywordIntent,
  value: number,
  why: string,
  basis: AssumptionDefinition["basis"] = "estimate",
): KeywordAssumptionDefinition {
  return {
    key: `keywords.rate.${intent}`,
    label: `${KEYWORD_INTENT_LABELS[intent]} searches per household per month`,
    unit: "searches per household per month",
    min: 0,
    max: 1,
    basis,
    source: `BIS estimate: ${why}; ${NO_RATE}`,
    value,
  };
}

function cpcMultiplier(
  intent: KeywordIntent,
  value: number,
  why: string,
): KeywordAssumptionDefinition {
  return {
    key: `keywords.cpcMultiplier.${intent}`,
    label: `${KEYWORD_INTENT_LABELS[intent]} CPC relative to the HVAC average`,
    unit: "× average CPC",
    min: 0.1,
    max: 5,
    basis: "estimate",
    source: `BIS estimate: ${why}; no published CPC by HVAC search intent was found`,
    value,
  };
}

function competition(
  intent: KeywordIntent,
  value: number,
  why: string,
): KeywordAssumptionDefinition {
  return {
    key: `keywords.competition.${intent}`,
    label: `${KEYWORD_INTENT_LABELS[intent]} competition index (0–100)`,
    unit: "of 100",
    min: 0,
    max: 100,
    basis: "estimate",
    source: `BIS estimate on Google's 0–100 competition index scale (share of ad slots filled): ${why}`,
    value,
  };
}

const HVAC_KEYWORD_ASSUMPTIONS: KeywordAssumptionDefinition[] = [
  rate(
    "emergency",
    0.003,
    "about a tenth of the repair searches are urgent or after-hours (0.3 searches per 100 households a month)",
  ),
  rate(
    "repair",
    0.03,
    "the market model's repair incidence (AC 0.10 + furnace 0.08 repairs per household per year ≈ 0.015 a month) × about 2 searches per repair, as homeowners compare several companies",
  ),
  rate(
    "replacement",
    0.006,
    "the market model's replacement incidence (about 0.06 AC, furnace and heat pump replacements per household per year ≈ 0.005 a month) plus some shopping before the failure",
  ),
  rate(
    "installation",
    0.003,
    "new installations (heat pump conversions, mini splits, central air added) at about half the replacement searches",
  ),
  rate(
    "maintenance",
    0.008,
    "tune-ups and plans (10 % of households on a plan, roughly a third servicing each year), mostly booked without a search; duct cleaning 0.04 per household per year",
  ),
  rate(
    "cost",
    0.005,
    "price research before a replacement or a large repair, about one search per replacement job",
  ),
  rate(
    "near-me",
    0.012,
    'searches for a company rather than a service ("hvac near me", "hvac {city}"), about 1.2 per 100 households a month',
  ),
  {
    key: "keywords.share.cooling",
    label: "Share of service-specific searches about cooling (the rest: heating)",
    unit: "share",
    min: 0,
    max: 1,
    basis: "estimate",
    source:
      "BIS estimate by census region after the air conditioning use of EIA RECS 2020 (any AC: South 93 %, Midwest 92 %, West 73 %; Northeast 50 % mainly individual units) and the heating seasons",
    value: { Northeast: 0.4, Midwest: 0.45, South: 0.7, West: 0.55 },
  },
  {
    key: "keywords.cpc.average",
    label: "Average HVAC cost per click (USD)",
    unit: "usd",
    min: 0.1,
    max: 200,
    basis: "published",
    source: HVAC_AVERAGE_CPC.source,
    sourceUrl: HVAC_AVERAGE_CPC.sourceUrl,
    value: HVAC_AVERAGE_CPC.value,
  },
  cpcMultiplier("emergency", 1.45, "urgent calls convert best and draw the highest bids"),
  cpcMultiplier("repair", 1.15, "high-intent service calls"),
  cpcMultiplier("replacement", 1.3, "the largest tickets ($4,500–$6,000) justify higher bids"),
  cpcMultiplier("installation", 1.2, "large tickets, slightly less urgent than replacement"),
  cpcMultiplier("maintenance", 0.75, "small tickets ($100–$360)"),
  cpcMultiplier("cost", 0.6, "research searches convert less often"),
  cpcMultiplier("near-me", 1, "generic company searches, priced like the average"),
  competition("emergency", 85, "most local HVAC advertisers bid on emergency terms"),
  competition("repair", 75, "core terms of every HVAC advertiser"),
  competition("replacement", 70, "core terms of most HVAC advertisers"),
  competition("installation", 65, "fewer advertisers than repair"),
  competition("maintenance", 50, "fewer advertisers, smaller tickets"),
  competition("cost", 30, "informational searches, few advertisers"),
  competition("near-me", 70, "generic company searches, many advertisers"),
];

export const HVAC_KEYWORD_PROFILE: KeywordProfile = {
  industry: "HVAC",
  intents: HVAC_INTENTS,
  assumptions: HVAC_KEYWORD_ASSUMPTIONS,
  seeds: [
    "ac repair",
    "furnace repair",
    "hvac repair",
    "heat pump repair",
    "emergency hvac repair",
    "24 hour ac repair",
    "ac replacement",
    "furnace replacement",
    "hvac replacement",
    "heat pump installation",
    "ac installation",
    "mini split installation",
    "hvac maintenance",
    "ac tune up",
    "air duct cleaning",
    "ac replacement cost",
    "furnace replacement cost",
    "hvac company",
    "hvac contractors",
    "heating and air",
  ],
  negativeTerms: [
    "car",
    "auto",
    "truck",
    "vehicle",
    "rv",
    "jobs",
    "job",
    "salary",
    "school",
    "training",
    "course",
    "certification",
    "diy",
    "parts",
    "home depot",
    "lowes",
    "walmart",
    "amazon",
  ],
};

export const KEYWORD_PROFILES: Readonly<Record<string, KeywordProfile>> = {
  HVAC: HVAC_KEYWORD_PROFILE,
};

/* ------------------------------------------------------------------ helpers */

const fmt = (n: number) => formatDecimal(n);
const money = (n: number) => `$${formatDecimal(n, 2, 2)}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Keyword Planner-like rounding: nearest 10, never negative. */
export function roundSearchVolume(volume: number): number {
  if (!Number.isFinite(volume) || volume <= 0) return 0;
  return Math.round(volume / KEYWORD_VOLUME_PRECISION) * KEYWORD_VOLUME_PRECISION;
}

/** A place name as people type it in a search: lower case, no accents or punctuation. */
export function keywordText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Google's competition level for a 0–100 competition index. */
export function keywordCompetitionLevel(index: number): "Low" | "Medium" | "High" {
  if (index >= KEYWORD_COMPETITION_BANDS.highFrom) return "High";
  if (index >= KEYWORD_COMPETITION_BANDS.mediumFrom) return "Medium";
  return "Low";
}

function regionOfState(code: string | undefined): CensusRegion {
  return US_STATES.find((s) => s.code === code)?.region ?? "South";
}

/** The profile's keyword assumptions for a census region, with overrides applied and checked. */
export function resolveKeywordAssumptions(
  profile: KeywordProfile,
  region: CensusRegion,
  overrides: Record<string, number> = {},
): KeywordAssumption[] {
  return resolveAssumptionDefinitions(profile.assumptions, region, overrides);
}

/* ------------------------------------------------------------------ cities */

export interface KeywordCity {
  /** Display name, e.g. "Round Rock". */
  name: string;
  /** Two-letter state code when known. */
  state: string | undefined;
  /** The name as it appears in keywords, e.g. "round rock". */
  keywordName: string;
  /** Households the city's keywords are sized from; null when unknown. */
  households: number | null;
  target: boolean;
}

type MarketInput = Pick<
  MarketAnalysisData,
  "requestLocation" | "households" | "cityAnalysis" | "target" | "region" | "marketSummary"
> &
  Partial<Pick<MarketAnalysisData, "requestIndustry" | "dataSource">>;

/** People per household, for places that lack households and housing units. */
const PEOPLE_PER_HOUSEHOLD = 2.5;

function householdsOf(entry: {
  households?: number | null;
  housingUnits: number | null;
  population: number | null;
}): number | null {
  if (entry.households != null && entry.households >= 0) return entry.households;
  if (entry.housingUnits != null && entry.housingUnits >= 0)
    return Math.round(entry.housingUnits * HOUSEHOLDS_PER_HOUSING_UNIT.value);
  if (entry.population != null && entry.population >= 0)
    return Math.round(entry.population / PEOPLE_PER_HOUSEHOLD);
  return null;
}

/** The target city's name and state from the market data (geocoded target, else the location). */
function targetOf(market: MarketInput): { name: string; state: string | undefined } | null {
  if (market.target?.name) return { name: market.target.name, state: market.target.state };
  const [name, state] = (market.requestLocation ?? "").split(",").map((s) => s.trim());
  return name ? { name, state: state || undefined } : null;
}

/**
 * Cities that get city-named keywords: the target city, then the city-breakdown names, most
 * populous first, at most `max` in all; names that fold to the same keyword text count once.
 * A target missing from the table (it lists the most populous places) gets the smallest
 * listed household count: an upper bound.
 */
export function keywordCities(
  market: MarketInput,
  max = MAX_KEYWORD_CITIES,
): { cities: KeywordCity[]; available: number } {
  const rows = [...(market.cityAnalysis?.cityBreakdown ?? [])]
    .map((row) => ({ row, name: (row.cityName ?? row.name ?? "").trim() }))
    .filter((x) => x.name !== "")
    .sort(
      (a, b) => (b.row.population ?? -1) - (a.row.population ?? -1) || a.name.localeCompare(b.name),
    );
  const target = targetOf(market);
  const seen = new Set<string>();
  const all: KeywordCity[] = [];
  const add = (city: KeywordCity) => {
    const key = `${city.keywordName}|${city.state ?? ""}`;
    if (city.keywordName === "" || seen.has(key)) return;
    seen.add(key);
    all.push(city);
  };
  if (target) {
    const keywordName = keywordText(target.name);
    const own = rows.find(
      (x) =>
        keywordText(x.name) === keywordName &&
        (x.row.state === undefined || target.state === undefined || x.row.state === target.state),
    );
    let households = own ? householdsOf(own.row) : null;
    if (households === null && !own) {
      const known = rows.map((x) => householdsOf(x.row)).filter((h): h is number => h !== null);
      households =
        known.length > 0
          ? Math.min(...known)
          : (market.marketSummary?.primaryHouseholds ?? market.households ?? null);
    }
    add({ name: target.name, state: target.state, keywordName, households, target: true });
  }
  for (const { row, name } of rows) {
    add({
      name,
      state: row.state ?? target?.state,
      keywordName: keywordText(name),
      households: householdsOf(row),
      target: false,
    });
  }
  return { cities: all.slice(0, Math.max(0, max)), available: all.length };
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

/* ------------------------------------------------------------------ intent of any keyword */

const INTENT_PATTERNS: [KeywordIntent, RegExp][] = [
  ["emergency", /\b(emergency|24 ?hours?|24\/7|after hours?|same day)\b/],
  ["cost", /\b(cost|costs|price|prices|pricing|how much|estimate|quote)\b/],
  ["maintenance", /\b(maintenance|tune ?ups?|cleaning|clean|inspection|plan)\b/],
  ["replacement", /\b(replacement|replace|replacing|new)\b/],
  ["installation", /\b(install|installation|installer|installers|installing)\b/],
  ["repair", /\b(repair|repairs|fix|broken|not (cooling|heating|working)|service)\b/],
];
const TRADE_WORDS =
  /\b(ac|a\/c|hvac|air condition\w*|furnace|heater|heating|heat pump|mini split|duct|central air|cooling)\b/;

/**
 * The intent group of a keyword a provider suggested, by the first matching rule (emergency,
 * cost, maintenance, replacement, installation, repair, then company searches); null when it
 * is not about the trade or names a negative term (cars, jobs, DIY, retail).
 */
export function classifyKeywordIntent(
  keyword: string,
  profile: KeywordProfile = HVAC_KEYWORD_PROFILE,
): KeywordIntent | null {
  const text = keywordText(keyword);
  if (!TRADE_WORDS.test(text)) return null;
  const words = ` ${text} `;
  if (profile.negativeTerms.some((n) => words.includes(` ${n} `))) return null;
  for (const [intent, pattern] of INTENT_PATTERNS) if (pattern.test(text)) return intent;
  return "near-me";
}

/** Whether a keyword is a head term: at most two words once city, state and "near me" go. */
export function isHeadTerm(keyword: string, cities: readonly KeywordCity[]): boolean {
  let text = ` ${keywordText(keyword)} `;
  const names = [...new Set(cities.map((c) => c.keywordName))].sort((a, b) => b.length - a.length);
  for (const name of names) text = text.replace(` ${name} `, " ");
  const states = new Set(cities.map((c) => (c.state ?? "").toLowerCase()).filter(Boolean));
  const words = text
    .replace(" near me ", " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "" && !states.has(w));
  return words.length <= HEAD_TERM_MAX_WORDS;
}

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
}

export interface KeywordProviderInfo {
  id: string;
  label: string;
  grade: DataGrade;
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
    } else {
      merged.set(keyword, { ...m, keyword });
    }
  }

  const listed: KeywordEntry[] = [];
  for (const m of merged.values()) {
    const searchVolume = roundSearchVolume(m.searchVolume);
    if (searchVolume < MIN_LISTED_VOLUME) continue;
    listed.push({
      keyword: m.keyword,
      searchVolume,
      cpc: round2(Math.max(0, m.cpc)),
      intent: m.intent,
      competition: m.competition === null ? null : Math.round(m.competition),
    });
  }
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

/**
 * Recommendations computed from the listed keywords, one per rule that applies, in this order:
 * 1. the intent with the most volume, with its top keyword; 2. the second intent;
 * 3. cheapest high-volume terms (volume in the top quarter, lowest CPC, up to three);
 * 4. emergency terms' average CPC against the overall average;
 * 5. "near me" share of the volume when at least 25 %;
 * 6. the city other than the target with the most city-named volume;
 * 7. the monthly budget to capture about 10 % of the listed searches;
 * 8. for modeled figures, how to get measured ones.
 */
export function keywordRecommendations(input: {
  listed: readonly KeywordEntry[];
  cities: readonly KeywordCity[];
  avgCPC: number;
  estimatedMonthlyBudget: number;
  provider: KeywordProviderInfo;
}): string[] {
  const { listed } = input;
  const out: string[] = [];
  if (listed.length === 0) {
    out.push(
      "No keyword reaches 10 searches a month in this area: widen the secondary radius or target the nearest large city.",
    );
    return out;
  }
  const total = listed.reduce((s, k) => s + k.searchVolume, 0);
  const pct = (n: number) => `${fmt((n / total) * 100)} %`;

  // 1–2: intents by volume.
  const byIntent = new Map<KeywordIntent, KeywordEntry[]>();
  for (const k of listed) {
    if (!k.intent) continue;
    const list = byIntent.get(k.intent) ?? [];
    list.push(k);
    byIntent.set(k.intent, list);
  }
  const intents = [...byIntent.entries()]
    .map(([intent, entries]) => ({
      intent,
      entries,
      volume: entries.reduce((s, k) => s + k.searchVolume, 0),
    }))
    .sort((a, b) => b.volume - a.volume || a.intent.localeCompare(b.intent));
  const [first, second] = intents;
  if (first) {
    const top = first.entries[0] as KeywordEntry;
    out.push(
      `${KEYWORD_INTENT_LABELS[first.intent]} searches lead demand: ${fmt(first.volume)} a month (${pct(first.volume)} of the listed volume). Build your first campaign around "${top.keyword}" (${fmt(top.searchVolume)} searches a month, ${money(top.cpc)} per click).`,
    );
  }
  if (second) {
    const top = second.entries[0] as KeywordEntry;
    out.push(
      `${KEYWORD_INTENT_LABELS[second.intent]} searches come next: ${fmt(second.volume)} a month (${pct(second.volume)}); give them their own ad group, led by "${top.keyword}".`,
    );
  }

  // 3: cheapest among the top quarter by volume.
  const quartile = listed[Math.max(0, Math.ceil(listed.length / 4) - 1)] as KeywordEntry;
  const cheap = listed
    .filter((k) => k.searchVolume >= quartile.searchVolume)
    .sort((a, b) => a.cpc - b.cpc || b.searchVolume - a.searchVolume)
    .slice(0, 3);
  if (cheap.length > 0) {
    out.push(
      `Best value among high-volume terms: ${cheap.map((k) => `"${k.keyword}" (${fmt(k.searchVolume)} a month at ${money(k.cpc)})`).join(", ")}.`,
    );
  }

  // 4: emergency CPC.
  const emergency = byIntent.get("emergency");
  if (emergency && emergency.length > 0 && input.avgCPC > 0) {
    const avg = emergency.reduce((s, k) => s + k.cpc, 0) / emergency.length;
    const diff = (avg / input.avgCPC - 1) * 100;
    out.push(
      `Emergency terms cost ${money(avg)} per click on average, ${fmt(Math.abs(diff))} % ${diff >= 0 ? "above" : "below"} the overall ${money(input.avgCPC)}: bid on them only for the hours you can answer the phone at once, with call ads.`,
    );
  }

  // 5: "near me" share.
  const nearMe = listed
    .filter((k) => k.keyword.includes("near me"))
    .reduce((s, k) => s + k.searchVolume, 0);
  if (nearMe / total >= 0.25) {
    out.push(
      `"Near me" searches are ${pct(nearMe)} of the volume: keep your Google Business Profile complete and collect reviews, since the map results answer most of them.`,
    );
  }

  // 6: the next city.
  const target = input.cities.find((c) => c.target);
  const others = input.cities.filter((c) => !c.target);
  if (others.length > 0) {
    const cityVolume = (c: KeywordCity) =>
      listed
        .filter((k) => ` ${k.keyword} `.includes(` ${c.keywordName} `))
        .reduce((s, k) => s + k.searchVolume, 0);
    const best = others
      .map((c) => ({ city: c, volume: cityVolume(c) }))
      .filter((x) => x.volume > 0)
      .sort((a, b) => b.volume - a.volume || a.city.name.localeCompare(b.city.name))[0];
    if (best) {
      out.push(
        `Outside ${target?.name ?? "the target city"}, ${best.city.name} brings the most city-named searches (${fmt(best.volume)} a month): give it its own landing page.`,
      );
    }
  }

  // 7: budget.
  out.push(
    `Capturing about 10 % of these searches would cost about $${fmt(input.estimatedMonthlyBudget)} a month (Σ search volume × CPC × 0.1).`,
  );

  // 8: data grade.
  if (input.provider.grade !== "measured") {
    out.push(
      "These volumes are modeled from households, not measured: connect Google Ads or DataForSEO (BIS_KEYWORD_PROVIDER) before committing a large budget.",
    );
  }
  return out;
}

/* ------------------------------------------------------------------ the embedded model */

export interface KeywordModelInput {
  market: MarketInput;
  /** Industry of the analysis (default: the market data's). */
  industry?: string;
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

/** The keyword profile of an industry, or an error naming it. */
export function keywordProfileFor(industry: string | undefined): KeywordProfile {
  const profile = KEYWORD_PROFILES[industry ?? "HVAC"];
  if (!profile)
    throw new KeywordModelError(`Keyword research is not available for ${industry} yet`);
  return profile;
}

/** The embedded model's figures for every keyword of the taxonomy (before assembly). */
export function modelKeywords(input: KeywordModelInput): KeywordModelResult {
  const { market } = input;
  const profile = keywordProfileFor(input.industry ?? market.requestIndustry);
  const region =
    (market.region as CensusRegion | undefined) ?? regionOfState(targetOf(market)?.state);
  const assumptions = resolveKeywordAssumptions(profile, region, input.overrides);
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
        source: HVAC_AVERAGE_CPC.source,
        vintage: HVAC_AVERAGE_CPC.vintage,
        grade: "modeled",
        method: `Published HVAC average CPC ${money(baseCpc)} × intent multiplier (BIS estimates); the same in every city`,
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
