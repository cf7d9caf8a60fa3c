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
import type { CensusRegion } from "../constants.js";
import { defaultIndustry, INDUSTRIES, type IndustryHead, type IndustryId } from "../industries.js";
import type { AssumptionUnit } from "../schemas/market.js";
import { type CompetitorProfile, HVAC_COMPETITORS } from "./competitor-profiles.js";
import {
  HOUSING_REFERENCE,
  type HousingRule,
  type ReplacementAdjustment,
} from "./housing-adjustments.js";
import { NATIONAL_DEGREE_DAYS } from "./local-market.js";

export type { CompetitorProfile, SpecialtyRule } from "./competitor-profiles.js";

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
}

export interface ServiceDefinition {
  id: string;
  name: string;
  /** Assumption keys of equipment shares summed to get the served share; [] = every household. */
  shareKeys: string[];
  incidence: { kind: "lifespan"; key: string } | { kind: "rate"; key: string };
  ticketKey: string;
  /**
   * Factors on the jobs, each read from an assumption (housing-adjustments.ts): 1 at the
   * national housing mix, so exactly 1 with the offline defaults.
   */
  adjustments?: readonly { kind: ReplacementAdjustment; key: string }[];
}

/** An industry's profile: its head (industries.ts) and its model. */
export interface IndustryProfile extends IndustryHead {
  id: IndustryId;
  services: ServiceDefinition[];
  assumptions: AssumptionDefinition[];
  /** Absent while the industry cannot be analyzed. */
  competitors?: CompetitorProfile;
}

/** The head of an industry, from industries.ts. */
const head = (id: IndustryId): IndustryHead & { id: IndustryId } => {
  const found = INDUSTRIES.find((i) => i.id === id) as IndustryHead & { id: IndustryId };
  return { id: found.id, label: found.label, active: found.active };
};

const RECS =
  "EIA Residential Energy Consumption Survey 2020 (eia.gov/todayinenergy/detail.php?id=52558)";
const RECS_DERIVED = `BIS estimate by census region, consistent with ${RECS}: any air conditioning Midwest 92 %, South 93 %, West 73 %; Northeast 50 % mainly individual units; about two-thirds of U.S. homes mainly central AC or a heat pump`;

const HVAC_ASSUMPTIONS: AssumptionDefinition[] = [
  {
    key: "share.centralAc",
    label: "Households with central air conditioning (not a heat pump)",
    unit: "share",
    min: 0,
    max: 1,
    basis: "estimate",
    source: RECS_DERIVED,
    value: { Northeast: 0.35, Midwest: 0.64, South: 0.53, West: 0.41 },
    fromHousing: "centralAcShare",
  },
  {
    key: "share.heatPump",
    label: "Households heated and cooled by a heat pump",
    unit: "share",
    min: 0,
    max: 1,
    basis: "estimate",
    source: `BIS estimate by census region (about 15 % of U.S. homes nationally), after ${RECS}`,
    value: { Northeast: 0.05, Midwest: 0.08, South: 0.27, West: 0.11 },
    fromHousing: "heatPumpShare",
  },
  {
    key: "share.furnace",
    label: "Households heated mainly by a fuel-fired furnace (gas, propane, oil)",
    unit: "share",
    min: 0,
    max: 1,
    basis: "estimate",
    source: `BIS estimate by census region (boilers are common in the Northeast, heat pumps in the South), after ${RECS}`,
    value: { Northeast: 0.5, Midwest: 0.78, South: 0.5, West: 0.58 },
    fromHousing: "furnaceShare",
  },
  {
    key: "share.boiler",
    label: "Households heated by a boiler (hot water or steam)",
    unit: "share",
    min: 0,
    max: 1,
    basis: "estimate",
    source: `BIS estimate by census region (hydronic heat is a cold-climate system, common in the old housing of the Northeast), after ${RECS}`,
    value: { Northeast: 0.25, Midwest: 0.06, South: 0.01, West: 0.02 },
    fromHousing: "boilerShare",
  },
  {
    key: "climate.coolingDegreeDays",
    label: "Cooling degree days a year (base 65 °F)",
    unit: "degreeDays",
    min: 0,
    max: 10_000,
    basis: "derived",
    source: `${NATIONAL_DEGREE_DAYS.source}; cooling repairs scale with (this ÷ the U.S. mean)^0.5`,
    value: NATIONAL_DEGREE_DAYS.cooling,
    fromHousing: "coolingDegreeDays",
  },
  {
    key: "climate.heatingDegreeDays",
    label: "Heating degree days a year (base 65 °F)",
    unit: "degreeDays",
    min: 0,
    max: 20_000,
    basis: "derived",
    source: `${NATIONAL_DEGREE_DAYS.source}; heating repairs scale with (this ÷ the U.S. mean)^0.5`,
    value: NATIONAL_DEGREE_DAYS.heating,
    fromHousing: "heatingDegreeDays",
  },
  {
    key: "lifespan.centralAc",
    label: "Central AC lifespan",
    unit: "years",
    min: 5,
    max: 40,
    basis: "published",
    source:
      "Contractors: AC about 15 years (achrnews.com/articles/132909); 15–20 years (Energy Star via interest.com)",
    value: 15,
  },
  {
    key: "lifespan.furnace",
    label: "Furnace lifespan",
    unit: "years",
    min: 5,
    max: 40,
    basis: "published",
    source: "Contractors: furnaces about 20 years (achrnews.com/articles/132909)",
    value: 20,
  },
  {
    key: "lifespan.heatPump",
    label: "Heat pump lifespan",
    unit: "years",
    min: 5,
    max: 40,
    basis: "published",
    source: "Heat pump 16 years (money.cnn.com, “How long things last”, 2008)",
    value: 16,
  },
  {
    key: "lifespan.boiler",
    label: "Boiler lifespan",
    unit: "years",
    min: 5,
    max: 50,
    basis: "derived",
    source:
      "Midpoint of 15–20 years (thisoldhouse.com, boiler replacement cost, updated March 2024)",
    value: 17.5,
  },
  {
    key: "housing.built2000OrLater",
    label: "Homes built 2000 or later (mostly still on their first equipment)",
    unit: "share",
    min: 0,
    max: 1,
    basis: HOUSING_REFERENCE.built2000OrLater.basis,
    source: HOUSING_REFERENCE.built2000OrLater.source,
    value: HOUSING_REFERENCE.built2000OrLater.value,
    fromHousing: "built2000OrLater",
  },
  {
    key: "housing.ownerOccupied",
    label: "Owner-occupied homes (owners decide replacements)",
    unit: "share",
    min: 0,
    max: 1,
    basis: HOUSING_REFERENCE.ownerOccupied.basis,
    source: HOUSING_REFERENCE.ownerOccupied.source,
    value: HOUSING_REFERENCE.ownerOccupied.value,
    fromHousing: "ownerOccupied",
  },
  {
    key: "rate.acRepair",
    label: "Cooling-system repairs per equipped household per year",
    unit: "rate",
    min: 0,
    max: 2,
    basis: "derived",
    source:
      "20 % of U.S. adults had an HVAC repair or replacement in the past year (Harris Poll for HomeServe, Aug 2018), less the replacement rates above, split between cooling and heating",
    value: 0.1,
  },
  {
    key: "rate.furnaceRepair",
    label: "Furnace repairs per equipped household per year",
    unit: "rate",
    min: 0,
    max: 2,
    basis: "derived",
    source:
      "20 % of U.S. adults had an HVAC repair or replacement in the past year (Harris Poll for HomeServe, Aug 2018), less the replacement rates above, split between cooling and heating",
    value: 0.08,
  },
  {
    key: "rate.boilerRepair",
    label: "Boiler repairs per equipped household per year",
    unit: "rate",
    min: 0,
    max: 2,
    basis: "estimate",
    source:
      "BIS estimate: the furnace repair rate above applied to boilers (no published boiler repair rate was found)",
    value: 0.08,
  },
  {
    key: "rate.maintenancePlan",
    label: "Households on a maintenance / tune-up plan",
    unit: "share",
    min: 0,
    max: 1,
    basis: "estimate",
    source: "BIS estimate: no published adoption rate was found; set your market's own",
    value: 0.1,
  },
  {
    key: "rate.ductCleaning",
    label: "Households having ducts cleaned per year",
    unit: "rate",
    min: 0,
    max: 1,
    basis: "estimate",
    source: "BIS estimate: about 1 household in 25 a year; no published rate was found",
    value: 0.04,
  },
  {
    key: "ticket.acReplacement",
    label: "Average central AC replacement",
    unit: "usd",
    min: 100,
    max: 50_000,
    basis: "published",
    source:
      "$4,575 average, $2,375–$7,500 range (pickhvac.com, central air conditioner replacement cost, 2022)",
    value: 4575,
  },
  {
    key: "ticket.furnaceReplacement",
    label: "Average furnace replacement",
    unit: "usd",
    min: 100,
    max: 50_000,
    basis: "published",
    source:
      "$4,760 average, $2,820–$6,834 range (HomeAdvisor furnace replacement cost, June 2022, n = 11,891)",
    value: 4760,
  },
  {
    key: "ticket.heatPumpInstallation",
    label: "Average heat pump installation",
    unit: "usd",
    min: 100,
    max: 50_000,
    basis: "published",
    source: "$6,084 average, $4,247–$7,933 range (homeadvisor.com, install a heat pump)",
    value: 6084,
  },
  {
    key: "ticket.acRepair",
    label: "Average AC repair",
    unit: "usd",
    min: 10,
    max: 10_000,
    basis: "published",
    source:
      "$408 average, $170–$646 range (homeadvisor.com, repair an AC unit, May 2022, n = 59,973)",
    value: 408,
  },
  {
    key: "ticket.furnaceRepair",
    label: "Average furnace repair",
    unit: "usd",
    min: 10,
    max: 10_000,
    basis: "published",
    source:
      "$300 average, $125–$480 range (homeguide.com, furnace repair cost, Mar 2022); fixr.com: $360",
    value: 300,
  },
  {
    key: "ticket.boilerReplacement",
    label: "Average boiler replacement",
    unit: "usd",
    min: 100,
    max: 50_000,
    basis: "published",
    source:
      "$7,938 average, $4,290–$10,070 range (thisoldhouse.com, boiler replacement cost, updated March 2024, citing Consumer Reports)",
    value: 7938,
  },
  {
    key: "ticket.boilerRepair",
    label: "Average boiler repair",
    unit: "usd",
    min: 10,
    max: 10_000,
    basis: "published",
    source:
      "$391 average paid for boiler repairs in 2021 (Consumer Reports survey, via thisoldhouse.com, boiler replacement cost)",
    value: 391,
  },
  {
    key: "ticket.maintenancePlan",
    label: "Annual maintenance plan price",
    unit: "usd",
    min: 10,
    max: 5000,
    basis: "derived",
    source: "Midpoint of $120–$360 a year (homeguide.com, AC maintenance tune-up cost)",
    value: 240,
  },
  {
    key: "ticket.ductCleaning",
    label: "Average duct cleaning",
    unit: "usd",
    min: 10,
    max: 10_000,
    basis: "published",
    source: "$373 average, $269–$486 range (HomeAdvisor, via newsbreak.com)",
    value: 373,
  },
];

/** Replacement jobs follow the age and the tenure of the housing stock. */
const REPLACEMENT_ADJUSTMENTS = [
  { kind: "housingAge", key: "housing.built2000OrLater" },
  { kind: "ownerOccupancy", key: "housing.ownerOccupied" },
] as const;

const HVAC: IndustryProfile = {
  ...head("HVAC"),
  assumptions: HVAC_ASSUMPTIONS,
  competitors: HVAC_COMPETITORS,

  services: [
    {
      id: "ac-replacement",
      name: "AC Replacement",
      shareKeys: ["share.centralAc"],
      incidence: { kind: "lifespan", key: "lifespan.centralAc" },
      ticketKey: "ticket.acReplacement",
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "furnace-replacement",
      name: "Furnace Replacement",
      shareKeys: ["share.furnace"],
      incidence: { kind: "lifespan", key: "lifespan.furnace" },
      ticketKey: "ticket.furnaceReplacement",
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "boiler-replacement",
      name: "Boiler Replacement",
      shareKeys: ["share.boiler"],
      incidence: { kind: "lifespan", key: "lifespan.boiler" },
      ticketKey: "ticket.boilerReplacement",
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "heat-pump-installation",
      name: "Heat Pump Installation",
      shareKeys: ["share.heatPump"],
      incidence: { kind: "lifespan", key: "lifespan.heatPump" },
      ticketKey: "ticket.heatPumpInstallation",
      adjustments: REPLACEMENT_ADJUSTMENTS,
    },
    {
      id: "ac-repair",
      name: "AC Repair",
      shareKeys: ["share.centralAc", "share.heatPump"],
      incidence: { kind: "rate", key: "rate.acRepair" },
      ticketKey: "ticket.acRepair",
      adjustments: [{ kind: "coolingUse", key: "climate.coolingDegreeDays" }],
    },
    {
      id: "furnace-repair",
      name: "Furnace Repair",
      shareKeys: ["share.furnace"],
      incidence: { kind: "rate", key: "rate.furnaceRepair" },
      ticketKey: "ticket.furnaceRepair",
      adjustments: [{ kind: "heatingUse", key: "climate.heatingDegreeDays" }],
    },
    {
      id: "boiler-repair",
      name: "Boiler Repair",
      shareKeys: ["share.boiler"],
      incidence: { kind: "rate", key: "rate.boilerRepair" },
      ticketKey: "ticket.boilerRepair",
      adjustments: [{ kind: "heatingUse", key: "climate.heatingDegreeDays" }],
    },
    {
      id: "maintenance-plans",
      name: "Maintenance & Tune-Up Plans",
      shareKeys: [],
      incidence: { kind: "rate", key: "rate.maintenancePlan" },
      ticketKey: "ticket.maintenancePlan",
    },
    {
      id: "duct-cleaning",
      name: "Duct Cleaning",
      shareKeys: [],
      incidence: { kind: "rate", key: "rate.ductCleaning" },
      ticketKey: "ticket.ductCleaning",
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
