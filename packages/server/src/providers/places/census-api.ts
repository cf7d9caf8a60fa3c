/**
 * The `census-api` place provider: ACS 5-year estimates from the U.S. Census Data API at census
 * **tract** level (measured), through the upstream client (`../upstream/client.ts`), cached in the database per state, vintage and level.
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
import { US_STATES } from "@bis/sdk";
import type { Dispatcher } from "undici";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { createCensusCache } from "./census-api/cache.js";
import { censusDataset } from "./census-api/dataset.js";
import {
  createPlacement,
  type StateResult,
  type StateTables,
  type UsState,
} from "./census-api/placement.js";
import { CENSUS_TIMEOUT_MS, censusClient, fetchTable } from "./census-api/request.js";
import {
  type AcsRow,
  joinByGeoid,
  type Level,
  parseAcsTable,
  splitVariables,
} from "./census-api/table.js";
import {
  CENSUS_MAX_VARIABLES,
  PLACE_VARIABLES,
  tractFields,
  tractVariables,
} from "./census-api/variables.js";
import type { EmbeddedCensus } from "./embedded.js";
import { LOCAL_SOURCES } from "./embedded-local.js";
import type { PlaceProvider } from "./provider.js";

export * from "./census-api/names.js";
export { CENSUS_TIMEOUT_MS } from "./census-api/request.js";
export * from "./census-api/table.js";
export * from "./census-api/variables.js";

export interface CensusApiDeps {
  /**
   * The embedded Census dataset: its 2020 tract centres place the tracts, its places (by GEOID,
   * else by name) place the city table.
   */
  census: () => Pick<EmbeddedCensus, "tracts" | "places"> &
    Partial<Pick<EmbeddedCensus, "baselines">>;
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
  cachedStates(): Promise<string[]>;
}

/** The states of a list of codes ("tx" → Texas); an unknown code is a 400. */
export function censusStates(codes: readonly string[]): UsState[] {
  const wanted = [...new Set(codes.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  return wanted.map((code) => {
    const state = US_STATES.find((s) => s.code === code);
    if (!state) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Unknown state code "${code}": use the two-letter code of one of the 50 states or DC, e.g. TX`,
      );
    }
    return state;
  });
}

export function createCensusApiProvider({
  config,
  db,
  ...deps
}: CensusApiDeps & { config: CensusApiConfig; db: Db }): CensusApiProvider {
  const census = config.places.census;
  const vintage = census.vintage;
  const baseUrl = census.baseUrl.replace(/\/+$/, "");
  const client = censusClient(deps.dispatcher, deps.timeoutMs ?? CENSUS_TIMEOUT_MS);
  const maxVariables = deps.maxVariables ?? CENSUS_MAX_VARIABLES;
  const variables: Record<Level, readonly string[]> = {
    tract: tractVariables(vintage),
    place: Object.values(PLACE_VARIABLES),
  };
  const cache = createCensusCache({ db, vintage, variables, now: deps.now ?? (() => new Date()) });
  const placement = createPlacement({ census: deps.census, fields: tractFields(vintage) });
  /** In-flight and finished per-state work, so concurrent loads share one set of requests. */
  const states = new Map<string, Promise<StateResult>>();

  /** Fetches one level of one state (several calls if the variables exceed the limit). */
  async function fetchLevel(
    state: UsState,
    level: Level,
  ): Promise<{ rows: AcsRow[]; requests: number }> {
    const options = { baseUrl, vintage, apiKey: deps.apiKey ? deps.apiKey() : census.apiKey };
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
        const json = await fetchTable(client, options, get, geography, what);
        return parseAcsTable(json, get, level, what);
      }),
    );
    return { rows: joinByGeoid(answers, variables[level]), requests: parts.length };
  }

  /** Both tables of a state: from the cache, else from the API (then cached). */
  async function tablesFor(state: UsState, refetch: boolean): Promise<StateTables> {
    const tracts = refetch ? null : await cache.read(state.fips, "tract");
    const places = refetch ? null : await cache.read(state.fips, "place");
    if (tracts && places) return { tracts, places, requests: 0 };
    const [t, p] = await Promise.all([
      tracts ? { rows: tracts, requests: 0 } : fetchLevel(state, "tract"),
      places ? { rows: places, requests: 0 } : fetchLevel(state, "place"),
    ]);
    await cache.store(state.fips, { tract: t.rows, place: p.rows });
    return { tracts: t.rows, places: p.rows, requests: t.requests + p.requests };
  }

  function stateResult(state: UsState): Promise<StateResult> {
    let pending = states.get(state.code);
    if (!pending) {
      pending = tablesFor(state, false).then((tables) => placement.build(state, tables));
      states.set(state.code, pending);
      // A failure is not remembered: the next load tries again.
      pending.catch(() => states.delete(state.code));
    }
    return pending;
  }

  return {
    id: "census-api",

    async load(requested) {
      const known = censusStates(requested);
      const results = await Promise.all(known.map((s) => stateResult(s)));
      // The local market data (climate, contractors, state baselines) is the embedded one's.
      const baselines = deps.census().baselines;
      return {
        ...censusDataset(vintage, known, results),
        ...(baselines ? { baselines, localSources: LOCAL_SOURCES } : {}),
      };
    },

    async refresh(requested) {
      const known = censusStates(requested);
      const out: CensusRefreshResult[] = [];
      // One state after the other: a failure stops there, and the states done stay refreshed.
      for (const state of known) {
        const tables = await tablesFor(state, true);
        const result = placement.build(state, tables);
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

    async cachedStates() {
      const fips = await cache.cachedFips();
      return US_STATES.filter((s) => fips.has(s.fips)).map((s) => s.code);
    },
  };
}
