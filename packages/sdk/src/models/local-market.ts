/**
 * The local market model: a market's climate, housing stock and contractors decide its equipment
 * mix, how hard that equipment works, and who is already there (docs/methodology.md, section 3).
 * Pure functions and sourced constants; no I/O.
 *
 * Equipment shares of homes, from the state's mix (NREL ResStock, from EIA RECS 2020) adjusted to
 * the area's own heating fuel (ACS) and cooling degree days (NOAA normals):
 *  - heat pumps: homes heated by electricity × the state's heat pumps per electrically heated
 *    home (the rest of electric heat is resistance: baseboards, or an air handler's heat strips);
 *  - furnaces: homes heated by gas, bottled gas or fuel oil × the state's ducted (furnace) share
 *    of homes not on a heat pump. Electric resistance counts no furnace: an air handler with heat
 *    strips is replaced with the cooling system, so Florida's electric homes have no furnace;
 *  - boilers: the fuel-fired homes that are not on a furnace × the hydronic share for the
 *    climate (`BOILER_CLIMATE`): in cold climates they are boilers, in warm ones wall and floor
 *    furnaces and space heaters (counted as neither);
 *  - central cooling (central AC + ducted heat pump): the state's share × the saturation curve
 *    1 − e^(−CDD/τ) at the area's cooling degree days ÷ the same at the state's mean, at most 97 %;
 *    central AC = central cooling − ducted heat pumps; the rest have room units, evaporative
 *    coolers or no cooling.
 */
import { formatDecimal } from "../format.js";
import {
  BUILDING_GROUPS,
  type BuildingGroup,
  type GroupEquipment,
  type LocalStock,
  type StateBaseline,
} from "./places.js";

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

/** τ of the central-cooling saturation curve 1 − e^(−CDD/τ), in cooling degree days. */
export const COOLING_SATURATION_CDD = {
  value: 600,
  source:
    "BIS fit to NREL ResStock state shares of central cooling against their household-weighted cooling degree days outside the Northeast (central cooling nears saturation above about 1,800 CDD: AZ 84 %, FL 89 %, TX 84 %; CA 54 % at 1,325, WA 37 % at 297)",
} as const;

/**
 * Share of fuel-fired homes without a furnace that have a boiler (hydronic heat), by heating
 * degree days: 0 at 2,000 HDD or less, rising linearly to 90 % at 6,000 (BIS estimate: boilers are
 * a cold-climate system, common in the old housing of the Northeast and upper Midwest; in warm
 * climates fuel-fired homes without ducts use wall or floor furnaces and space heaters).
 */
export const BOILER_CLIMATE = { fromHdd: 2000, toHdd: 6000, max: 0.9 } as const;

export const MAX_CENTRAL_COOLING = 0.97;

export const EQUIPMENT_SOURCE =
  "NREL ResStock housing characteristics by state (from EIA RECS 2020), adjusted to the area's heating fuel and cooling degree days";

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

/** Mean units per building where an area has no such building to measure (BIS estimate, DP04 bins). */
const BUILDING_SIZE_2TO4 = 2.7;
const BUILDING_SIZE_5PLUS = 20;

/**
 * How heating and cooling systems are counted by building group (BIS estimate): a home in a
 * single-family house or a mobile home has its own; the homes of a 2–4 unit building with a
 * boiler share one (one job per building); the boilers and chillers of 5+ unit buildings are
 * central plants, commercial work, left out of the residential revenue (their buildings are
 * counted in the local market profile). Furnaces, central AC and heat pumps in apartments are
 * one per home: ResStock's ducted systems in multifamily buildings are per-unit.
 */
export const SYSTEMS_PER_BUILDING = {
  source:
    "BIS estimate: one boiler per 2–4 unit building (ACS DP04 units-in-structure bins: 2, 3–4 units), central plants of 5+ unit buildings counted as commercial work and left out; furnaces, central AC and heat pumps one per home (NREL ResStock ducted systems by building type)",
} as const;

/**
 * Σ area share × group rate ÷ Σ state share × group rate: how much more (or less) of a kind of
 * equipment the area's building mix holds than its state's, at the state's rates per group.
 */
function buildingMixFactor(
  area: Record<BuildingGroup, number>,
  groups: Record<BuildingGroup, GroupEquipment>,
  kind: "ductedHeating" | "nonDuctedHeating" | "centralCooling",
): number {
  let local = 0;
  let state = 0;
  for (const g of BUILDING_GROUPS) {
    local += area[g] * groups[g][kind];
    state += groups[g].share * groups[g][kind];
  }
  return state > 0 ? local / state : 1;
}

/** The building split of an area's equipment (with its building mix and its state's groups). */
export interface BuildingSplit {
  /** Building-mix factors on furnaces, on boilers (before systems per building) and on central cooling. */
  ductedHeating: number;
  nonDuctedHeating: number;
  centralCooling: number;
  /** Boiler systems per home on a boiler: 1 in houses, 1 per building of 2–4, 0 in 5+ (central plants). */
  boilerSystemsPerHome: number;
  /** Of the homes on a boiler, the share in 5+ unit buildings (their central plants are left out). */
  boilerHomesIn5plus: number;
  /** Homes in buildings of 2 or more units. */
  multifamily: number;
}

export function buildingSplit(area: AreaBuildings, groups: StateBaseline["groups"]): BuildingSplit {
  const m = area.shares;
  const boilerWeight = (g: BuildingGroup) => m[g] * groups[g].nonDuctedHeating;
  const totalBoiler = BUILDING_GROUPS.reduce((s, g) => s + boilerWeight(g), 0);
  const perHome: Record<BuildingGroup, number> = {
    singleFamily: 1,
    mobile: 1,
    units2to4: 1 / Math.max(1, area.units2to4PerBuilding),
    units5plus: 0,
  };
  const systems = BUILDING_GROUPS.reduce((s, g) => s + boilerWeight(g) * perHome[g], 0);
  return {
    ductedHeating: buildingMixFactor(m, groups, "ductedHeating"),
    nonDuctedHeating: buildingMixFactor(m, groups, "nonDuctedHeating"),
    centralCooling: buildingMixFactor(m, groups, "centralCooling"),
    boilerSystemsPerHome: totalBoiler > 0 ? systems / totalBoiler : 1,
    boilerHomesIn5plus: totalBoiler > 0 ? boilerWeight("units5plus") / totalBoiler : 0,
    multifamily: m.units2to4 + m.units5plus,
  };
}

export interface EquipmentShares {
  centralCooling: number;
  centralAc: number;
  heatPump: number;
  ductedHeatPump: number;
  furnace: number;
  boiler: number;
  roomUnitsOrNone: number;
  /** The ratios taken from the state baseline, for the formulas shown. */
  heatPumpsPerElectricHome: number;
  furnacesPerHeatedHome: number;
  boilersPerOtherFuelHome: number;
  coolingClimateFactor: number;
  /** With the area's building mix: the factors applied (absent: none). */
  buildings?: BuildingSplit;
  /** Homes on a boiler before counting systems per building (boiler = this × systems per home). */
  boilerHomes: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const saturation = (cdd: number) => 1 - Math.exp(-Math.max(0, cdd) / COOLING_SATURATION_CDD.value);

/** The hydronic (boiler) share of fuel-fired homes without a furnace at a climate. */
export function boilerShareOfOtherFuelHeat(heatingDegreeDays: number): number {
  const { fromHdd, toHdd, max } = BOILER_CLIMATE;
  return max * clamp01((heatingDegreeDays - fromHdd) / (toHdd - fromHdd));
}

/** The area's equipment mix from its fuel and climate and its state's baseline (module comment). */
export function equipmentShares(
  fuel: FuelShares,
  climate: { heatingDegreeDays: number; coolingDegreeDays: number },
  state: StateBaseline,
  buildings?: AreaBuildings | null,
): EquipmentShares {
  const split = buildings && state.groups ? buildingSplit(buildings, state.groups) : undefined;
  const hpPerElectric = state.electricity > 0 ? clamp01(state.anyHeatPump / state.electricity) : 0;
  const heatPump = fuel.electricity * hpPerElectric;
  const ductedShare = state.anyHeatPump > 0 ? clamp01(state.ductedHeatPump / state.anyHeatPump) : 1;
  const ductedHeatPump = heatPump * ductedShare;
  // Homes not on a heat pump that the state heats with fuel or electric resistance.
  const heatedNonHp = state.fossil + state.electricity - state.anyHeatPump;
  const furnacesPerHeatedHome = heatedNonHp > 0 ? clamp01(state.ductedHeating / heatedNonHp) : 0;
  const fuelFired = fuel.gas + fuel.propane + fuel.fuelOil;
  const furnace = Math.min(
    fuelFired,
    fuelFired * furnacesPerHeatedHome * (split?.ductedHeating ?? 1),
  );
  const boilersPerOtherFuelHome = boilerShareOfOtherFuelHeat(climate.heatingDegreeDays);
  const boilerHomes = Math.min(
    fuelFired - furnace,
    fuelFired *
      (1 - furnacesPerHeatedHome) *
      boilersPerOtherFuelHome *
      (split?.nonDuctedHeating ?? 1),
  );
  const boiler = boilerHomes * (split?.boilerSystemsPerHome ?? 1);
  const stateSaturation = saturation(state.coolingDegreeDays);
  const coolingClimateFactor =
    stateSaturation > 0 ? saturation(climate.coolingDegreeDays) / stateSaturation : 1;
  const centralCooling = Math.max(
    ductedHeatPump,
    Math.min(
      MAX_CENTRAL_COOLING,
      state.centralCooling * coolingClimateFactor * (split?.centralCooling ?? 1),
    ),
  );
  return {
    centralCooling,
    centralAc: centralCooling - ductedHeatPump,
    heatPump,
    ductedHeatPump,
    furnace,
    boiler,
    roomUnitsOrNone: 1 - centralCooling,
    heatPumpsPerElectricHome: hpPerElectric,
    furnacesPerHeatedHome,
    boilersPerOtherFuelHome,
    coolingClimateFactor,
    boilerHomes,
    ...(split ? { buildings: split } : {}),
  };
}

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
