/**
 * The `census_cache` rows: each state's table of each level as fetched (variables and values, no
 * derived figures), key `acs5:{vintage}:{state}:{level}`; a refresh replaces a state's rows.
 */
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../../db/database.js";
import { tablesOf } from "../../../db/database.js";
import type { AcsRow, Level } from "./table.js";

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

export interface CensusCache {
  /** A state's table of one level, if cached in the current format with every variable. */
  read(fips: string, level: Level): Promise<AcsRow[] | null>;
  /** Replaces a state's rows (every level, older formats too) in one transaction. */
  store(fips: string, tables: Record<Level, AcsRow[]>): Promise<void>;
  /** The state FIPS codes with cached rows for the vintage. */
  cachedFips(): Promise<Set<string>>;
}

export function createCensusCache({
  db,
  vintage,
  variables,
  now,
}: {
  db: Db;
  vintage: string;
  variables: Record<Level, readonly string[]>;
  now: () => Date;
}): CensusCache {
  const { censusCache } = tablesOf(db);
  const cacheKey = (fips: string, level: Level) => `acs5:${vintage}:${fips}:${level}`;
  return {
    async read(fips, level) {
      const [row] = await db
        .select()
        .from(censusCache)
        .where(eq(censusCache.key, cacheKey(fips, level)));
      const table = row ? usable(row.payload, level, variables[level]) : null;
      return table ? fromCached(table) : null;
    },

    async store(fips, tables) {
      const fetchedAt = now();
      await db.transaction(async (tx) => {
        await tx
          .delete(censusCache)
          .where(
            and(
              eq(censusCache.vintage, vintage),
              eq(censusCache.stateFips, fips),
              like(censusCache.key, "acs5:%"),
            ),
          );
        await tx.insert(censusCache).values(
          (["tract", "place"] as const).map((level) => ({
            key: cacheKey(fips, level),
            vintage,
            stateFips: fips,
            payload: toCached(level, variables[level], tables[level]),
            fetchedAt,
          })),
        );
      });
    },

    async cachedFips() {
      const rows = await db
        .select({ stateFips: censusCache.stateFips })
        .from(censusCache)
        .where(and(eq(censusCache.vintage, vintage), like(censusCache.key, "acs5:%")));
      return new Set(rows.map((r) => r.stateFips));
    },
  };
}
