/**
 * The tables as drizzle-kit reads them to write migrations: one module, built for the engine its
 * config names (drizzle.config.ts: SQLite → drizzle/; drizzle.pg.config.ts: PostgreSQL →
 * drizzle-pg/). drizzle-kit finds tables among a module's named exports, hence the names below;
 * the check under them fails to compile when tables.ts gains a table this list lacks. The server
 * takes its tables from the open database (database.ts), never from here.
 */
import { pgColumns, sqliteColumns } from "./columns.js";
import { defineTables, type Tables } from "./tables.js";

const columns = process.env.BIS_SCHEMA_ENGINE === "postgres" ? pgColumns : sqliteColumns;

export const {
  user,
  session,
  account,
  verification,
  appSetting,
  analysis,
  importedPlace,
  censusCache,
  payment,
  stripeEvent,
  apiKey,
  auditLog,
  partner,
  partnerUsage,
  lead,
  apiToken,
  rateLimit,
  job,
  instance,
  logEntry,
  partnerBrand,
  partnerMember,
  comparison,
} = defineTables(columns);

type Missing = Exclude<keyof Tables, keyof typeof import("./schema-kit.js")>;
/** Every table of tables.ts is exported above (a missing one is named in the error). */
export const everyTableExported: [Missing] extends [never] ? true : Missing = true;
