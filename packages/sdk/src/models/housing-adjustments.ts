/**
 * The housing stock in the market model. Where the area totals carry tract-level ACS
 * housing tables (`AreaTotals.housing`, census-api provider), the assumptions a profile marks
 * `fromHousing` get defaults computed for the area (basis "derived", the source naming the ACS
 * table and the tracts), and replacement services are scaled by the age and the tenure of the
 * stock. Without housing data nothing changes: the profile's regional values stand, and the
 * replacement factors are exactly 1.
 *
 * Rules (docs/methodology.md, section 3):
 *  - equipment shares (assumptions marked `fromEquipment`): the industry's equipment model
 *    (industries/<trade>/equipment.ts) estimates each kind from the area's fuel, climate and
 *    building mix;
 *  - replacements × housing-age factor × owner-occupancy factor, each relative to the national
 *    mix that the offline defaults stand for.
 *
 * Data (reference figures with their sources) and pure functions; no I/O.
 */
import type { CensusRegion } from "../constants.js";
import { formatDecimal } from "../format.js";
import {
  type AreaBuildings,
  areaBuildings,
  type FuelShares,
  HEATING_SEASON_DAYS,
  heatingSeasonFactor,
  type LocalMeans,
  localMeans,
  MIN_WAGE_EMPLOYEES,
  NATIONAL_DEGREE_DAYS,
  NATIONAL_TRADE_WAGE,
  USAGE_ELASTICITY,
  usageFactor,
  wageIndex,
} from "./local-market.js";
import type { HousingStock, LocalStock, StateBaseline } from "./places.js";

/** Which housing rule gives an assumption its area default. */
export type HousingRule =
  | "ownerOccupied"
  | "built2000OrLater"
  | "coolingDegreeDays"
  | "heatingDegreeDays"
  | "wageIndex";

/**
 * A factor on a service's jobs, read from one assumption (see `replacementFactor`): the age and
 * tenure of the housing stock on replacements, the climate on repairs, and a short heating
 * season on heating replacements and repairs.
 */
export type ReplacementAdjustment =
  | "housingAge"
  | "ownerOccupancy"
  | "coolingUse"
  | "heatingUse"
  | "heatingSeason";

/**
 * Replacements a year of a home built 2000 or later, relative to an older home (BIS estimate).
 * In an ACS 2018–2022 sample such a home is 0–20 years old and mostly on its first equipment:
 * averaged over those ages, the first-failure rate is F(20) ÷ 20, F(20) being the share of units
 * failed by 20 years (lifespans spread about a quarter: a 20-year lifespan → 50 %, 16 years →
 * 84 %, 15 → 91 %), i.e. 0.50–0.68 of the steady rate 1 ÷ lifespan. Homes built before 2000
 * are at or past one lifespan: the steady rate (weight 1).
 */
export const NEW_HOME_REPLACEMENT_WEIGHT = 0.6;

/**
 * Replacement decisions of a rented home, relative to an owner-occupied one (BIS estimate).
 * Renters do not decide replacements; landlords do replace failed equipment, but more often
 * repair instead, and apartment buildings buy central plant commercially.
 */
export const RENTED_HOME_REPLACEMENT_WEIGHT = 0.5;

/**
 * The national housing mix the offline defaults stand for; the replacement factors are 1 there.
 */
export const HOUSING_REFERENCE = {
  ownerOccupied: {
    value: 0.65,
    basis: "published",
    source: `U.S. homeownership rate, about 65 %: 65.2 % of occupied homes in the ACS 2022 (via ti.org/antiplanner/?p=21418); 64.8 % in the Census Bureau's Housing Vacancies and Homeownership survey, Q3 2019. With tract data: the area's own (ACS B25003). Replacement jobs × (owner share + ${RENTED_HOME_REPLACEMENT_WEIGHT} × renter share) ÷ the same at this U.S. share: renters do not decide replacements (BIS estimate of a rented home's weight: ${RENTED_HOME_REPLACEMENT_WEIGHT})`,
  },
  built2000OrLater: {
    value: 0.23,
    basis: "estimate",
    source: `BIS estimate of the U.S. mix: 14.8 % of the 132 million housing units in the ACS 2010 were built 2000–2009 (American Consumers Newsletter, via nysdca.blogspot.com), and about 13 million have been built since 2010, so about 23 % of about 140 million. With tract data: the area's own (ACS B25034). Replacement jobs × (1 − ${formatDecimal(1 - NEW_HOME_REPLACEMENT_WEIGHT, 2)} × this share) ÷ the same at this U.S. share: homes at most about 20 years old mostly still run their first equipment (BIS estimate: ${NEW_HOME_REPLACEMENT_WEIGHT} of the replacements of an older home)`,
  },
} as const;

const ageWeight = (built2000OrLater: number) =>
  1 - (1 - NEW_HOME_REPLACEMENT_WEIGHT) * built2000OrLater;
const tenureWeight = (ownerOccupied: number) =>
  ownerOccupied + RENTED_HOME_REPLACEMENT_WEIGHT * (1 - ownerOccupied);

/**
 * Housing-age factor on replacements: (1 − 0.4 × share built 2000 or later) ÷ the same for the
 * national mix. 1 at the national mix; 1.10 for an area built wholly before 2000, 0.66 for one
 * built wholly since.
 */
export function housingAgeFactor(built2000OrLater: number): number {
  return ageWeight(built2000OrLater) / ageWeight(HOUSING_REFERENCE.built2000OrLater.value);
}

/**
 * Owner-occupancy factor on replacements: (owner share + 0.5 × renter share) ÷ the same for the
 * national mix. 1 at the national mix; 1.21 for an area wholly owner-occupied, 0.61 for one
 * wholly rented.
 */
export function ownerOccupancyFactor(ownerOccupied: number): number {
  return tenureWeight(ownerOccupied) / tenureWeight(HOUSING_REFERENCE.ownerOccupied.value);
}

export function replacementFactor(kind: ReplacementAdjustment, value: number): number {
  switch (kind) {
    case "housingAge":
      return housingAgeFactor(value);
    case "ownerOccupancy":
      return ownerOccupancyFactor(value);
    case "coolingUse":
      return usageFactor(value, NATIONAL_DEGREE_DAYS.cooling);
    case "heatingUse":
      return usageFactor(value, NATIONAL_DEGREE_DAYS.heating);
    case "heatingSeason":
      return heatingSeasonFactor(value);
  }
}

/** How a factor is named in a service's formula. */
export const ADJUSTMENT_LABELS: Record<ReplacementAdjustment, string> = {
  housingAge: "housing age",
  ownerOccupancy: "owner occupancy",
  coolingUse: "cooling use",
  heatingUse: "heating use",
  heatingSeason: `short heating season (heating degree days ÷ ${formatDecimal(HEATING_SEASON_DAYS.value)})`,
};

/** Where the heating season is short, how heating jobs shrink with it (nothing at and above it). */
function shortSeasonNote(heatingDegreeDays: number): string {
  const factor = heatingSeasonFactor(heatingDegreeDays);
  if (factor >= 1) return "";
  return `; heating jobs × ${num(factor)} for a short heating season (${HEATING_SEASON_DAYS.source})`;
}

/** Shares (0–1) of an area's housing stock; null where the table's total is 0. */
export interface HousingMix {
  /** Occupied homes by house heating fuel (B25040). */
  heating: {
    gas: number;
    electricity: number;
    fuelOil: number;
    other: number;
    none: number;
  } | null;
  /** Owner-occupied ÷ occupied homes (B25003). */
  ownerOccupied: number | null;
  /** Housing units by year built (B25034). */
  built: { since2000: number; from1980To1999: number; before1980: number } | null;
}

export function housingMix(h: HousingStock): HousingMix {
  const fuelTotal =
    h.heatingGas + h.heatingElectricity + h.heatingFuelOil + h.heatingOther + h.heatingNone;
  const builtTotal = h.built2000OrLater + h.built1980To1999 + h.builtBefore1980;
  return {
    heating:
      fuelTotal > 0
        ? {
            gas: h.heatingGas / fuelTotal,
            electricity: h.heatingElectricity / fuelTotal,
            fuelOil: h.heatingFuelOil / fuelTotal,
            other: h.heatingOther / fuelTotal,
            none: h.heatingNone / fuelTotal,
          }
        : null,
    ownerOccupied: h.occupied > 0 ? Math.min(1, h.ownerOccupied / h.occupied) : null,
    built:
      builtTotal > 0
        ? {
            since2000: h.built2000OrLater / builtTotal,
            from1980To1999: h.built1980To1999 / builtTotal,
            before1980: h.builtBefore1980 / builtTotal,
          }
        : null,
  };
}

/** The local market of a service area: its sums, its state's baseline, and their sources. */
export interface LocalContext {
  stock: LocalStock;
  baseline: StateBaseline;
  /** The target's state, as named in texts ("Arizona"). */
  stateName: string;
  /** Where the area's housing shares come from, e.g. "ACS 2019–2023 DP04 of the metro areas …". */
  housingSource: string;
  climateSource: string;
  /** County Business Patterns, for the wage index. */
  contractorsSource: string;
}

/** The housing stock of a service area, as the market model is given it. */
export interface HousingContext {
  housing: HousingStock;
  /** Tracts summed into `housing`. */
  tracts: number;
  /** The data's vintage as the dataset names it, e.g. "2022 ACS 5-year". */
  vintage: string;
  /** With the embedded dataset's local data: the local equipment and climate rules apply. */
  local?: LocalContext;
  /** How the stock's tables are named in sources (default: the ACS tract tables). */
  tables?: { fuel: string; tenure: string; built: string };
}

/** The area's heating fuel shares (bottled gas apart where the local sums know it). */
export function fuelShares(h: HousingStock, local?: LocalStock): FuelShares | null {
  const mix = housingMix(h);
  if (!mix.heating) return null;
  const occupied =
    h.heatingGas + h.heatingElectricity + h.heatingFuelOil + h.heatingOther + h.heatingNone;
  const propane =
    local && occupied > 0 ? Math.min(mix.heating.gas, local.heatingPropane / occupied) : 0;
  return {
    gas: mix.heating.gas - propane,
    propane,
    electricity: mix.heating.electricity,
    fuelOil: mix.heating.fuelOil,
    otherOrNone: mix.heating.other + mix.heating.none,
  };
}

const pct = (share: number) => `${formatDecimal(share * 100, 1)} %`;
const num = (n: number, digits = 2) => formatDecimal(n, digits);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * What the housing rules read and rewrite of an assumption definition (the industry profiles'
 * `AssumptionDefinition` is one; declared here so this module needs nothing from them).
 */
export interface HousingAdjustable {
  key: string;
  min: number;
  max: number;
  value: number | Record<CensusRegion, number>;
  basis: string;
  source: string;
  sourceUrl?: string;
  fromHousing?: HousingRule;
  fromEquipment?: string;
}

/** An area as an industry's equipment model is given it. */
export interface EquipmentArea {
  region: CensusRegion;
  housing: HousingStock;
  mix: HousingMix;
  /** The heating-fuel table as sources cite it. */
  fuelTable: string;
  /** The profile's regional default of the assumption estimating a kind (null without one). */
  regional: (kind: string) => number | null;
  /** With the embedded dataset's local data (climate, building mix, state baseline). */
  local?: {
    context: LocalContext;
    means: LocalMeans;
    fuel: FuelShares;
    buildings: AreaBuildings | null;
    households: number;
  };
}

/** One kind of equipment's estimate for an area: a share of households and its formula. */
export interface EquipmentEstimate {
  value: number;
  source: string;
  sourceUrl?: string;
  /** What the services' "How" lines add (the building split), when there is something to say. */
  note?: string;
}

/** What an equipment model estimates for an area. */
export interface EquipmentStock {
  /** Per kind: the jobs base (systems per household) the assumptions marked `fromEquipment` take. */
  systems: Record<string, EquipmentEstimate>;
  /** Per kind (the model's `kinds`, in order): the share of homes with it (local data only). */
  homes?: Record<string, number>;
  /** Apartment buildings whose central plant is commercial work, left out (local data only). */
  centralPlantBuildings?: number;
}

/**
 * An industry's equipment: the kinds it services (ids keyed in the wire record's
 * `localMarket.equipment.kinds`, labels as shown), and how an area's stock of each is estimated.
 */
export interface EquipmentModel {
  /** The local market profile's row, e.g. "Heating and cooling equipment". */
  title: string;
  kinds: readonly { id: string; label: string }[];
  /** The source and the method of the local market profile's equipment figures. */
  source: string;
  method: string;
  estimate(area: EquipmentArea): EquipmentStock | null;
}

/** The area as an equipment model is given it. */
export function equipmentArea(
  region: CensusRegion,
  context: HousingContext,
  fuelTable: string,
  regional: (kind: string) => number | null,
  households = context.housing.occupied,
): EquipmentArea {
  const mix = housingMix(context.housing);
  const local = context.local;
  const means = local ? localMeans(local.stock) : null;
  const fuel = local ? fuelShares(context.housing, local.stock) : null;
  const housingUnits =
    context.housing.built2000OrLater +
    context.housing.built1980To1999 +
    context.housing.builtBefore1980;
  return {
    region,
    housing: context.housing,
    mix,
    fuelTable,
    regional,
    ...(local && means && fuel
      ? {
          local: {
            context: local,
            means,
            fuel,
            buildings: areaBuildings(local.stock, housingUnits),
            households,
          },
        }
      : {}),
  };
}

/**
 * The profile's definitions with area defaults for those marked `fromHousing` that the housing
 * tables can give (a table whose total is 0 gives nothing: that default stays regional).
 * `derived` lists the keys given an area default.
 */
export function housingDefaults<D extends HousingAdjustable>(
  definitions: readonly D[],
  region: CensusRegion,
  context: HousingContext,
  equipmentModel?: EquipmentModel,
): {
  definitions: D[];
  derived: string[];
  notes: Record<string, string>;
  /** The equipment model's estimate for the area (the local market profile shows its shares). */
  equipment?: EquipmentStock;
} {
  const mix = housingMix(context.housing);
  const over = `over the ${formatDecimal(context.tracts)} census ${context.tracts === 1 ? "tract" : "tracts"} in range`;
  const tables = context.tables ?? {
    fuel: `ACS B25040 house heating fuel (${context.vintage}) ${over}`,
    tenure: `ACS B25003 tenure (${context.vintage}) ${over}`,
    built: `ACS B25034 year structure built (${context.vintage}) ${over}`,
  };
  const local = context.local;
  const means = local ? localMeans(local.stock) : null;
  const regional = (kind: string): number | null => {
    const def = definitions.find((d) => d.fromEquipment === kind);
    if (!def) return null;
    return typeof def.value === "number" ? def.value : def.value[region];
  };
  const stock = equipmentModel?.estimate(equipmentArea(region, context, tables.fuel, regional));

  const derive = (rule: HousingRule): EquipmentEstimate | null => {
    switch (rule) {
      case "wageIndex": {
        const index = local ? wageIndex(local.stock) : null;
        if (index === null || !local) return null;
        return {
          value: index,
          source: `${local.contractorsSource}: $${formatDecimal(Math.round((local.stock.countyPayroll * 1000) / local.stock.countyEmployment))} a year per employee in the counties in range (each apportioned by its households in range; ${formatDecimal(Math.round(local.stock.countyEmployment))} employees) ÷ the U.S. $${formatDecimal(NATIONAL_TRADE_WAGE.value)}; a ticket's labour share × this, its equipment at the U.S. price (U.S. wages where fewer than ${MIN_WAGE_EMPLOYEES} employees are counted)`,
        };
      }
      case "coolingDegreeDays":
      case "heatingDegreeDays": {
        if (!means || !local) return null;
        const cooling = rule === "coolingDegreeDays";
        const value = cooling ? means.coolingDegreeDays : means.heatingDegreeDays;
        const national = cooling ? NATIONAL_DEGREE_DAYS.cooling : NATIONAL_DEGREE_DAYS.heating;
        return {
          value: Math.round(value),
          source: `${local.climateSource}: household-weighted mean ${formatDecimal(Math.round(value))} ${cooling ? "cooling" : "heating"} degree days (base 65 °F) against the U.S. ${formatDecimal(national)}; ${cooling ? "cooling" : "heating"} repairs × (this ÷ U.S.)^${USAGE_ELASTICITY.value} = ${num(usageFactor(value, national))} (${USAGE_ELASTICITY.source})${cooling ? "" : shortSeasonNote(value)}`,
        };
      }
      case "ownerOccupied": {
        const owner = mix.ownerOccupied;
        if (owner === null) return null;
        return {
          value: owner,
          source: `${tables.tenure}: ${formatDecimal(context.housing.ownerOccupied)} of ${formatDecimal(context.housing.occupied)} occupied homes are owner-occupied; replacement jobs × ${num(ownerOccupancyFactor(round3(owner)))} against the U.S. ${pct(HOUSING_REFERENCE.ownerOccupied.value)}`,
        };
      }
      case "built2000OrLater": {
        const built = mix.built;
        if (!built) return null;
        return {
          value: built.since2000,
          source: `${tables.built}: ${pct(built.since2000)} of housing units built 2000 or later, ${pct(built.from1980To1999)} 1980–1999, ${pct(built.before1980)} before 1980; replacement jobs × ${num(housingAgeFactor(round3(built.since2000)))} against the U.S. ${pct(HOUSING_REFERENCE.built2000OrLater.value)} built 2000 or later`,
        };
      }
    }
  };

  const derived: string[] = [];
  const notesByKey: Record<string, string> = {};
  const result = definitions.map((def) => {
    const area = def.fromEquipment
      ? stock?.systems[def.fromEquipment]
      : def.fromHousing
        ? derive(def.fromHousing)
        : null;
    if (!area || !Number.isFinite(area.value)) return def;
    derived.push(def.key);
    if (area.note) notesByKey[def.key] = area.note;
    const value = Math.min(def.max, Math.max(def.min, round3(area.value)));
    const { sourceUrl: _regionalUrl, ...rest } = def;
    return {
      ...rest,
      value,
      basis: "derived",
      source: area.source,
      ...(area.sourceUrl ? { sourceUrl: area.sourceUrl } : {}),
    } as D;
  });
  return {
    definitions: result,
    derived,
    notes: notesByKey,
    ...(stock ? { equipment: stock } : {}),
  };
}
