/**
 * The tables as drizzle-kit reads them to write migrations: one module, built for the engine its
 * config names (drizzle.config.ts: SQLite → drizzle/; drizzle.pg.config.ts: PostgreSQL →
 * drizzle-pg/). drizzle-kit finds tables among a module's exports, hence the list. The server
 * itself takes its tables from schema.ts.
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
} = defineTables(columns);
