/**
 * The calls of the site and of payments: the landing page's settings, setup, health, the dev
 * outbox, outlines, checkout and Stripe's webhook (one module of the endpoint table,
 * endpoints.ts).
 */
import { endpoint, listOf, schema } from "./endpoint.js";
import { appSettings, payment, user } from "./shared-schemas.js";

/** Calls anyone may make: settings of the landing page, setup, health, the dev outbox, outlines. */
export const site = {
  /** The landing video, the operator's map tiles and which paid items this server delivers. */
  publicSettings: endpoint({
    method: "GET",
    path: "/api/public/settings",
    access: "public",
    response: schema("publicSettings", "publicSettingsSchema"),
  }),
  /** The four video URLs, for any signed-in user (the results page shows them). */
  videos: endpoint({
    method: "GET",
    path: "/api/settings/videos",
    access: "user",
    response: appSettings,
  }),
  /** The configured map key (signed-in users); 404 when none is configured. */
  mapsKey: endpoint({
    method: "GET",
    path: "/api/config/google-maps-key",
    access: "user",
    response: schema("admin", "mapsKeyResponseSchema"),
    errors: ["MAPS_KEY_MISSING"],
  }),
  /** Whether the first-administrator setup is still open. */
  setupStatus: endpoint({
    method: "GET",
    path: "/api/admin/setup",
    access: "public",
    response: schema("admin", "adminSetupStatusSchema"),
  }),
  /** Creates the first administrator; refused once one exists. */
  setup: endpoint({
    method: "POST",
    path: "/api/admin/setup",
    access: "public",
    status: 201,
    body: schema("forms", "adminSetupRequestSchema"),
    response: user,
    errors: ["ADMIN_ALREADY_EXISTS", "EMAIL_IN_USE", "FORBIDDEN", "RATE_LIMITED"],
  }),
  /** For load balancers: 200 while the database answers, 503 otherwise. */
  health: endpoint({
    method: "GET",
    path: "/api/health",
    access: "public",
    errors: ["UNAVAILABLE"],
  }),
  /** For load balancers: 200 once started and while the database answers; 503 otherwise. */
  ready: endpoint({ method: "GET", path: "/api/ready", access: "public", errors: ["UNAVAILABLE"] }),
  /** Mail sent without SMTP, newest first (development only: 404 in production). */
  outbox: endpoint({
    method: "GET",
    path: "/api/dev/outbox",
    access: "public",
    response: listOf("messages", "entities", "outboxMessageSchema"),
    errors: ["DEV_ONLY"],
  }),
  /** State outlines for the comparison map (`?states=06,48`), one JSON object keyed by FIPS. */
  outlines: endpoint({
    method: "GET",
    path: "/api/outlines",
    access: "public",
    errors: ["OUTLINES_NOT_FOUND"],
  }),
} as const;

/** The premium package's payment. */
export const payments = {
  /** Payment mode, publishable key and prices; an administrator also learns what is missing. */
  config: endpoint({
    method: "GET",
    path: "/api/config/payments",
    access: "optional",
    response: schema("payments", "paymentConfigSchema"),
  }),
  /** A Stripe PaymentIntent for the premium package of one of your analyses. */
  createIntent: endpoint({
    method: "POST",
    path: "/api/create-payment-intent",
    access: "user",
    body: schema("payments", "paymentIntentRequestSchema"),
    response: schema("entities", "paymentIntentResponseSchema"),
    errors: [
      "ANALYSIS_NOT_FOUND",
      "PREMIUM_OWNER_ONLY",
      "ANALYSIS_ALREADY_PAID",
      "STRIPE_NOT_CONFIGURED",
      "CARD_DECLINED",
      "PAYMENT_IN_PROGRESS",
      "PAYMENT_PROVIDER_REJECTED",
      "UPSTREAM_FAILED",
      "UNAVAILABLE",
    ],
  }),
  /** Demo mode only: marks the analysis paid through the same fulfilment as the webhook. */
  confirmDemo: endpoint({
    method: "POST",
    path: "/api/payments/demo/confirm",
    access: "user",
    body: schema("payments", "paymentIntentRequestSchema"),
    response: payment,
    errors: [
      "ANALYSIS_NOT_FOUND",
      "PREMIUM_OWNER_ONLY",
      "ANALYSIS_ALREADY_PAID",
      "DEMO_PAYMENTS_DISABLED",
      "UNAVAILABLE",
    ],
  }),
  /** Stripe's events, signed (the raw body is read before any JSON parser). */
  stripeWebhook: endpoint({
    method: "POST",
    path: "/api/webhooks/stripe",
    access: "stripe",
    errors: [
      "WEBHOOK_SIGNATURE_INVALID",
      "WEBHOOK_EVENT_MALFORMED",
      "STRIPE_NOT_CONFIGURED",
      "PAYMENT_PROVIDER_REJECTED",
      "UPSTREAM_FAILED",
      "UNAVAILABLE",
    ],
  }),
} as const;
