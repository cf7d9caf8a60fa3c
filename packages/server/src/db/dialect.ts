/**
 * The few places where SQLite and PostgreSQL truly differ, written once each. Everything else
 * is drizzle's query builder, which writes the right SQL for the engine in use.
 */
import { type AnyColumn, desc, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "./database.js";
import { currentEngine } from "./schema.js";

/**
 * The second sort key of "newest first" lists, for rows created in the same instant: SQLite's
 * rowid (insertion order); on PostgreSQL creation times are clock times in microseconds, so
 * ties are rare and the id settles them.
 */
export function newestFirst(createdAt: AnyColumn, table: { id: AnyColumn }): SQL[] {
  const tiebreak = currentEngine() === "postgres" ? sql`${table.id}` : sql`${table}.rowid`;
  return [desc(createdAt), desc(tiebreak)];
}

/** A time as a prepared statement's placeholder value (placeholders skip the column's mapping). */
export function timestampParam(at: Date): Date | number {
  return currentEngine() === "postgres" ? at : at.getTime();
}

/** A number inside a JSON column, by path (e.g. ["marketSummary", "totalMarketRevenue"]). */
export function jsonNumber(column: AnyColumn, path: readonly string[]): SQL<number | null> {
  if (currentEngine() === "postgres") {
    return sql<number | null>`(${column} #>> ${`{${path.join(",")}}`})::double precision`.mapWith(
      (value: unknown) => (value == null ? null : Number(value)),
    );
  }
  return sql<number | null>`json_extract(${column}, ${`$.${path.join(".")}`})`;
}

/** Whether a JSON array column holds `value` (a string). */
export function jsonArrayIncludes(column: AnyColumn, value: string): SQL {
  if (currentEngine() === "postgres") return sql`${column} @> jsonb_build_array(${value}::text)`;
  return sql`exists (select 1 from json_each(${column}) where value = ${value})`;
}

/** The rows of a raw statement (for the System tab's checks; queries use the builder). */
export async function rawRows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  if (currentEngine() === "postgres") {
    const result = await (db as Db).execute(statement);
    return result.rows as T[];
  }
  return (db as unknown as { all(query: SQL): T[] }).all(statement);
}

/** The table drizzle records applied migrations in. */
export function migrationsTable(): SQL {
  return currentEngine() === "postgres"
    ? sql`drizzle.__drizzle_migrations`
    : sql`__drizzle_migrations`;
}
