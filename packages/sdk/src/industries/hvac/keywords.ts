/**
 * The HVAC keyword profile, as data: the intents with their families of service terms and
 * phrasings, the model's assumptions (search rates, CPC multipliers, competition indexes, each
 * with its basis and source), the seeds for keyword-idea providers and the negative terms.
 * Rules that read it: model.ts; the numbers and their sources: docs/methodology.md.
 */

import {
  type AverageCpc,
  KEYWORD_INTENT_LABELS,
  type KeywordAssumptionDefinition,
  type KeywordIntentDefinition,
  type KeywordPhrasing,
  type KeywordProfile,
  type KeywordServiceGroup,
  type KeywordTerm,
} from "../../models/keywords/profile.js";
import type { KeywordIntent } from "../../schemas/keywords.js";

/** Published HVAC average cost per click (the base every intent multiplier applies to). */
export const HVAC_AVERAGE_CPC: AverageCpc = {
  value: 9.68,
  source:
    "LocaliQ Search Advertising Benchmarks 2025, HVAC: average CPC $9.68, CTR 6.43 %, conversion rate 6.56 %, cost per lead $127.74 (second-hand via perfoads.com/google-ads-cpc/hvac)",
  sourceUrl: "https://perfoads.com/google-ads-cpc/hvac",
  vintage: "2025",
};

const t = (term: string, group: KeywordServiceGroup, weight = 1): KeywordTerm => ({
  term,
  group,
  weight,
});
const p = (template: string, share: number): KeywordPhrasing => ({ template, share });

/** An intent searched in one family of terms (weight 1; the family takes the intent's id). */
const oneFamily = (
  id: KeywordIntent,
  generalShare: number,
  terms: KeywordTerm[],
  phrasings: KeywordPhrasing[],
  familyId: string = id,
): KeywordIntentDefinition => ({
  id,
  label: KEYWORD_INTENT_LABELS[id],
  families: [{ id: familyId, weight: 1, generalShare, terms, phrasings }],
});

const COOLING_AC = [t("ac", "cooling", 0.6), t("air conditioner", "cooling", 0.25)];

const HVAC_INTENTS: KeywordIntentDefinition[] = [
  oneFamily(
    "emergency",
    0.4,
    [
      t("ac", "cooling", 0.7),
      t("air conditioner", "cooling", 0.3),
      t("furnace", "heating", 0.7),
      t("heater", "heating", 0.3),
      t("hvac", "general"),
    ],
    [
      p("emergency {service} repair {city}", 0.15),
      p("emergency {service} repair near me", 0.25),
      p("emergency {service} repair", 0.15),
      p("24 hour {service} {city}", 0.1),
      p("24 hour {service} repair near me", 0.1),
      p("emergency {service} service {city}", 0.05),
    ],
  ),
  oneFamily(
    "repair",
    0.3,
    [
      ...COOLING_AC,
      t("air conditioning", "cooling", 0.15),
      t("furnace", "heating", 0.65),
      t("heater", "heating", 0.2),
      t("heating", "heating", 0.15),
      t("hvac", "general", 0.8),
      t("heat pump", "general", 0.2),
    ],
    [
      p("{service} repair {city}", 0.2),
      p("{service} repair near me", 0.35),
      p("{service} repair", 0.15),
      p("{service} repair {city} {st}", 0.03),
      p("{service} repair service {city}", 0.03),
      p("{service} service {city}", 0.05),
    ],
  ),
  oneFamily(
    "replacement",
    0.3,
    [
      t("ac", "cooling", 0.6),
      t("air conditioner", "cooling", 0.4),
      t("furnace", "heating"),
      t("hvac", "general", 0.6),
      t("heat pump", "general", 0.4),
    ],
    [
      p("{service} replacement {city}", 0.2),
      p("{service} replacement near me", 0.25),
      p("{service} replacement", 0.2),
      p("{service} replacement {city} {st}", 0.03),
      p("new {service} {city}", 0.05),
    ],
  ),
  oneFamily(
    "installation",
    0.45,
    [
      t("ac", "cooling", 0.5),
      t("central air", "cooling", 0.3),
      t("mini split", "cooling", 0.2),
      t("furnace", "heating"),
      t("heat pump", "general", 0.55),
      t("hvac", "general", 0.45),
    ],
    [
      p("{service} installation {city}", 0.2),
      p("{service} installation near me", 0.3),
      p("{service} installation", 0.15),
      p("{service} installers {city}", 0.05),
    ],
  ),
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
  oneFamily(
    "cost",
    0.3,
    [
      ...COOLING_AC.map((x) => ({ ...x })),
      t("furnace", "heating"),
      t("hvac", "general", 0.5),
      t("heat pump", "general", 0.5),
    ],
    [
      p("{service} replacement cost", 0.3),
      p("{service} installation cost", 0.15),
      p("{service} repair cost", 0.15),
      p("new {service} cost", 0.1),
      p("{service} cost {city}", 0.05),
    ],
  ),
  oneFamily(
    "near-me",
    0.7,
    [
      t("hvac", "general", 0.6),
      t("heating and air", "general", 0.2),
      t("heating and cooling", "general", 0.2),
      t("ac", "cooling", 0.6),
      t("air conditioning", "cooling", 0.4),
      t("heating", "heating"),
    ],
    [
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
    "company",
  ),
];

const NO_RATE =
  "no published per-household search rate was found; replace with a measured provider (Google Ads or DataForSEO) where it matters";

/** The per-intent assumptions: search rate, CPC multiplier, competition index. */
const PER_INTENT = {
  rate: {
    label: "searches per household per month",
    unit: "searches per household per month",
    min: 0,
    max: 1,
    source: (why: string) => `BIS estimate: ${why}; ${NO_RATE}`,
  },
  cpcMultiplier: {
    label: "CPC relative to the HVAC average",
    unit: "× average CPC",
    min: 0.1,
    max: 5,
    source: (why: string) =>
      `BIS estimate: ${why}; no published CPC by HVAC search intent was found`,
  },
  competition: {
    label: "competition index (0–100)",
    unit: "of 100",
    min: 0,
    max: 100,
    source: (why: string) =>
      `BIS estimate on Google's 0–100 competition index scale (share of ad slots filled): ${why}`,
  },
} as const;

function perIntent(
  kind: keyof typeof PER_INTENT,
  intent: KeywordIntent,
  value: number,
  why: string,
): KeywordAssumptionDefinition {
  const def = PER_INTENT[kind];
  return {
    key: `keywords.${kind}.${intent}`,
    label: `${KEYWORD_INTENT_LABELS[intent]} ${def.label}`,
    unit: def.unit,
    min: def.min,
    max: def.max,
    basis: "estimate",
    source: def.source(why),
    value,
  };
}
const rate = (intent: KeywordIntent, value: number, why: string) =>
  perIntent("rate", intent, value, why);
const cpcMultiplier = (intent: KeywordIntent, value: number, why: string) =>
  perIntent("cpcMultiplier", intent, value, why);
const competition = (intent: KeywordIntent, value: number, why: string) =>
  perIntent("competition", intent, value, why);

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

/** The market services a keyword's searches follow over the year, by service group. */
const REPAIRS = {
  cooling: { "ac-repair": 1 },
  heating: { "furnace-repair": 1, "boiler-repair": 1 },
  general: { "ac-repair": 1, "furnace-repair": 1, "boiler-repair": 1 },
} as const;
const REPLACEMENTS = {
  cooling: { "ac-replacement": 1 },
  heating: { "furnace-replacement": 1, "boiler-replacement": 1 },
  general: {
    "ac-replacement": 1,
    "furnace-replacement": 1,
    "boiler-replacement": 1,
    "heat-pump-installation": 1,
  },
} as const;
const ALL_SERVICES = { ...REPAIRS.general, ...REPLACEMENTS.general, "maintenance-plans": 1 };

export const HVAC_KEYWORD_PROFILE: KeywordProfile = {
  industry: "HVAC",
  averageCpc: HVAC_AVERAGE_CPC,
  tradeWords:
    /\b(ac|a\/c|hvac|air condition\w*|furnace|heater|heating|heat pump|mini split|duct|central air|cooling)\b/,
  intents: HVAC_INTENTS,
  assumptions: HVAC_KEYWORD_ASSUMPTIONS,
  jobShare: {
    key: "keywords.share.cooling",
    groups: {
      cooling: { "ac-replacement": 1, "ac-repair": 1, "heat-pump-installation": 0.5 },
      heating: {
        "furnace-replacement": 1,
        "furnace-repair": 1,
        "boiler-replacement": 1,
        "boiler-repair": 1,
        "heat-pump-installation": 0.5,
      },
    },
    describe: "AC replacement and repair, half of heat pump installations",
  },
  seasonServices: {
    byIntent: {
      emergency: REPAIRS,
      repair: REPAIRS,
      replacement: REPLACEMENTS,
      installation: REPLACEMENTS,
      cost: REPLACEMENTS,
      maintenance: {
        cooling: { "maintenance-plans": 1 },
        heating: { "maintenance-plans": 1 },
        general: { "maintenance-plans": 1 },
      },
      "near-me": {
        cooling: { ...REPAIRS.cooling, ...REPLACEMENTS.cooling },
        heating: { ...REPAIRS.heating, ...REPLACEMENTS.heating },
        general: ALL_SERVICES,
      },
    },
    byTerm: {
      "heat pump": { "heat-pump-installation": 1 },
      "mini split": { "heat-pump-installation": 1 },
      "air duct cleaning": { "duct-cleaning": 1 },
      "duct cleaning": { "duct-cleaning": 1 },
    },
    describe:
      "repair and emergency searches follow this market's repair jobs, replacement, installation and cost searches its replacement jobs, maintenance searches its maintenance plans, company searches all its jobs (cooling terms the cooling services, heating terms the heating ones)",
    // Calibrated (packages/server/test/keyword-season-calibration.test.ts): with this share
    // spread evenly, U.S. "AC repair" searches (each state's repair months from its nClimDiv
    // cooling degree days, weighted by housing units × cooling degree days) rise 347 % from
    // January to July, as ppcinfo.com reports (../shared/data/benchmarks.md).
    evenShare: {
      value: 0.37,
      source:
        'BIS calibration: 37 % of searches spread evenly over the year, so U.S. "AC repair" searches rise 347 % from January to July (ppcinfo.com)',
    },
  },
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
