/** Everything a request handler may use, built once at start-up. */
import pino, { type Logger } from "pino";
import { type Auth, createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import { type Db, openDatabase } from "./db/database.js";
import { createMailer, type Mailer } from "./email/mailer.js";
import { environmentKeys, type KeyStore } from "./keys/key-store.js";
import { createStripeClient } from "./payments/stripe-client.js";
import type { PlaceService } from "./places/place-service.js";
import { createPlaces } from "./places/registry.js";
import { type AccountService, createAccountService } from "./services/accounts.js";
import { type AnalysisService, createAnalysisService } from "./services/analyses.js";
import { createPaymentService, type PaymentService } from "./services/payments.js";
import { createSettingsService, type SettingsService } from "./services/settings.js";

export interface AppContext {
  config: Config;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  auth: Auth;
  places: PlaceService;
  /** Keys of outside services (environment first, then the encrypted store). */
  keys: KeyStore;
  services: {
    accounts: AccountService;
    settings: SettingsService;
    analyses: AnalysisService;
    payments: PaymentService;
  };
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
  const stripe = config.payments.stripe ? createStripeClient(config.payments.stripe) : null;
  if (config.payments.mode === "demo" && config.isProduction) {
    logger.warn(
      "payments run in demo mode: anyone can unlock premium without paying. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments.",
    );
  }
  return {
    config,
    logger,
    db,
    mailer,
    auth,
    places,
    keys: environmentKeys(),
    services: {
      accounts: createAccountService(db, auth),
      settings: createSettingsService(db),
      analyses: createAnalysisService(db, places),
      payments: createPaymentService({ db, config: config.payments, stripe, logger }),
    },
    close() {
      mailer.close();
      db.$client.close();
    },
  };
}
