/**
 * The ZIP opportunity score: each ZIP area of an analysis scored 0–100 from its own
 * households, owner occupancy, housing age and income and the contractors within reach of its
 * homes, with its reasons in two groups (what raises the score, what lowers it, each with its figure),
 * and its estimated annual revenue from the analysis' own dollars per household by service. Pure
 * functions: the same for the results page, the API, the exports, the PDF and the CLI
 * (docs/methodology.md, "ZIP opportunity score").
 */

import type { IndustryId } from "../constants.js";
import type {
  MarketAnalysisData,
  ZipScoreComponent,
  ZipScoreComponentKey,
} from "../schemas/market.js";
import { housingAgeFactor, ownerOccupancyFactor } from "./housing-adjustments.js";
import { INDUSTRY_PROFILES } from "./industry-profiles.js";

const clamp = (n: number) => Math.min(100, Math.max(0, n));
/** 0 at `zero`, 100 at `full`, linear, clamped. */
const linear = (value: number, zero: number, full: number) =>
  clamp((100 * (value - zero)) / (full - zero));

/**
 * Weights of the components (sum 1); a missing component's weight goes to the others (BIS
 * estimates, docs/methodology.md "ZIP opportunity score"): who can buy (households, owners:
 * landlords replace less, RENTED_HOME_REPLACEMENT_WEIGHT) first, then what needs replacing
 * (housing age), who can pay (income) and who else is there (contractors within reach).
 */
export const ZIP_SCORE_WEIGHTS: Readonly<Record<ZipScoreComponentKey, number>> = {
  households: 0.25,
  ownership: 0.2,
  housingAge: 0.2,
  competition: 0.2,
  income: 0.15,
};

/**
 * The contractors a ZIP's homes can call: the NAICS 238220 establishments of the ZIP areas whose
 * internal point lies within this many miles of its own (BIS estimate: a 10–15 minute drive at
 * urban speeds; the establishment counts are by business address, so a ZIP with none of its own
 * may sit among dozens).
 */
export const ZIP_COMPETITION_RADIUS_MILES = 5;

/** Where each component scores 0 and 100 (docs/methodology.md, "ZIP opportunity score"). */
export const ZIP_SCORE_SCALES = {
  /** Households, log scale: a rural ZIP of 250 homes scores 0, a dense one of 25,000 scores 100. */
  households: { zero: 250, full: 25_000 },
  /** Owner-occupied share of occupied homes (owners decide replacements): U.S. 65 %. */
  ownership: { zero: 0.2, full: 0.85 },
  /** Share of homes built before 1980 (equipment past its first replacement): U.S. about 50 %. */
  housingAge: { zero: 0.1, full: 0.6 },
  /** Contractors per 10,000 households within reach: 100 with none, 0 at 16 (U.S. about 8). */
  contractorsZeroAt: 16,
  /** The ZIP's per-capita income (ACS 2014–2018 B19301; U.S. $32,621). */
  perCapitaIncome: { zero: 15_000, full: 50_000 },
  /** Fallback where a ZIP has none: its county's median household income (U.S. $69,021). */
  income: { zero: 35_000, full: 110_000 },
} as const;

/** A component raises the score at or above this score, and lowers it at or below 100 − it. */
export const ZIP_REASON_THRESHOLD = 60;

export const ZIP_SCORE_LABELS: Record<ZipScoreComponentKey, string> = {
  households: "Households",
  ownership: "Owner occupancy",
  housingAge: "Housing age",
  competition: "Competition",
  income: "Income",
};

/** What the score reads of a ZIP area; null where unknown (that component is left out). */
export interface ZipScoreInput {
  households: number | null;
  ownerOccupiedShare: number | null;
  builtBefore1980Share: number | null;
  /** Establishments at the ZIP's own addresses (used when `nearby` is not known). */
  contractors: number;
  /** Establishments and households of the ZIP areas within ZIP_COMPETITION_RADIUS_MILES. */
  nearby?: { contractors: number; households: number } | null;
  /** The ZIP's per-capita income; else the county median household income is read. */
  perCapitaIncome?: number | null;
  medianIncome: number | null;
}

/** Each component's 0–100 score from its input (monotone: more is better, except contractors). */
export const zipComponentScore = {
  households: (n: number) => {
    const { zero, full } = ZIP_SCORE_SCALES.households;
    return n > 0 ? clamp((100 * Math.log(n / zero)) / Math.log(full / zero)) : 0;
  },
  ownership: (share: number) =>
    linear(share, ZIP_SCORE_SCALES.ownership.zero, ZIP_SCORE_SCALES.ownership.full),
  housingAge: (share: number) =>
    linear(share, ZIP_SCORE_SCALES.housingAge.zero, ZIP_SCORE_SCALES.housingAge.full),
  competition: (per10k: number) => clamp(100 * (1 - per10k / ZIP_SCORE_SCALES.contractorsZeroAt)),
  perCapitaIncome: (dollars: number) =>
    linear(dollars, ZIP_SCORE_SCALES.perCapitaIncome.zero, ZIP_SCORE_SCALES.perCapitaIncome.full),
  income: (dollars: number) =>
    linear(dollars, ZIP_SCORE_SCALES.income.zero, ZIP_SCORE_SCALES.income.full),
};

// Plain string formatting: Intl is about 5 µs a call, and a 100-mile list has ~2,000 ZIPs.
const int = (n: number) => {
  const digits = String(Math.abs(Math.round(n)));
  let out = n < 0 ? "-" : "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return out;
};
const oneDecimal = (n: number) => {
  const tenths = Math.round(n * 10);
  return `${int(Math.trunc(tenths / 10))}.${Math.abs(tenths % 10)}`;
};
const pct = (share: number) => `${Math.round(share * 100)}%`;

/** A component before its weight, with the figure its reason line names. */
type Part = ZipScoreComponent;

const part = (
  key: ZipScoreComponentKey,
  score: number,
  detail: string,
  figure: string = detail,
): Part => ({
  key,
  label: ZIP_SCORE_LABELS[key],
  score,
  weight: ZIP_SCORE_WEIGHTS[key],
  detail,
  figure,
});

/** The components present for a ZIP area, weights scaled to sum 1. */
export function zipScoreComponents(z: ZipScoreInput): ZipScoreComponent[] {
  const parts: Part[] = [];
  const hh = z.households;
  if (hh != null)
    parts.push(part("households", zipComponentScore.households(hh), `${int(hh)} households`));
  if (z.ownerOccupiedShare != null)
    parts.push(
      part(
        "ownership",
        zipComponentScore.ownership(z.ownerOccupiedShare),
        `${pct(z.ownerOccupiedShare)} owner-occupied`,
      ),
    );
  if (z.builtBefore1980Share != null) {
    const share = pct(z.builtBefore1980Share);
    parts.push(
      part(
        "housingAge",
        zipComponentScore.housingAge(z.builtBefore1980Share),
        `${share} built before 1980`,
        `${share} of homes built before 1980`,
      ),
    );
  }
  const competition = competitionPart(z);
  if (competition) parts.push(competition);
  if (z.perCapitaIncome != null) {
    const figure = `$${int(z.perCapitaIncome)} per-capita income`;
    parts.push(
      part(
        "income",
        zipComponentScore.perCapitaIncome(z.perCapitaIncome),
        `${figure} (ZIP, ACS 2014–2018)`,
        figure,
      ),
    );
  } else if (z.medianIncome != null) {
    const figure = `$${int(z.medianIncome)} county median income`;
    parts.push(
      part(
        "income",
        zipComponentScore.income(z.medianIncome),
        `${figure} (no ZIP figure: the county's median household income)`,
        figure,
      ),
    );
  }
  // Weights scaled to the components present; scores rounded (in place: a 2,000-ZIP list
  // allocates enough already).
  let total = 0;
  for (const p of parts) total += p.weight;
  for (const p of parts) {
    p.score = Math.round(p.score);
    p.weight = total > 0 ? p.weight / total : 0;
  }
  return parts;
}

/**
 * Contractors per 10,000 households within reach of the ZIP's homes (its own addresses where
 * the nearby counts are not known); null without households.
 */
function competitionPart(z: ZipScoreInput): Part | null {
  const near = z.nearby;
  if (near && near.households > 0) {
    const per10k = (near.contractors / near.households) * 10_000;
    const figure = `${int(near.contractors)} contractors within ${ZIP_COMPETITION_RADIUS_MILES} miles`;
    const density = oneDecimal(per10k);
    return part(
      "competition",
      zipComponentScore.competition(per10k),
      `${figure}, ${density} per 10,000 households`,
      `${figure} (${density} per 10,000 households)`,
    );
  }
  const hh = z.households;
  if (hh == null) return null;
  // No households: any contractor is too many.
  const per10k =
    hh > 0 ? (z.contractors / hh) * 10_000 : z.contractors > 0 ? Number.POSITIVE_INFINITY : 0;
  return part(
    "competition",
    zipComponentScore.competition(per10k),
    hh > 0
      ? `${int(z.contractors)} contractors, ${oneDecimal(per10k)} per 10,000 households`
      : `${int(z.contractors)} contractors`,
    `${int(z.contractors)} contractors in the ZIP`,
  );
}

/** The weighted mean of the components, rounded; 0 without any. */
export function zipScore(components: readonly ZipScoreComponent[]): number {
  return Math.round(clamp(components.reduce((a, c) => a + c.score * c.weight, 0)));
}

/**
 * The reasons in two groups, each with its figure: what raises the score (components scoring
 * ≥ 60), strongest pull first, and what lowers it (≤ 40), strongest pull first.
 */
export function zipReasonGroups(components: readonly ZipScoreComponent[]): {
  raises: string[];
  lowers: string[];
} {
  const pull = (c: ZipScoreComponent) => Math.abs(c.score - 50) * c.weight;
  const line = (c: ZipScoreComponent) => c.figure ?? c.detail;
  return {
    raises: components
      .filter((c) => c.score >= ZIP_REASON_THRESHOLD)
      .sort((a, b) => pull(b) - pull(a))
      .map(line),
    lowers: components
      .filter((c) => c.score <= 100 - ZIP_REASON_THRESHOLD)
      .sort((a, b) => pull(b) - pull(a))
      .map(line),
  };
}

/**
 * One line of reasons, raises then lowers, each marked with its direction: "+ 62% of homes built
 * before 1980; + 15,250 households; − 41 contractors within 5 miles (8.2 per 10,000 households)".
 * "no measure stands out" when none does.
 */
export function zipReasons(components: readonly ZipScoreComponent[]): string {
  return zipReasonsLine(zipReasonGroups(components));
}

/** The line of `zipReasons` from its groups. */
export function zipReasonsLine({ raises, lowers }: { raises: string[]; lowers: string[] }): string {
  let line = "";
  for (const r of raises) line += `${line ? "; " : ""}+ ${r}`;
  for (const r of lowers) line += `${line ? "; " : ""}− ${r}`;
  return line || "no measure stands out";
}

/** What a ZIP's revenue reads of its analysis: dollars per household by service and the stock. */
export interface ZipRevenueContext {
  /** Per service: the analysis' revenue per household and whether owner/age factors apply. */
  services: { serviceId: string; perHousehold: number; replacement: boolean }[];
  /** The analysis' owner-occupied share and share built 2000 or later (local market profile). */
  ownerOccupiedShare: number | null;
  built2000OrLaterShare: number | null;
}

/**
 * The analysis' dollars per household by service (estimated revenue ÷ households of the
 * service area), marking the services its industry profile scales by housing age and tenure.
 */
export function zipRevenueContext(data: MarketAnalysisData | null | undefined): ZipRevenueContext {
  const households = data?.households ?? 0;
  const profile = INDUSTRY_PROFILES[data?.requestIndustry as IndustryId];
  const replacement = new Set(
    (profile?.services ?? [])
      .filter((s) => s.adjustments?.some((a) => a.kind === "ownerOccupancy"))
      .map((s) => s.id),
  );
  return {
    services:
      households > 0
        ? (data?.serviceBreakdown ?? []).map((s, i) => {
            const serviceId = s.serviceId ?? `service-${i + 1}`;
            return {
              serviceId,
              perHousehold: s.estimatedRevenue / households,
              replacement: replacement.has(serviceId),
            };
          })
        : [],
    ownerOccupiedShare: data?.localMarket?.housing.ownerOccupiedShare ?? null,
    built2000OrLaterShare: data?.localMarket?.housing.built2000OrLater ?? null,
  };
}

/**
 * A ZIP's annual revenue by service: its households × the analysis' dollars per household, and
 * for replacements × the ZIP's owner-occupancy and housing-age factors relative to the
 * analysis' (the market model's own factors, so a ZIP like the market gets the market's rate).
 */
export function zipRevenue(
  context: ZipRevenueContext,
  zip: {
    households: number | null;
    ownerOccupiedShare: number | null;
    built2000OrLaterShare: number | null;
  },
): { total: number | null; byService: Record<string, number> } {
  if (zip.households == null || context.services.length === 0)
    return { total: null, byService: {} };
  let factor = 1;
  if (zip.ownerOccupiedShare != null && context.ownerOccupiedShare != null)
    factor *=
      ownerOccupancyFactor(zip.ownerOccupiedShare) /
      ownerOccupancyFactor(context.ownerOccupiedShare);
  if (zip.built2000OrLaterShare != null && context.built2000OrLaterShare != null)
    factor *=
      housingAgeFactor(zip.built2000OrLaterShare) / housingAgeFactor(context.built2000OrLaterShare);
  const byService: Record<string, number> = {};
  let total = 0;
  for (const s of context.services) {
    const revenue = Math.round(zip.households * s.perHousehold * (s.replacement ? factor : 1));
    byService[s.serviceId] = revenue;
    total += revenue;
  }
  return { total, byService };
}
