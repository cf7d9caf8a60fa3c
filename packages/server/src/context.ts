/** Everything a request handler may use, built once at start-up. */
import pino, { type Logger } from "pino";
import { type Auth, createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import { type Db, openDatabase } from "./db/database.js";
import { createMailer, type Mailer } from "./email/mailer.js";
import type { PlaceService } from "./places/place-service.js";
import { createPlaces } from "./places/registry.js";
import { type AccountService, createAccountService } from "./services/accounts.js";
import { type AnalysisService, createAnalysisService } from "./services/analyses.js";
import { createSettingsService, type SettingsService } from "./services/settings.js";

export interface AppContext {
  config: Config;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  auth: Auth;
  places: PlaceService;
  services: { accounts: AccountService; settings: SettingsService; analyses: AnalysisService };
  close(): void;
}

export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel, base: { service: "bis" } });
}

export function createContext(config: Config, logger: Logger = createLogger(config)): AppContext {
  const db = openDatabase(config.databaseFile);
  const mailer = createMailer(config, logger);
  const auth = createAuth(config, db, mailer, logger);
  const places = createPlaces(config, db);
  return {
    config,
    logger,
    db,
    mailer,
    auth,
    places,
    services: {
      accounts: createAccountService(db, auth),
      settings: createSettingsService(db),
      analyses: createAnalysisService(db, places),
    },
    close() {
      mailer.close();
      db.$client.close();
    },
  };
}
