/**
 * The local market data of the embedded dataset (derive-census-data.ts calls it): what makes an
 * analysis of Phoenix differ from one of Seattle. From the public files in ../shared/data
 * (see its README):
 *
 *  - climate/noaa_normals_1991_2020_station_hdd_cdd.csv — each tract's heating and cooling degree
 *    days (base 65 °F): the inverse-distance-weighted mean (power 2, distances floored at 1 mile)
 *    of the `STATION_COUNT` nearest U.S. stations with both normals; no elevation correction
 *    (a tract in a valley next to a mountain station takes part of the mountain's cold);
 *  - climate/zcta_iecc_climate_zone.csv — each ZCTA's IECC climate zone and Building America zone;
 *  - acs/cbsa_DP04_housing_acs5_2019_2023.csv with census/cbsa_delineation_2023.csv — the
 *    housing stock of each metro and micro area (year built, heating fuel, units in structure),
 *    given to every tract of its counties (derive-local-housing.ts);
 *  - resstock/*_by_state.csv — the same for the rest of each state (counties outside any CBSA),
 *    and each state's equipment mix (cooling and heating types, heating fuel) for the model;
 *    resstock/resstock_hvac_cooling_type_conditional_long.csv — each state's homes and equipment
 *    by building group (single-family, 2–4 units, 5+ units, mobile homes);
 *  - acs/tract2010_b25034_year_built_acs2010_2014.csv.gz — each tract's own year built, raked to
 *    its profile's (derive-local-age.ts);
 *  - acs/zcta_B25003_tenure_acs5_2019_2023.csv — occupied and owner-occupied homes per ZCTA;
 *    a tract takes the ratios of the ZCTA whose internal point is nearest its centre;
 *  - acs/county_B19013_income_acs5_2017_2021.csv — median household income by county;
 *  - business/cbp_county_238220_2021.csv, business/zbp_238220_2022.csv — plumbing, heating and
 *    air-conditioning contractors (NAICS 238220) by county (establishments, employment, payroll)
 *    and by ZIP (establishments).
 *
 * Single-family homes of a tract: its housing units × the 1-unit share of its metro (or state),
 * raked by owner occupancy: × the tract's owner share ÷ the owner share of the whole metro, so
 * that the metro's total stays the DP04 figure while a renter-heavy city centre gets fewer. Its
 * other homes are split into 2–4 units, 5+ units and mobile homes by its profile's shares when
 * the dataset is read (the profiles keep the shares and mean building sizes).
 *
 * Shares are stored as integers per 10,000, building sizes in hundredths; pure functions of the
 * CSV texts (same input, same output).
 */
import { Grid, miles, type Point } from "./derive-census-geo.js";
import {
  type AgeBins,
  type AgeSource,
  matchTracts,
  rakeAges,
  tractYearBuilt,
} from "./derive-local-age.js";
import {
  countyProfiles,
  groupColumns,
  type HousingProfile,
  metroProfiles,
  nationalSizes,
  num,
  per10k,
  rows,
  type StateEquipment,
  stateEquipment,
  stateProfiles,
} from "./derive-local-housing.js";

/** Stations averaged for a tract's degree days. */
export const STATION_COUNT = 4;

export interface LocalInput {
  /** climate/noaa_normals_1991_2020_station_hdd_cdd.csv */
  normals: string;
  /** climate/zcta_iecc_climate_zone.csv */
  climateZones: string;
  /** acs/cbsa_DP04_housing_acs5_2019_2023.csv */
  metroHousing: string;
  /** acs/zcta_B25003_tenure_acs5_2019_2023.csv */
  zctaTenure: string;
  /** acs/county_B19013_income_acs5_2017_2021.csv */
  countyIncome: string;
  /** business/cbp_county_238220_2021.csv */
  countyContractors: string;
  /** business/zbp_238220_2022.csv */
  zipContractors: string;
  /** resstock/resstock_{vintage,heating_fuel,building_type,cooling_type,heating_type}_by_state.csv */
  stateVintage: string;
  stateFuel: string;
  stateBuildingType: string;
  stateCooling: string;
  stateHeating: string;
  /** resstock/resstock_hvac_cooling_type_conditional_long.csv (building type × heating × state × vintage) */
  stateConditional: string;
  /** census/cbsa_delineation_2023.csv: counties to the 2023 metro codes of the ACS metro tables */
  delineation: string;
  /** acs/tract2010_b25034_year_built_acs2010_2014.csv.gz, unzipped (2010 tract codes) */
  tractYearBuilt: string;
  /**
   * acs/zcta2018_oeps_mobile_rental_pci_acs2014_2018.csv.gz, unzipped: per 2010 ZCTA, ACS
   * 2014–2018 per-capita income, mobile-home and vacant shares (GeoDa OEPS). Optional.
   */
  zctaStock?: string;
}

/** What the local derivation needs of the census rows (built by derive-census-data.ts). */
export interface LocalTract extends Point {
  county: number;
  population: number;
  housingUnits: number;
}
export interface LocalZcta extends Point {
  zip: string;
  population: number;
  housingUnits: number;
}
export interface LocalCounty {
  geoid: string;
  state: string;
  cbsa: string;
}

interface Station extends Point {
  hdd: number;
  cdd: number;
}

export function stations(text: string): Station[] {
  return rows(text)
    .filter((r) => (r.station ?? "").startsWith("US"))
    .map((r) => ({
      key: r.station ?? "",
      lat: num(r.lat) ?? Number.NaN,
      lon: num(r.lon) ?? Number.NaN,
      hdd: num(r["ANN-HTDD-NORMAL"]) ?? Number.NaN,
      cdd: num(r["ANN-CLDD-NORMAL"]) ?? Number.NaN,
    }))
    .filter((s) => [s.lat, s.lon, s.hdd, s.cdd].every(Number.isFinite))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Degree days at a point: inverse-distance weights (power 2) of the nearest stations. */
export function degreeDaysAt(
  grid: Grid<Station>,
  lat: number,
  lon: number,
): { hdd: number; cdd: number } {
  let found: { s: Station; d: number }[] = [];
  for (let r = 10; r <= 1600 && found.length < STATION_COUNT; r *= 2) {
    found = grid.within(lat, lon, r).map((s) => ({ s, d: miles(lat, lon, s.lat, s.lon) }));
  }
  found.sort((a, b) => a.d - b.d || (a.s.key < b.s.key ? -1 : 1));
  const nearest = found.slice(0, STATION_COUNT);
  let w = 0;
  let hdd = 0;
  let cdd = 0;
  for (const { s, d } of nearest) {
    const weight = 1 / Math.max(1, d) ** 2;
    w += weight;
    hdd += weight * s.hdd;
    cdd += weight * s.cdd;
  }
  return w > 0 ? { hdd: Math.round(hdd / w), cdd: Math.round(cdd / w) } : { hdd: 0, cdd: 0 };
}

/** The local columns of the dataset (see the module comment). */
export function deriveLocal(
  input: LocalInput,
  census: {
    tracts: readonly LocalTract[];
    zctas: readonly LocalZcta[];
    counties: readonly LocalCounty[];
    states: readonly { code: string; name: string; fips: string }[];
    /** The ZCTA each tract takes its ratios from (null: none). */
    tractZcta: readonly (LocalZcta | null)[];
  },
) {
  // Climate: degree days per tract, climate zone per ZCTA.
  const stationList = stations(input.normals);
  const stationGrid = new Grid(stationList, 1);
  const climate = census.tracts.map((t) => degreeDaysAt(stationGrid, t.lat, t.lon));
  const zoneOf = new Map(
    rows(input.climateZones).map((r) => {
      const iecc = r.iecc_zone ?? "";
      // California rows carry a CEC zone and no moisture regime or Building America zone.
      if (/^CA_/.test(iecc)) return [r.zcta ?? "", `CEC ${iecc.slice(3)}|`];
      return [r.zcta ?? "", `${iecc}${r.iecc_moisture ?? ""}|${r.ba_climate_zone ?? ""}`];
    }),
  );
  const zoneNames = [...new Set(census.zctas.map((z) => zoneOf.get(z.zip) ?? "|"))].sort();
  const zoneIndex = new Map(zoneNames.map((z, i) => [z, i]));

  // Housing profiles: metro/micro DP04 (2023 delineation), else the state's ResStock marginals.
  const stateNames = new Map(census.states.map((s) => [s.code, s.name]));
  const profiles = [
    ...metroProfiles(input.metroHousing),
    ...stateProfiles(input, stateNames, nationalSizes(input.metroHousing)),
  ];
  const profileIndex = new Map(profiles.map((p, i) => [p.id, i]));
  const joins = countyProfiles(census.counties, input.delineation, profileIndex);
  const countyProfile = new Map([...joins].map(([fips, j]) => [fips, j.profile]));

  // Tenure per ZCTA.
  const tenure = new Map<string, { occupied: number; owners: number }>();
  for (const r of rows(input.zctaTenure)) {
    const geo = r.GEO_ID ?? "";
    if (!/^860Z200US\d{5}$/.test(geo)) continue;
    const occupied = num(r.B25003_001E);
    const owners = num(r.B25003_002E);
    if (occupied === null || owners === null) continue;
    tenure.set(geo.slice(-5), { occupied, owners });
  }

  // Per-capita income, mobile-home and vacant shares per ZCTA (ACS 2014–2018; NA: none).
  const zctaStock = new Map<
    string,
    { pci: number | null; mobile: number | null; vacant: number | null }
  >();
  for (const r of input.zctaStock ? rows(input.zctaStock) : []) {
    // Shares per 1,000 and income in hundreds of dollars: the precision the figures carry.
    const perMille = (v: string | undefined) => {
      const n = num(v);
      return n === null ? null : Math.round(n * 10);
    };
    const pci = num(r.per_capita_income);
    zctaStock.set(r.zcta5 ?? "", {
      pci: pci === null ? null : Math.round(pci / 100),
      mobile: perMille(r.pct_mobile_home),
      vacant: perMille(r.pct_vacant),
    });
  }

  // Households and owners per tract from its ZCTA's ratios; single-family raked by owner share.
  const tractHouseholds: number[] = [];
  const tractOwners: number[] = [];
  census.tracts.forEach((t, i) => {
    const z = census.tractZcta[i];
    const ten = z ? tenure.get(z.zip) : undefined;
    const profile = profiles[countyProfile.get(t.county) ?? -1];
    const occupancy =
      ten && z && z.housingUnits > 0 ? Math.min(1, ten.occupied / z.housingUnits) : 0.888;
    const ownerShare =
      ten && ten.occupied > 0 ? ten.owners / ten.occupied : (profile?.ownerOccupied ?? 0.65);
    const households = Math.round(t.housingUnits * occupancy);
    tractHouseholds.push(households);
    tractOwners.push(Math.round(households * ownerShare));
  });
  const rake = new Map<number, { units: number; weighted: number }>();
  census.tracts.forEach((t, i) => {
    const p = countyProfile.get(t.county) ?? -1;
    const owner = ownerShareOf(tractOwners[i] as number, tractHouseholds[i] as number, profiles[p]);
    const r = rake.get(p) ?? { units: 0, weighted: 0 };
    r.units += t.housingUnits;
    r.weighted += t.housingUnits * owner;
    rake.set(p, r);
  });
  const tractSingleFamily = census.tracts.map((t, i) => {
    const p = countyProfile.get(t.county) ?? -1;
    const profile = profiles[p];
    if (!profile) return 0;
    const r = rake.get(p) as { units: number; weighted: number };
    const mean = r.units > 0 ? r.weighted / r.units : 0;
    const owner = ownerShareOf(tractOwners[i] as number, tractHouseholds[i] as number, profile);
    const share = mean > 0 ? (profile.singleFamily * owner) / mean : profile.singleFamily;
    return Math.round(t.housingUnits * Math.min(1, share));
  });

  // Year built per tract: its 2010 tract's B25034, raked to its profile's shares.
  const ages = matchTracts(
    tractYearBuilt(input.tractYearBuilt),
    census.tracts.map((t) => t.key),
  );
  const tractProfile = census.tracts.map((t) => countyProfile.get(t.county) ?? -1);
  const age = rakeAges(
    ages.bins,
    census.tracts.map((t) => t.housingUnits),
    tractProfile,
    profiles.map((p): AgeBins => [p.built2000OrLater, p.built1980To1999, p.builtBefore1980]),
  );
  const fromCounty = ages.source.flatMap((s, i) => (s === "exact" || s === "prefix" ? [] : [i]));

  // Counties: income and contractors.
  const income = new Map(
    rows(input.countyIncome).map((r) => [r.geoid ?? "", num(r.median_hh_income_B19013)]),
  );
  const cbp = new Map(
    rows(input.countyContractors).map((r) => [
      r.fips ?? "",
      {
        establishments: num(r.est_238220),
        employment: num(r.emp_238220),
        payroll: num(r.pay_238220_k),
      },
    ]),
  );
  const counties = [...census.counties].sort((a, b) => Number(a.geoid) - Number(b.geoid));
  const zbp = new Map(
    rows(input.zipContractors).map((r) => [r.zip ?? "", num(r.establishments) ?? 0]),
  );

  // Each state's mean degree days, household-weighted: the model's reference for the state mix.
  const stateClimate = new Map<string, { w: number; hdd: number; cdd: number }>();
  const fipsToCode = new Map(census.states.map((s) => [Number(s.fips), s.code]));
  census.tracts.forEach((t, i) => {
    const code = fipsToCode.get(Math.floor(t.county / 1000)) ?? "";
    const c = climate[i] as { hdd: number; cdd: number };
    const w = tractHouseholds[i] as number;
    const s = stateClimate.get(code) ?? { w: 0, hdd: 0, cdd: 0 };
    s.w += w;
    s.hdd += w * c.hdd;
    s.cdd += w * c.cdd;
    stateClimate.set(code, s);
  });
  const equipment = stateEquipment(input);
  const share = (k: keyof StateEquipment) =>
    census.states.map((s) => per10k(equipment.get(s.code)?.[k] ?? 0));
  const stateMean = (k: "hdd" | "cdd") =>
    census.states.map((s) => {
      const c = stateClimate.get(s.code);
      return c && c.w > 0 ? Math.round(c[k] / c.w) : 0;
    });

  const profileShare = (k: keyof HousingProfile) => profiles.map((p) => per10k(p[k] as number));
  const hundredths = (k: "size2to4" | "size5plus") => profiles.map((p) => Math.round(p[k] * 100));
  return {
    tracts: {
      hdd: climate.map((c) => c.hdd),
      cdd: climate.map((c) => c.cdd),
      households: tractHouseholds,
      owners: tractOwners,
      singleFamily: tractSingleFamily,
      builtBefore1980: age.map((a) => per10k(a[2])),
      built2000OrLater: age.map((a) => per10k(a[0])),
      /** Indexes of the tracts whose year built is their county's mix (or their profile's). */
      ageFromCounty: fromCounty,
    },
    zctas: {
      zone: census.zctas.map((z) => zoneIndex.get(zoneOf.get(z.zip) ?? "|") ?? 0),
      occupied: census.zctas.map((z) => tenure.get(z.zip)?.occupied ?? null),
      owners: census.zctas.map((z) => tenure.get(z.zip)?.owners ?? null),
      contractors: census.zctas.map((z) => zbp.get(z.zip) ?? 0),
      /** ACS 2014–2018 per-capita income (hundreds of dollars), mobile-home and vacant shares (per 1,000). */
      pci: census.zctas.map((z) => zctaStock.get(z.zip)?.pci ?? null),
      mobile: census.zctas.map((z) => zctaStock.get(z.zip)?.mobile ?? null),
      vacant: census.zctas.map((z) => zctaStock.get(z.zip)?.vacant ?? null),
    },
    climateZones: zoneNames,
    counties: {
      fips: counties.map((c) => Number(c.geoid)),
      profile: counties.map((c) => countyProfile.get(Number(c.geoid)) ?? -1),
      income: counties.map((c) => income.get(c.geoid) ?? null),
      establishments: counties.map((c) => cbp.get(c.geoid)?.establishments ?? null),
      employment: counties.map((c) => cbp.get(c.geoid)?.employment ?? null),
      payroll: counties.map((c) => cbp.get(c.geoid)?.payroll ?? null),
    },
    profiles: {
      id: profiles.map((p) => p.id),
      name: profiles.map((p) => p.name),
      builtBefore1980: profileShare("builtBefore1980"),
      built1980To1999: profileShare("built1980To1999"),
      built2000OrLater: profileShare("built2000OrLater"),
      gas: profileShare("gas"),
      propane: profileShare("propane"),
      electricity: profileShare("electricity"),
      fuelOil: profileShare("fuelOil"),
      otherFuel: profileShare("otherFuel"),
      noFuel: profileShare("noFuel"),
      singleFamily: profileShare("singleFamily"),
      units2to4: profileShare("units2to4"),
      units5plus: profileShare("units5plus"),
      mobile: profileShare("mobile"),
      size2to4: hundredths("size2to4"),
      size5plus: hundredths("size5plus"),
    },
    stateEquipment: {
      centralCooling: share("centralCooling"),
      ductedHeatPump: share("ductedHeatPump"),
      anyHeatPump: share("anyHeatPump"),
      roomAc: share("roomAc"),
      noCooling: share("noCooling"),
      ductedHeating: share("ductedHeating"),
      nonDuctedHeating: share("nonDuctedHeating"),
      noHeating: share("noHeating"),
      electricity: share("electricity"),
      fossil: share("fossil"),
      hdd: stateMean("hdd"),
      cdd: stateMean("cdd"),
      ...groupColumns(input.stateConditional, census.states),
    },
    /** For the derive script's summary line. */
    stats: {
      stations: stationList.length,
      profiles: profiles.length,
      zipContractors: [...zbp.values()].reduce((s, n) => s + n, 0),
      zipContractorsPlaced: census.zctas.reduce((s, z) => s + (zbp.get(z.zip) ?? 0), 0),
      ...joinStats(joins, census.tracts, tractHouseholds),
      tractAge: Object.fromEntries(
        (["exact", "prefix", "county", "none"] as AgeSource[]).map((s) => [
          s,
          ages.source.filter((x) => x === s).length,
        ]),
      ) as Record<AgeSource, number>,
    },
  };
}

function ownerShareOf(owners: number, households: number, profile?: HousingProfile): number {
  return households > 0 ? owners / households : (profile?.ownerOccupied ?? 0.65);
}

/** Counties (and their tracts' households) by how they found their housing profile. */
function joinStats(
  joins: ReturnType<typeof countyProfiles>,
  tracts: readonly LocalTract[],
  households: readonly number[],
) {
  const counties = { delineation: 0, counties2020: 0, state: 0 };
  const homes = { delineation: 0, counties2020: 0, state: 0 };
  for (const j of joins.values()) counties[j.join]++;
  tracts.forEach((t, i) => {
    const j = joins.get(t.county);
    if (j) homes[j.join] += households[i] as number;
  });
  return { countyJoin: counties, householdJoin: homes };
}
