/**
 * Industry profiles are data: the services an industry sells and the sourced assumptions that
 * size them. Adding an industry is adding a profile here, not new code.
 *
 * annual jobs = households × equipment share × annual incidence
 *   (incidence = 1 / lifespan for replacements, a repair or plan rate otherwise)
 * estimated revenue = annual jobs × average ticket;  market penetration = jobs / households
 *
 * Replacements are further × housing-age and owner-occupancy factors (1 at the national mix).
 * With tract-level ACS housing tables, the assumptions marked `fromHousing` take area defaults
 * (housing-adjustments.ts); offline, the regional values below stand.
 */
import { defaultIndustry, INDUSTRIES, type IndustryHead, type IndustryId } from "../industries.js";
import { type CompetitorProfile, HVAC_COMPETITORS } from "./competitor-profiles.js";
import { HVAC_ASSUMPTIONS } from "./hvac-assumptions.data.js";
import type { IndustryProfile, WearDefinition } from "./industry-types.js";

export type { CompetitorProfile, SpecialtyRule } from "./competitor-profiles.js";
export type {
  AssumptionDefinition,
  IndustryProfile,
  ServiceDefinition,
  WearDefinition,
} from "./industry-types.js";

/** The head of an industry, from industries.ts. */
const head = (id: IndustryId): IndustryHead & { id: IndustryId } => {
  const found = INDUSTRIES.find((i) => i.id === id) as IndustryHead & { id: IndustryId };
  return { id: found.id, label: found.label, active: found.active };
};

/** Replacement jobs follow the age and the tenure of the housing stock. */
const REPLACEMENT_ADJUSTMENTS = [
  { kind: "housingAge", key: "housing.built2000OrLater" },
  { kind: "ownerOccupancy", key: "housing.ownerOccupied" },
] as const;

/** Cooling equipment wears by cooling degree days, heating equipment by heating, heat pumps by both. */
const COOLING_DAYS = { season: "cooling", key: "climate.coolingDegreeDays" } as const;
const HEATING_DAYS = { season: "heating", key: "climate.heatingDegreeDays" } as const;
const COOLING_WEAR: WearDefinition = { weightKey: "wear.centralAc", seasons: [COOLING_DAYS] };
const HEATING_WEAR: WearDefinition = { weightKey: "wear.heating", seasons: [HEATING_DAYS] };
const HEAT_PUMP_WEAR: WearDefinition = {
  weightKey: "wear.heatPump",
  seasons: [COOLING_DAYS, HEATING_DAYS],
};

/** Tickets at local wages, by the labour share of each kind of job. */
const INSTALLATION_PRICE = {
  labourShareKey: "labour.installation",
  wageIndexKey: "prices.wageIndex",
};
const REPAIR_PRICE = { labourShareKey: "labour.repair", wageIndexKey: "prices.wageIndex" };
const SERVICE_PRICE = { labourShareKey: "labour.service", wageIndexKey: "prices.wageIndex" };

const HVAC: IndustryProfile = {
  ...head("HVAC"),
  assumptions: HVAC_ASSUMPTIONS,
  competitors: HVAC_COMPETITORS,

  services: [
    {
      id: "ac-replacement",
      name: "AC Replacement",
      shareKeys: ["share.centralAc"],
      incidence: { kind: "lifespan", key: "lifespan.centralAc", wear: COOLING_WEAR },
      ticketKey: "ticket.acReplacement",
      price: INSTALLATION_PRICE,
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "furnace-replacement",
      name: "Furnace Replacement",
      shareKeys: ["share.furnace"],
      incidence: { kind: "lifespan", key: "lifespan.furnace", wear: HEATING_WEAR },
      ticketKey: "ticket.furnaceReplacement",
      price: INSTALLATION_PRICE,
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "boiler-replacement",
      name: "Boiler Replacement",
      shareKeys: ["share.boiler"],
      incidence: { kind: "lifespan", key: "lifespan.boiler", wear: HEATING_WEAR },
      ticketKey: "ticket.boilerReplacement",
      price: INSTALLATION_PRICE,
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "heat-pump-installation",
      name: "Heat Pump Installation",
      shareKeys: ["share.heatPump"],
      incidence: { kind: "lifespan", key: "lifespan.heatPump", wear: HEAT_PUMP_WEAR },
      ticketKey: "ticket.heatPumpInstallation",
      price: INSTALLATION_PRICE,
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "ac-repair",
      name: "AC Repair",
      shareKeys: ["share.centralAc", "share.heatPump"],
      incidence: { kind: "rate", key: "rate.acRepair" },
      ticketKey: "ticket.acRepair",
      price: REPAIR_PRICE,
      adjustments: [{ kind: "coolingUse", key: "climate.coolingDegreeDays" }],
    },
    {
      id: "furnace-repair",
      name: "Furnace Repair",
      shareKeys: ["share.furnace"],
      incidence: { kind: "rate", key: "rate.furnaceRepair" },
      ticketKey: "ticket.furnaceRepair",
      price: REPAIR_PRICE,
      adjustments: [{ kind: "heatingUse", key: "climate.heatingDegreeDays" }],
    },
    {
      id: "boiler-repair",
      name: "Boiler Repair",
      shareKeys: ["share.boiler"],
      incidence: { kind: "rate", key: "rate.boilerRepair" },
      ticketKey: "ticket.boilerRepair",
      price: REPAIR_PRICE,
      adjustments: [{ kind: "heatingUse", key: "climate.heatingDegreeDays" }],
    },
    {
      id: "maintenance-plans",
      name: "Maintenance & Tune-Up Plans",
      shareKeys: [],
      incidence: { kind: "rate", key: "rate.maintenancePlan" },
      ticketKey: "ticket.maintenancePlan",
      price: SERVICE_PRICE,
    },
    {
      id: "duct-cleaning",
      name: "Duct Cleaning",
      shareKeys: [],
      incidence: { kind: "rate", key: "rate.ductCleaning" },
      ticketKey: "ticket.ductCleaning",
      price: SERVICE_PRICE,
    },
  ],
};

const comingSoon = (id: IndustryId): IndustryProfile => ({
  ...head(id),
  services: [],
  assumptions: [],
});

export const INDUSTRY_PROFILES: Record<IndustryId, IndustryProfile> = {
  HVAC,
  Plumbing: comingSoon("Plumbing"),
  Electrical: comingSoon("Electrical"),
  Roofing: comingSoon("Roofing"),
};

export { defaultIndustry } from "../industries.js";

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
