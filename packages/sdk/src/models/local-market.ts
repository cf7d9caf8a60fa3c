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
import type { LocalStock, StateBaseline } from "./places.js";

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
): EquipmentShares {
  const hpPerElectric = state.electricity > 0 ? clamp01(state.anyHeatPump / state.electricity) : 0;
  const heatPump = fuel.electricity * hpPerElectric;
  const ductedShare = state.anyHeatPump > 0 ? clamp01(state.ductedHeatPump / state.anyHeatPump) : 1;
  const ductedHeatPump = heatPump * ductedShare;
  // Homes not on a heat pump that the state heats with fuel or electric resistance.
  const heatedNonHp = state.fossil + state.electricity - state.anyHeatPump;
  const furnacesPerHeatedHome = heatedNonHp > 0 ? clamp01(state.ductedHeating / heatedNonHp) : 0;
  const fuelFired = fuel.gas + fuel.propane + fuel.fuelOil;
  const furnace = fuelFired * furnacesPerHeatedHome;
  const boilersPerOtherFuelHome = boilerShareOfOtherFuelHeat(climate.heatingDegreeDays);
  const boiler = fuelFired * (1 - furnacesPerHeatedHome) * boilersPerOtherFuelHome;
  const stateSaturation = saturation(state.coolingDegreeDays);
  const coolingClimateFactor =
    stateSaturation > 0 ? saturation(climate.coolingDegreeDays) / stateSaturation : 1;
  const centralCooling = Math.max(
    ductedHeatPump,
    Math.min(MAX_CENTRAL_COOLING, state.centralCooling * coolingClimateFactor),
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
