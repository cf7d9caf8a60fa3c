/**
 * The shape of an industry profile: its services, the sourced assumptions that size them and the
 * equipment model that counts what it services (each industry's folder under industries/ holds
 * one; industry-profiles.ts lists them).
 */
import type { CensusRegion } from "../constants.js";
import type { IndustryHead, IndustryId } from "../industries.js";
import type { AssumptionUnit } from "../schemas/market.js";
import type { CompetitorProfile } from "./competitor-profiles.js";
import type { EquipmentModel, HousingRule, ReplacementAdjustment } from "./housing-adjustments.js";
import type { WearSeason } from "./local-market.js";

export interface AssumptionDefinition {
  key: string;
  label: string;
  unit: AssumptionUnit;
  min: number;
  max: number;
  basis: "published" | "derived" | "estimate";
  source: string;
  sourceUrl?: string;
  /** One value, or one per census region. */
  value: number | Record<CensusRegion, number>;
  /**
   * With tract-level housing data, the default comes from this rule instead
   * (housing-adjustments.ts); without, `value` stands.
   */
  fromHousing?: HousingRule;
  /**
   * With tract-level housing data, the default is the share of homes (systems per household) of
   * this kind of the profile's equipment (`EquipmentModel.estimate`); without, `value` stands.
   */
  fromEquipment?: string;
}

/**
 * How a kind of equipment wears out with its use (local-market.ts `wearFactor`): the assumption
 * giving the share of failures that follows run time, and the degree days it runs by.
 */
export interface WearDefinition {
  weightKey: string;
  seasons: readonly { season: WearSeason; key: string }[];
}

export interface ServiceDefinition {
  id: string;
  name: string;
  /** Assumption keys of equipment shares summed to get the served share; [] = every household. */
  shareKeys: string[];
  incidence:
    | { kind: "lifespan"; key: string; wear?: WearDefinition }
    | { kind: "rate"; key: string };
  ticketKey: string;
  /**
   * The ticket at local wages: its labour share (an assumption) × the area's wage index (an
   * assumption, 1 = U.S.); equipment and materials stay at the U.S. price.
   */
  price?: { labourShareKey: string; wageIndexKey: string };
  /**
   * Factors on the jobs, each read from an assumption (housing-adjustments.ts): 1 at the
   * national housing mix, so exactly 1 with the offline defaults.
   */
  adjustments?: readonly { kind: ReplacementAdjustment; key: string }[];
  /** How its jobs fall over the year (seasons.ts); absent: spread evenly. */
  season?: SeasonDefinition;
}

/**
 * What the weather-driven part of a service's jobs follows — the market's cooling degree days,
 * heating degree days, both, or named months (1 = January) — and the assumption giving that
 * part's share; the rest is spread evenly over the year.
 */
export interface SeasonDefinition {
  follows: "cooling" | "heating" | "both" | { months: readonly number[]; label: string };
  weatherShareKey: string;
}

/** An industry's profile: its head (industries.ts) and its model. */
export interface IndustryProfile extends IndustryHead {
  id: IndustryId;
  services: ServiceDefinition[];
  assumptions: AssumptionDefinition[];
  /** Absent while the industry cannot be analyzed. */
  competitors?: CompetitorProfile;
  /** The equipment its services work on; absent: every service counts households. */
  equipment?: EquipmentModel;
}
