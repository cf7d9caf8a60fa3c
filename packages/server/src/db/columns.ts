/**
 * The column vocabulary the schema is written in, once for each engine. `db/tables.ts` defines
 * every table a single time against `Columns`; database.ts builds both engines' tables from it
 * (and schema-kit.ts the one drizzle-kit writes migrations for).
 *
 * What a column holds is the same on both engines — a JavaScript `Date`, `boolean`, number or
 * parsed JSON value — and only its storage differs:
 *
 * | vocabulary  | SQLite                             | PostgreSQL                  |
 * |-------------|------------------------------------|-----------------------------|
 * | `timestamp` | integer, milliseconds since 1970    | timestamp with time zone    |
 * | `boolean`   | integer 0/1                         | boolean                     |
 * | `json`      | text holding JSON                   | jsonb                       |
 * | `real`      | real (8-byte)                       | double precision            |
 * | `now`       | unixepoch('subsecond') × 1000       | clock_timestamp()           |
 *
 * The schema is typed with PostgreSQL's builders (`Columns` is the type of `pgColumns`), so the
 * services are held to the API both engines share: queries are awaited, never `.get()`/`.all()`
 * (see database.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import {
  doublePrecision,
  jsonb,
  boolean as pgBoolean,
  customType as pgCustomType,
  index as pgIndex,
  integer as pgInteger,
  primaryKey as pgPrimaryKey,
  pgTable,
  text as pgText,
  timestamp as pgTimestamp,
  uniqueIndex as pgUniqueIndex,
} from "drizzle-orm/pg-core";
import {
  customType as sqliteCustomType,
  index as sqliteIndex,
  integer as sqliteInteger,
  primaryKey as sqlitePrimaryKey,
  real as sqliteReal,
  sqliteTable,
  text as sqliteText,
  uniqueIndex as sqliteUniqueIndex,
} from "drizzle-orm/sqlite-core";
import { decodeMarketRecord, encodeMarketRecord } from "./market-record.js";

/** A market record: JSON in its stored (compact) form, the API form in JavaScript. */
const pgMarketRecord = pgCustomType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(encodeMarketRecord(value)),
  // node-postgres parses jsonb itself.
  fromDriver: (value) => decodeMarketRecord(typeof value === "string" ? JSON.parse(value) : value),
});

const sqliteMarketRecord = sqliteCustomType<{ data: unknown; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => JSON.stringify(encodeMarketRecord(value)),
  fromDriver: (value) => decodeMarketRecord(JSON.parse(value)),
});

export const pgColumns = {
  table: pgTable,
  text: pgText,
  integer: (name: string) => pgInteger(name),
  real: (name: string) => doublePrecision(name),
  boolean: (name: string) => pgBoolean(name),
  timestamp: (name: string) => pgTimestamp(name, { withTimezone: true, mode: "date" }),
  json: (name: string) => jsonb(name),
  marketRecord: (name: string) => pgMarketRecord(name),
  /** The current time as a column default (clock time: rows of one transaction differ). */
  now: sql`clock_timestamp()` as SQL,
  index: pgIndex,
  uniqueIndex: pgUniqueIndex,
  primaryKey: pgPrimaryKey,
};

export type Columns = typeof pgColumns;

/** SQLite's builders, presented under PostgreSQL's types (what a column holds is the same). */
export const sqliteColumns = {
  table: sqliteTable,
  text: sqliteText,
  integer: (name: string) => sqliteInteger(name),
  real: (name: string) => sqliteReal(name),
  boolean: (name: string) => sqliteInteger(name, { mode: "boolean" }),
  timestamp: (name: string) => sqliteInteger(name, { mode: "timestamp_ms" }),
  json: (name: string) => sqliteText(name, { mode: "json" }),
  marketRecord: (name: string) => sqliteMarketRecord(name),
  now: sql`(cast(unixepoch('subsecond') * 1000 as integer))` as SQL,
  index: sqliteIndex,
  uniqueIndex: sqliteUniqueIndex,
  primaryKey: sqlitePrimaryKey,
} as unknown as Columns;
