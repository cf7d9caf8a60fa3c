/**
 * Every call of the BIS API, one entry each (endpoint.ts says what an entry holds). The server
 * registers a route for each entry and for nothing else (its start-up fails when one is
 * missing); the SDK client's resources, the app's query keys and links and the widget's calls
 * all take their paths from here. A new call is one entry here and its handler on the server.
 */
import { endpoint, fieldOf, listOf, pageOf, schema } from "./endpoint.js";
import { widgetEndpoints } from "./widget-endpoints.js";

const user = schema("entities", "userSchema");
const message = schema("entities", "messageResponseSchema");
const analysis = schema("entities", "analysisSchema");
const analysisEnvelope = fieldOf("analysis", "entities", "analysisSchema");
const appSettings = schema("entities", "appSettingsSchema");
const apiKeyStatus = schema("admin", "apiKeyStatusSchema");
const payment = schema("payments", "paymentSchema");
const prices = schema("payments", "premiumPricesSchema");
const apiToken = schema("tokens", "apiTokenSchema");
const partnerMember = schema("brand", "partnerMemberSchema");
const myBrand = schema("brand", "myBrandSchema");
const zipAreasQuery = schema("market", "zipAreasQuerySchema");

/** Sign-in, registration, sign-out and the signed-in user's profile (the specification's). */
const auth = {
  /** The signed-in user; 401 when signed out. */
  user: endpoint({ method: "GET", path: "/api/auth/user", access: "public", response: user }),
  login: endpoint({
    method: "POST",
    path: "/api/auth/login",
    access: "public",
    body: schema("forms", "loginRequestSchema"),
    response: user,
    errors: ["INVALID_CREDENTIALS", "EMAIL_NOT_VERIFIED", "RATE_LIMITED"],
  }),
  register: endpoint({
    method: "POST",
    path: "/api/auth/register",
    access: "public",
    status: 201,
    body: schema("forms", "registerRequestSchema"),
    response: schema("entities", "registerResponseSchema"),
    errors: ["EMAIL_IN_USE", "RATE_LIMITED"],
  }),
  logout: endpoint({ method: "POST", path: "/api/auth/logout", access: "public", status: 204 }),
  updateProfile: endpoint({
    method: "PUT",
    path: "/api/auth/profile",
    access: "user",
    body: schema("forms", "profileRequestSchema"),
    response: user,
  }),
  changePassword: endpoint({
    method: "PUT",
    path: "/api/auth/password",
    access: "user",
    body: schema("forms", "passwordChangeRequestSchema"),
    response: message,
    errors: ["INVALID_CREDENTIALS"],
  }),
  /** The link of the verification email (better-auth's own handler): redirects to the app. */
  verifyEmail: endpoint({ method: "GET", path: "/api/auth/verify-email", access: "public" }),
} as const;

/** Account security: email change, password reset, signed-in devices, the user's brand. */
const account = {
  /** Mails a confirmation link to the new address (and a notice to the current one). */
  requestEmailChange: endpoint({
    method: "POST",
    path: "/api/auth/email-change",
    access: "user",
    status: 202,
    body: schema("account", "emailChangeRequestSchema"),
    response: message,
    errors: ["EMAIL_IN_USE", "INVALID_CREDENTIALS", "RATE_LIMITED", "FORBIDDEN"],
  }),
  /** Follows the confirmation link: the email changes now. No session needed. */
  confirmEmailChange: endpoint({
    method: "POST",
    path: "/api/auth/email-change/confirm",
    access: "public",
    body: schema("account", "emailChangeConfirmSchema"),
    response: message,
    errors: ["EMAIL_IN_USE", "RATE_LIMITED"],
  }),
  /** Always the same answer, whether or not the address has an account. */
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/auth/forgot-password",
    access: "public",
    body: schema("account", "forgotPasswordRequestSchema"),
    response: message,
    errors: ["RATE_LIMITED"],
  }),
  /** Sets the new password, ends every session and token, and signs in: the user. */
  resetPassword: endpoint({
    method: "POST",
    path: "/api/auth/reset-password",
    access: "public",
    body: schema("account", "resetPasswordRequestSchema"),
    response: user,
    errors: ["RATE_LIMITED"],
  }),
  /** The signed-in devices of the caller, this one marked `current` (a session, not a token). */
  sessions: endpoint({
    method: "GET",
    path: "/api/auth/sessions",
    access: "user",
    response: schema("account", "accountSessionsResponseSchema"),
    errors: ["FORBIDDEN"],
  }),
  /** Signs out every other device. */
  revokeOtherSessions: endpoint({
    method: "POST",
    path: "/api/auth/sessions/revoke-others",
    access: "user",
    response: schema("account", "revokeOtherSessionsResponseSchema"),
    errors: ["FORBIDDEN"],
  }),
  /** The signed-in user's partner brand (null: BIS's own reports). */
  brand: endpoint({ method: "GET", path: "/api/brand", access: "user", response: myBrand }),
  /** The brand an analysis' reports carry, its owner's (404 unless yours, or an administrator). */
  analysisBrand: endpoint({
    method: "GET",
    path: "/api/analyses/:id/brand",
    access: "user",
    response: myBrand,
    errors: ["NOT_FOUND"],
  }),
  /** A partner's logo (the image bytes), for the reports and the app's header. */
  brandLogo: endpoint({
    method: "GET",
    path: "/api/brands/:partnerId/logo",
    access: "user",
    read: "bytes",
    errors: ["NOT_FOUND"],
  }),
} as const;

/** Calls anyone may make: settings of the landing page, setup, health, the dev outbox, outlines. */
const site = {
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
    errors: ["NOT_FOUND"],
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
    errors: ["ADMIN_ALREADY_EXISTS", "RATE_LIMITED"],
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
    errors: ["NOT_FOUND"],
  }),
  /** State outlines for the comparison map (`?states=06,48`), one JSON object keyed by FIPS. */
  outlines: endpoint({
    method: "GET",
    path: "/api/outlines",
    access: "public",
    errors: ["NOT_FOUND"],
  }),
} as const;

/** The free market analysis and the signed-in user's analyses. */
const analyses = {
  /** Runs the free market analysis. */
  analyze: endpoint({
    method: "POST",
    path: "/api/market-analysis/analyze",
    access: "user",
    status: 201,
    body: schema("forms", "analyzeRequestSchema"),
    response: schema("entities", "analyzeResponseSchema"),
    errors: ["UNKNOWN_CITY", "RATE_LIMITED"],
  }),
  /** One analysis, by the specification's path (the same answer as `get`). */
  getByMarketPath: endpoint({
    method: "GET",
    path: "/api/market-analysis/:id",
    access: "user",
    response: analysis,
    errors: ["NOT_FOUND"],
  }),
  /** The signed-in user's analyses, newest first, a page at a time. */
  list: endpoint({
    method: "GET",
    path: "/api/analyses",
    access: "user",
    response: pageOf("analyses", "entities", "analysisSummarySchema"),
  }),
  /** One analysis; 404 unless it is yours (or you are an administrator). */
  get: endpoint({
    method: "GET",
    path: "/api/analyses/:id",
    access: "user",
    response: analysis,
    errors: ["NOT_FOUND"],
  }),
  /** The populated ZIP areas in range, nearest first or as the query sorts and cuts them. */
  zipAreas: endpoint({
    method: "GET",
    path: "/api/analyses/:id/zip-areas",
    access: "user",
    query: zipAreasQuery,
    response: schema("market", "zipAreasResponseSchema"),
    errors: ["NOT_FOUND"],
  }),
  /** The ZIP areas as CSV (a download). */
  zipAreasCsv: endpoint({
    method: "GET",
    path: "/api/analyses/:id/zip-areas.csv",
    access: "user",
    query: zipAreasQuery,
    read: "text",
    errors: ["NOT_FOUND"],
  }),
  /** The ZIP areas as an XLSX workbook (a download). */
  zipAreasXlsx: endpoint({
    method: "GET",
    path: "/api/analyses/:id/zip-areas.xlsx",
    access: "user",
    query: zipAreasQuery,
    read: "bytes",
    errors: ["NOT_FOUND"],
  }),
  /** Deletes an analysis with its payments; with `?ifUnpaid=true` a paid one is kept (409). */
  delete: endpoint({
    method: "DELETE",
    path: "/api/analyses/:id",
    access: "user",
    status: 204,
    query: schema("forms", "deleteAnalysisQuerySchema"),
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  /** Re-runs the market analysis with changed assumptions. */
  rerun: endpoint({
    method: "PUT",
    path: "/api/analyses/:id/assumptions",
    access: "user",
    body: schema("forms", "rerunRequestSchema"),
    response: analysis,
    errors: ["NOT_FOUND"],
  }),
} as const;

/** The premium steps of one analysis: keyword research, competition, the PDF report. */
const premium = {
  /** Runs keyword research (premium: paid or administrator). */
  keywords: endpoint({
    method: "POST",
    path: "/api/keyword-analysis/analyze",
    access: "user",
    body: schema("keywords", "keywordResearchRequestSchema"),
    response: analysisEnvelope,
    errors: ["NOT_FOUND", "PAYMENT_REQUIRED", "UPSTREAM_FAILED"],
  }),
  /** Runs competition analysis (premium; after keyword research). */
  competition: endpoint({
    method: "POST",
    path: "/api/analyses/:id/competition-analysis",
    access: "user",
    body: schema("competition", "competitionAnalysisRequestSchema"),
    response: analysisEnvelope,
    errors: ["NOT_FOUND", "PAYMENT_REQUIRED", "KEYWORD_RESEARCH_REQUIRED", "UPSTREAM_FAILED"],
  }),
  /** The PDF report (premium). */
  report: endpoint({
    method: "GET",
    path: "/api/analyses/:id/report.pdf",
    access: "user",
    read: "bytes",
    errors: ["NOT_FOUND", "PAYMENT_REQUIRED"],
  }),
} as const;

/** Comparisons of 2–10 of the signed-in user's analyses, and their exports. */
const comparisons = {
  create: endpoint({
    method: "POST",
    path: "/api/comparisons",
    access: "user",
    status: 201,
    body: schema("comparisons", "createComparisonRequestSchema"),
    response: schema("comparisons", "comparisonSchema"),
    errors: ["NOT_FOUND"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/comparisons",
    access: "user",
    response: pageOf("comparisons", "comparisons", "comparisonSummarySchema"),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/comparisons/:id",
    access: "user",
    response: schema("comparisons", "comparisonSchema"),
    errors: ["NOT_FOUND"],
  }),
  exportCsv: endpoint({
    method: "GET",
    path: "/api/comparisons/:id/export.csv",
    access: "user",
    read: "bytes",
    errors: ["NOT_FOUND"],
  }),
  exportXlsx: endpoint({
    method: "GET",
    path: "/api/comparisons/:id/export.xlsx",
    access: "user",
    read: "bytes",
    errors: ["NOT_FOUND"],
  }),
  report: endpoint({
    method: "GET",
    path: "/api/comparisons/:id/report.pdf",
    access: "user",
    read: "bytes",
    errors: ["NOT_FOUND"],
  }),
} as const;

/** The premium package's payment. */
const payments = {
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
    errors: ["NOT_FOUND", "CONFLICT", "UPSTREAM_FAILED"],
  }),
  /** Demo mode only: marks the analysis paid through the same fulfilment as the webhook. */
  confirmDemo: endpoint({
    method: "POST",
    path: "/api/payments/demo/confirm",
    access: "user",
    body: schema("payments", "paymentIntentRequestSchema"),
    response: payment,
    errors: ["NOT_FOUND", "FORBIDDEN"],
  }),
  /** Stripe's events, signed (the raw body is read before any JSON parser). */
  stripeWebhook: endpoint({
    method: "POST",
    path: "/api/webhooks/stripe",
    access: "stripe",
    errors: ["BAD_REQUEST"],
  }),
} as const;

/** Personal API tokens (the CLI's credential). */
const tokens = {
  /** Creates a token for the session's user, or for `email` + `password`; the secret once. */
  create: endpoint({
    method: "POST",
    path: "/api/tokens",
    access: "public",
    status: 201,
    body: schema("tokens", "createTokenRequestSchema"),
    response: schema("tokens", "createdTokenSchema"),
    errors: ["UNAUTHORIZED", "INVALID_CREDENTIALS", "FORBIDDEN", "RATE_LIMITED"],
  }),
  /** Moves a token's expiry (a session or `email` + `password`, never a token). */
  renew: endpoint({
    method: "POST",
    path: "/api/tokens/:id/renew",
    access: "public",
    body: schema("tokens", "renewTokenRequestSchema"),
    response: apiToken,
    errors: ["UNAUTHORIZED", "INVALID_CREDENTIALS", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/tokens",
    access: "user",
    response: pageOf("tokens", "tokens", "apiTokenSchema"),
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/tokens/:id",
    access: "user",
    response: apiToken,
    errors: ["NOT_FOUND"],
  }),
} as const;

/** The administrators' calls: users, analyses, settings, keys, operations, payments. */
const admin = {
  analytics: endpoint({
    method: "GET",
    path: "/api/admin/analytics",
    access: "admin",
    response: schema("entities", "adminAnalyticsSchema"),
  }),
  users: endpoint({
    method: "GET",
    path: "/api/admin/users",
    access: "admin",
    response: pageOf("users", "admin", "adminUserSchema"),
  }),
  setAdmin: endpoint({
    method: "PUT",
    path: "/api/admin/users/:userId/admin",
    access: "admin",
    body: schema("admin", "setAdminRequestSchema"),
    response: schema("admin", "adminUserSchema"),
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  deleteUser: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:userId",
    access: "admin",
    response: schema("admin", "deleteUserResponseSchema"),
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  analyses: endpoint({
    method: "GET",
    path: "/api/admin/analyses",
    access: "admin",
    response: pageOf("analyses", "admin", "adminAnalysisSchema"),
  }),
  bulkDeleteAnalyses: endpoint({
    method: "DELETE",
    path: "/api/admin/analyses/bulk",
    access: "admin",
    body: schema("admin", "bulkDeleteAnalysesRequestSchema"),
    response: schema("admin", "bulkDeleteAnalysesResponseSchema"),
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/admin/settings",
    access: "admin",
    response: appSettings,
  }),
  updateSettings: endpoint({
    method: "PATCH",
    path: "/api/admin/settings",
    access: "admin",
    body: schema("admin", "settingsPatchSchema"),
    response: appSettings,
  }),
  apiKeys: endpoint({
    method: "GET",
    path: "/api/admin/api-keys",
    access: "admin",
    response: listOf("apiKeys", "admin", "apiKeyStatusSchema"),
  }),
  saveApiKey: endpoint({
    method: "PUT",
    path: "/api/admin/api-keys/:name",
    access: "admin",
    body: schema("admin", "saveApiKeyRequestSchema"),
    response: apiKeyStatus,
    errors: ["NOT_FOUND"],
  }),
  testApiKey: endpoint({
    method: "POST",
    path: "/api/admin/api-keys/:name/test",
    access: "admin",
    body: schema("admin", "testApiKeyRequestSchema"),
    response: schema("admin", "apiKeyTestResultSchema"),
    errors: ["NOT_FOUND"],
  }),
  deleteApiKey: endpoint({
    method: "DELETE",
    path: "/api/admin/api-keys/:name",
    access: "admin",
    response: apiKeyStatus,
    errors: ["NOT_FOUND"],
  }),
  /** The specification's call for the maps key. */
  saveMapsKey: endpoint({
    method: "POST",
    path: "/api/admin/save-api-key",
    access: "admin",
    body: schema("admin", "saveMapsKeyRequestSchema"),
    response: message,
  }),
  system: endpoint({
    method: "GET",
    path: "/api/admin/system",
    access: "admin",
    response: schema("admin", "systemStatusSchema"),
  }),
  /** The log of every instance, newest first, a page at a time (`?level=&limit=&cursor=`). */
  logs: endpoint({
    method: "GET",
    path: "/api/admin/logs",
    access: "admin",
    query: schema("admin", "logsQuerySchema"),
    response: pageOf("entries", "admin", "logEntrySchema"),
  }),
  audit: endpoint({
    method: "GET",
    path: "/api/admin/audit",
    access: "admin",
    response: pageOf("entries", "admin", "auditEntrySchema"),
  }),
  /** The specification's logging dashboard call: development only (404 otherwise). */
  devLogs: endpoint({
    method: "GET",
    path: "/api/logs",
    access: "admin",
    query: schema("admin", "logsQuerySchema"),
    response: listOf("entries", "admin", "logEntrySchema"),
    errors: ["NOT_FOUND"],
  }),
  prices: endpoint({ method: "GET", path: "/api/admin/prices", access: "admin", response: prices }),
  updatePrices: endpoint({
    method: "PATCH",
    path: "/api/admin/prices",
    access: "admin",
    body: schema("payments", "premiumPricesPatchSchema"),
    response: prices,
  }),
  /** Payments, newest first (`?kind=real|demo`), a page at a time. */
  payments: endpoint({
    method: "GET",
    path: "/api/admin/payments",
    access: "admin",
    response: pageOf("payments", "payments", "paymentSchema"),
  }),
  /** Refunds a payment (within the guarantee) and withdraws premium access. */
  refundPayment: endpoint({
    method: "POST",
    path: "/api/admin/payments/:id/refund",
    access: "admin",
    response: payment,
    errors: ["NOT_FOUND", "CONFLICT", "UPSTREAM_FAILED"],
  }),
} as const;

/** The widget's partners, their leads, brands and members (administrators). */
const partners = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/partners",
    access: "admin",
    response: pageOf("partners", "widget", "partnerSchema"),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/partners",
    access: "admin",
    status: 201,
    body: schema("widget", "partnerCreateSchema"),
    response: schema("widget", "partnerCreatedSchema"),
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/admin/partners/:id",
    access: "admin",
    body: schema("widget", "partnerUpdateSchema"),
    response: schema("widget", "partnerUpdatedSchema"),
    errors: ["NOT_FOUND"],
  }),
  revoke: endpoint({
    method: "DELETE",
    path: "/api/admin/partners/:id",
    access: "admin",
    response: schema("widget", "partnerSchema"),
    errors: ["NOT_FOUND"],
  }),
  /** Captured leads (`?partnerId=&status=`), a page at a time. */
  leads: endpoint({
    method: "GET",
    path: "/api/admin/leads",
    access: "admin",
    response: pageOf("leads", "widget", "leadSchema"),
  }),
  brand: endpoint({
    method: "GET",
    path: "/api/admin/partners/:id/brand",
    access: "admin",
    response: schema("brand", "partnerBrandSchema"),
    errors: ["NOT_FOUND"],
  }),
  saveBrand: endpoint({
    method: "PUT",
    path: "/api/admin/partners/:id/brand",
    access: "admin",
    body: schema("brand", "partnerBrandInputSchema"),
    response: schema("brand", "partnerBrandSavedSchema"),
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE"],
  }),
  removeBrand: endpoint({
    method: "DELETE",
    path: "/api/admin/partners/:id/brand",
    access: "admin",
    status: 204,
    errors: ["NOT_FOUND"],
  }),
  /** The users reporting under the brand and those asking to (`?status=`), a page at a time. */
  members: endpoint({
    method: "GET",
    path: "/api/admin/partners/:id/members",
    access: "admin",
    query: schema("brand", "partnerMembersQuerySchema"),
    response: pageOf("members", "brand", "partnerMemberSchema"),
    errors: ["NOT_FOUND"],
  }),
  confirmMember: endpoint({
    method: "POST",
    path: "/api/admin/partners/:id/members/:userId/confirm",
    access: "admin",
    response: partnerMember,
    errors: ["NOT_FOUND"],
  }),
  assignMember: endpoint({
    method: "POST",
    path: "/api/admin/partners/:id/members",
    access: "admin",
    status: 201,
    body: schema("brand", "partnerMemberAssignSchema"),
    response: partnerMember,
    errors: ["NOT_FOUND"],
  }),
  unassignMember: endpoint({
    method: "DELETE",
    path: "/api/admin/partners/:id/members/:userId",
    access: "admin",
    status: 204,
    errors: ["NOT_FOUND"],
  }),
} as const;

/** The table, by resource. */
export const endpoints = {
  auth,
  account,
  site,
  analyses,
  premium,
  comparisons,
  payments,
  tokens,
  admin,
  partners,
  widget: widgetEndpoints,
} as const;

/** Every endpoint of the table, once each. */
export const allEndpoints: readonly import("./endpoint.js").Endpoint[] = Object.values(
  endpoints,
).flatMap((group) => Object.values(group));
