/**
 * The local market columns of the embedded dataset (scripts/derive-local-data.ts writes them):
 * each tract's households, owners, single-family homes, degree days and year built; its county's
 * housing profile (metro DP04 on the 2023 delineation, else the state's ResStock shares), income
 * and contractors; each ZIP area's tenure, contractors and climate zone; each state's equipment
 * baseline, overall and by building group.
 *
 * A tract's housing stock is modeled: year built is its own (its 2010 tract's ACS 2010–2014
 * B25034, raked to its profile's 2019–2023 shares; a tract without a 2010 match takes its
 * county's mix) × its housing units; heating fuel is its profile's shares × its occupied homes;
 * its homes that are not single-family are split into 2–4 units, 5+ units and mobile homes by its
 * profile's shares, and into buildings by the profile's mean building sizes. County figures are
 * apportioned to tracts by households.
 */
import {
  type AreaUnit,
  BUILDING_GROUPS,
  type BuildingGroup,
  type GroupEquipment,
  type LocalSources,
  type StateBaseline,
  type ZipArea,
} from "@bis/sdk";

/**
 * The fields of a building group, each a state column (`singleFamilyShare`, …): its share of
 * the state's homes, then the equipment columns the industries' models read.
 */
export const GROUP_FIELDS = [
  "share",
  "ductedHeating",
  "nonDuctedHeating",
  "centralCooling",
] as const;
export type GroupColumn = `${BuildingGroup}${Capitalize<(typeof GROUP_FIELDS)[number]>}`;
export const groupColumn = (g: BuildingGroup, f: (typeof GROUP_FIELDS)[number]) =>
  `${g}${f[0]?.toUpperCase()}${f.slice(1)}` as GroupColumn;

/** The columns as stored (shares per 10,000; see the derive script). */
export interface LocalColumns {
  tracts: {
    hdd: number[];
    cdd: number[];
    households: number[];
    owners: number[];
    singleFamily: number[];
    /** Shares per 10,000 of the tract's housing units (1980–1999: the rest), delta-encoded. */
    builtBefore1980: number[];
    built2000OrLater: number[];
    /** The tracts whose year built is their county's mix, not their own (delta-encoded indexes). */
    ageFromCounty: number[];
  };
  zctas: {
    zone: number[];
    occupied: (number | null)[];
    owners: (number | null)[];
    contractors: number[];
    /** ACS 2014–2018 per-capita income (hundreds of dollars), mobile-home and vacant shares (per 1,000). */
    pci?: (number | null)[];
    mobile?: (number | null)[];
    vacant?: (number | null)[];
  };
  climateZones: string[];
  counties: {
    fips: number[];
    profile: number[];
    income: (number | null)[];
    establishments: (number | null)[];
    employment: (number | null)[];
    payroll: (number | null)[];
  };
  profiles: Record<
    | "builtBefore1980"
    | "built1980To1999"
    | "built2000OrLater"
    | "gas"
    | "propane"
    | "electricity"
    | "fuelOil"
    | "otherFuel"
    | "noFuel"
    | "singleFamily"
    | "units2to4"
    | "units5plus"
    | "mobile",
    number[]
  > & {
    id: string[];
    name: string[];
    /** Mean units per building of 2–4 and of 5+ units, in hundredths. */
    size2to4: number[];
    size5plus: number[];
  };
  /** The state's equipment columns (any name: a baseline's `equipment`), its groups' and its degree days. */
  stateEquipment: Record<string, number[]> &
    Record<GroupColumn, number[]> & {
      hdd: number[];
      cdd: number[];
    };
}

interface FileWithLocal {
  tracts: { population: number[]; housingUnits: number[] } & LocalColumns["tracts"];
  zctas: LocalColumns["zctas"];
  climateZones: string[];
  counties: LocalColumns["counties"];
  profiles: LocalColumns["profiles"];
  stateEquipment: LocalColumns["stateEquipment"];
}

export const LOCAL_SOURCES: LocalSources = {
  climate:
    "NOAA NCEI U.S. Climate Normals 1991–2020 (annual heating and cooling degree days, base 65 °F)",
  housing:
    "U.S. Census Bureau, ACS 2019–2023 5-year DP04 (year built, house heating fuel, units in structure) of the metro and micro areas in range (OMB July 2023 delineation); year built by tract from ACS 2010–2014 B25034 on 2010 tracts, raked to each metro's 2019–2023 shares",
  tenure: "U.S. Census Bureau, ACS 2019–2023 5-year B25003 tenure of the ZIP Code Tabulation Areas",
  income: "U.S. Census Bureau, ACS 2017–2021 5-year B19013 median household income by county",
  contractors:
    "U.S. Census Bureau, County Business Patterns 2021, NAICS 238220 plumbing, heating and air-conditioning contractors",
  zipContractors:
    "U.S. Census Bureau, ZIP Code Business Patterns 2022, NAICS 238220 plumbing, heating and air-conditioning contractors",
  equipment:
    "NREL ResStock housing characteristics by state (from EIA RECS 2020 and ACS PUMS), with each state's equipment by building type",
};

const share = (per10k: number | undefined) => (per10k ?? 0) / 10_000;

/** Running sums of a delta-encoded column. */
export function undelta(values: readonly number[]): number[] {
  const out = new Array<number>(values.length);
  let acc = 0;
  for (let i = 0; i < values.length; i++) {
    acc += values[i] as number;
    out[i] = acc;
  }
  return out;
}

/** The local fields of each tract and ZCTA, and the states' baselines. */
export function decodeLocal(
  file: FileWithLocal,
  tractCounty: readonly number[],
  states: readonly { code: string }[],
) {
  const t = file.tracts;
  const hdd = undelta(t.hdd);
  const cdd = undelta(t.cdd);
  const c = file.counties;
  const countyFips = undelta(c.fips);
  const countyIndex = new Map(countyFips.map((fips, i) => [fips, i]));
  // Households per county, to apportion its figures to its tracts.
  const countyHouseholds = new Float64Array(countyFips.length);
  tractCounty.forEach((fips, i) => {
    const k = countyIndex.get(fips);
    if (k !== undefined)
      countyHouseholds[k] = (countyHouseholds[k] as number) + (t.households[i] as number);
  });
  const p = file.profiles;
  const builtBefore1980 = undelta(t.builtBefore1980);
  const built2000OrLater = undelta(t.built2000OrLater);
  const ageFromCounty = new Uint8Array(t.households.length);
  for (const i of undelta(t.ageFromCounty)) ageFromCounty[i] = 1;

  // Each profile's shares, read once (a tract reads its profile's).
  const profileShares = p.id.map((id, k) => {
    const at = (key: keyof LocalColumns["profiles"]) => share((p[key] as number[])[k]);
    // The split of homes that are not single-family (all 2–4 units where the profile has none).
    const others = at("units2to4") + at("units5plus") + at("mobile");
    const of = (x: number, fallback: number) => (others > 0 ? x / others : fallback);
    return {
      metro: id.startsWith("cbsa:"),
      units2to4: of(at("units2to4"), 1),
      units5plus: of(at("units5plus"), 0),
      mobile: of(at("mobile"), 0),
      size2to4: (p.size2to4[k] ?? 0) / 100 || 1,
      size5plus: (p.size5plus[k] ?? 0) / 100 || 1,
      gas: at("gas") + at("propane"),
      propane: at("propane"),
      electricity: at("electricity"),
      fuelOil: at("fuelOil"),
      otherFuel: at("otherFuel"),
      noFuel: at("noFuel"),
    };
  });

  /** The modeled housing stock and local sums of tract i (undefined outside a known county). */
  const stocks = (i: number): Pick<AreaUnit, "housing" | "local"> => {
    const k = countyIndex.get(tractCounty[i] as number);
    const shares = k === undefined ? undefined : profileShares[c.profile[k] as number];
    if (k === undefined || !shares) return {};
    const households = t.households[i] as number;
    const housingUnits = t.housingUnits[i] as number;
    const countyHh = countyHouseholds[k] as number;
    const countyShare = countyHh > 0 ? households / countyHh : 0;
    const income = c.income[k] ?? null;
    const before1980 = share(builtBefore1980[i]);
    const since2000 = share(built2000OrLater[i]);
    const others = Math.max(0, housingUnits - (t.singleFamily[i] as number));
    const units2to4 = others * shares.units2to4;
    const units5plus = others * shares.units5plus;
    return {
      housing: {
        occupied: households,
        ownerOccupied: t.owners[i] as number,
        built2000OrLater: housingUnits * since2000,
        built1980To1999: housingUnits * Math.max(0, 1 - before1980 - since2000),
        builtBefore1980: housingUnits * before1980,
        heatingGas: households * shares.gas,
        heatingElectricity: households * shares.electricity,
        heatingFuelOil: households * shares.fuelOil,
        heatingOther: households * shares.otherFuel,
        heatingNone: households * shares.noFuel,
      },
      local: {
        households,
        heatingDegreeDays: households * (hdd[i] as number),
        coolingDegreeDays: households * (cdd[i] as number),
        incomeSum: income === null ? 0 : households * income,
        incomeHouseholds: income === null ? 0 : households,
        countyContractors: (c.establishments[k] ?? 0) * countyShare,
        countyEmployment: (c.employment[k] ?? 0) * countyShare,
        countyPayroll: (c.payroll[k] ?? 0) * countyShare,
        heatingPropane: households * shares.propane,
        metroHousing: shares.metro ? households : 0,
        units2to4,
        units5plus,
        mobileHomes: others * shares.mobile,
        buildings2to4: units2to4 / shares.size2to4,
        buildings5plus: units5plus / shares.size5plus,
        tractAge: ageFromCounty[i] ? 0 : housingUnits,
      },
    };
  };

  /**
   * Tract i as an area unit. Its housing stock and local sums are computed when read, not kept:
   * they are read once each at start-up (into the tract index's rows and the ZIP sums), and
   * keeping 20 numbers an object for 84,414 tracts was most of the start-up's decoding and
   * garbage collection.
   */
  class Tract implements AreaUnit {
    readonly #i: number;
    readonly households: number;
    readonly housingUnits: number;
    readonly singleFamilyUnits: number;
    constructor(
      i: number,
      readonly id: string,
      readonly lat: number,
      readonly lon: number,
      readonly population: number,
    ) {
      this.#i = i;
      this.households = t.households[i] as number;
      this.housingUnits = t.housingUnits[i] as number;
      this.singleFamilyUnits = t.singleFamily[i] as number;
    }
    get housing() {
      return stocks(this.#i).housing;
    }
    get local() {
      return stocks(this.#i).local;
    }
  }
  /** Tract i, with its GEOID and population centre. */
  const tract = (i: number, id: string, lat: number, lon: number): AreaUnit =>
    new Tract(i, id, lat, lon, t.population[i] as number);

  const z = file.zctas;
  const zcta = (i: number): Partial<ZipArea> => {
    const [zone, zoneName] = (file.climateZones[z.zone[i] as number] ?? "|").split("|");
    return {
      households: z.occupied[i] ?? null,
      ownerOccupied: z.owners[i] ?? null,
      contractors: z.contractors[i] ?? 0,
      perCapitaIncome: z.pci?.[i] == null ? null : (z.pci[i] as number) * 100,
      mobileHomeShare: z.mobile?.[i] == null ? null : (z.mobile[i] as number) / 1000,
      vacantShare: z.vacant?.[i] == null ? null : (z.vacant[i] as number) / 1000,
      ...(zone ? { climateZone: zone } : {}),
      ...(zoneName ? { buildingAmericaZone: zoneName } : {}),
    };
  };

  const e = file.stateEquipment;
  // The state's own equipment columns: all but its degree days and its building groups'.
  const groupPrefix = new RegExp(`^(${BUILDING_GROUPS.join("|")})[A-Z]`);
  const stateColumns = Object.keys(e).filter(
    (k) => k !== "hdd" && k !== "cdd" && !groupPrefix.test(k),
  );
  const baselines: Record<string, StateBaseline> = {};
  states.forEach((s, i) => {
    const v = (key: string) => share(e[key]?.[i]);
    baselines[s.code] = {
      equipment: Object.fromEntries(stateColumns.map((k) => [k, v(k)])),
      heatingDegreeDays: e.hdd[i] ?? 0,
      coolingDegreeDays: e.cdd[i] ?? 0,
      groups: Object.fromEntries(
        BUILDING_GROUPS.map((g): [BuildingGroup, GroupEquipment] => [
          g,
          {
            share: v(groupColumn(g, "share")),
            equipment: Object.fromEntries(
              GROUP_FIELDS.filter((f) => f !== "share").map((f) => [f, v(groupColumn(g, f))]),
            ),
          },
        ]),
      ) as Record<BuildingGroup, GroupEquipment>,
    };
  });
  return { tract, zcta, baselines };
}
