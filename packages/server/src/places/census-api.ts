/**
 * The `census-api` place provider: ACS 5-year place-level estimates from the U.S. Census Data
 * API (measured), through undici, cached in the database per vintage and state.
 *
 *   GET {baseUrl}/data/{vintage}/acs/acs5?get=NAME,<variables>&for=place:*&in=state:{fips}[&key=KEY]
 *   GET {baseUrl}/data/{vintage}/acs/acs5?get=NAME,<variables>&for=state:{fips}[&key=KEY]
 *
 * The answer is a JSON array of arrays: a header row (the requested variables, then the
 * geography columns `state`, `place`), then one row per geography, every cell a string.
 * Suppressed or unavailable estimates are negative sentinels ("-666666666", "-999999999",
 * "-888888888", …) and become null here.
 *
 * The API has no coordinates: each place is joined by normalized name, within its state, to the
 * coordinates the caller injects (the embedded GeoNames places). Places without a match are
 * left out and counted in the dataset's label and provenance. Residents outside the listed
 * places form the state's background density: (state total − Σ listed places) ÷ state land area.
 */
import type { BackgroundDensity, PlaceDataset, PlaceFigure, PlaceRecord } from "@bis/sdk";
import { US_STATES } from "@bis/sdk";
import { eq } from "drizzle-orm";
import { type Dispatcher, request } from "undici";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { censusCache } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { footprintMiles } from "./density.js";
import type { EmbeddedCensus } from "./embedded.js";
import { normalizePlaceName } from "./geocoder.js";
import type { PlaceProvider } from "./provider.js";

/** ACS 5-year variables requested for every place and state (see data/benchmarks.md). */
export const ACS_VARIABLES = {
  population: "B01003_001E",
  households: "B11001_001E",
  housingUnits: "B25001_001E",
  oneUnitDetached: "B25024_002E",
  oneUnitAttached: "B25024_003E",
  medianHouseholdIncome: "B19013_001E",
} as const;

/** B25040 house heating fuel, occupied housing units: _002E … _010E. */
export const HEATING_FUEL_VARIABLES = {
  utilityGas: "B25040_002E",
  bottledGas: "B25040_003E",
  electricity: "B25040_004E",
  fuelOil: "B25040_005E",
  coal: "B25040_006E",
  wood: "B25040_007E",
  solar: "B25040_008E",
  other: "B25040_009E",
  none: "B25040_010E",
} as const;

export type HeatingFuel = keyof typeof HEATING_FUEL_VARIABLES;

export const ACS_GET = [
  "NAME",
  ...Object.values(ACS_VARIABLES),
  ...Object.values(HEATING_FUEL_VARIABLES),
] as const;

/** The whole exchange (connect, headers, body) must finish within this many milliseconds. */
export const CENSUS_TIMEOUT_MS = 15_000;

/**
 * Land area of each state in square miles, 2022 U.S. Census Gazetteer (state file, ALAND_SQMI,
 * rounded to the square mile), as redistributed in the `us_geo` data set (MIT licence).
 * Used only for the density of residents living outside the listed places.
 */
export const STATE_LAND_AREA_SQ_MI: Readonly<Record<string, number>> = {
  AL: 50645,
  AK: 570641,
  AZ: 113594,
  AR: 52035,
  CA: 155779,
  CO: 103642,
  CT: 4842,
  DE: 1949,
  DC: 61,
  FL: 53625,
  GA: 57513,
  HI: 6423,
  ID: 82643,
  IL: 55519,
  IN: 35826,
  IA: 55857,
  KS: 81759,
  KY: 39486,
  LA: 43204,
  ME: 30843,
  MD: 9707,
  MA: 7800,
  MI: 56539,
  MN: 79627,
  MS: 46923,
  MO: 68742,
  MT: 145546,
  NE: 76824,
  NV: 109781,
  NH: 8953,
  NJ: 7354,
  NM: 121298,
  NY: 47126,
  NC: 48618,
  ND: 69001,
  OH: 40861,
  OK: 68595,
  OR: 95988,
  PA: 44743,
  RI: 1034,
  SC: 30061,
  SD: 75811,
  TN: 41235,
  TX: 261232,
  UT: 82170,
  VT: 9217,
  VA: 39490,
  WA: 66456,
  WV: 24038,
  WI: 54158,
  WY: 97093,
};
const LAND_AREA_SOURCE = "2022 U.S. Census Gazetteer state land area";

/** One geography (a place or the state) as parsed from the API's answer. */
export interface AcsRow {
  /** State FIPS + place FIPS (7 digits) for a place; the state FIPS for the state. */
  geoid: string;
  /** Census name, e.g. "Austin city, Texas". */
  name: string;
  population: number | null;
  households: number | null;
  housingUnits: number | null;
  /** 1-unit detached + 1-unit attached (null if either is unavailable). */
  singleFamilyUnits: number | null;
  medianHouseholdIncome: number | null;
  heatingFuel: Record<HeatingFuel, number | null>;
}

/** What is cached per (vintage, state). */
export interface CensusStatePayload {
  state: AcsRow;
  places: AcsRow[];
}

export interface Coordinates {
  lat: number;
  lon: number;
}

export interface CensusApiDeps {
  /**
   * Coordinates of the places of a state (two-letter code), by name. Names are normalized here
   * (case, accents, punctuation, "St."/"Saint", a trailing legal description), so raw place
   * names are fine as keys.
   */
  coordinates?: (state: string) => Promise<Map<string, Coordinates>> | Map<string, Coordinates>;
  /** The embedded Census dataset (places' centres by name, when `coordinates` is not given). */
  census?: () => EmbeddedCensus;
  /** undici dispatcher (default: the global one). The caller owns and closes it. */
  dispatcher?: Dispatcher;
  /** Default CENSUS_TIMEOUT_MS. */
  timeoutMs?: number;
  now?: () => Date;
  /** The key at call time (environment, else saved in the admin panel); default CENSUS_API_KEY. */
  apiKey?: () => string | undefined;
}

export type CensusApiConfig = Pick<Config, "places">;

/* ---------------------------------------------------------------- names */

/**
 * Legal / statistical descriptions the Census appends to place names ("Austin city",
 * "Anchorage municipality", "Nashville-Davidson metropolitan government (balance)").
 * Longest first, so "city and borough" wins over "borough".
 */
const LEGAL_DESCRIPTIONS = [
  "consolidated government (balance)",
  "metropolitan government (balance)",
  "metro government (balance)",
  "unified government (balance)",
  "consolidated government",
  "metropolitan government",
  "metro government",
  "unified government",
  "city and borough",
  "city (balance)",
  "town (balance)",
  "(balance)",
  "urban county",
  "municipality",
  "zona urbana",
  "comunidad",
  "corporation",
  "borough",
  "village",
  "city",
  "town",
  "cdp",
] as const;

/** One normalization for every place-name comparison (the geocoder's). */
export const normalizeName = normalizePlaceName;

/**
 * Names to look a Census place up by, best first: "Austin city, Texas" → ["austin city",
 * "austin"]; "Nashville-Davidson metropolitan government (balance), Tennessee" → […,
 * "nashville davidson", "nashville"]; "Urban Honolulu CDP, Hawaii" → […, "honolulu"].
 */
/**
 * The name people use: the Census name without the state and the legal description
 * ("Austin city, Texas" → "Austin"; "Boise City city, Idaho" → "Boise City").
 */
export function displayName(censusName: string): string {
  const comma = censusName.lastIndexOf(",");
  const local = (comma >= 0 ? censusName.slice(0, comma) : censusName).trim();
  // The Census writes the description in lower case ("Kansas City city", "Carson City"), so a
  // case-sensitive match keeps a name that merely ends in "City".
  const legal = LEGAL_DESCRIPTIONS.find(
    (d) => local.endsWith(` ${d}`) || local.endsWith(` ${d.toUpperCase()}`),
  );
  return legal ? local.slice(0, local.length - legal.length - 1).trim() : local;
}

export function candidateNames(censusName: string): string[] {
  const comma = censusName.lastIndexOf(",");
  const local = (comma >= 0 ? censusName.slice(0, comma) : censusName).trim();
  const out: string[] = [normalizeName(local)];
  const lower = local.toLowerCase();
  const legal = LEGAL_DESCRIPTIONS.find((d) => lower.endsWith(` ${d}`));
  if (legal) {
    const bare = local.slice(0, local.length - legal.length - 1).trim();
    out.push(normalizeName(bare));
    // "Boise City city" → "boise"
    const again = normalizeName(bare).replace(/ city$/, "");
    if (again) out.push(again);
    // Consolidated city-counties: "Louisville/Jefferson County", "Athens-Clarke County".
    if (legal.includes("government") || legal.includes("balance") || legal === "urban county") {
      const first = bare.split(/[-/]/)[0];
      if (first) out.push(normalizeName(first));
    }
  }
  for (const name of [...out]) {
    if (name.startsWith("urban ")) out.push(name.slice("urban ".length));
  }
  return [...new Set(out.filter(Boolean))];
}

/* ---------------------------------------------------------------- parsing */

function upstream(message: string, cause?: unknown): AppError {
  return new AppError("UPSTREAM_FAILED", message, cause === undefined ? {} : { cause });
}

/** A cell as a number; negative sentinels, null and "" become null. */
export function parseEstimate(cell: unknown, variable: string, where: string): number | null {
  if (cell === null || cell === undefined || cell === "") return null;
  if (typeof cell !== "string" && typeof cell !== "number") {
    throw upstream(`Census Data API returned a non-text value for ${variable} of ${where}`);
  }
  const value = Number(cell);
  if (!Number.isFinite(value)) {
    throw upstream(
      `Census Data API returned "${String(cell)}" for ${variable} of ${where}: not a number`,
    );
  }
  // Annotation sentinels: -111111111, -222222222, -333333333, -555555555, -666666666,
  // -888888888, -999999999. No count or median here can be negative.
  return value < 0 ? null : value;
}

/**
 * Parses the API's array-of-arrays answer: header row first; columns found by name, not position.
 * `geography` is "place" or "state"; `what` describes the request for messages.
 */
export function parseAcsTable(json: unknown, geography: "place" | "state", what: string): AcsRow[] {
  if (!Array.isArray(json) || json.length === 0 || !Array.isArray(json[0])) {
    throw upstream(
      `Census Data API answered ${what} with JSON that is not a table (array of rows)`,
    );
  }
  const header = (json[0] as unknown[]).map(String);
  const geoColumns = geography === "place" ? ["state", "place"] : ["state"];
  const missing = [...ACS_GET, ...geoColumns].filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw upstream(
      `Census Data API answered ${what} without the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
    );
  }
  const col = (name: string) => header.indexOf(name);
  const rows: AcsRow[] = [];
  for (let i = 1; i < json.length; i++) {
    const row = json[i] as unknown;
    if (!Array.isArray(row) || row.length !== header.length) {
      throw upstream(
        `Census Data API answered ${what} with a malformed row ${i} (expected ${header.length} cells)`,
      );
    }
    const geoid = geoColumns.map((c) => String(row[col(c)] ?? "")).join("");
    const where = `${String(row[col("NAME")])} (${geoid})`;
    const get = (variable: string) => parseEstimate(row[col(variable)], variable, where);
    const population = get(ACS_VARIABLES.population);
    const households = get(ACS_VARIABLES.households);
    const housingUnits = get(ACS_VARIABLES.housingUnits);
    const detached = get(ACS_VARIABLES.oneUnitDetached);
    const attached = get(ACS_VARIABLES.oneUnitAttached);
    const medianHouseholdIncome = get(ACS_VARIABLES.medianHouseholdIncome);
    const heatingFuel = Object.fromEntries(
      Object.entries(HEATING_FUEL_VARIABLES).map(([fuel, variable]) => [fuel, get(variable)]),
    ) as Record<HeatingFuel, number | null>;
    rows.push({
      geoid,
      name: String(row[col("NAME")] ?? ""),
      population,
      households,
      housingUnits,
      singleFamilyUnits: detached === null || attached === null ? null : detached + attached,
      medianHouseholdIncome,
      heatingFuel,
    });
  }
  return rows;
}

/* ---------------------------------------------------------------- HTTP */

function snippet(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

interface FetchOptions {
  baseUrl: string;
  vintage: string;
  apiKey: string | undefined;
  dispatcher: Dispatcher | undefined;
  timeoutMs: number;
}

/** Requests one table and returns the parsed JSON; every failure is UPSTREAM_FAILED. */
async function fetchTable(
  options: FetchOptions,
  geography: { for: string; in?: string },
  what: string,
): Promise<unknown> {
  const url = new URL(`${options.baseUrl}/data/${options.vintage}/acs/acs5`);
  url.searchParams.set("get", ACS_GET.join(","));
  url.searchParams.set("for", geography.for);
  if (geography.in) url.searchParams.set("in", geography.in);
  if (options.apiKey) url.searchParams.set("key", options.apiKey);
  // Messages name the endpoint and the geography, never the key.
  const endpoint = `${options.baseUrl}/data/${options.vintage}/acs/acs5`;
  const seconds = `${Math.round(options.timeoutMs / 100) / 10} s`;

  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: "GET",
      headers: { accept: "application/json" },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
  } catch (error) {
    throw networkError(error, signal, endpoint, what, seconds);
  }

  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw networkError(error, signal, endpoint, what, seconds);
  }

  const { statusCode } = response;
  const contentType = String(response.headers["content-type"] ?? "");
  if (statusCode >= 300 && statusCode < 400) {
    const location = String(response.headers.location ?? "");
    const keyHint = /key/i.test(location)
      ? options.apiKey
        ? ": the CENSUS_API_KEY was rejected (invalid or not yet activated)"
        : ": the API asks for a key (set CENSUS_API_KEY)"
      : "";
    throw upstream(
      `Census Data API redirected the request for ${what} (HTTP ${statusCode}${location ? ` to ${location}` : ""})${keyHint}`,
    );
  }
  if (statusCode === 204 || (statusCode === 200 && text.trim() === "")) {
    throw upstream(
      `Census Data API returned no data for ${what} (HTTP ${statusCode}): unknown geography, or no ${options.vintage} ACS 5-year data for it`,
    );
  }
  if (statusCode === 404) {
    throw upstream(
      `Census Data API has no ${options.vintage} ACS 5-year data for ${what} (HTTP 404 from ${endpoint})${snippet(text) ? `: ${snippet(text)}` : ""}`,
    );
  }
  if (statusCode !== 200) {
    throw upstream(
      `Census Data API ${statusCode >= 500 ? "failed on" : "refused"} the request for ${what} (HTTP ${statusCode} from ${endpoint})${snippet(text) ? `: ${snippet(text)}` : ""}`,
    );
  }
  if (/html/i.test(contentType) || /^\s*</.test(text)) {
    throw upstream(
      `Census Data API answered the request for ${what} with an HTML page instead of JSON${options.apiKey ? " (usually an invalid CENSUS_API_KEY)" : ""}: ${snippet(text)}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw upstream(
      `Census Data API returned malformed JSON for ${what} (${(error as Error).message})`,
      error,
    );
  }
}

function networkError(
  error: unknown,
  signal: AbortSignal,
  endpoint: string,
  what: string,
  seconds: string,
): AppError {
  const code = (error as { code?: string }).code ?? "";
  if (
    signal.aborted ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT" ||
    code === "UND_ERR_CONNECT_TIMEOUT"
  ) {
    return upstream(
      `Census Data API did not answer the request for ${what} within ${seconds} (${endpoint})`,
      error,
    );
  }
  const reason = [code, (error as Error).message].filter(Boolean).join(": ");
  return upstream(
    `Census Data API could not be reached for ${what} (${endpoint}): ${reason || String(error)}`,
    error,
  );
}

/* ---------------------------------------------------------------- provider */

const FIGURES: PlaceFigure[] = ["population", "households", "housingUnits", "singleFamilyUnits"];

const FIGURE_METHOD: Record<PlaceFigure, string> = {
  population: "B01003_001E, total population of the place",
  households: "B11001_001E, households of the place",
  housingUnits: "B25001_001E, housing units of the place",
  singleFamilyUnits:
    "B25024_002E + B25024_003E, 1-unit detached plus 1-unit attached housing units of the place",
};

interface StateResult {
  places: PlaceRecord[];
  background: BackgroundDensity | null;
  /** Census places with residents that found no coordinates. */
  leftOut: number;
}

function sum(rows: readonly { [K in PlaceFigure]: number | null }[], figure: PlaceFigure) {
  let total = 0;
  for (const row of rows) total += row[figure] ?? 0;
  return total;
}

export function createCensusApiProvider(
  config: CensusApiConfig,
  db: Db,
  deps: CensusApiDeps,
): PlaceProvider {
  const census = config.places.census;
  const vintage = census.vintage;
  const fetchOptions: FetchOptions = {
    baseUrl: census.baseUrl.replace(/\/+$/, ""),
    vintage,
    apiKey: census.apiKey,
    dispatcher: deps.dispatcher,
    timeoutMs: deps.timeoutMs ?? CENSUS_TIMEOUT_MS,
  };
  const now = deps.now ?? (() => new Date());
  /** In-flight and finished per-state work, so concurrent loads share one request. */
  const states = new Map<string, Promise<StateResult>>();

  async function payloadFor(code: string, fips: string): Promise<CensusStatePayload> {
    const key = `acs5:${vintage}:${fips}`;
    const cached = db.select().from(censusCache).where(eq(censusCache.key, key)).get();
    const stored = cached?.payload as Partial<CensusStatePayload> | undefined;
    if (stored?.state && Array.isArray(stored.places)) return stored as CensusStatePayload;

    const placesWhat = `the places of ${code} (state:${fips}, ${vintage} ACS 5-year)`;
    const stateWhat = `the state ${code} (state:${fips}, ${vintage} ACS 5-year)`;
    const options = deps.apiKey ? { ...fetchOptions, apiKey: deps.apiKey() } : fetchOptions;
    const [placeJson, stateJson] = await Promise.all([
      fetchTable(options, { for: "place:*", in: `state:${fips}` }, placesWhat),
      fetchTable(options, { for: `state:${fips}` }, stateWhat),
    ]);
    const places = parseAcsTable(placeJson, "place", placesWhat);
    const stateRows = parseAcsTable(stateJson, "state", stateWhat);
    const state = stateRows.find((r) => r.geoid === fips) ?? stateRows[0];
    if (!state) throw upstream(`Census Data API answered ${stateWhat} with no rows`);
    const payload: CensusStatePayload = { state, places };
    db.insert(censusCache)
      .values({ key, vintage, stateFips: fips, payload, fetchedAt: now() })
      .onConflictDoUpdate({ target: censusCache.key, set: { payload, fetchedAt: now() } })
      .run();
    return payload;
  }

  async function buildState(code: string, fips: string): Promise<StateResult> {
    const payload = await payloadFor(code, fips);
    const given = deps.coordinates
      ? await deps.coordinates(code)
      : new Map(
          (deps.census?.().places ?? [])
            .filter((p) => p.state === code)
            .map((p) => [p.name, { lat: p.lat, lon: p.lon }]),
        );
    // Exact names first, so that "Ocean City" → "ocean" never hides a place called "Ocean".
    const coordinates = new Map<string, Coordinates>();
    const derived: [string, Coordinates][] = [];
    for (const [name, point] of given) {
      const [exact, ...others] = candidateNames(name);
      if (exact && !coordinates.has(exact)) coordinates.set(exact, point);
      for (const key of others) derived.push([key, point]);
    }
    for (const [key, point] of derived) if (!coordinates.has(key)) coordinates.set(key, point);
    // The largest place claims a name first; a point is used once.
    const ordered = [...payload.places].sort(
      (a, b) => (b.population ?? 0) - (a.population ?? 0) || a.geoid.localeCompare(b.geoid),
    );
    const claimed = new Set<Coordinates>();
    const places: PlaceRecord[] = [];
    let leftOut = 0;
    for (const row of ordered) {
      if (row.population === null || row.population <= 0) continue;
      const point = candidateNames(row.name)
        .map((n) => coordinates.get(n))
        .find((p) => p !== undefined && !claimed.has(p));
      if (!point) {
        leftOut++;
        continue;
      }
      claimed.add(point);
      places.push({
        id: row.geoid,
        name: displayName(row.name),
        state: code,
        lat: point.lat,
        lon: point.lon,
        population: row.population,
        households: row.households,
        housingUnits: row.housingUnits,
        singleFamilyUnits: row.singleFamilyUnits,
        medianHouseholdIncome: row.medianHouseholdIncome,
        footprintMiles: footprintMiles(row.population),
      });
    }

    const landArea = STATE_LAND_AREA_SQ_MI[code];
    let background: BackgroundDensity | null = null;
    if (landArea && landArea > 0) {
      const outside = (figure: PlaceFigure) =>
        Math.max(0, (payload.state[figure] ?? 0) - sum(places, figure)) / landArea;
      background = {
        population: outside("population"),
        households: outside("households"),
        housingUnits: outside("housingUnits"),
        singleFamilyUnits: outside("singleFamilyUnits"),
      };
    }
    return { places, background, leftOut };
  }

  function stateResult(code: string, fips: string): Promise<StateResult> {
    let pending = states.get(code);
    if (!pending) {
      pending = buildState(code, fips);
      states.set(code, pending);
      // A failure is not remembered: the next load tries again.
      pending.catch(() => states.delete(code));
    }
    return pending;
  }

  return {
    id: "census-api",
    async load(requested) {
      const codes = [...new Set(requested.map((s) => s.trim().toUpperCase()))];
      const known = codes.map((code) => {
        const state = US_STATES.find((s) => s.code === code);
        if (!state) throw new AppError("VALIDATION_FAILED", `Unknown state code "${code}"`);
        return state;
      });
      const results = await Promise.all(known.map((s) => stateResult(s.code, s.fips)));

      const places: PlaceRecord[] = [];
      const background: Record<string, BackgroundDensity> = {};
      let leftOut = 0;
      known.forEach((state, i) => {
        const result = results[i] as StateResult;
        places.push(...result.places);
        if (result.background) background[state.code] = result.background;
        leftOut += result.leftOut;
      });

      const stateList = known.map((s) => s.code).join(", ");
      const vintageLabel = `${vintage} ACS 5-year`;
      const source = `U.S. Census Bureau, American Community Survey 5-year ${vintage}, table B01003 / B11001 / B25001 / B25024 / B19013`;
      const leftOutNote =
        leftOut > 0
          ? `; ${leftOut.toLocaleString("en-US")} place${leftOut === 1 ? "" : "s"} without coordinates left out`
          : "";
      const coordinatesNote = `Coordinates joined by place name within the state from the embedded place data${leftOutNote}${leftOut > 0 ? ", their residents counted in the background" : ""}.`;
      const provenance = Object.fromEntries(
        FIGURES.map((figure) => [
          figure,
          {
            source,
            vintage: vintageLabel,
            grade: "measured" as const,
            method: `${FIGURE_METHOD[figure]}. ${coordinatesNote}`,
          },
        ]),
      ) as PlaceDataset["provenance"];

      const withBackground = known.filter((s) => background[s.code]).length;
      return {
        provider: "census-api",
        label: `U.S. Census places, ACS 5-year ${vintage} (${places.length.toLocaleString("en-US")} places in ${stateList}${leftOutNote})`,
        vintage: vintageLabel,
        provenance,
        background,
        backgroundMethod:
          withBackground > 0
            ? `(state total from the ACS 5-year ${vintage} state row − Σ of the listed places) ÷ state land area (${LAND_AREA_SOURCE}); places without coordinates count as background`
            : null,
        places,
      };
    },
  };
}
