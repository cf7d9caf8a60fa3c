/**
 * The Census Data API's answer: a JSON array of arrays, a header row (the requested variables,
 * then the geography columns) and one row per geography, every cell a string. Suppressed or
 * unavailable estimates are negative sentinels and become null. Long variable lists are split
 * into several calls and joined again by GEOID.
 */
import { AppError } from "../../../lib/errors.js";

export function upstream(message: string, cause?: unknown): AppError {
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
