/**
 * The database schema, written once for both engines (see columns.ts). The first four tables
 * are better-auth's, with the user fields of the specification's User added (firstName, lastName, isAdmin;
 * profileImageUrl is `image`).
 *
 * Changing this file: run `pnpm -F @bis/server db:generate`, which writes the next migration of
 * each engine (drizzle/ for SQLite, drizzle-pg/ for PostgreSQL); commit both.
 */
import type { Columns } from "./columns.js";

export function defineTables(c: Columns) {
  const createdAt = () => c.timestamp("created_at").notNull().default(c.now);
  const updatedAt = () => c.timestamp("updated_at").notNull().default(c.now);

  const user = c.table(
    "user",
    {
      id: c.text("id").primaryKey(),
      name: c.text("name").notNull(),
      email: c.text("email").notNull().unique(),
      emailVerified: c.boolean("email_verified").notNull().default(false),
      image: c.text("image"),
      firstName: c.text("first_name"),
      lastName: c.text("last_name"),
      isAdmin: c.boolean("is_admin").notNull().default(false),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [c.index("user_is_admin_idx").on(t.isAdmin)],
  );

  const session = c.table(
    "session",
    {
      id: c.text("id").primaryKey(),
      expiresAt: c.timestamp("expires_at").notNull(),
      token: c.text("token").notNull().unique(),
      ipAddress: c.text("ip_address"),
      userAgent: c.text("user_agent"),
      userId: c
        .text("user_id")
        .notNull()
        .references(() => user.id, { onDelete: "cascade" }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [c.index("session_user_id_idx").on(t.userId)],
  );

  const account = c.table(
    "account",
    {
      id: c.text("id").primaryKey(),
      accountId: c.text("account_id").notNull(),
      providerId: c.text("provider_id").notNull(),
      userId: c
        .text("user_id")
        .notNull()
        .references(() => user.id, { onDelete: "cascade" }),
      accessToken: c.text("access_token"),
      refreshToken: c.text("refresh_token"),
      idToken: c.text("id_token"),
      accessTokenExpiresAt: c.timestamp("access_token_expires_at"),
      refreshTokenExpiresAt: c.timestamp("refresh_token_expires_at"),
      scope: c.text("scope"),
      password: c.text("password"),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [c.index("account_user_id_idx").on(t.userId)],
  );

  const verification = c.table(
    "verification",
    {
      id: c.text("id").primaryKey(),
      identifier: c.text("identifier").notNull(),
      value: c.text("value").notNull(),
      expiresAt: c.timestamp("expires_at").notNull(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [c.index("verification_identifier_idx").on(t.identifier)],
  );

  /** Key/value application settings (the specification's four video URLs and later ones). */
  const appSetting = c.table("app_setting", {
    key: c.text("key").primaryKey(),
    value: c.text("value").notNull(),
    updatedAt: updatedAt(),
  });

  /** Analyses (the specification's Analysis). Widget analyses have no user. */
  const analysis = c.table(
    "analysis",
    {
      id: c.text("id").primaryKey(),
      userId: c.text("user_id").references(() => user.id, { onDelete: "cascade" }),
      location: c.text("location").notNull(),
      city: c.text("city").notNull(),
      state: c.text("state").notNull(),
      industry: c.text("industry").notNull(),
      primaryRadius: c.integer("primary_radius").notNull(),
      secondaryRadius: c.integer("secondary_radius").notNull(),
      isPaid: c.boolean("is_paid").notNull().default(false),
      marketAnalysisCompleted: c.boolean("market_analysis_completed").notNull().default(false),
      keywordResearchCompleted: c.boolean("keyword_research_completed").notNull().default(false),
      competitionAnalysisCompleted: c
        .boolean("competition_analysis_completed")
        .notNull()
        .default(false),
      // The city table is stored as columns and rows (see market-record.ts).
      marketAnalysisData: c.marketRecord("market_analysis_data"),
      keywordResearchData: c.json("keyword_research_data").$type<unknown>(),
      competitionAnalysisData: c.json("competition_analysis_data").$type<unknown>(),
      opportunityScore: c.json("opportunity_score").$type<unknown>(),
      /** Set for analyses run through a partner's widget (then userId is null). */
      partnerId: c.text("partner_id"),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [c.index("analysis_user_created_idx").on(t.userId, t.createdAt)],
  );

  /** Places loaded by an operator with `bis-server data import` (Census gazetteer/ACS columns). */
  const importedPlace = c.table(
    "imported_place",
    {
      geoid: c.text("geoid").primaryKey(),
      name: c.text("name").notNull(),
      state: c.text("state").notNull(),
      population: c.integer("population").notNull(),
      housingUnits: c.integer("housing_units"),
      households: c.integer("households"),
      singleFamilyUnits: c.integer("single_family_units"),
      medianHouseholdIncome: c.integer("median_household_income"),
      landAreaSqMi: c.real("land_area_sq_mi"),
      lat: c.real("lat").notNull(),
      lon: c.real("lon").notNull(),
      sourceFile: c.text("source_file").notNull(),
      importedAt: c.timestamp("imported_at").notNull(),
    },
    (t) => [c.index("imported_place_state_idx").on(t.state)],
  );

  /** Census Data API responses, cached per dataset, vintage and state. */
  const censusCache = c.table("census_cache", {
    key: c.text("key").primaryKey(),
    vintage: c.text("vintage").notNull(),
    stateFips: c.text("state_fips").notNull(),
    payload: c.json("payload").$type<unknown>().notNull(),
    fetchedAt: c.timestamp("fetched_at").notNull(),
  });

  /**
   * Payments for the premium package of an analysis. Deleting the user or the analysis deletes
   * them. `providerPaymentId` is the Stripe PaymentIntent id (pi_…) or a demo id.
   */
  const payment = c.table(
    "payment",
    {
      id: c.text("id").primaryKey(),
      userId: c
        .text("user_id")
        .notNull()
        .references(() => user.id, { onDelete: "cascade" }),
      analysisId: c
        .text("analysis_id")
        .notNull()
        .references(() => analysis.id, { onDelete: "cascade" }),
      provider: c.text("provider", { enum: ["stripe", "demo"] }).notNull(),
      providerPaymentId: c.text("provider_payment_id").notNull().unique(),
      /** Smallest currency unit (cents). */
      amount: c.integer("amount").notNull(),
      currency: c.text("currency").notNull(),
      status: c.text("status", { enum: ["succeeded", "refunded"] }).notNull(),
      createdAt: createdAt(),
      refundedAt: c.timestamp("refunded_at"),
    },
    (t) => [
      c.index("payment_analysis_idx").on(t.analysisId),
      c.index("payment_user_idx").on(t.userId),
      c.index("payment_created_idx").on(t.createdAt),
    ],
  );

  /**
   * Stripe webhook events already handled, so each event id is processed once. A full refund
   * that arrives before its payment succeeded is remembered here (`paymentIntentId`, outcome
   * "refund-before-payment") so the later success does not grant premium.
   */
  const stripeEvent = c.table(
    "stripe_event",
    {
      id: c.text("id").primaryKey(),
      type: c.text("type").notNull(),
      /** The PaymentIntent the event is about, when it is about one. */
      paymentIntentId: c.text("payment_intent_id"),
      /** What BIS did with it, e.g. "fulfilled", "refunded", "ignored: amount mismatch". */
      outcome: c.text("outcome").notNull(),
      processedAt: c.timestamp("processed_at").notNull(),
    },
    (t) => [c.index("stripe_event_payment_intent_idx").on(t.paymentIntentId, t.type)],
  );

  /** Keys of outside services, encrypted at rest (AES-256-GCM, key derived from BIS_SECRET). */
  const apiKey = c.table("api_key", {
    name: c.text("name").primaryKey(),
    ciphertext: c.text("ciphertext").notNull(),
    iv: c.text("iv").notNull(),
    tag: c.text("tag").notNull(),
    last4: c.text("last4").notNull(),
    updatedBy: c.text("updated_by"),
    updatedAt: updatedAt(),
    lastTestedAt: c.timestamp("last_tested_at"),
    lastTestOk: c.boolean("last_test_ok"),
    lastTestMessage: c.text("last_test_message"),
  });

  /** Who changed what: admin flags, deletions, settings, keys. */
  const auditLog = c.table(
    "audit_log",
    {
      id: c.text("id").primaryKey(),
      actorId: c.text("actor_id"),
      actorEmail: c.text("actor_email"),
      action: c.text("action").notNull(),
      targetType: c.text("target_type").notNull(),
      targetId: c.text("target_id"),
      detail: c.json("detail").$type<unknown>(),
      createdAt: createdAt(),
    },
    (t) => [c.index("audit_log_created_idx").on(t.createdAt)],
  );

  /** Partner websites that embed the widget. */
  const partner = c.table("partner", {
    id: c.text("id").primaryKey(),
    name: c.text("name").notNull(),
    /** Public key used by the widget (pk_…); not a secret. */
    publicKey: c.text("public_key").notNull().unique(),
    allowedOrigins: c.json("allowed_origins").$type<string[]>().notNull(),
    webhookUrl: c.text("webhook_url"),
    webhookSecret: c.text("webhook_secret"),
    dailyQuota: c.integer("daily_quota").notNull().default(1000),
    active: c.boolean("active").notNull().default(true),
    createdAt: createdAt(),
  });

  /** Widget analyses per partner per day (UTC), for the daily quota. */
  const partnerUsage = c.table(
    "partner_usage",
    {
      partnerId: c
        .text("partner_id")
        .notNull()
        .references(() => partner.id, { onDelete: "cascade" }),
      day: c.text("day").notNull(),
      count: c.integer("count").notNull().default(0),
    },
    (t) => [c.primaryKey({ columns: [t.partnerId, t.day] })],
  );

  /** Leads captured by the widget, and their delivery to the partner's webhook. */
  const lead = c.table(
    "lead",
    {
      id: c.text("id").primaryKey(),
      partnerId: c
        .text("partner_id")
        .notNull()
        .references(() => partner.id, { onDelete: "cascade" }),
      analysisId: c.text("analysis_id"),
      name: c.text("name").notNull(),
      email: c.text("email").notNull(),
      consent: c.boolean("consent").notNull(),
      webhookStatus: c.text("webhook_status").notNull().default("none"),
      webhookAttempts: c.integer("webhook_attempts").notNull().default(0),
      webhookLastError: c.text("webhook_last_error"),
      deliveredAt: c.timestamp("delivered_at"),
      createdAt: createdAt(),
    },
    (t) => [c.index("lead_partner_idx").on(t.partnerId, t.createdAt)],
  );

  /** The owning user's id: deleting the user deletes the row. */
  const ownerId = () =>
    c
      .text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" });

  /** Personal API tokens (CLI): stored as a hash, revocable, with the last use. */
  const apiToken = c.table(
    "api_token",
    {
      id: c.text("id").primaryKey(),
      userId: ownerId(),
      name: c.text("name").notNull(),
      tokenHash: c.text("token_hash").notNull().unique(),
      /** The first characters of the token, to recognise it in a list. */
      prefix: c.text("prefix").notNull(),
      createdAt: createdAt(),
      lastUsedAt: c.timestamp("last_used_at"),
      revokedAt: c.timestamp("revoked_at"),
      /** After this the token is refused (401); null: never. Renewing moves it. */
      expiresAt: c.timestamp("expires_at"),
    },
    (t) => [c.index("api_token_user_idx").on(t.userId)],
  );

  /**
   * Rate-limit counters shared by every server instance (see rate-limit-store.ts): one row per
   * limiter and client, counting the hits of the window that ends at `resetAt`.
   */
  const rateLimit = c.table(
    "rate_limit",
    {
      /** The limiter's prefix and the client's key, e.g. "sign-in-ip:203.0.113.7". */
      key: c.text("key").primaryKey(),
      hits: c.integer("hits").notNull(),
      resetAt: c.timestamp("reset_at").notNull(),
    },
    (t) => [c.index("rate_limit_reset_idx").on(t.resetAt)],
  );

  /**
   * Background jobs on SQLite (jobs/sqlite-queue.ts; PostgreSQL runs pg-boss in its own schema
   * and leaves this table empty). A row is a job not yet finished: claimed by setting
   * `locked_until`/`locked_by`, deleted when done; a lock that runs out makes it due again.
   */
  const job = c.table(
    "job",
    {
      id: c.text("id").primaryKey(),
      name: c.text("name").notNull(),
      data: c.json("data").$type<unknown>().notNull(),
      runAt: c.timestamp("run_at").notNull(),
      attempts: c.integer("attempts").notNull().default(0),
      lockedUntil: c.timestamp("locked_until"),
      lockedBy: c.text("locked_by"),
      /** At most one unfinished job per name and key. */
      singletonKey: c.text("singleton_key"),
      createdAt: createdAt(),
    },
    (t) => [
      c.index("job_due_idx").on(t.name, t.runAt),
      c.uniqueIndex("job_singleton_idx").on(t.name, t.singletonKey),
    ],
  );

  /**
   * The server processes running on this database: each writes its row at start,
   * refreshes `last_seen_at` every 10 s and deletes it on a graceful stop; the System tab lists
   * the rows seen within the last 30 s (services/instances.ts).
   */
  const instance = c.table("instance", {
    id: c.text("id").primaryKey(),
    hostname: c.text("hostname").notNull(),
    pid: c.integer("pid").notNull(),
    version: c.text("version").notNull(),
    startedAt: c.timestamp("started_at").notNull(),
    lastSeenAt: c.timestamp("last_seen_at").notNull(),
  });

  /**
   * The server log of every instance, for the admin Logs tab (logging/log-store.ts): written in
   * batches, newest first by (time, id), pruned to the retention bound. `id` is the writing
   * instance's id and its own sequence number, so one instance's entries of one millisecond keep
   * their order. No foreign key: entries outlive the instance row that wrote them.
   */
  const logEntry = c.table(
    "log_entry",
    {
      id: c.text("id").primaryKey(),
      instanceId: c.text("instance_id").notNull(),
      time: c.timestamp("time").notNull(),
      /** pino's number: 10 trace … 60 fatal (a level and above is `level >= n`). */
      level: c.integer("level").notNull(),
      msg: c.text("msg").notNull(),
      requestId: c.text("request_id"),
      fields: c.json("fields").$type<Record<string, unknown>>().notNull(),
    },
    (t) => [
      c.index("log_entry_time_idx").on(t.time, t.id),
      c.index("log_entry_level_time_idx").on(t.level, t.time, t.id),
    ],
  );

  /* ---------------------------------------------------------------- partner brands */

  /** A partner's brand: its users' reports carry it. The logo is stored here, never fetched. */
  const partnerBrand = c.table("partner_brand", {
    partnerId: c
      .text("partner_id")
      .primaryKey()
      .references(() => partner.id, { onDelete: "cascade" }),
    displayName: c.text("display_name").notNull(),
    /** "#rrggbb". */
    primaryColor: c.text("primary_color").notNull(),
    /** The legible text colour on the primary colour, chosen when saved. */
    textColor: c.text("text_color").notNull(),
    contactLine: c.text("contact_line"),
    /** The logo as served and drawn: always a PNG (SVG uploads are rasterised), base64. */
    logoPng: c.text("logo_png"),
    /** What was uploaded: "image/png" or "image/svg+xml". */
    logoSourceType: c.text("logo_source_type"),
    /** sha256 of the PNG, hex: the logo's ETag and cache key. */
    logoHash: c.text("logo_hash"),
    updatedBy: c.text("updated_by"),
    updatedAt: c.timestamp("updated_at").notNull(),
  });

  /** Users reporting under a partner's brand: registered through its widget or assigned. */
  const partnerMember = c.table(
    "partner_member",
    {
      userId: c
        .text("user_id")
        .primaryKey()
        .references(() => user.id, { onDelete: "cascade" }),
      partnerId: c
        .text("partner_id")
        .notNull()
        .references(() => partner.id, { onDelete: "cascade" }),
      /** "widget" (the `ref` on registration) or "admin" (assigned). */
      source: c.text("source").notNull(),
      /**
       * "pending" (a widget sign-up waiting for an administrator: no brand yet) or "confirmed"
       * (the public widget key alone must not hand out a brand). Assignments by an administrator are confirmed at once.
       */
      status: c.text("status").notNull().default("confirmed"),
      assignedBy: c.text("assigned_by"),
      assignedAt: c.timestamp("assigned_at").notNull(),
    },
    (t) => [c.index("partner_member_partner_idx").on(t.partnerId, t.status)],
  );

  /**
   * Saved comparisons of 2–10 analyses: the owner and the analysis ids in the order
   * chosen. The analyses are read when the comparison is (one deleted since is reported missing).
   */
  const comparison = c.table(
    "comparison",
    {
      id: c.text("id").primaryKey(),
      userId: ownerId(),
      name: c.text("name"),
      analysisIds: c.json("analysis_ids").$type<string[]>().notNull(),
      createdAt: createdAt(),
    },
    (t) => [c.index("comparison_user_created_idx").on(t.userId, t.createdAt)],
  );

  return {
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
  };
}

export type Tables = ReturnType<typeof defineTables>;
