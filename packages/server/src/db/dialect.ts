/**
 * The few places where SQLite and PostgreSQL truly differ, written once each: one `Dialect`
 * value per engine. The open database carries its own (`Database.dialect`), and a service that
 * holds only the drizzle database finds it with `dialectOf(db)`. Everything else is drizzle's
 * query builder, which writes the right SQL for the engine of the database it runs on.
 */
import { type AnyColumn, desc, is, type SQL, sql } from "drizzle-orm";
import { PgDatabase } from "drizzle-orm/pg-core";

export type Engine = "sqlite" | "postgres";

export interface Dialect {
  engine: Engine;
  /**
   * The sort keys of "newest first" lists. The second one is for rows created in the same
   * instant: SQLite's rowid (insertion order); on PostgreSQL creation times are clock times in
   * microseconds, so ties are rare and the id settles them.
   */
  newestFirst(createdAt: AnyColumn, table: { id: AnyColumn }): SQL[];
  /** A time as a prepared statement's placeholder value (placeholders skip the column's mapping). */
  timestampParam(at: Date): Date | number;
  /** A number inside a JSON column, by path (e.g. ["marketSummary", "totalMarketRevenue"]). */
  jsonNumber(column: AnyColumn, path: readonly string[]): SQL<number | null>;
  /** Whether a JSON array column holds `value` (a string). */
  jsonArrayIncludes(column: AnyColumn, value: string): SQL;
  /** The table drizzle records applied migrations in. */
  migrationsTable: SQL;
}

export const sqliteDialect: Dialect = {
  engine: "sqlite",
  newestFirst: (createdAt, table) => [desc(createdAt), desc(sql`${table}.rowid`)],
  timestampParam: (at) => at.getTime(),
  jsonNumber: (column, path) =>
    sql<number | null>`json_extract(${column}, ${`$.${path.join(".")}`})`,
  jsonArrayIncludes: (column, value) =>
    sql`exists (select 1 from json_each(${column}) where value = ${value})`,
  migrationsTable: sql`__drizzle_migrations`,
};

export const pgDialect: Dialect = {
  engine: "postgres",
  newestFirst: (createdAt, table) => [desc(createdAt), desc(sql`${table.id}`)],
  timestampParam: (at) => at,
  jsonNumber: (column, path) =>
    sql<number | null>`(${column} #>> ${`{${path.join(",")}}`})::double precision`.mapWith(
      (value: unknown) => (value == null ? null : Number(value)),
    ),
  jsonArrayIncludes: (column, value) => sql`${column} @> jsonb_build_array(${value}::text)`,
  migrationsTable: sql`drizzle.__drizzle_migrations`,
};

/** The dialect of the engine `db` (a drizzle database or a transaction of one) runs on. */
export function dialectOf(db: object): Dialect {
  return is(db, PgDatabase) ? pgDialect : sqliteDialect;
}
