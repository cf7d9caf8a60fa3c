/**
 * The ZIP opportunity score: each ZIP area of an analysis scored 0–100 from its
 * households, owner occupancy, housing age, contractors and income, with one line of reasons,
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

/** Weights of the components (sum 1); a missing component's weight goes to the others. */
export const ZIP_SCORE_WEIGHTS: Readonly<Record<ZipScoreComponentKey, number>> = {
  households: 0.3,
  ownership: 0.25,
  housingAge: 0.15,
  competition: 0.2,
  income: 0.1,
};

/** Where each component scores 0 and 100 (docs/methodology.md, "ZIP opportunity score"). */
export const ZIP_SCORE_SCALES = {
  /** Households, log scale: a rural ZIP of 250 homes scores 0, a dense one of 25,000 scores 100. */
  households: { zero: 250, full: 25_000 },
  /** Owner-occupied share of occupied homes (owners decide replacements): U.S. 65 %. */
  ownership: { zero: 0.2, full: 0.85 },
  /** Share of homes built before 1980 (equipment past its first replacement): U.S. about 50 %. */
  housingAge: { zero: 0.1, full: 0.6 },
  /** Contractors per 10,000 households: 100 with none, 0 at 16 (the market score's scale). */
  contractorsZeroAt: 16,
  /** County median household income. */
  income: { zero: 35_000, full: 110_000 },
} as const;

/** A component is "high" in the reasons at or above this score, "low" at or below 100 − it. */
export const ZIP_REASON_THRESHOLD = 70;

export const ZIP_SCORE_LABELS: Record<ZipScoreComponentKey, string> = {
  households: "Households",
  ownership: "Owner occupancy",
  housingAge: "Housing age",
  competition: "Competition",
  income: "Income",
};

/** The phrase of a component when high and when low. */
export const ZIP_REASON_PHRASES: Record<ZipScoreComponentKey, { high: string; low: string }> = {
  households: { high: "many households", low: "few households" },
  ownership: { high: "mostly owner-occupied homes", low: "mostly rented homes" },
  housingAge: { high: "many homes built before 1980", low: "mostly newer homes" },
  competition: { high: "few contractors", low: "many contractors" },
  income: { high: "high incomes", low: "low incomes" },
};

/** What the score reads of a ZIP area; null where unknown (that component is left out). */
export interface ZipScoreInput {
  households: number | null;
  ownerOccupiedShare: number | null;
  builtBefore1980Share: number | null;
  contractors: number;
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

/** The components present for a ZIP area, weights scaled to sum 1. */
export function zipScoreComponents(z: ZipScoreInput): ZipScoreComponent[] {
  const parts: Omit<ZipScoreComponent, "label" | "weight">[] = [];
  const hh = z.households;
  if (hh != null) {
    parts.push({
      key: "households",
      score: zipComponentScore.households(hh),
      detail: `${int(hh)} households`,
    });
  }
  if (z.ownerOccupiedShare != null) {
    parts.push({
      key: "ownership",
      score: zipComponentScore.ownership(z.ownerOccupiedShare),
      detail: `${pct(z.ownerOccupiedShare)} owner-occupied`,
    });
  }
  if (z.builtBefore1980Share != null) {
    parts.push({
      key: "housingAge",
      score: zipComponentScore.housingAge(z.builtBefore1980Share),
      detail: `${pct(z.builtBefore1980Share)} built before 1980`,
    });
  }
  if (hh != null) {
    // No households: any contractor is too many.
    const per10k =
      hh > 0 ? (z.contractors / hh) * 10_000 : z.contractors > 0 ? Number.POSITIVE_INFINITY : 0;
    parts.push({
      key: "competition",
      score: zipComponentScore.competition(per10k),
      detail:
        hh > 0
          ? `${int(z.contractors)} contractors, ${oneDecimal(per10k)} per 10,000 households`
          : `${int(z.contractors)} contractors`,
    });
  }
  if (z.medianIncome != null) {
    parts.push({
      key: "income",
      score: zipComponentScore.income(z.medianIncome),
      detail: `$${int(z.medianIncome)} county median income`,
    });
  }
  let total = 0;
  for (const p of parts) total += ZIP_SCORE_WEIGHTS[p.key];
  // Built field by field (an object spread here was most of a 2,000-ZIP list's time).
  return parts.map(
    (p): ZipScoreComponent => ({
      key: p.key,
      label: ZIP_SCORE_LABELS[p.key],
      score: Math.round(p.score),
      weight: total > 0 ? ZIP_SCORE_WEIGHTS[p.key] / total : 0,
      detail: p.detail,
    }),
  );
}

/** The weighted mean of the components, rounded; 0 without any. */
export function zipScore(components: readonly ZipScoreComponent[]): number {
  return Math.round(clamp(components.reduce((a, c) => a + c.score * c.weight, 0)));
}

/**
 * One line of reasons: the phrase of each high component (score ≥ 70), strongest first, then of
 * each low one (≤ 30), weakest first; "many owner-occupied homes built before 1980" when owner
 * occupancy and housing age are both high. "no measure stands out" when none is.
 */
export function zipReasons(components: readonly ZipScoreComponent[]): string {
  const high = components
    .filter((c) => c.score >= ZIP_REASON_THRESHOLD)
    .sort((a, b) => b.score * b.weight - a.score * a.weight);
  const low = components
    .filter((c) => c.score <= 100 - ZIP_REASON_THRESHOLD)
    .sort((a, b) => a.score - b.score);
  const highKeys = new Set(high.map((c) => c.key));
  const both = highKeys.has("ownership") && highKeys.has("housingAge");
  const phrases: string[] = [];
  for (const c of high) {
    if (both && c.key === "housingAge") continue;
    phrases.push(
      both && c.key === "ownership"
        ? "many owner-occupied homes built before 1980"
        : ZIP_REASON_PHRASES[c.key].high,
    );
  }
  for (const c of low) phrases.push(ZIP_REASON_PHRASES[c.key].low);
  return phrases.length > 0 ? phrases.join("; ") : "no measure stands out";
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
