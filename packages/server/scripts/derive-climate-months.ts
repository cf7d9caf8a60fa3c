/**
 * The shape of the year that ships in `assets/climate-months.json.gz` (`pnpm -F @bis/server
 * derive:climate-months`): each first-order station's twelve monthly shares of its annual heating
 * and cooling degree days (base 65 °F), with its state and location, and each state's shares as
 * the fallback. From the public files in ../shared/data (see its README):
 *
 *  - climate/ccd_firstorder_station_monthly_hddcdd.csv.gz — NOAA NCEI Comparative Climatic Data
 *    monthly normals of 263 first-order stations (city name and state, no coordinates);
 *  - census/places.csv — each station is put at the internal point of the most populous Census
 *    place of its state whose short name is the station's city (or the alias below);
 *  - climate/noaa_normals_1991_2020_station_hdd_cdd.csv — the location of the few stations that
 *    are no Census place (mountain tops, islands), by their NOAA station name;
 *  - climate/state_monthly_hddcdd_1991-2020_from_nclimdiv.csv.gz — 1991–2020 monthly means of
 *    NOAA nClimDiv statewide degree days (48 contiguous states; none for Alaska or Hawaii).
 *
 * Stations outside the 50 states and DC (Pacific islands, Puerto Rico) are left out. Shares are
 * integers per 10,000 that sum to exactly 10,000 (largest remainder), all 0 where the annual is
 * 0; locations in degrees × 10,000. Pure functions of the texts: same input, same bytes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { splitByShares, US_STATES } from "@bis/sdk";
import type { ClimateMonthsFile } from "../src/providers/places/climate-months.js";
import { num, rows } from "./derive-local-housing.js";

/** The file's format (the loader refuses another). */
export const CLIMATE_MONTHS_FORMAT = 1;

/**
 * Stations whose city is no Census place's short name: the place they are in or next to, or
 * their NOAA normals station name.
 */
const ALIASES: Record<string, { place: string } | { normals: string }> = {
  "ANNETTE,AK": { normals: "ANNETTE ISLAND AP, AK US" },
  "BIG DELTA,AK": { place: "Big Delta" },
  "ST. PAUL ISLAND,AK": { place: "St. Paul" },
  "BLUE CANYON,CA": { normals: "BLUE CANYON AP, CA US" },
  "WASHINGTON DULLES,DC": { normals: "WASHINGTON DC DULLES AP, VA US" },
  "WASHINGTON NAT'L,DC": { normals: "WASHINGTON REAGAN AP, VA US" },
  "MINNEAPOLIS-ST.PAUL,MN": { place: "Minneapolis" },
  "SAINT CLOUD,MN": { place: "St. Cloud" },
  "ST. LOUIS,MO": { place: "St. Louis" },
  "MT. WASHINGTON,NH": { normals: "MT WASHINGTON, NH US" },
  "GREENSBORO-WNSTN-SALM-HGHPT,NC": { place: "Greensboro" },
  "SEXTON SUMMIT,OR": { normals: "SEXTON SUMMIT, OR US" },
  "MIDDLETOWN/HARRISBURG,PA": { place: "Middletown" },
  "AVOCA,PA": { place: "Avoca" },
  "GREENVILLE-SPARTANBURG,SC": { place: "Greenville" },
  "BRISTOL-JHNSN CTY-KNGSPRT,TN": { place: "Bristol" },
  "MIDLAND-ODESSA,TX": { place: "Midland" },
  "WALLOPS ISLAND,VA": { normals: "WALLOPS ISLAND FLIGHT FAC, VA US" },
  "QUILLAYUTE,WA": { normals: "QUILLAYUTE STATE AP, WA US" },
  "SAULT STE. MARIE,MI": { place: "Sault Ste. Marie" },
  "BARROW,AK": { normals: "UTQIAGVIK FORMERLY BARROW 4 EN, AK US" },
  "VALDEZ,AK": { normals: "VALDEZ, AK US" },
  "ATHENS,GA": { normals: "ATHENS BEN EPPS AP, GA US" },
  "AUGUSTA,GA": { normals: "AUGUSTA BUSH FLD AP, GA US" },
  "MACON,GA": { place: "Macon-Bibb County" },
  "HONOLULU,HI": { place: "Urban Honolulu" },
  "BOISE,ID": { place: "Boise City" },
  "INDIANAPOLIS,IN": { normals: "INDIANAPOLIS NWFO, IN US" },
  "LEXINGTON,KY": { place: "Lexington-Fayette Urban County" },
  "CAPE HATTERAS,NC": { place: "Buxton" },
  "NASHVILLE,TN": { normals: "NASHVILLE INTL AP, TN US" },
};

/** The 50 states and DC. */
const STATE_CODES = new Set(US_STATES.map((s) => s.code));

const MONTH_KEYS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** Twelve values as integers per 10,000 of their sum (all 0 when the sum is 0). */
export function sharesPer10k(values: readonly number[]): number[] {
  const total = values.reduce((a, b) => a + Math.max(0, b), 0);
  if (!(total > 0)) return new Array(12).fill(0);
  return splitByShares(10_000, values);
}

interface PlacePoint {
  name: string;
  state: string;
  population: number;
  lat: number;
  lon: number;
}

const key = (name: string, state: string) => `${name.toUpperCase()}|${state}`;

/** The most populous place of each short name and state. */
function placeIndex(placesCsv: string): Map<string, PlacePoint> {
  const index = new Map<string, PlacePoint>();
  for (const r of rows(placesCsv)) {
    const lat = num(r.Latitude);
    const lon = num(r.Longitude);
    const name = r["Short Name"] ?? "";
    const state = r.State ?? "";
    if (lat === null || lon === null || !name) continue;
    const p = { name, state, population: num(r.Population) ?? 0, lat, lon };
    const k = key(name, state);
    const seen = index.get(k);
    if (!seen || p.population > seen.population) index.set(k, p);
  }
  return index;
}

/** Stations of the annual normals by their NOAA name. */
function normalsIndex(normalsCsv: string): Map<string, { lat: number; lon: number }> {
  const index = new Map<string, { lat: number; lon: number }>();
  for (const r of rows(normalsCsv)) {
    const lat = num(r.lat);
    const lon = num(r.lon);
    if (r.name && lat !== null && lon !== null) index.set(r.name, { lat, lon });
  }
  return index;
}

const titleCase = (s: string) =>
  s
    .toLowerCase()
    .replace(/(^|[\s.-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/** Where a station is, and the stations left out (with why). */
export function deriveClimateMonths(texts: {
  stationsCsv: string;
  statesCsv: string;
  placesCsv: string;
  normalsCsv: string;
}): { file: ClimateMonthsFile; unmatched: string[]; outside: string[] } {
  const places = placeIndex(texts.placesCsv);
  const normals = normalsIndex(texts.normalsCsv);
  const stations: ClimateMonthsFile["stations"] = {
    name: [],
    state: [],
    lat: [],
    lon: [],
    hdd: [],
    cdd: [],
  };
  const unmatched: string[] = [];
  const outside: string[] = [];
  for (const r of rows(texts.stationsCsv)) {
    const name = r.name ?? "";
    const state = r.state ?? "";
    if (!STATE_CODES.has(state)) {
      outside.push(`${name}, ${state}`);
      continue;
    }
    const alias = ALIASES[`${name},${state}`];
    let at: { lat: number; lon: number } | undefined;
    if (alias && "normals" in alias) at = normals.get(alias.normals);
    else {
      const city = alias?.place ?? titleCase(name);
      at = places.get(key(city, state)) ?? places.get(key(city.replace(/^St\. /, "Saint "), state));
    }
    if (!at) {
      unmatched.push(`${name}, ${state}`);
      continue;
    }
    stations.name.push(name);
    stations.state.push(state);
    stations.lat.push(Math.round(at.lat * 1e4));
    stations.lon.push(Math.round(at.lon * 1e4));
    stations.hdd.push(sharesPer10k(MONTH_KEYS.map((m) => num(r[`hdd_${m}`]) ?? 0)));
    stations.cdd.push(sharesPer10k(MONTH_KEYS.map((m) => num(r[`cdd_${m}`]) ?? 0)));
  }
  const states: ClimateMonthsFile["states"] = { code: [], hdd: [], cdd: [] };
  for (const r of rows(texts.statesCsv)) {
    if (r.kind !== "state" || !STATE_CODES.has(r.state ?? "")) continue;
    states.code.push(r.state ?? "");
    states.hdd.push(sharesPer10k(MONTH_KEYS.map((m) => num(r[`hdd_${m}`]) ?? 0)));
    states.cdd.push(sharesPer10k(MONTH_KEYS.map((m) => num(r[`cdd_${m}`]) ?? 0)));
  }
  return {
    file: {
      format: CLIMATE_MONTHS_FORMAT,
      source: {
        stations:
          "NOAA NCEI Comparative Climatic Data, monthly normal heating and cooling degree days (base 65 °F) of first-order stations (public domain; copied in DaleMatthews/weather-compare, commit f265d4d)",
        states:
          "NOAA NCEI nClimDiv statewide monthly heating and cooling degree days, 1991–2020 means (climdiv-hddcst, climdiv-cddcst, 2025-09-05 release; public domain)",
        locations:
          "U.S. Census Bureau 2022 Gazetteer places (internal point of the station's city); NOAA 1991–2020 normals station list for stations outside any place",
      },
      stations,
      states,
    },
    unmatched,
    outside,
  };
}

/** The file's bytes: JSON, gzipped (level 9; no name or time in the header, so the same bytes each run). */
export function encodeClimateMonths(file: ClimateMonthsFile): Buffer {
  return gzipSync(`${JSON.stringify(file)}\n`, { level: 9 });
}

/** ../shared/data from this script. */
export const SHARED_DATA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../shared/data",
);

export function readSharedTexts(dir = SHARED_DATA) {
  const text = (rel: string) => {
    const buf = readFileSync(path.join(dir, rel));
    return (rel.endsWith(".gz") ? gunzipSync(buf) : buf).toString("utf8");
  };
  return {
    stationsCsv: text("climate/ccd_firstorder_station_monthly_hddcdd.csv.gz"),
    statesCsv: text("climate/state_monthly_hddcdd_1991-2020_from_nclimdiv.csv.gz"),
    placesCsv: text("census/places.csv"),
    normalsCsv: text("climate/noaa_normals_1991_2020_station_hdd_cdd.csv"),
  };
}

export const CLIMATE_MONTHS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../assets/climate-months.json.gz",
);

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { file, unmatched, outside } = deriveClimateMonths(readSharedTexts());
  writeFileSync(CLIMATE_MONTHS_FILE, encodeClimateMonths(file));
  console.log(
    `${file.stations.name.length} stations, ${file.states.code.length} states; left out: ${outside.length} outside the states (${outside.join("; ")}), ${unmatched.length} without a location (${unmatched.join("; ")})`,
  );
}
