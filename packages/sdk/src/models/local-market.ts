/**
 * The local market model: a market's climate, housing stock and contractors decide how hard its
 * equipment works, what its homes are like and what its labour costs (docs/methodology.md,
 * section 3). What equipment the homes hold is each industry's (industries/<trade>/equipment.ts).
 * Pure functions and sourced constants; no I/O.
 */
import { formatDecimal } from "../format.js";
import type { BuildingGroup, LocalStock } from "./places.js";

/**
 * U.S. household-weighted mean degree days (base 65 °F): the 1991–2020 NOAA normals at every
 * 2020 tract, weighted by its households (computed by the derive script; a server test checks
 * these against the shipped data).
 */
export const NATIONAL_DEGREE_DAYS = {
  heating: 3966,
  cooling: 1605,
  source:
    "NOAA NCEI U.S. Climate Normals 1991–2020 at every 2020 census tract (inverse-distance weighted, 4 nearest stations), weighted by households: the U.S. mean",
} as const;

/**
 * Elasticity of repairs to degree days: repairs × (area degree days ÷ U.S. mean)^0.5. Run time
 * is proportional to degree days (the degree-day method of ASHRAE and EIA's weather adjustment);
 * BIS assumes half of repairs follow run time (wear) and half do not (age, parts, installation),
 * i.e. an elasticity of 0.5. A BIS estimate: no published elasticity of heating and cooling
 * repairs was found.
 */
export const USAGE_ELASTICITY = {
  value: 0.5,
  source:
    "BIS estimate: run time is proportional to degree days (ASHRAE degree-day method; EIA weather-adjusts heating and cooling use by degree days); half of repairs assumed to follow run time",
} as const;

/** The usage factor is kept within these bounds (a cabin at 12,000 HDD is not 3× Chicago). */
export const USAGE_FACTOR_BOUNDS = { min: 0.3, max: 2 } as const;

/**
 * Below this many heating degree days a year, heating equipment is worked on in proportion to
 * them: jobs × min(1, area heating degree days ÷ this). Where the heating season is a few cool
 * nights, heating that is seldom on seldom wears out or breaks, and what fails is often not
 * replaced in kind. 1,000 is about a quarter of the U.S. mean and just below the mildest large
 * markets that still heat mostly with fuel (Phoenix 1,065, Los Angeles 1,087, Houston 1,156
 * heating degree days), so they are unchanged; Tampa (410) is at 0.41, Miami (120) at 0.12,
 * Honolulu (1) at 0. A BIS estimate: no published rate of heating work by climate was found
 * (its source names what Florida contractors write, for and against).
 */
export const HEATING_SEASON_DAYS = {
  value: 1000,
  source:
    "BIS estimate: below 1,000 heating degree days a year (about a quarter of the U.S. mean; Phoenix 1,065, Los Angeles 1,087, Houston 1,156 are above it) heating jobs × heating degree days ÷ 1,000 — heating that is seldom on seldom wears out or breaks, and what fails is often not replaced in kind; contractors in Florida write as much (callahoy.com, andservices.com), though equipment left unused still needs care (acguyoftampa.com): a judgement, not a measured rate",
} as const;

/** Heating jobs × min(1, heating degree days ÷ HEATING_SEASON_DAYS): 1 at and above it. */
export function heatingSeasonFactor(heatingDegreeDays: number): number {
  if (!(heatingDegreeDays > 0)) return 0;
  return Math.min(1, heatingDegreeDays / HEATING_SEASON_DAYS.value);
}

/** Mean figures of an area from its local sums. */
export interface LocalMeans {
  heatingDegreeDays: number;
  coolingDegreeDays: number;
  /** Household-weighted mean of the counties' median household incomes; null without any. */
  medianHouseholdIncome: number | null;
}

export function localMeans(local: LocalStock): LocalMeans | null {
  if (!(local.households > 0)) return null;
  return {
    heatingDegreeDays: local.heatingDegreeDays / local.households,
    coolingDegreeDays: local.coolingDegreeDays / local.households,
    medianHouseholdIncome:
      local.incomeHouseholds > 0 ? local.incomeSum / local.incomeHouseholds : null,
  };
}

/** Shares (0–1) of occupied homes by main heating fuel; gas excludes bottled gas here. */
export interface FuelShares {
  gas: number;
  propane: number;
  electricity: number;
  fuelOil: number;
  otherOrNone: number;
}

/** The homes of an area by building group (shares 0–1 of its housing units) and its buildings. */
export interface AreaBuildings {
  shares: Record<BuildingGroup, number>;
  /** Housing units per building of 2–4 units and of 5+ units (mean sizes). */
  units2to4PerBuilding: number;
  units5plusPerBuilding: number;
}

/** The area's building mix from its local sums and its housing units (null without homes). */
export function areaBuildings(local: LocalStock, housingUnits: number): AreaBuildings | null {
  const fields = [local.units2to4, local.units5plus, local.mobileHomes];
  if (!(housingUnits > 0) || !fields.every(Number.isFinite)) return null;
  const share = (n: number) => clamp01(n / housingUnits);
  const units2to4 = share(local.units2to4);
  const units5plus = share(local.units5plus);
  const mobile = share(local.mobileHomes);
  return {
    shares: {
      singleFamily: clamp01(1 - units2to4 - units5plus - mobile),
      units2to4,
      units5plus,
      mobile,
    },
    units2to4PerBuilding:
      local.buildings2to4 > 0 ? local.units2to4 / local.buildings2to4 : BUILDING_SIZE_2TO4,
    units5plusPerBuilding:
      local.buildings5plus > 0 ? local.units5plus / local.buildings5plus : BUILDING_SIZE_5PLUS,
  };
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** Mean units per building where an area has no such building to measure (BIS estimate, DP04 bins). */
const BUILDING_SIZE_2TO4 = 2.7;
const BUILDING_SIZE_5PLUS = 20;

/**
 * Repairs × (degree days ÷ the U.S. mean)^elasticity, within USAGE_FACTOR_BOUNDS: 1 at the U.S.
 * mean, so the offline and national defaults are unchanged.
 */
export function usageFactor(degreeDays: number, national: number): number {
  if (!(degreeDays > 0) || !(national > 0)) return USAGE_FACTOR_BOUNDS.min;
  const f = (degreeDays / national) ** USAGE_ELASTICITY.value;
  return Math.min(USAGE_FACTOR_BOUNDS.max, Math.max(USAGE_FACTOR_BOUNDS.min, f));
}

/** "1,234" for degree days in texts. */
export const degreeDaysText = (n: number) => `${formatDecimal(Math.round(n))} degree days`;

/** The seasons whose degree days wear out a kind of equipment. */
export type WearSeason = "cooling" | "heating";

/** An area's degree days over the U.S. mean, averaged over `seasons` (1 at the U.S. mean). */
export function degreeDayRatio(
  seasons: readonly WearSeason[],
  climate: { heatingDegreeDays: number; coolingDegreeDays: number },
): number {
  if (seasons.length === 0) return 1;
  const ratio = (s: WearSeason) =>
    s === "cooling"
      ? climate.coolingDegreeDays / NATIONAL_DEGREE_DAYS.cooling
      : climate.heatingDegreeDays / NATIONAL_DEGREE_DAYS.heating;
  return seasons.reduce((sum, s) => sum + ratio(s), 0) / seasons.length;
}

/** The wear factor is kept within these bounds (intervals between 0.6× and 2× the U.S. one). */
export const WEAR_FACTOR_BOUNDS = { min: 0.5, max: 1.7 } as const;

/**
 * Replacements a year × (1 − w + w × degree-day ratio): the share w of failures that follows run
 * time (degree days), the rest age, corrosion and installation. The replacement interval is the
 * U.S. interval ÷ this: 1 at the U.S. mean, so the offline defaults are unchanged.
 */
export function wearFactor(weight: number, ratio: number): number {
  const f = 1 - weight + weight * Math.max(0, ratio);
  return Math.min(WEAR_FACTOR_BOUNDS.max, Math.max(WEAR_FACTOR_BOUNDS.min, f));
}

/**
 * Annual pay per employee of NAICS 238220 (plumbing, heating and air-conditioning contractors)
 * in the U.S.: County Business Patterns 2021 payroll $74,982,149 thousand ÷ 1,118,472 employees
 * (the sum over every county of `business/cbp_county_238220_2021.csv`).
 */
export const NATIONAL_TRADE_WAGE = {
  value: 67_040,
  source:
    "U.S. Census Bureau, County Business Patterns 2021, NAICS 238220: payroll ÷ employees, $67,040 a year in the U.S.",
} as const;

/** Below this many employees (apportioned to the area) the area's wage is too thin to use. */
export const MIN_WAGE_EMPLOYEES = 50;

/** The wage index is kept within these bounds. */
export const WAGE_INDEX_BOUNDS = { min: 0.5, max: 2 } as const;

/**
 * The area's NAICS 238220 pay per employee over the U.S. figure (its counties' payroll ÷
 * employees, each county apportioned by the households in range); null with too few employees.
 */
export function wageIndex(local: LocalStock): number | null {
  if (!(local.countyEmployment >= MIN_WAGE_EMPLOYEES) || !(local.countyPayroll > 0)) return null;
  const wage = (local.countyPayroll * 1000) / local.countyEmployment;
  const index = wage / NATIONAL_TRADE_WAGE.value;
  return Math.min(WAGE_INDEX_BOUNDS.max, Math.max(WAGE_INDEX_BOUNDS.min, index));
}

/** An installed price at local wages: × (1 − labour share + labour share × wage index). */
export function priceFactor(labourShare: number, index: number): number {
  return 1 - labourShare + labourShare * index;
}
