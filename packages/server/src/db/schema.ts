/**
 * The tables of the engine this process runs on, for the services to import. Both engines'
 * tables come from one definition (tables.ts); `useEngine` — called once by `openDatabase`,
 * before any query — picks which set these names refer to (ES module bindings are live, so
 * every importer sees the choice). A process runs one engine: opening the other one later is
 * refused.
 */
import { pgColumns, sqliteColumns } from "./columns.js";
import { defineTables, type Tables } from "./tables.js";

const sqliteTables = defineTables(sqliteColumns);
const pgTables = defineTables(pgColumns);

export type Engine = "sqlite" | "postgres";

let engine: Engine | null = null;

export let user = sqliteTables.user;
export let session = sqliteTables.session;
export let account = sqliteTables.account;
export let verification = sqliteTables.verification;
export let appSetting = sqliteTables.appSetting;
export let analysis = sqliteTables.analysis;
export let importedPlace = sqliteTables.importedPlace;
export let censusCache = sqliteTables.censusCache;
export let payment = sqliteTables.payment;
export let stripeEvent = sqliteTables.stripeEvent;
export let apiKey = sqliteTables.apiKey;
export let auditLog = sqliteTables.auditLog;
export let partner = sqliteTables.partner;
export let partnerUsage = sqliteTables.partnerUsage;
export let lead = sqliteTables.lead;
export let apiToken = sqliteTables.apiToken;
export let rateLimit = sqliteTables.rateLimit;
export let job = sqliteTables.job;
export let instance = sqliteTables.instance;
export let logEntry = sqliteTables.logEntry;
export let partnerBrand = sqliteTables.partnerBrand;
export let partnerMember = sqliteTables.partnerMember;
export let comparison = sqliteTables.comparison;

export function useEngine(next: Engine): void {
  if (engine && engine !== next) {
    throw new Error(
      `This process already runs on ${engine}; it cannot open a ${next} database too`,
    );
  }
  engine = next;
  const t = currentTables();
  user = t.user;
  session = t.session;
  account = t.account;
  verification = t.verification;
  appSetting = t.appSetting;
  analysis = t.analysis;
  importedPlace = t.importedPlace;
  censusCache = t.censusCache;
  payment = t.payment;
  stripeEvent = t.stripeEvent;
  apiKey = t.apiKey;
  auditLog = t.auditLog;
  partner = t.partner;
  partnerUsage = t.partnerUsage;
  lead = t.lead;
  apiToken = t.apiToken;
  rateLimit = t.rateLimit;
  job = t.job;
  instance = t.instance;
  logEntry = t.logEntry;
  partnerBrand = t.partnerBrand;
  partnerMember = t.partnerMember;
  comparison = t.comparison;
}

/** The engine this process runs on (SQLite until a database is opened). */
export function currentEngine(): Engine {
  return engine ?? "sqlite";
}

/** Every table of the engine in use (better-auth's adapter takes them as one object). */
export function currentTables(): Tables {
  return currentEngine() === "postgres" ? pgTables : sqliteTables;
}
