/** The tables on PostgreSQL (drizzle.pg.config.ts generates drizzle-pg/ from it). */
import { pgColumns } from "./columns.js";
import { defineTables } from "./tables.js";

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
} = defineTables(pgColumns);
