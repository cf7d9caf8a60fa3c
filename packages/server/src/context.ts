/** Everything a request handler may use, built once at start-up. */
import type { Logger } from "pino";
import { type Auth, createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import { startWalCheckpoints } from "./db/checkpoints.js";
import { type Database, type Db, isFileDatabase, openDatabase } from "./db/database.js";
import { stopRateLimitStores } from "./db/rate-limit-store.js";
import { createMailer, type Mailer } from "./email/mailer.js";
// Durable jobs (webhook deliveries), kept in the database so that any instance may run them.
import { createJobQueue } from "./jobs/create-queue.js";
import type { JobQueue } from "./jobs/queue.js";
import { createLifecycle, type Lifecycle } from "./lifecycle.js";
import { type LogStore, logStoreOf } from "./logging/log-store.js";
import { createServerLogger } from "./logging/logger.js";
import type { KeyStore } from "./providers/keys/key-store.js";
import { createStripeClient } from "./providers/stripe/client.js";
import { type AccountService, createAccountService } from "./services/accounts/index.js";
import {
  type AccountSecurityService,
  createAccountSecurityService,
} from "./services/accounts/security.js";
import { createTokenService, type TokenService } from "./services/accounts/tokens.js";
import { type AdminService, createAdminService } from "./services/admin.js";
import { type AnalysisService, createAnalysisService } from "./services/analyses.js";
import { type ApiKeyService, createApiKeyService } from "./services/api-keys.js";
import { type AuditService, createAuditService } from "./services/audit.js";
import { type ComparisonService, createComparisonService } from "./services/comparisons.js";
import { type CompetitionService, createCompetitionService } from "./services/competition.js";
import { createInstanceRegistry, type InstanceRegistry } from "./services/instances.js";
import { createKeywordService, type KeywordService } from "./services/keywords.js";
import { createPartnerBrandService, type PartnerBrandService } from "./services/partners/brands.js";
import { createPartnerService, type PartnerService } from "./services/partners/index.js";
import { createWebhookUrlPolicy } from "./services/partners/webhook-url.js";
import { createWebhookService, type WebhookService } from "./services/partners/webhooks.js";
import { premiumDeliverables } from "./services/payments/deliverables.js";
import { createPaymentService, type PaymentService } from "./services/payments/index.js";
import type { PlaceService } from "./services/places/place-service.js";
import { createPlaces } from "./services/places/registry.js";
import { createSettingsService, type SettingsService } from "./services/settings.js";
import { createSystemService, type SystemService } from "./services/system.js";
import { createWidgetService, type WidgetService } from "./services/widget.js";
import { createWidgetAssets, type WidgetAssets } from "./services/widget-assets.js";

export interface AppContext {
  config: Config;
  logger: Logger;
  db: Db;
  /** The open database: its engine, and the SQLite connection or PostgreSQL pool behind `db`. */
  database: Database;
  /** Starting, ready or draining (the readiness check answers from it). */
  lifecycle: Lifecycle;
  mailer: Mailer;
  auth: Auth;
  places: PlaceService;
  /** Keys of outside services (environment first, then the encrypted store). */
  keys: KeyStore;
  /** The log entries this instance queues for the database (admin Logs tab). */
  logs: LogStore;
  /** Durable background jobs (webhook deliveries); started by startServer, drained by close. */
  jobs: JobQueue;
  services: {
    accounts: AccountService;
    /** Password and email changes, sessions, account deletion. */
    accountSecurity: AccountSecurityService;
    settings: SettingsService;
    analyses: AnalysisService;
    payments: PaymentService;
    competition: CompetitionService;
    /** Comparisons of 2–10 analyses. */
    comparisons: ComparisonService;
    keywords: KeywordService;
    admin: AdminService;
    apiKeys: ApiKeyService;
    audit: AuditService;
    system: SystemService;
    /** This instance's row among the instances on the database, and the live ones. */
    instances: InstanceRegistry;
    /** Widget partners, their quota and leads. */
    partners: PartnerService;
    /** Partners' brands and the users reporting under them. */
    partnerBrands: PartnerBrandService;
    widget: WidgetService;
    widgetAssets: WidgetAssets;
    /** Lead deliveries to partners' webhooks (durable jobs on `jobs`). */
    webhooks: WebhookService;
    /** Personal API tokens (Authorization: Bearer bis_…). */
    tokens: TokenService;
  };
  close(): Promise<void>;
}

export function createLogger(config: Config): Logger {
  return createServerLogger(config.logLevel, { format: config.logFormat });
}

export async function createContext(
  config: Config,
  logger: Logger = createLogger(config),
): Promise<AppContext> {
  const database = await openDatabase(config.database);
  const { db } = database;
  const logs = logStoreOf(logger);
  logs.attach(db, { retention: config.logRetention });
  const instances = createInstanceRegistry({ db, identity: logs.identity, logger });
  const checkpoints =
    database.sqlite && isFileDatabase(config.databaseFile)
      ? startWalCheckpoints(database.sqlite, config.databaseFile, {
          logger,
          idle: database.idle,
        })
      : null;
  const audit = createAuditService({ db });
  const apiKeys = createApiKeyService({ db, config, logger, audit });
  await apiKeys.load();
  const mailer = createMailer({ config, logger });
  const auth = createAuth({ config, db, mailer, logger });
  const tokens = createTokenService({ db, audit });
  const partnerBrands = createPartnerBrandService({ db, audit });
  const accounts = createAccountService({
    db,
    auth,
    tokens,
    hooks: {
      // A failure to link the partner never fails the registration: it is logged.
      onRegistered: (input, since) =>
        partnerBrands
          .recordWidgetSignup(input.email, input.ref, since)
          .catch((err: unknown) =>
            logger.error({ err }, "widget ref not recorded on registration"),
          ),
    },
  });
  const accountSecurity = createAccountSecurityService({
    config,
    db,
    auth,
    mailer,
    accounts,
    tokens,
  });
  const settings = createSettingsService({ db });
  const places = createPlaces({ config, db, keys: apiKeys.keys });
  const stripe = config.payments.stripe ? createStripeClient(config.payments.stripe) : null;
  if (config.payments.mode === "demo" && config.isProduction) {
    logger.warn(
      "payments run in demo mode: anyone can unlock premium without paying. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments.",
    );
  }
  const payments = createPaymentService({
    db,
    config: config.payments,
    stripe,
    logger,
    deliverables: () => premiumDeliverables(config, apiKeys.keys),
    audit,
  });
  const analyses = createAnalysisService({
    db,
    places,
    limits: { analysesPerMinute: config.analysisRateLimit },
    audit,
  });
  const webhookUrls = createWebhookUrlPolicy({ allowPrivate: config.widget.allowPrivateWebhooks });
  const partners = createPartnerService({ db, secret: config.secret, audit, webhookUrls });
  // Webhook jobs: the queue of the database's engine, shared by every instance on it.
  const jobs = await createJobQueue({ database, logger: logger.child({ module: "jobs" }) });
  const webhooks = createWebhookService({
    jobs,
    webhookUrls,
    db,
    logger: logger.child({ module: "webhooks" }),
    retryDelaysMs: config.widget.webhookRetryDelaysMs,
    timeoutMs: config.widget.webhookTimeoutMs,
    secretOf: partners.webhookSecretOf,
  });
  return {
    config,
    logger,
    db,
    database,
    lifecycle: createLifecycle(),
    mailer,
    auth,
    places,
    keys: apiKeys.keys,
    logs,
    jobs,
    services: {
      accounts,
      accountSecurity,
      settings,
      analyses,
      payments,
      competition: createCompetitionService({
        db,
        config,
        payments,
        places,
        keys: () => apiKeys.keys,
        logger,
      }),
      comparisons: createComparisonService({ db }),
      keywords: createKeywordService({ db, config, payments, keys: () => apiKeys.keys, logger }),
      admin: createAdminService({ db, accounts, audit, settings }),
      apiKeys,
      audit,
      system: createSystemService({ database, config, apiKeys, instances }),
      instances,
      tokens,
      partners,
      partnerBrands,
      widget: createWidgetService({ db, analyses, partners, webhooks }),
      widgetAssets: createWidgetAssets({ dist: config.widget.dist }),
      webhooks,
    },
    async close() {
      // Webhook jobs: running attempts finish (waiting ones stay stored for the next start).
      await jobs.stop();
      mailer.close();
      // The row goes first (the others stop listing this instance), then the last log lines.
      await instances.close();
      await logs.close();
      // The worker's connection closes on its own; SQLite checkpoints when the last one does.
      void checkpoints?.stop();
      stopRateLimitStores(db);
      await database.close();
    },
  };
}
