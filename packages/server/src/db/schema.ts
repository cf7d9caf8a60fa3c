/**
 * The database schema (drizzle, SQLite). The first four tables are better-auth's, with the
 * user fields of spec §3 added (firstName, lastName, isAdmin; profileImageUrl is `image`).
 * Changing this file: run `pnpm -F @bis/server db:generate` and commit the new migration.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { marketRecord } from "./market-record.js";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);

export const user = sqliteTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    image: text("image"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("user_is_admin_idx").on(t.isAdmin)],
);

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = sqliteTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Key/value application settings (the four video URLs of spec §3 and later ones). */
export const appSetting = sqliteTable("app_setting", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** Analyses (spec §3 Analysis). Widget analyses have no user. */
export const analysis = sqliteTable(
  "analysis",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    location: text("location").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    industry: text("industry").notNull(),
    primaryRadius: integer("primary_radius").notNull(),
    secondaryRadius: integer("secondary_radius").notNull(),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
    marketAnalysisCompleted: integer("market_analysis_completed", { mode: "boolean" })
      .notNull()
      .default(false),
    keywordResearchCompleted: integer("keyword_research_completed", { mode: "boolean" })
      .notNull()
      .default(false),
    competitionAnalysisCompleted: integer("competition_analysis_completed", { mode: "boolean" })
      .notNull()
      .default(false),
    // The city table is stored as columns and rows (see market-record.ts).
    marketAnalysisData: marketRecord("market_analysis_data"),
    keywordResearchData: text("keyword_research_data", { mode: "json" }).$type<unknown>(),
    competitionAnalysisData: text("competition_analysis_data", { mode: "json" }).$type<unknown>(),
    opportunityScore: text("opportunity_score", { mode: "json" }).$type<unknown>(),
    /** Set for analyses run through a partner's widget (then userId is null). */
    partnerId: text("partner_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("analysis_user_created_idx").on(t.userId, t.createdAt)],
);

/** Places loaded by an operator with `bis-server data import` (Census gazetteer/ACS columns). */
export const importedPlace = sqliteTable(
  "imported_place",
  {
    geoid: text("geoid").primaryKey(),
    name: text("name").notNull(),
    state: text("state").notNull(),
    population: integer("population").notNull(),
    housingUnits: integer("housing_units"),
    households: integer("households"),
    singleFamilyUnits: integer("single_family_units"),
    medianHouseholdIncome: integer("median_household_income"),
    landAreaSqMi: real("land_area_sq_mi"),
    lat: real("lat").notNull(),
    lon: real("lon").notNull(),
    sourceFile: text("source_file").notNull(),
    importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("imported_place_state_idx").on(t.state)],
);

/** Census Data API responses, cached per dataset, vintage and state. */
export const censusCache = sqliteTable("census_cache", {
  key: text("key").primaryKey(),
  vintage: text("vintage").notNull(),
  stateFips: text("state_fips").notNull(),
  payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Payments for the premium package of an analysis. Deleting the user or the analysis deletes
 * them (spec §3). `providerPaymentId` is the Stripe PaymentIntent id (pi_…) or a demo id.
 */
export const payment = sqliteTable(
  "payment",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    analysisId: text("analysis_id")
      .notNull()
      .references(() => analysis.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "demo"] }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    /** Smallest currency unit (cents). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["succeeded", "refunded"] }).notNull(),
    createdAt: createdAt(),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("payment_analysis_idx").on(t.analysisId),
    index("payment_user_idx").on(t.userId),
    index("payment_created_idx").on(t.createdAt),
  ],
);

/**
 * Stripe webhook events already handled, so each event id is processed once. A full refund
 * that arrives before its payment succeeded is remembered here (`paymentIntentId`, outcome
 * "refund-before-payment") so the later success does not grant premium.
 */
export const stripeEvent = sqliteTable(
  "stripe_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The PaymentIntent the event is about, when it is about one. */
    paymentIntentId: text("payment_intent_id"),
    /** What BIS did with it, e.g. "fulfilled", "refunded", "ignored: amount mismatch". */
    outcome: text("outcome").notNull(),
    processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("stripe_event_payment_intent_idx").on(t.paymentIntentId, t.type)],
);

/** Keys of outside services, encrypted at rest (AES-256-GCM, key derived from BIS_SECRET). */
export const apiKey = sqliteTable("api_key", {
  name: text("name").primaryKey(),
  ciphertext: text("ciphertext").notNull(),
  iv: text("iv").notNull(),
  tag: text("tag").notNull(),
  last4: text("last4").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
  lastTestedAt: integer("last_tested_at", { mode: "timestamp_ms" }),
  lastTestOk: integer("last_test_ok", { mode: "boolean" }),
  lastTestMessage: text("last_test_message"),
});

/** Who changed what: admin flags, deletions, settings, keys. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    detail: text("detail", { mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/** Partner websites that embed the widget. */
export const partner = sqliteTable("partner", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Public key used by the widget (pk_…); not a secret. */
  publicKey: text("public_key").notNull().unique(),
  allowedOrigins: text("allowed_origins", { mode: "json" }).$type<string[]>().notNull(),
  webhookUrl: text("webhook_url"),
  webhookSecret: text("webhook_secret"),
  dailyQuota: integer("daily_quota").notNull().default(1000),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

/** Widget analyses per partner per day (UTC), for the daily quota. */
export const partnerUsage = sqliteTable(
  "partner_usage",
  {
    partnerId: text("partner_id")
      .notNull()
      .references(() => partner.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day] })],
);

/** Leads captured by the widget, and their delivery to the partner's webhook. */
export const lead = sqliteTable(
  "lead",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partner.id, { onDelete: "cascade" }),
    analysisId: text("analysis_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    consent: integer("consent", { mode: "boolean" }).notNull(),
    webhookStatus: text("webhook_status").notNull().default("none"),
    webhookAttempts: integer("webhook_attempts").notNull().default(0),
    webhookLastError: text("webhook_last_error"),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("lead_partner_idx").on(t.partnerId, t.createdAt)],
);

/** Personal API tokens (CLI): stored as a hash, revocable, with the last use. */
export const apiToken = sqliteTable(
  "api_token",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The first characters of the token, to recognise it in a list. */
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("api_token_user_idx").on(t.userId)],
);
