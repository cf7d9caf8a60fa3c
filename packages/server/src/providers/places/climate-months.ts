/**
 * The shape of the year of a market (`assets/climate-months.json.gz`, derived by
 * scripts/derive-climate-months.ts from NOAA's monthly normals): the monthly shares of heating
 * and cooling degree days of the nearest first-order station within `STATION_RANGE_MILES`, else
 * of the market's state (nClimDiv statewide means). Alaska and Hawaii have no statewide series:
 * there the nearest station stands at any distance. A station without heating (or cooling)
 * degree days at all takes its state's shape for that season (else an even year). Loaded once,
 * lazily.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type ClimateShape, US_STATES } from "@bis/sdk";

const DATA_FILE = "climate-months.json.gz";
const FORMAT = 1;

/** A station farther than this from the market's centre gives way to the state's shape. */
export const STATION_RANGE_MILES = 150;

/** The shipped file (scripts/derive-climate-months.ts writes it). */
export interface ClimateMonthsFile {
  format: number;
  source: { stations: string; states: string; locations: string };
  stations: {
    name: string[];
    state: string[];
    lat: number[];
    lon: number[];
    hdd: number[][];
    cdd: number[][];
  };
  states: { code: string[]; hdd: number[][]; cdd: number[][] };
}

interface Station {
  name: string;
  state: string;
  lat: number;
  lon: number;
  heating: number[];
  cooling: number[];
}

export interface ClimateMonths {
  stations: Station[];
  states: Map<string, { heating: number[]; cooling: number[] }>;
  source: ClimateMonthsFile["source"];
}

/** Where the shipped file is: next to the bundle (dist) or three levels above this source file. */
export function climateMonthsPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const tried: string[] = [];
  for (const up of ["..", "../../.."]) {
    const file = path.join(here, up, "assets", DATA_FILE);
    if (existsSync(file)) return file;
    tried.push(file);
  }
  throw new Error(`The monthly climate file is missing (${tried.join(", ")})`);
}

const fraction = (per10k: readonly number[]) => per10k.map((v) => v / 10_000);

/** Decodes the shipped file. */
export function decodeClimateMonths(text: string): ClimateMonths {
  const file = JSON.parse(text) as ClimateMonthsFile;
  if (file.format !== FORMAT) throw new Error(`Unknown monthly climate format ${file.format}`);
  const s = file.stations;
  const stations = s.name.map((name, i) => ({
    name,
    state: s.state[i] as string,
    lat: (s.lat[i] as number) / 1e4,
    lon: (s.lon[i] as number) / 1e4,
    heating: fraction(s.hdd[i] as number[]),
    cooling: fraction(s.cdd[i] as number[]),
  }));
  const states = new Map(
    file.states.code.map((code, i) => [
      code,
      {
        heating: fraction(file.states.hdd[i] as number[]),
        cooling: fraction(file.states.cdd[i] as number[]),
      },
    ]),
  );
  return { stations, states, source: file.source };
}

let loaded: ClimateMonths | undefined;

/** The shipped file, decoded once. */
export function climateMonths(): ClimateMonths {
  loaded ??= decodeClimateMonths(gunzipSync(readFileSync(climateMonthsPath())).toString("utf8"));
  return loaded;
}

const toRad = (d: number) => (d * Math.PI) / 180;
function miles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h =
    Math.sin(toRad(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const hasDays = (shares: readonly number[]) => shares.some((v) => v > 0);
const stateName = (code: string) => US_STATES.find((s) => s.code === code)?.name ?? code;

/** The shape of the year at a market's centre (its state: the fallback). */
export function climateShapeAt(
  lat: number,
  lon: number,
  state: string,
  data: ClimateMonths = climateMonths(),
): ClimateShape | null {
  let nearest: Station | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const st of data.stations) {
    const d = miles(lat, lon, st.lat, st.lon);
    if (d < distance) {
      distance = d;
      nearest = st;
    }
  }
  const fallback = data.states.get(state);
  if (nearest && (distance <= STATION_RANGE_MILES || !fallback)) {
    return {
      kind: "station",
      name: nearest.name,
      state: nearest.state,
      distanceMiles: distance,
      heating: hasDays(nearest.heating) ? nearest.heating : (fallback?.heating ?? nearest.heating),
      cooling: hasDays(nearest.cooling) ? nearest.cooling : (fallback?.cooling ?? nearest.cooling),
      source: `${data.source.stations}; station located by ${data.source.locations}`,
      vintage: "monthly normals (probably 1981–2010), scaled to 1991–2020 annual normals",
    };
  }
  if (!fallback) return null;
  return {
    kind: "state",
    name: stateName(state),
    state,
    distanceMiles: null,
    heating: fallback.heating,
    cooling: fallback.cooling,
    source: data.source.states,
    vintage: "1991–2020",
  };
}
