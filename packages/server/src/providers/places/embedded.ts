/**
 * The `embedded` place provider (the offline default): the compact Census dataset that
 * `scripts/derive-census-data.mjs` derives from the public files in ../shared/data/census and
 * that ships in `assets/census-us.json.gz` (attribution in `assets/NOTICE.md`). Loaded once, lazily,
 * for the whole country; `load(states)` always answers with all 50 states and DC.
 *
 * - Area totals: the 84,414 census tracts of 2020 (population = 2020 Census count, `measured`),
 *   summed by centroid containment. Housing units: the tract's people × the housing units per
 *   resident of its nearest ZCTA (ACS 2017–2021), `modeled`. Households and single-family homes:
 *   housing units × national ACS shares, `modeled`.
 * - City table and geocoding: Census places (incorporated places and CDPs, ACS 2017–2021) and the
 *   consolidated cities the place file lists only as counties; the dataset's aliases (GeoNames
 *   names no Census place carries) are geocoded after every place name.
 * - ZIP areas: ZCTAs with their ACS 2017–2021 population and housing units (`measured`).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { AreaUnit, PlaceDataset, PlaceRecord, StateBaseline, ZipArea } from "@bis/sdk";
import { HOUSEHOLDS_PER_HOUSING_UNIT, SINGLE_FAMILY_SHARE } from "@bis/sdk";
import { decodeLocal, LOCAL_SOURCES, type LocalColumns, undelta } from "./embedded-local.js";
import type { PlaceAlias } from "./geocoder.js";
import type { PlaceProvider } from "./provider.js";

export const EMBEDDED_FORMAT = "bis-census/4";
const DATA_FILE = "census-us.json.gz";

/** The columns of `census-us.json.gz` (see the derive script for their meaning and units). */
interface DatasetFile {
  format: string;
  attribution: string;
  states: {
    code: string[];
    fips: string[];
    name: string[];
    population: number[];
    housingUnits: number[];
    landArea: number[];
  };
  tracts: {
    county: number[];
    tract: number[];
    lat: number[];
    lon: number[];
    population: number[];
    housingUnits: number[];
  } & LocalColumns["tracts"];
  zctas: {
    zip: number[];
    lat: number[];
    lon: number[];
    population: number[];
    housingUnits: number[];
    name: string[];
    state: string[];
  } & LocalColumns["zctas"];
  places: {
    geoid: string[];
    name: string[];
    state: string[];
    kind: string[];
    lat: number[];
    lon: number[];
    centre: string[];
    population: (number | null)[];
    housingUnits: (number | null)[];
    landArea: number[];
  };
  aliases: {
    name: string[];
    state: string[];
    lat: number[];
    lon: number[];
    population: number[];
  };
  climateZones: LocalColumns["climateZones"];
  counties: LocalColumns["counties"];
  profiles: LocalColumns["profiles"];
  stateEquipment: LocalColumns["stateEquipment"];
}

export interface EmbeddedState {
  code: string;
  fips: string;
  name: string;
  population: number;
  housingUnits: number;
  landAreaSqMi: number;
}

export interface EmbeddedCensus {
  attribution: string;
  states: EmbeddedState[];
  tracts: AreaUnit[];
  places: PlaceRecord[];
  zips: ZipArea[];
  aliases: PlaceAlias[];
  /** Each state's equipment baseline and mean degree days, by state code. */
  baselines: Record<string, StateBaseline>;
  /** How each place's centre was chosen: downtown (GeoNames point), population centre, internal point. */
  centres: Record<"downtown" | "population" | "internal", number>;
  /** Bytes of the shipped file and milliseconds to read and build it. */
  fileBytes: number;
  loadMs: number;
}

const households = (housingUnits: number | null) =>
  housingUnits === null ? null : housingUnits * HOUSEHOLDS_PER_HOUSING_UNIT.value;
const singleFamily = (housingUnits: number | null) =>
  housingUnits === null ? null : housingUnits * SINGLE_FAMILY_SHARE.value;

/** Where the shipped file is, from the bundle (dist) or the source tree (src/providers/places). */
export function embeddedDataPath(): string {
  const candidates = [`../assets/${DATA_FILE}`, `../../../assets/${DATA_FILE}`].map((rel) =>
    fileURLToPath(new URL(rel, import.meta.url)),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`The embedded Census dataset is missing (${candidates.join(", ")})`);
  return found;
}

/** Decodes the shipped file into records. */
export function decodeEmbeddedCensus(gz: Uint8Array): Omit<EmbeddedCensus, "loadMs"> {
  const file = JSON.parse(gunzipSync(gz).toString("utf8")) as DatasetFile;
  if (file.format !== EMBEDDED_FORMAT)
    throw new Error(`Unknown embedded dataset format ${file.format}; expected ${EMBEDDED_FORMAT}`);
  const s = file.states;
  const states = s.code.map((code, i) => ({
    code,
    fips: s.fips[i] as string,
    name: s.name[i] as string,
    population: s.population[i] as number,
    housingUnits: s.housingUnits[i] as number,
    landAreaSqMi: (s.landArea[i] as number) / 1000,
  }));

  const t = file.tracts;
  const county = undelta(t.county);
  const tract = undelta(t.tract);
  const tLat = undelta(t.lat);
  const tLon = undelta(t.lon);
  const local = decodeLocal(file, county, states);
  const tracts: AreaUnit[] = t.population.map((_, i) =>
    local.tract(
      i,
      `${String(county[i]).padStart(5, "0")}${String(tract[i]).padStart(6, "0")}`,
      (tLat[i] as number) / 1e5,
      (tLon[i] as number) / 1e5,
    ),
  );

  const p = file.places;
  const centres = { downtown: 0, population: 0, internal: 0 };
  const rounded = (x: number | null) => (x === null ? null : Math.round(x));
  const places: PlaceRecord[] = p.geoid.map((geoid, i) => {
    const housingUnits = p.housingUnits[i] ?? null;
    const how = p.centre[i];
    if (how === "d") centres.downtown++;
    else if (how === "p") centres.population++;
    else centres.internal++;
    return {
      id: geoid,
      name: p.name[i] as string,
      state: p.state[i] as string,
      lat: (p.lat[i] as number) / 1e5,
      lon: (p.lon[i] as number) / 1e5,
      population: p.population[i] ?? 0,
      housingUnits,
      households: rounded(households(housingUnits)),
      singleFamilyUnits: rounded(singleFamily(housingUnits)),
      medianHouseholdIncome: null,
      footprintMiles: Math.sqrt((p.landArea[i] as number) / 1000 / Math.PI),
    };
  });

  const z = file.zctas;
  const zip = undelta(z.zip);
  const zips: ZipArea[] = zip.map((code, i) => ({
    zip: String(code).padStart(5, "0"),
    place: z.name[i] as string,
    state: z.state[i] as string,
    lat: (z.lat[i] as number) / 1e5,
    lon: (z.lon[i] as number) / 1e5,
    population: z.population[i] as number,
    housingUnits: z.housingUnits[i] as number,
    ...local.zcta(i),
  }));

  const a = file.aliases;
  const aliases: PlaceAlias[] = a.name.map((name, i) => ({
    name,
    state: a.state[i] as string,
    lat: (a.lat[i] as number) / 1e5,
    lon: (a.lon[i] as number) / 1e5,
    population: a.population[i] as number,
  }));

  return {
    attribution: file.attribution,
    states,
    tracts,
    places,
    zips,
    aliases,
    baselines: local.baselines,
    centres,
    fileBytes: gz.byteLength,
  };
}

let cached: EmbeddedCensus | undefined;

/** The shipped dataset, read and decoded once per process. */
export function loadEmbeddedCensus(): EmbeddedCensus {
  if (!cached) {
    const started = performance.now();
    const decoded = decodeEmbeddedCensus(readFileSync(embeddedDataPath()));
    cached = { ...decoded, loadMs: Math.round(performance.now() - started) };
  }
  return cached;
}

export const EMBEDDED_LABEL =
  "U.S. Census Bureau: 2020 Census tracts; ACS 2017–2021 5-year places and ZIP Code Tabulation Areas";
export const EMBEDDED_VINTAGE = "2020 Census; ACS 2017–2021";

const TRACTS_SOURCE =
  "U.S. Census Bureau, 2020 Census centers of population by census tract (P1 counts, population-weighted centres)";
const HOUSING_SOURCE =
  "U.S. Census Bureau, ACS 2017–2021 5-year ZCTA housing units (B25001) per resident, applied to 2020 Census tract counts";

/** The dataset an analysis runs on: the tracts for area totals, the places for the city table. */
export function embeddedDataset(census: EmbeddedCensus = loadEmbeddedCensus()): PlaceDataset {
  return {
    provider: "embedded",
    label: EMBEDDED_LABEL,
    vintage: EMBEDDED_VINTAGE,
    provenance: {
      population: {
        source: TRACTS_SOURCE,
        vintage: "2020 Census",
        grade: "measured",
        method: "2020 Census count of each tract",
      },
      housingUnits: {
        source: HOUSING_SOURCE,
        vintage: "2020 Census × ACS 2017–2021",
        grade: "modeled",
        method:
          "Each tract's 2020 population × the housing units per resident of the ZCTA nearest its centre",
      },
      households: {
        source: `${HOUSING_SOURCE}; ${LOCAL_SOURCES.tenure}`,
        vintage: "2020 Census × ACS 2017–2021 × ACS 2019–2023",
        grade: "modeled",
        method:
          "Each tract's housing units × the occupied share (B25003 occupied ÷ housing units) of the ZCTA nearest its centre",
      },
      singleFamilyUnits: {
        source: `${HOUSING_SOURCE}; U.S. Census Bureau, ACS 2019–2023 5-year DP04 units in structure of the metro and micro areas (else NREL ResStock state shares)`,
        vintage: "2020 Census × ACS 2019–2023",
        grade: "modeled",
        method:
          "Each tract's housing units × its metro area's 1-unit (detached + attached) share, raked by the tract's owner-occupied share (× tract ÷ metro) so the metro's total stays the published one",
      },
    },
    background: {},
    backgroundMethod: null,
    baselines: census.baselines,
    localSources: LOCAL_SOURCES,
    places: census.places,
    units: census.tracts,
  };
}

export function createEmbeddedProvider(): PlaceProvider {
  let dataset: PlaceDataset | undefined;
  return {
    id: "embedded",
    load: async () => {
      dataset ??= embeddedDataset();
      return dataset;
    },
  };
}
