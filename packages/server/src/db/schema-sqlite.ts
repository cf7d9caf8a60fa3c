/** The tables on SQLite (drizzle.config.ts generates drizzle/ from it). */
import { sqliteColumns } from "./columns.js";
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
} = defineTables(sqliteColumns);
