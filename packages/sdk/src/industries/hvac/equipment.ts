/**
 * The HVAC equipment model: which heating and cooling systems an area's homes hold
 * (docs/methodology.md, section 3). Pure functions and sourced constants; no I/O.
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

import type { CensusRegion } from "../../constants.js";
import { formatDecimal } from "../../format.js";
import type {
  EquipmentArea,
  EquipmentModel,
  EquipmentStock,
} from "../../models/housing-adjustments.js";
import type { AreaBuildings, FuelShares } from "../../models/local-market.js";
import {
  BUILDING_GROUPS,
  type BuildingGroup,
  type GroupEquipment,
  type StateBaseline,
} from "../../models/places.js";
import { HVAC_EQUIPMENT_KINDS } from "./kinds.js";

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** The state baseline's ResStock columns this model reads (shares of homes, 0 when absent). */
function stateShares(state: StateBaseline) {
  const v = (k: string) => state.equipment[k] ?? 0;
  return {
    centralCooling: v("centralCooling"),
    ductedHeatPump: v("ductedHeatPump"),
    anyHeatPump: v("anyHeatPump"),
    ductedHeating: v("ductedHeating"),
    electricity: v("electricity"),
    fossil: v("fossil"),
  };
}

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
    local += area[g] * (groups[g].equipment[kind] ?? 0);
    state += groups[g].share * (groups[g].equipment[kind] ?? 0);
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
  const boilerWeight = (g: BuildingGroup) => m[g] * (groups[g].equipment.nonDuctedHeating ?? 0);
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
  const b = stateShares(state);
  const hpPerElectric = b.electricity > 0 ? clamp01(b.anyHeatPump / b.electricity) : 0;
  const heatPump = fuel.electricity * hpPerElectric;
  const ductedShare = b.anyHeatPump > 0 ? clamp01(b.ductedHeatPump / b.anyHeatPump) : 1;
  const ductedHeatPump = heatPump * ductedShare;
  // Homes not on a heat pump that the state heats with fuel or electric resistance.
  const heatedNonHp = b.fossil + b.electricity - b.anyHeatPump;
  const furnacesPerHeatedHome = heatedNonHp > 0 ? clamp01(b.ductedHeating / heatedNonHp) : 0;
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
      b.centralCooling * coolingClimateFactor * (split?.centralCooling ?? 1),
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
 * Share of households heating mainly with electricity, by census region: EIA RECS 2020, as
 * published by Atlas Buildings Hub. Heat pumps per electrically heated home = the profile's
 * regional heat-pump share ÷ this (Northeast 0.28, Midwest 0.42, South 0.49, West 0.39).
 */
export const ELECTRIC_HEAT_SHARE = {
  value: { Northeast: 0.18, Midwest: 0.19, South: 0.55, West: 0.28 } satisfies Record<
    CensusRegion,
    number
  >,
  source:
    "EIA Residential Energy Consumption Survey 2020: electricity is the main heating fuel of 55 % of households in the South, 28 % in the West, 19 % in the Midwest and 18 % in the Northeast (Atlas Buildings Hub, “Recent trends in the residential heat pump market”, 2023)",
  /** As cited inside a derived assumption's source. */
  citation: "EIA RECS 2020, via Atlas Buildings Hub",
  sourceUrl:
    "https://atlasbuildingshub.com/2023/09/06/recent-trends-in-the-residential-heat-pump-market/",
} as const;

const pct = (share: number) => `${formatDecimal(share * 100, 1)} %`;
const num = (n: number, digits = 2) => formatDecimal(n, digits);
const fuelFired = (fuel: FuelShares) => fuel.gas + fuel.propane + fuel.fuelOil;

/** With the dataset's local data: the state's mix adjusted to the area (module comment). */
function localStock(local: NonNullable<EquipmentArea["local"]>): EquipmentStock {
  const { context, means, fuel, buildings, households } = local;
  const equipment = equipmentShares(fuel, means, context.baseline, buildings);
  const split = equipment.buildings;
  const cite = (what: string) =>
    `${what}; heating fuel: ${context.housingSource}; ${context.stateName} baseline: NREL ResStock (EIA RECS 2020)`;
  const mixText = (factor: number | undefined) =>
    split && factor !== undefined
      ? ` × ${num(factor)} for the area's building mix (${pct(split.multifamily)} of homes in buildings of 2 or more units, against the state's mix at the state's rates by building type)`
      : "";
  const mf = split ? `${pct(split.multifamily)} of homes in buildings of 2+ units` : "";
  const state = stateShares(context.baseline);
  return {
    systems: {
      heatPump: {
        value: equipment.heatPump,
        source: cite(
          `Homes heated by electricity (${pct(fuel.electricity)}) × ${num(equipment.heatPumpsPerElectricHome)} heat pumps per electrically heated home in the state`,
        ),
      },
      furnace: {
        value: equipment.furnace,
        source: cite(
          `Homes heated by gas, bottled gas or fuel oil (${pct(fuelFired(fuel))}) × ${num(equipment.furnacesPerHeatedHome)} furnaces per home heated without a heat pump in the state (electric resistance counts no furnace)${mixText(split?.ductedHeating)}`,
        ),
        ...(split ? { note: `building mix × ${num(split.ductedHeating)}: ${mf}` } : {}),
      },
      boiler: {
        value: equipment.boiler,
        source: cite(
          `Fuel-heated homes without a furnace × ${pct(equipment.boilersPerOtherFuelHome)} on a boiler at ${formatDecimal(Math.round(means.heatingDegreeDays))} heating degree days (BIS estimate: 0 at 2,000, 90 % from 6,000)${mixText(split?.nonDuctedHeating)}${split ? `: ${pct(equipment.boilerHomes)} of homes, × ${num(split.boilerSystemsPerHome)} boiler systems per home (${SYSTEMS_PER_BUILDING.source})` : ""}`,
        ),
        ...(split
          ? {
              note: `${pct(equipment.boilerHomes)} of homes on a boiler × ${num(split.boilerSystemsPerHome)} systems per home: one per 2–4 unit building, 5+ unit central plants left out`,
            }
          : {}),
      },
      centralAc: {
        value: equipment.centralAc,
        source: cite(
          `Central cooling ${pct(equipment.centralCooling)} (the state's ${pct(state.centralCooling)} × ${num(equipment.coolingClimateFactor)} for ${formatDecimal(Math.round(means.coolingDegreeDays))} cooling degree days against the state's ${formatDecimal(context.baseline.coolingDegreeDays)}${mixText(split?.centralCooling)}) less ducted heat pumps ${pct(equipment.ductedHeatPump)}`,
        ),
        ...(split ? { note: `building mix × ${num(split.centralCooling)}: ${mf}` } : {}),
      },
    },
    homes: {
      centralAc: equipment.centralAc,
      heatPump: equipment.heatPump,
      furnace: equipment.furnace,
      boiler: equipment.boilerHomes,
      roomUnitsOrNone: equipment.roomUnitsOrNone,
    },
    ...(buildings
      ? {
          centralPlantBuildings: Math.round(
            (households * equipment.boilerHomes * (split?.boilerHomesIn5plus ?? 0)) /
              Math.max(1, buildings.units5plusPerBuilding),
          ),
        }
      : {}),
  };
}

/** With the ACS fuel table only: the census region's rates applied to the area's fuel. */
function regionalStock(area: EquipmentArea): EquipmentStock | null {
  const heating = area.mix.heating;
  if (!heating) return null;
  const { region, fuelTable } = area;
  // Heat pumps per electrically heated home, and furnaces per home not on a heat pump, in the
  // region: the regional defaults over the region's electric heat share (RECS 2020).
  const hpRegion = area.regional("heatPump") ?? 0;
  const furnaceRegion = area.regional("furnace") ?? 0;
  const electricRegion = ELECTRIC_HEAT_SHARE.value[region];
  const hpPerElectric = Math.min(1, hpRegion / electricRegion);
  const furnacePerNonHp = hpRegion < 1 ? Math.min(1, furnaceRegion / (1 - hpRegion)) : 0;
  const heatPump = heating.electricity * hpPerElectric;
  const resistance = heating.electricity * (1 - hpPerElectric);
  const systems: EquipmentStock["systems"] = {
    heatPump: {
      value: heatPump,
      source: `${fuelTable}: ${pct(heating.electricity)} of occupied homes heat with electricity, × ${num(hpPerElectric)} heat pumps per electrically heated home in the ${region} (its ${pct(hpRegion)} heat-pump share ÷ the ${pct(electricRegion)} of its homes heating with electricity, ${ELECTRIC_HEAT_SHARE.citation}); the rest of electric heat is resistance (electric furnaces, baseboards)`,
      sourceUrl: ELECTRIC_HEAT_SHARE.sourceUrl,
    },
    furnace: {
      value: furnacePerNonHp * (heating.gas + heating.fuelOil + resistance),
      source: `${fuelTable}: gas ${pct(heating.gas)}, fuel oil ${pct(heating.fuelOil)}, electric resistance ${pct(resistance)} (electricity ${pct(heating.electricity)} less heat pumps), × ${num(furnacePerNonHp)} furnaces per such home in the ${region} (its ${pct(furnaceRegion)} furnace share ÷ the ${pct(1 - hpRegion)} not on a heat pump); wood, coal, solar, other fuels (${pct(heating.other)}) and no heat (${pct(heating.none)}) count no furnace`,
    },
  };
  const acRegion = area.regional("centralAc");
  if (acRegion !== null) {
    const cooling = acRegion + hpRegion;
    systems.centralAc = {
      value: Math.max(0, cooling - heatPump),
      source: `Central cooling at the ${region}'s ${pct(cooling)} (central AC ${pct(acRegion)} + heat pump ${pct(hpRegion)}, after EIA RECS 2020), less the area's ${pct(heatPump)} heat pumps from ${fuelTable}`,
    };
  }
  return { systems };
}

/** Heating and cooling equipment: what HVAC contractors replace, repair and service. */
export const HVAC_EQUIPMENT: EquipmentModel = {
  ...HVAC_EQUIPMENT_KINDS,
  source: EQUIPMENT_SOURCE,
  method:
    "See the methodology: heat pumps from electric heat, furnaces and boilers from fuel-fired heat, central cooling from the state's share and the area's cooling degree days",
  estimate: (area) => (area.local ? localStock(area.local) : regionalStock(area)),
};
