/** Ranking the merged competitors (strength, position, specialization), their average rating, and market saturation. */
import type {
  Competitor,
  CompetitorPosition,
  MarketSaturation,
} from "../../schemas/competition.js";
import { type CompetitorProfile, competitorProfileFor } from "../industry-profiles.js";
import { ESTABLISHED_MIN_REVIEWS, SATURATION_THRESHOLDS } from "./constants.js";
import type { MergedCompetitor } from "./listings.js";
import { round1 } from "./shared.js";

/** The ranking key: rating × ln(reviews + 1); a business without rating or reviews scores 0. */
export function competitorStrength(rating: number | null, reviews: number | null): number {
  return (rating ?? 0) * Math.log((reviews ?? 0) + 1);
}

/** How the default industry reads specializations (an analysis' own: its industry profile). */
const DEFAULT_SPECIALTIES = /* @__PURE__ */ competitorProfileFor();

/**
 * Specialties recognised in a competitor's name and categories, in this order; the first two
 * found are shown, the profile's general specialization when none is.
 */
export const SPECIALTY_RULES = DEFAULT_SPECIALTIES.specialties;

export const GENERAL_SPECIALIZATION = DEFAULT_SPECIALTIES.generalSpecialization;

type Specialties = Pick<CompetitorProfile, "specialties" | "generalSpecialization">;

export function specializationOf(
  name: string,
  categories: readonly string[] = [],
  profile: Specialties = DEFAULT_SPECIALTIES,
): string {
  const text = [name, ...categories].join(" | ").toLowerCase();
  const found: string[] = [];
  for (const rule of profile.specialties) {
    if (!rule.pattern.test(text)) continue;
    // "Heating & Cooling" already says "Heating" and "Air Conditioning".
    if (
      found.includes("Heating & Cooling") &&
      (rule.label === "Heating" || rule.label === "Air Conditioning")
    )
      continue;
    if (rule.label === "Air Conditioning" && found.includes("Heating")) {
      found[found.indexOf("Heating")] = "Heating & Cooling";
      continue;
    }
    found.push(rule.label);
    if (found.length === 2) break;
  }
  return found.length > 0 ? found.join(", ") : profile.generalSpecialization;
}

/** A ranked competitor, with the fields the model uses beside the stored ones. */
export interface RankedCompetitor extends Competitor {
  position: CompetitorPosition;
  strength: number;
  website?: string;
  categories: string[];
}

/**
 * Ranks by strength (ties: more reviews, higher rating, name) and assigns positions:
 * 1st "Market Leader", 2nd–3rd "Top 3" (both need a strength above 0), then "Established" with
 * at least ESTABLISHED_MIN_REVIEWS reviews, else "Emerging".
 */
export function rankCompetitors(
  merged: readonly MergedCompetitor[],
  profile: Specialties = DEFAULT_SPECIALTIES,
): RankedCompetitor[] {
  const scored = merged.map((c) => ({ c, strength: competitorStrength(c.rating, c.reviews) }));
  scored.sort(
    (x, y) =>
      y.strength - x.strength ||
      (y.c.reviews ?? 0) - (x.c.reviews ?? 0) ||
      (y.c.rating ?? 0) - (x.c.rating ?? 0) ||
      x.c.name.localeCompare(y.c.name),
  );
  return scored.map(({ c, strength }, index) => {
    const position: CompetitorPosition =
      strength > 0 && index === 0
        ? "Market Leader"
        : strength > 0 && index < 3
          ? "Top 3"
          : (c.reviews ?? 0) >= ESTABLISHED_MIN_REVIEWS
            ? "Established"
            : "Emerging";
    const ranked: RankedCompetitor = {
      name: c.name,
      rating: c.rating,
      reviews: c.reviews,
      position,
      specialization: specializationOf(c.name, c.categories, profile),
      source: c.source,
      sources: c.sources,
      strength: Math.round(strength * 100) / 100,
      categories: c.categories,
    };
    if (c.url) ranked.url = c.url;
    if (c.website) ranked.website = c.website;
    if (c.address) ranked.address = c.address;
    if (c.phone) ranked.phone = c.phone;
    if (c.distanceMiles != null) ranked.distanceMiles = c.distanceMiles;
    return ranked;
  });
}

/** The mean of the ratings given, to one decimal; null when none is rated. */
export function averageRating(competitors: readonly { rating: number | null }[]): number | null {
  const rated = competitors.map((c) => c.rating).filter((r): r is number => r != null);
  if (rated.length === 0) return null;
  return round1(rated.reduce((a, b) => a + b, 0) / rated.length);
}

/* ------------------------------------------------------------------ saturation */

export function saturationLevel(
  competitorsPer10kHouseholds: number,
  thresholds: { low: number; high: number } = SATURATION_THRESHOLDS,
): MarketSaturation {
  if (competitorsPer10kHouseholds < thresholds.low) return "Low";
  if (competitorsPer10kHouseholds >= thresholds.high) return "High";
  return "Medium";
}

/** Competitors per 10,000 households (one decimal), or null without households. */
export function competitorsPer10k(competitors: number, households: number | null): number | null {
  if (households == null || !(households > 0)) return null;
  return round1((competitors / households) * 10_000);
}
