/**
 * The `census-api` place provider: ACS 5-year estimates from the U.S. Census Data API at census
 * **tract** level (measured), through undici, cached in the database per state, vintage and level.
 *
 *   GET {baseUrl}/data/{vintage}/acs/acs5?get=NAME,<variables>&for=tract:*&in=state:{fips}&in=county:*[&key=KEY]
 *   GET {baseUrl}/data/{vintage}/acs/acs5?get=NAME,<variables>&for=place:*&in=state:{fips}[&key=KEY]
 *
 * The answer is a JSON array of arrays: a header row (the requested variables, then the
 * geography columns `state`, `county`, `tract` or `state`, `place`), then one row per geography,
 * every cell a string. Suppressed or unavailable estimates are negative sentinels ("-666666666",
 * "-999999999", "-888888888", "-222222222", …) and become null here. The API takes at most 50
 * variables per call (NAME included): longer lists are split into several calls, joined by GEOID.
 *
 * The API has no coordinates. Each tract is placed at its 2020 Census population centre from the
 * embedded dataset, by GEOID (or, where the county code changed since 2020 — Connecticut's
 * planning regions from the 2022 vintage on — by its tract code when that is unique in the
 * state); tracts without one are left out and counted in the dataset's label and provenance.
 * Area totals are sums of the tracts whose centre lies within the radius (no background density).
 * Places (the city table and geocoding) are placed at the embedded Census place centre of the
 * same GEOID, else of the same name in the state; places without one are left out and counted.
 *
 * Each state's two tables are stored in `census_cache` (key `acs5:{vintage}:{state}:{level}`) as
 * fetched (variables and values, no derived figures) and served from there afterwards;
 * `bis-server data refresh-census` fetches them again and replaces the rows.
 */
import type { AreaUnit, HousingStock, PlaceDataset, PlaceFigure, PlaceRecord } from "@bis/sdk";
import { HOUSING_STOCK_FIELDS, US_STATES } from "@bis/sdk";
import { and, eq, like } from "drizzle-orm";
import { type Dispatcher, request } from "undici";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { censusCache } from "../db/schema.js";
import { AppError } from "../lib/errors.js";
import type { EmbeddedCensus } from "./embedded.js";
import { normalizePlaceName } from "./geocoder.js";
import type { PlaceProvider } from "./provider.js";

/** The whole exchange (connect, headers, body) must finish within this many milliseconds. */
export const CENSUS_TIMEOUT_MS = 15_000;

/** Variables the API accepts in one call (`get` "is limited to 50 variables"; NAME counts). */
export const CENSUS_MAX_VARIABLES = 50;

/* ---------------------------------------------------------------- variables */

/** What each place of the city table gets (ACS 5-year, place level). */
export const PLACE_VARIABLES = {
  population: "B01003_001E",
  households: "B11001_001E",
  housingUnits: "B25001_001E",
  oneUnitDetached: "B25024_002E",
  oneUnitAttached: "B25024_003E",
  medianHouseholdIncome: "B19013_001E",
} as const;

/** A figure of a tract: the four area figures, the housing stock, the median income. */
export type TractField = PlaceFigure | keyof HousingStock | "medianHouseholdIncome";

const cells = (table: string, from: number, to: number): string[] => {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(`${table}_${String(i).padStart(3, "0")}E`);
  return out;
};

/**
 * B25034 "Year structure built" (housing units): the cells of each band, by vintage.
 *
 * - Vintage 2015 and later: _002E the latest band (2022: "Built 2020 or later"; 2015–2021:
 *   "2014 or later" or "2020 or later"), _003E 2010–2019 (2015–2020: 2010–2013), _004E 2000–2009,
 *   _005E 1990–1999, _006E 1980–1989, _007E 1970–1979, _008E 1960–1969, _009E 1950–1959,
 *   _010E 1940–1949, _011E 1939 or earlier.
 * - Vintages 2009–2014: _002E 2010 (2005) or later, _003E 2000–2009 (2000–2004), _004E 1990–1999,
 *   _005E 1980–1989, _006E 1970–1979 … _010E 1939 or earlier.
 */
export function yearBuiltCells(vintage: string): {
  built2000OrLater: string[];
  built1980To1999: string[];
  builtBefore1980: string[];
} {
  return Number(vintage) >= 2015
    ? {
        built2000OrLater: cells("B25034", 2, 4),
        built1980To1999: cells("B25034", 5, 6),
        builtBefore1980: cells("B25034", 7, 11),
      }
    : {
        built2000OrLater: cells("B25034", 2, 3),
        built1980To1999: cells("B25034", 4, 5),
        builtBefore1980: cells("B25034", 6, 10),
      };
}

/** The ACS cells each tract figure sums (a figure is the sum of its cells). */
export function tractFields(vintage: string): Record<TractField, readonly string[]> {
  return {
    population: ["B01003_001E"],
    households: ["B11001_001E"],
    housingUnits: ["B25001_001E"],
    // 1-unit detached + 1-unit attached.
    singleFamilyUnits: ["B25024_002E", "B25024_003E"],
    occupied: ["B25003_001E"],
    ownerOccupied: ["B25003_002E"],
    ...yearBuiltCells(vintage),
    // B25040 house heating fuel (occupied units): utility gas + bottled, tank or LP gas.
    heatingGas: ["B25040_002E", "B25040_003E"],
    heatingElectricity: ["B25040_004E"],
    heatingFuelOil: ["B25040_005E"],
    // Coal or coke, wood, solar energy, other fuel.
    heatingOther: cells("B25040", 6, 9),
    heatingNone: ["B25040_010E"],
    medianHouseholdIncome: ["B19013_001E"],
  };
}

/** Every variable of the tract request, in request order, each once. */
export function tractVariables(vintage: string): string[] {
  return [...new Set(Object.values(tractFields(vintage)).flat())];
}

const TRACT_TABLES = [
  "B01003",
  "B11001",
  "B25001",
  "B25024",
  "B25003",
  "B25034",
  "B25040",
  "B19013",
];
const PLACE_TABLES = ["B01003", "B11001", "B25001", "B25024", "B19013"];

const HOUSING_FIELDS = HOUSING_STOCK_FIELDS;

const FIGURES: PlaceFigure[] = ["population", "households", "housingUnits", "singleFamilyUnits"];

/** "2022" → "ACS 2018–2022 5-year". */
export function vintageLabel(vintage: string): string {
  return `ACS ${Number(vintage) - 4}–${vintage} 5-year`;
}

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

/**
 * Names to look a Census place up by, best first: "Austin city, Texas" → ["austin city",
 * "austin"]; "Nashville-Davidson metropolitan government (balance), Tennessee" → […,
 * "nashville davidson", "nashville"]; "Urban Honolulu CDP, Hawaii" → […, "honolulu"].
 */
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

export type Level = "tract" | "place";

const GEOGRAPHY: Record<Level, readonly string[]> = {
  tract: ["state", "county", "tract"],
  place: ["state", "place"],
};

/** One geography as parsed from the API's answer. */
export interface AcsRow {
  /** The geography columns joined: 11-digit tract GEOID, 7-digit place GEOID. */
  geoid: string;
  /** Census name ("Census Tract 1.01; Travis County; Texas", "Austin city, Texas"), if asked. */
  name: string | null;
  /** Variable → estimate (null: suppressed or unavailable). */
  values: Record<string, number | null>;
}

/**
 * Parses the API's array-of-arrays answer to `get` (the variables requested, NAME included or
 * not): header row first; columns found by name, not position; `what` describes the request.
 */
export function parseAcsTable(
  json: unknown,
  get: readonly string[],
  level: Level,
  what: string,
): AcsRow[] {
  if (!Array.isArray(json) || json.length === 0 || !Array.isArray(json[0])) {
    throw upstream(
      `Census Data API answered ${what} with JSON that is not a table (array of rows)`,
    );
  }
  const header = (json[0] as unknown[]).map(String);
  const geoColumns = GEOGRAPHY[level];
  const missing = [...get, ...geoColumns].filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw upstream(
      `Census Data API answered ${what} without the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
    );
  }
  const col = (name: string) => header.indexOf(name);
  const variables = get.filter((v) => v !== "NAME");
  const rows: AcsRow[] = [];
  for (let i = 1; i < json.length; i++) {
    const row = json[i] as unknown;
    if (!Array.isArray(row) || row.length !== header.length) {
      throw upstream(
        `Census Data API answered ${what} with a malformed row ${i} (expected ${header.length} cells)`,
      );
    }
    const geoid = geoColumns.map((c) => String(row[col(c)] ?? "")).join("");
    const name = get.includes("NAME") ? String(row[col("NAME")] ?? "") : null;
    const where = name ? `${name} (${geoid})` : geoid;
    const values: Record<string, number | null> = {};
    for (const v of variables) values[v] = parseEstimate(row[col(v)], v, where);
    rows.push({ geoid, name, values });
  }
  return rows;
}

/** Splits NAME + variables into `get` lists of at most `max` entries (NAME in the first). */
export function splitVariables(variables: readonly string[], max: number): string[][] {
  const all = ["NAME", ...variables.filter((v) => v !== "NAME")];
  const size = Math.max(2, max);
  const out: string[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

/** Joins the answers of a split request by GEOID; a geography one part lacks gets nulls there. */
export function joinByGeoid(parts: readonly AcsRow[][], variables: readonly string[]): AcsRow[] {
  const byId = new Map<string, AcsRow>();
  for (const part of parts) {
    for (const row of part) {
      const seen = byId.get(row.geoid);
      if (seen) {
        Object.assign(seen.values, row.values);
        seen.name ??= row.name;
      } else {
        byId.set(row.geoid, { geoid: row.geoid, name: row.name, values: { ...row.values } });
      }
    }
  }
  for (const row of byId.values()) for (const v of variables) row.values[v] ??= null;
  return [...byId.values()];
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

/** Requests one table and returns the parsed JSON; every failure is an AppError. */
async function fetchTable(
  options: FetchOptions,
  get: readonly string[],
  geography: { for: string; in: readonly string[] },
  what: string,
): Promise<unknown> {
  const url = new URL(`${options.baseUrl}/data/${options.vintage}/acs/acs5`);
  url.searchParams.set("get", get.join(","));
  url.searchParams.set("for", geography.for);
  for (const within of geography.in) url.searchParams.append("in", within);
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
  if (statusCode === 429) {
    throw new AppError(
      "RATE_LIMITED",
      `Census Data API rate limit reached for ${what} (HTTP 429${snippet(text) ? `: ${snippet(text)}` : ""}). Please try again later${options.apiKey ? "" : "; a CENSUS_API_KEY raises the limit"}.`,
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

/* ---------------------------------------------------------------- cache */

const CACHE_FORMAT = "acs5-table/1";

/** One state's table of one level as stored in `census_cache`: what the API answered, parsed. */
export interface CachedTable {
  format: typeof CACHE_FORMAT;
  level: Level;
  variables: string[];
  /** [GEOID, …values in `variables` order]; null where the API had a sentinel. */
  rows: (string | number | null)[][];
  /** Census names by row (places only; tracts' names are not kept). */
  names?: string[];
}

function toCached(level: Level, variables: readonly string[], rows: AcsRow[]): CachedTable {
  return {
    format: CACHE_FORMAT,
    level,
    variables: [...variables],
    rows: rows.map((r) => [r.geoid, ...variables.map((v) => r.values[v] ?? null)]),
    ...(level === "place" ? { names: rows.map((r) => r.name ?? "") } : {}),
  };
}

function fromCached(table: CachedTable): AcsRow[] {
  return table.rows.map((cells, i) => ({
    geoid: String(cells[0]),
    name: table.names?.[i] ?? null,
    values: Object.fromEntries(
      table.variables.map((v, j) => [v, (cells[j + 1] as number | null) ?? null]),
    ),
  }));
}

/** A usable cached table: the right format and level, every variable asked for now. */
function usable(payload: unknown, level: Level, variables: readonly string[]): CachedTable | null {
  const table = payload as Partial<CachedTable> | null;
  if (
    !table ||
    table.format !== CACHE_FORMAT ||
    table.level !== level ||
    !Array.isArray(table.variables) ||
    !Array.isArray(table.rows)
  ) {
    return null;
  }
  const has = new Set(table.variables);
  return variables.every((v) => has.has(v)) ? (table as CachedTable) : null;
}

/* ---------------------------------------------------------------- provider */

export interface CensusApiDeps {
  /**
   * The embedded Census dataset: its 2020 tract centres place the tracts, its places (by GEOID,
   * else by name) place the city table.
   */
  census: () => Pick<EmbeddedCensus, "tracts" | "places">;
  /** undici dispatcher (default: the global one). The caller owns and closes it. */
  dispatcher?: Dispatcher;
  /** Default CENSUS_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default CENSUS_MAX_VARIABLES (tests lower it to exercise the split). */
  maxVariables?: number;
  now?: () => Date;
  /** The key at call time (environment, else saved in the admin panel); default CENSUS_API_KEY. */
  apiKey?: () => string | undefined;
}

export type CensusApiConfig = Pick<Config, "places">;

/** What a refresh fetched and stored for one state. */
export interface CensusRefreshResult {
  state: string;
  fips: string;
  vintage: string;
  /** Tract rows the API answered, those placed at an embedded centre, those left out. */
  tracts: number;
  tractsPlaced: number;
  tractsLeftOut: number;
  /** Place rows the API answered, those listed in the city table, those without a centre. */
  places: number;
  placesListed: number;
  placesLeftOut: number;
  /** API calls made. */
  requests: number;
}

export interface CensusApiProvider extends PlaceProvider {
  /** Fetches the tract and place tables of these states again and replaces their cache rows. */
  refresh(states: readonly string[]): Promise<CensusRefreshResult[]>;
  /** The states (two-letter codes) with cached rows for the configured vintage. */
  cachedStates(): string[];
}

interface StateTables {
  tracts: AcsRow[];
  places: AcsRow[];
  requests: number;
}

interface StateResult {
  units: AreaUnit[];
  places: PlaceRecord[];
  tractRows: number;
  /** Tracts with residents or homes but no embedded centre: left out. */
  tractsLeftOut: number;
  leftOutPopulation: number;
  /** Tracts placed by their tract code within the state (county code changed since 2020). */
  byTractCode: number;
  /** Placed tracts with a suppressed cell in each figure, counted as 0. */
  suppressed: Record<PlaceFigure, number>;
  housingSuppressed: number;
  placeRows: number;
  placesLeftOut: number;
}

type UsState = (typeof US_STATES)[number];

/** The states of a list of codes ("tx" → Texas); an unknown code is a 400. */
export function censusStates(codes: readonly string[]): UsState[] {
  const wanted = [...new Set(codes.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  return wanted.map((code) => {
    const state = US_STATES.find((s) => s.code === code);
    if (!state) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Unknown state code "${code}": use the two-letter code of one of the 50 states, e.g. TX`,
      );
    }
    return state;
  });
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function createCensusApiProvider(
  config: CensusApiConfig,
  db: Db,
  deps: CensusApiDeps,
): CensusApiProvider {
  const census = config.places.census;
  const vintage = census.vintage;
  const fetchOptions: FetchOptions = {
    baseUrl: census.baseUrl.replace(/\/+$/, ""),
    vintage,
    apiKey: census.apiKey,
    dispatcher: deps.dispatcher,
    timeoutMs: deps.timeoutMs ?? CENSUS_TIMEOUT_MS,
  };
  const maxVariables = deps.maxVariables ?? CENSUS_MAX_VARIABLES;
  const now = deps.now ?? (() => new Date());
  const fields = tractFields(vintage);
  const variables: Record<Level, readonly string[]> = {
    tract: tractVariables(vintage),
    place: Object.values(PLACE_VARIABLES),
  };
  const label = vintageLabel(vintage);
  /** In-flight and finished per-state work, so concurrent loads share one set of requests. */
  const states = new Map<string, Promise<StateResult>>();

  const cacheKey = (fips: string, level: Level) => `acs5:${vintage}:${fips}:${level}`;

  /** Fetches one level of one state (several calls if the variables exceed the limit). */
  async function fetchLevel(
    state: UsState,
    level: Level,
  ): Promise<{ rows: AcsRow[]; requests: number }> {
    const options = deps.apiKey ? { ...fetchOptions, apiKey: deps.apiKey() } : fetchOptions;
    const geography =
      level === "tract"
        ? { for: "tract:*", in: [`state:${state.fips}`, "county:*"] }
        : { for: "place:*", in: [`state:${state.fips}`] };
    const noun = level === "tract" ? "census tracts" : "places";
    const parts = splitVariables(variables[level], maxVariables);
    const answers = await Promise.all(
      parts.map(async (get, i) => {
        const part = parts.length > 1 ? `, part ${i + 1} of ${parts.length}` : "";
        const what = `the ${noun} of ${state.code} (state:${state.fips}, ${vintage} ACS 5-year${part})`;
        return parseAcsTable(await fetchTable(options, get, geography, what), get, level, what);
      }),
    );
    return { rows: joinByGeoid(answers, variables[level]), requests: parts.length };
  }

  /** Replaces a state's cache rows (every level, older formats too) in one transaction. */
  function store(state: UsState, tables: Record<Level, AcsRow[]>) {
    const fetchedAt = now();
    db.transaction((tx) => {
      tx.delete(censusCache)
        .where(
          and(
            eq(censusCache.vintage, vintage),
            eq(censusCache.stateFips, state.fips),
            like(censusCache.key, "acs5:%"),
          ),
        )
        .run();
      tx.insert(censusCache)
        .values(
          (["tract", "place"] as const).map((level) => ({
            key: cacheKey(state.fips, level),
            vintage,
            stateFips: state.fips,
            payload: toCached(level, variables[level], tables[level]),
            fetchedAt,
          })),
        )
        .run();
    });
  }

  /** Both tables of a state: from the cache, else from the API (then cached). */
  async function tablesFor(state: UsState, refetch: boolean): Promise<StateTables> {
    const cached = (level: Level) => {
      if (refetch) return null;
      const row = db
        .select()
        .from(censusCache)
        .where(eq(censusCache.key, cacheKey(state.fips, level)))
        .get();
      const table = row ? usable(row.payload, level, variables[level]) : null;
      return table ? fromCached(table) : null;
    };
    const tracts = cached("tract");
    const places = cached("place");
    if (tracts && places) return { tracts, places, requests: 0 };
    const [t, p] = await Promise.all([
      tracts ? { rows: tracts, requests: 0 } : fetchLevel(state, "tract"),
      places ? { rows: places, requests: 0 } : fetchLevel(state, "place"),
    ]);
    store(state, { tract: t.rows, place: p.rows });
    return { tracts: t.rows, places: p.rows, requests: t.requests + p.requests };
  }

  /* Embedded centres, built once. */
  let tractIndex: Map<string, AreaUnit> | undefined;
  const tractCodeIndex = new Map<string, Map<string, AreaUnit | null>>();
  function embeddedTract(geoid: string): { tract: AreaUnit; byCode: boolean } | null {
    tractIndex ??= new Map(deps.census().tracts.map((t) => [t.id, t]));
    const exact = tractIndex.get(geoid);
    if (exact) return { tract: exact, byCode: false };
    // The county code changed (Connecticut's planning regions, 2022 on); the tract code did not.
    const fips = geoid.slice(0, 2);
    let codes = tractCodeIndex.get(fips);
    if (!codes) {
      codes = new Map();
      for (const t of tractIndex.values()) {
        if (!t.id.startsWith(fips)) continue;
        const code = t.id.slice(5);
        codes.set(code, codes.has(code) ? null : t);
      }
      tractCodeIndex.set(fips, codes);
    }
    const byCode = codes.get(geoid.slice(5));
    return byCode ? { tract: byCode, byCode: true } : null;
  }

  function tractUnits(rows: readonly AcsRow[]) {
    const units: AreaUnit[] = [];
    const suppressed = { population: 0, households: 0, housingUnits: 0, singleFamilyUnits: 0 };
    let housingSuppressed = 0;
    let leftOut = 0;
    let leftOutPopulation = 0;
    let byTractCode = 0;
    for (const row of rows) {
      // A figure is the sum of its cells; a suppressed cell (null) counts as 0 and is noted.
      const sum = (field: TractField) => {
        let total = 0;
        let suppressedCell = false;
        for (const v of fields[field]) {
          const x = row.values[v];
          if (x === null || x === undefined) suppressedCell = true;
          else total += x;
        }
        return { total, suppressedCell };
      };
      const figures = Object.fromEntries(FIGURES.map((f) => [f, sum(f)])) as Record<
        PlaceFigure,
        ReturnType<typeof sum>
      >;
      const centre = embeddedTract(row.geoid);
      if (!centre) {
        // A tract without residents or homes loses nothing by being left out.
        if (figures.population.total > 0 || figures.housingUnits.total > 0) {
          leftOut++;
          leftOutPopulation += figures.population.total;
        }
        continue;
      }
      if (centre.byCode) byTractCode++;
      for (const f of FIGURES) if (figures[f].suppressedCell) suppressed[f]++;
      const housing = {} as HousingStock;
      let housingNull = false;
      for (const field of HOUSING_FIELDS) {
        const { total, suppressedCell } = sum(field);
        housing[field] = total;
        housingNull ||= suppressedCell;
      }
      if (housingNull) housingSuppressed++;
      units.push({
        id: row.geoid,
        lat: centre.tract.lat,
        lon: centre.tract.lon,
        population: figures.population.total,
        households: figures.households.total,
        housingUnits: figures.housingUnits.total,
        singleFamilyUnits: figures.singleFamilyUnits.total,
        housing,
      });
    }
    return { units, suppressed, housingSuppressed, leftOut, leftOutPopulation, byTractCode };
  }

  function placeRecords(state: UsState, rows: readonly AcsRow[]) {
    const embedded = deps.census().places.filter((p) => p.state === state.code);
    const byId = new Map(embedded.map((p) => [p.id, p]));
    // Exact names first, so that "Ocean City" → "ocean" never hides a place called "Ocean".
    const byName = new Map<string, PlaceRecord>();
    const derived: [string, PlaceRecord][] = [];
    for (const place of embedded) {
      const [exact, ...others] = candidateNames(place.name);
      if (exact && !byName.has(exact)) byName.set(exact, place);
      for (const key of others) derived.push([key, place]);
    }
    for (const [key, place] of derived) if (!byName.has(key)) byName.set(key, place);

    const num = (row: AcsRow, v: string) => row.values[v] ?? null;
    const listed = rows.filter((r) => (num(r, PLACE_VARIABLES.population) ?? 0) > 0);
    // GEOIDs claim their centre first; then the largest place claims a name; a centre is used once.
    const claimed = new Set<PlaceRecord>();
    const centre = new Map<AcsRow, PlaceRecord>();
    for (const row of listed) {
      const same = byId.get(row.geoid);
      if (same) {
        centre.set(row, same);
        claimed.add(same);
      }
    }
    const ordered = listed
      .filter((r) => !centre.has(r))
      .sort(
        (a, b) =>
          (num(b, PLACE_VARIABLES.population) ?? 0) - (num(a, PLACE_VARIABLES.population) ?? 0) ||
          a.geoid.localeCompare(b.geoid),
      );
    for (const row of ordered) {
      const match = candidateNames(row.name ?? "")
        .map((n) => byName.get(n))
        .find((p) => p !== undefined && !claimed.has(p));
      if (match) {
        centre.set(row, match);
        claimed.add(match);
      }
    }

    const places: PlaceRecord[] = [];
    for (const row of listed) {
      const point = centre.get(row);
      if (!point) continue;
      const detached = num(row, PLACE_VARIABLES.oneUnitDetached);
      const attached = num(row, PLACE_VARIABLES.oneUnitAttached);
      places.push({
        id: row.geoid,
        name: point.name,
        state: state.code,
        lat: point.lat,
        lon: point.lon,
        population: num(row, PLACE_VARIABLES.population) ?? 0,
        households: num(row, PLACE_VARIABLES.households),
        housingUnits: num(row, PLACE_VARIABLES.housingUnits),
        singleFamilyUnits: detached === null || attached === null ? null : detached + attached,
        medianHouseholdIncome: num(row, PLACE_VARIABLES.medianHouseholdIncome),
        footprintMiles: point.footprintMiles,
      });
    }
    return { places, leftOut: listed.length - places.length };
  }

  function build(state: UsState, tables: StateTables): StateResult {
    const t = tractUnits(tables.tracts);
    const p = placeRecords(state, tables.places);
    return {
      units: t.units,
      places: p.places,
      tractRows: tables.tracts.length,
      tractsLeftOut: t.leftOut,
      leftOutPopulation: t.leftOutPopulation,
      byTractCode: t.byTractCode,
      suppressed: t.suppressed,
      housingSuppressed: t.housingSuppressed,
      placeRows: tables.places.length,
      placesLeftOut: p.leftOut,
    };
  }

  function stateResult(state: UsState): Promise<StateResult> {
    let pending = states.get(state.code);
    if (!pending) {
      pending = tablesFor(state, false).then((tables) => build(state, tables));
      states.set(state.code, pending);
      // A failure is not remembered: the next load tries again.
      pending.catch(() => states.delete(state.code));
    }
    return pending;
  }

  function dataset(known: readonly UsState[], results: readonly StateResult[]): PlaceDataset {
    const units = results.flatMap((r) => r.units);
    const places = results.flatMap((r) => r.places);
    const total = (pick: (r: StateResult) => number) => results.reduce((s, r) => s + pick(r), 0);
    const tractsLeftOut = total((r) => r.tractsLeftOut);
    const leftOutPopulation = total((r) => r.leftOutPopulation);
    const byTractCode = total((r) => r.byTractCode);
    const placesLeftOut = total((r) => r.placesLeftOut);
    const housingSuppressed = total((r) => r.housingSuppressed);

    const stateList = known.map((s) => s.code).join(", ");
    const tractsNote =
      tractsLeftOut > 0
        ? `${plural(tractsLeftOut, "tract")} (${plural(leftOutPopulation, "resident")}) without a 2020 tract centre left out`
        : "";
    const placesNote =
      placesLeftOut > 0 ? `${plural(placesLeftOut, "place")} without a centre left out` : "";
    const housingNote =
      housingSuppressed > 0
        ? `${plural(housingSuppressed, "tract")} with a suppressed housing-stock estimate counted as 0`
        : "";
    const notes = [tractsNote, placesNote, housingNote].filter(Boolean);

    const source =
      `U.S. Census Bureau, American Community Survey ${Number(vintage) - 4}–${vintage} 5-year estimates (Census Data API, vintage ${vintage}): ` +
      `census tract tables ${TRACT_TABLES.join(", ")}; place tables ${PLACE_TABLES.join(", ")}`;
    const placement =
      "counted at its 2020 Census population centre (embedded tract centres, by GEOID" +
      (byTractCode > 0
        ? `; ${plural(byTractCode, "tract")} by tract code within the state, the county code having changed since 2020`
        : "") +
      `)${tractsNote ? `; ${tractsNote}` : ""}`;
    const describe: Record<PlaceFigure, string> = {
      population: "B01003_001E, total population of each census tract",
      households: "B11001_001E, households of each census tract",
      housingUnits: "B25001_001E, housing units of each census tract",
      singleFamilyUnits:
        "B25024_002E + B25024_003E, 1-unit detached plus 1-unit attached housing units of each census tract",
    };
    const provenance = Object.fromEntries(
      FIGURES.map((figure) => {
        const suppressed = total((r) => r.suppressed[figure]);
        const nullNote =
          suppressed > 0
            ? `; ${plural(suppressed, "tract")} with a suppressed estimate counted as 0`
            : "";
        const entry: PlaceDataset["provenance"][PlaceFigure] = {
          source,
          vintage: label,
          grade: "measured",
          method: `${describe[figure]}, ${placement}${nullNote}`,
        };
        return [figure, entry];
      }),
    ) as PlaceDataset["provenance"];

    return {
      provider: "census-api",
      label: `U.S. Census Bureau, ${label}: ${plural(units.length, "census tract")} and ${plural(places.length, "place")} in ${stateList}${notes.length ? ` (${notes.join("; ")})` : ""}`,
      vintage: label,
      provenance,
      background: {},
      backgroundMethod: null,
      places,
      units,
    };
  }

  return {
    id: "census-api",

    async load(requested) {
      const known = censusStates(requested);
      const results = await Promise.all(known.map((s) => stateResult(s)));
      return dataset(known, results);
    },

    async refresh(requested) {
      const known = censusStates(requested);
      const out: CensusRefreshResult[] = [];
      // One state after the other: a failure stops there, and the states done stay refreshed.
      for (const state of known) {
        const tables = await tablesFor(state, true);
        const result = build(state, tables);
        states.set(state.code, Promise.resolve(result));
        out.push({
          state: state.code,
          fips: state.fips,
          vintage,
          tracts: result.tractRows,
          tractsPlaced: result.units.length,
          tractsLeftOut: result.tractsLeftOut,
          places: result.placeRows,
          placesListed: result.places.length,
          placesLeftOut: result.placesLeftOut,
          requests: tables.requests,
        });
      }
      return out;
    },

    cachedStates() {
      const fips = new Set(
        db
          .select({ stateFips: censusCache.stateFips })
          .from(censusCache)
          .where(and(eq(censusCache.vintage, vintage), like(censusCache.key, "acs5:%")))
          .all()
          .map((r) => r.stateFips),
      );
      return US_STATES.filter((s) => fips.has(s.fips)).map((s) => s.code);
    },
  };
}
