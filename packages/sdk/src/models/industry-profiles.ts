/**
 * Industry profiles are data: the services an industry sells, the sourced assumptions that size
 * them and the equipment they work on. Each industry is a folder under industries/ (its profile,
 * assumptions, equipment model, competitor terms and keyword taxonomy); adding one is adding a
 * folder and its entries in industries/profiles.ts and industries/keywords.ts, not new code.
 *
 * annual jobs = households × equipment share × annual incidence
 *   (incidence = 1 / lifespan for replacements, a repair or plan rate otherwise)
 * estimated revenue = annual jobs × average ticket;  market penetration = jobs / households
 *
 * Replacements are further × housing-age and owner-occupancy factors (1 at the national mix).
 * With tract-level ACS housing tables, the assumptions marked `fromHousing` or `fromEquipment`
 * take area defaults (housing-adjustments.ts, the industry's equipment model); offline, the
 * profile's regional values stand.
 */
import { INDUSTRY_PROFILES } from "../industries/profiles.js";
import { defaultIndustry, type IndustryId } from "../industries.js";
import type { CompetitorProfile } from "./competitor-profiles.js";
import type { IndustryProfile } from "./industry-types.js";

export { defaultIndustry } from "../industries.js";
export type { CompetitorProfile, SpecialtyRule } from "./competitor-profiles.js";
export type {
  EquipmentArea,
  EquipmentEstimate,
  EquipmentModel,
  EquipmentStock,
} from "./housing-adjustments.js";
export type {
  AssumptionDefinition,
  IndustryProfile,
  ServiceDefinition,
  WearDefinition,
} from "./industry-types.js";
export { INDUSTRY_PROFILES };

/** The profile of an industry (of the default industry when none is given). */
export function industryProfileFor(industry?: string): IndustryProfile {
  const profile = INDUSTRY_PROFILES[(industry || defaultIndustry()) as IndustryId];
  if (!profile) throw new Error(`No industry profile for ${industry ?? "the default industry"}`);
  return profile;
}

/**
 * What the competitor providers search for in an industry: its profile's terms, or the default
 * industry's for one that has none (it cannot be analyzed yet).
 */
export function competitorProfileFor(
  industry: string = defaultIndustry(),
  profiles: Readonly<
    Record<string, Pick<IndustryProfile, "id" | "active" | "competitors">>
  > = INDUSTRY_PROFILES,
): CompetitorProfile {
  const terms = profiles[industry]?.competitors ?? profiles[defaultIndustry(profiles)]?.competitors;
  if (!terms) throw new Error(`No competitor search terms for ${industry}`);
  return terms;
}

/** Commercial establishments per resident (County Business Patterns, national). */
export const COMMERCIAL_UNITS_PER_RESIDENT = {
  value: 8.1e6 / 332e6,
  source:
    "U.S. Census Bureau, County Business Patterns 2021: about 8.1 million establishments with paid employees for about 332 million residents",
} as const;
