/**
 * The housing profiles and state equipment of the local market data (derive-local-data.ts uses
 * them), from the public files in ../shared/data (see its README):
 *
 *  - acs/cbsa_DP04_housing_acs5_2019_2023.csv — the housing stock of each metro and micro area
 *    (year built, heating fuel, units in structure, tenure), on the OMB July 2023 delineation;
 *  - census/cbsa_delineation_2023.csv — which 2023 metro or micro area each county belongs to
 *    (counties.csv carries the 2020 codes: Cuyahoga County is 17460 there, 17410 Cleveland in
 *    DP04). A county the delineation leaves out takes its state's profile, except where the
 *    delineation lists other county equivalents for its state (Connecticut's planning regions
 *    replaced its counties in 2022; the 2020 tracts keep the counties): there counties.csv's code;
 *  - resstock/*_by_state.csv — the state profiles (counties outside any CBSA) and each state's
 *    equipment mix; resstock/resstock_hvac_cooling_type_conditional_long.csv — each state's homes
 *    by building group and each group's equipment.
 *
 * Pure functions of the CSV texts; shares 0–1 (derive-local-data.ts stores them per 10,000).
 */
import { BUILDING_GROUPS, type BuildingGroup } from "@bis/sdk";
import { parse } from "csv-parse/sync";
import {
  GROUP_FIELDS,
  type GroupColumn,
  groupColumn,
} from "../src/providers/places/embedded-local.js";
import type { LocalCounty, LocalInput } from "./derive-local-data.js";

export type Row = Record<string, string>;
export const rows = (text: string) =>
  parse(text.replace(/^\uFEFF/, ""), {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Row[];
export const num = (s: string | undefined): number | null => {
  const n = Number(String(s ?? "").trim());
  return String(s ?? "").trim() !== "" && Number.isFinite(n) ? n : null;
};
/** A share (0–1) as an integer per 10,000. */
export const per10k = (share: number) => Math.round(Math.min(1, Math.max(0, share)) * 10_000);

/** A housing profile: the housing stock shares of a metro or micro area, or of a state. */
export interface HousingProfile {
  id: string;
  name: string;
  level: "metro" | "micro" | "state";
  builtBefore1980: number;
  built1980To1999: number;
  built2000OrLater: number;
  gas: number;
  propane: number;
  electricity: number;
  fuelOil: number;
  otherFuel: number;
  noFuel: number;
  singleFamily: number;
  /** Housing units in buildings of 2–4 units, of 5 or more, and mobile homes (boats, RVs, vans with them). */
  units2to4: number;
  units5plus: number;
  mobile: number;
  /** Mean units per building of 2–4 and of 5 or more units (DP04 bins at `BUILDING_SIZES`). */
  size2to4: number;
  size5plus: number;
  /** Owner-occupied ÷ occupied homes of the area (used to rake single-family homes). */
  ownerOccupied: number;
}

/**
 * Units per building assumed for each DP04 "units in structure" bin: the middle of 2, 3–4, 5–9
 * and 10–19, and 40 for "20 or more" (BIS estimate: the bin's buildings range from 20 to several
 * hundred units; ACS B25024's split of it, 20–49 and 50+, is about even nationally).
 */
export const BUILDING_SIZES = {
  two: 2,
  threeFour: 3.5,
  fiveNine: 7,
  tenNineteen: 14.5,
  twentyPlus: 40,
};
type Bin = keyof typeof BUILDING_SIZES;

/** Mean units per building of some bins (units of each bin ÷ the buildings at its assumed size). */
function meanSize(units: Partial<Record<Bin, number>>, fallback: number): number {
  let sum = 0;
  let buildings = 0;
  for (const [bin, n] of Object.entries(units) as [Bin, number][]) {
    sum += n;
    buildings += n / BUILDING_SIZES[bin];
  }
  return buildings > 0 ? sum / buildings : fallback;
}
/** DP04 units in structure (DP04_0009–0013) → mean sizes of 2–4 and of 5+ unit buildings. */
const buildingSizes = (e: (n: number) => number) => ({
  size2to4: meanSize({ two: e(9), threeFour: e(10) }, BUILDING_SIZES.threeFour),
  size5plus: meanSize(
    { fiveNine: e(11), tenNineteen: e(12), twentyPlus: e(13) },
    BUILDING_SIZES.twentyPlus,
  ),
});
const METRO_GEO = /^310M\d00US\d{5}$/;

/** DP04 rows of the metro and micro areas (two header rows: the second is labels). */
export function metroProfiles(text: string): HousingProfile[] {
  return rows(text)
    .filter((r) => METRO_GEO.test(r.GEO_ID ?? ""))
    .map((r) => {
      const e = (n: number) => num(r[`DP04_${String(n).padStart(4, "0")}E`]) ?? 0;
      const sum = (...ns: number[]) => ns.reduce((s, n) => s + e(n), 0);
      const built = e(16) || 1;
      const fuel = e(62) || 1;
      const units = e(6) || 1;
      const name = r.NAME ?? "";
      return {
        id: `cbsa:${(r.GEO_ID ?? "").slice(-5)}`,
        name,
        level: /Micro Area$/.test(name) ? "micro" : "metro",
        builtBefore1980: sum(22, 23, 24, 25, 26) / built,
        built1980To1999: sum(20, 21) / built,
        built2000OrLater: sum(17, 18, 19) / built,
        gas: e(63) / fuel,
        propane: e(64) / fuel,
        electricity: e(65) / fuel,
        fuelOil: e(66) / fuel,
        otherFuel: sum(67, 68, 69, 70) / fuel,
        noFuel: e(71) / fuel,
        singleFamily: sum(7, 8) / units,
        units2to4: sum(9, 10) / units,
        units5plus: sum(11, 12, 13) / units,
        mobile: sum(14, 15) / units,
        ...buildingSizes(e),
        ownerOccupied: e(45) > 0 ? e(46) / e(45) : 0.65,
      } satisfies HousingProfile;
    });
}

/** The mean building sizes over every metro and micro area together (for the state profiles). */
export function nationalSizes(text: string): Pick<HousingProfile, "size2to4" | "size5plus"> {
  const total = new Map<number, number>();
  for (const r of rows(text)) {
    if (!METRO_GEO.test(r.GEO_ID ?? "")) continue;
    for (let n = 9; n <= 13; n++)
      total.set(n, (total.get(n) ?? 0) + (num(r[`DP04_00${String(n).padStart(2, "0")}E`]) ?? 0));
  }
  return buildingSizes((n) => total.get(n) ?? 0);
}

/** ResStock state marginals as state profiles (for counties outside any CBSA). */
export function stateProfiles(
  input: Pick<LocalInput, "stateVintage" | "stateFuel" | "stateBuildingType">,
  names: ReadonlyMap<string, string>,
  sizes: Pick<HousingProfile, "size2to4" | "size5plus">,
): HousingProfile[] {
  const byState = (text: string) => new Map(rows(text).map((r) => [r.state_abbr ?? "", r]));
  const vintage = byState(input.stateVintage);
  const fuel = byState(input.stateFuel);
  const building = byState(input.stateBuildingType);
  const out: HousingProfile[] = [];
  for (const [code, name] of [...names].sort()) {
    const v = vintage.get(code);
    const f = fuel.get(code);
    const b = building.get(code);
    if (!v || !f || !b) continue;
    const n = (r: Row, k: string) => num(r[k]) ?? 0;
    out.push({
      id: `state:${code}`,
      name,
      level: "state",
      builtBefore1980: n(v, "pre1940") + n(v, "y1940_59") + n(v, "y1960_79"),
      built1980To1999: n(v, "y1980_99"),
      built2000OrLater: n(v, "y2000_09") + n(v, "y2010s"),
      gas: n(f, "natural_gas"),
      propane: n(f, "propane"),
      electricity: n(f, "electricity"),
      fuelOil: n(f, "fuel_oil"),
      otherFuel: n(f, "wood") + n(f, "other_fuel"),
      noFuel: n(f, "none"),
      singleFamily: n(b, "single_family_detached") + n(b, "single_family_attached"),
      units2to4: n(b, "multifamily_2_4"),
      units5plus: n(b, "multifamily_5plus"),
      mobile: n(b, "mobile_home"),
      ...sizes,
      ownerOccupied: 0.65,
    });
  }
  return out;
}

/** How each county found its profile (see the module comment). */
export type CountyJoin = "delineation" | "counties2020" | "state";

/**
 * Each county's profile index (-1: none) and how it was found: its 2023 CBSA, else (where the
 * delineation uses other county equivalents for its state) counties.csv's CBSA, else its state.
 */
export function countyProfiles(
  counties: readonly LocalCounty[],
  delineation: string,
  profileIndex: ReadonlyMap<string, number>,
): Map<number, { profile: number; join: CountyJoin }> {
  const cbsa2023 = new Map<string, string>();
  for (const r of rows(delineation)) {
    const state = (r["FIPS State Code"] ?? "").trim().padStart(2, "0");
    const county = (r["FIPS County Code"] ?? "").trim().padStart(3, "0");
    const code = (r["CBSA Code"] ?? "").trim();
    if (code) cbsa2023.set(`${state}${county}`, code.padStart(5, "0"));
  }
  const known = new Set(counties.map((c) => c.geoid));
  const newEquivalents = new Set(
    [...cbsa2023.keys()].filter((g) => !known.has(g)).map((g) => g.slice(0, 2)),
  );
  const cbsaProfile = (code: string | undefined) =>
    code ? profileIndex.get(`cbsa:${code.padStart(5, "0")}`) : undefined;
  return new Map(
    counties.map((c): [number, { profile: number; join: CountyJoin }] => {
      const fips = Number(c.geoid);
      const joined = cbsaProfile(cbsa2023.get(c.geoid));
      if (joined !== undefined) return [fips, { profile: joined, join: "delineation" }];
      const old = newEquivalents.has(c.geoid.slice(0, 2)) ? cbsaProfile(c.cbsa) : undefined;
      if (old !== undefined) return [fips, { profile: old, join: "counties2020" }];
      return [fips, { profile: profileIndex.get(`state:${c.state}`) ?? -1, join: "state" }];
    }),
  );
}

/** Each state's equipment mix (ResStock, from EIA RECS 2020), as the model's state baseline. */
export interface StateEquipment {
  centralCooling: number;
  ductedHeatPump: number;
  anyHeatPump: number;
  roomAc: number;
  noCooling: number;
  ductedHeating: number;
  nonDuctedHeating: number;
  noHeating: number;
  electricity: number;
  fossil: number;
}

export function stateEquipment(
  input: Pick<LocalInput, "stateCooling" | "stateHeating" | "stateFuel">,
): Map<string, StateEquipment> {
  const byState = (text: string) => new Map(rows(text).map((r) => [r.state_abbr ?? "", r]));
  const cooling = byState(input.stateCooling);
  const heating = byState(input.stateHeating);
  const fuel = byState(input.stateFuel);
  const out = new Map<string, StateEquipment>();
  for (const [code, c] of cooling) {
    const h = heating.get(code);
    const f = fuel.get(code);
    if (!h || !f) continue;
    const n = (r: Row, k: string) => num(r[k]) ?? 0;
    out.set(code, {
      centralCooling: n(c, "central_ac_or_ducted_hp"),
      ductedHeatPump: n(c, "ducted_heat_pump"),
      anyHeatPump: n(c, "any_heat_pump"),
      roomAc: n(c, "room_ac") + n(c, "evaporative_or_swamp_cooler"),
      noCooling: n(c, "none"),
      ductedHeating: n(h, "ducted_heating_furnace_or_boiler"),
      nonDuctedHeating: n(h, "non_ducted_heating"),
      noHeating: n(h, "none"),
      electricity: n(f, "electricity"),
      fossil: n(f, "natural_gas") + n(f, "fuel_oil") + n(f, "propane"),
    });
  }
  return out;
}

/** ResStock's building types as the model's groups (single-family detached and attached together). */
const RESSTOCK_GROUP: Record<string, BuildingGroup> = {
  "Single-Family Detached": "singleFamily",
  "Single-Family Attached": "singleFamily",
  "Multi-Family with 2 - 4 Units": "units2to4",
  "Multi-Family with 5+ Units": "units5plus",
  "Mobile Home": "mobile",
};

/** A building group's share of a state's homes and its equipment columns (shares of its homes). */
type GroupShares = Record<(typeof GROUP_FIELDS)[number], number>;

/**
 * Each state's equipment by building group, from ResStock's conditional cooling table (its rows'
 * `sampling_probability` are joint shares of the U.S. stock, so they also give heating type by
 * building type). A `US` entry holds the national figures.
 */
export function stateGroupEquipment(text: string): Map<string, Record<BuildingGroup, GroupShares>> {
  const acc = new Map<string, Record<BuildingGroup, GroupShares>>();
  const entry = (state: string) => {
    let e = acc.get(state);
    if (!e) {
      e = Object.fromEntries(
        BUILDING_GROUPS.map((g) => [
          g,
          { share: 0, ductedHeating: 0, nonDuctedHeating: 0, centralCooling: 0 },
        ]),
      ) as Record<BuildingGroup, GroupShares>;
      acc.set(state, e);
    }
    return e;
  };
  for (const r of rows(text)) {
    const group = RESSTOCK_GROUP[r.geometry_building_type_recs ?? ""];
    const w = num(r.sampling_probability) ?? 0;
    if (!group || !(w > 0)) continue;
    const heating = r.hvac_heating_type ?? "";
    const central = (num(r.central_ac) ?? 0) + (num(r.ducted_heat_pump) ?? 0);
    for (const state of [r.state ?? "", "US"]) {
      const g = entry(state)[group];
      g.share += w;
      if (heating === "Ducted Heating") g.ductedHeating += w;
      if (heating === "Non-Ducted Heating") g.nonDuctedHeating += w;
      g.centralCooling += w * central;
    }
  }
  for (const groups of acc.values()) {
    const total = BUILDING_GROUPS.reduce((s, g) => s + groups[g].share, 0);
    for (const g of BUILDING_GROUPS) {
      const e = groups[g];
      if (e.share > 0) {
        e.ductedHeating /= e.share;
        e.nonDuctedHeating /= e.share;
        e.centralCooling /= e.share;
      }
      e.share = total > 0 ? e.share / total : 0;
    }
  }
  return acc;
}

/** The group columns of the states (per 10,000), each state's own rows else the `US` entry's. */
export function groupColumns(
  text: string,
  states: readonly { code: string }[],
): Record<GroupColumn, number[]> {
  const groups = stateGroupEquipment(text);
  const out = {} as Record<GroupColumn, number[]>;
  for (const g of BUILDING_GROUPS)
    for (const f of GROUP_FIELDS)
      out[groupColumn(g, f)] = states.map((s) => {
        const e = groups.get(s.code) ?? groups.get("US");
        return per10k(e?.[g][f] ?? 0);
      });
  return out;
}
