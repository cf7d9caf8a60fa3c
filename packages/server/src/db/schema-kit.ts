/**
 * The tables as drizzle-kit reads them to write migrations: one module, built for the engine its
 * config names (drizzle.config.ts: SQLite → drizzle/; drizzle.pg.config.ts: PostgreSQL →
 * drizzle-pg/). drizzle-kit finds tables among a module's named exports, hence the names below;
 * the check under them fails to compile when tables.ts gains a table this list lacks. The server
 * takes its tables from the open database (database.ts), never from here.
 */
import { pgColumns, sqliteColumns } from "./columns.js";
import { defineTables } from "./tables.js";

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
  /** What the names above leave out: nothing (drizzle-kit ignores this empty object). */
  ...unlisted
} = defineTables(columns);

/** Fails to compile, naming it, when tables.ts gains a table the list above lacks. */
export const everyTableExported: [keyof typeof unlisted] extends [never]
  ? true
  : keyof typeof unlisted = true;
