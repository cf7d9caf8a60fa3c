/**
 * The typed BIS API client. Each resource is a thin list of calls over the transport.
 */
import { z } from "zod";
import { errorFromResponse } from "../errors.js";
import {
  type AdminAnalysis,
  type AdminUser,
  type ApiKeyName,
  type ApiKeyStatus,
  type AuditEntry,
  adminAnalysisSchema,
  adminUserSchema,
  apiKeyStatusSchema,
  apiKeyTestResultSchema,
  auditEntrySchema,
  bulkDeleteAnalysesResponseSchema,
  deleteUserResponseSchema,
  type LogEntry,
  type LogLevel,
  logEntrySchema,
  type MapsKeyResponse,
  mapsKeyResponseSchema,
  type SettingsPatch,
  systemStatusSchema,
} from "../schemas/admin.js";
import {
  type AnalysisSummary,
  type AppSettings,
  adminAnalyticsSchema,
  analysisSchema,
  analysisSummarySchema,
  analyzeResponseSchema,
  appSettingsSchema,
  messageResponseSchema,
  outboxMessageSchema,
  type Payment,
  type PaymentIntentRequest,
  type PublicSettings,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  paymentSchema,
  publicSettingsSchema,
  registerResponseSchema,
  type User,
  userSchema,
} from "../schemas/entities.js";
import type {
  AdminSetupRequest,
  AnalyzeRequest,
  LoginRequest,
  PasswordChangeRequest,
  ProfileRequest,
  RegisterRequest,
  RerunRequest,
} from "../schemas/forms.js";
import { type ZipAreasResponse, zipAreasResponseSchema } from "../schemas/market.js";
import { type Page, type PageQuery, pageResponseSchema } from "../schemas/pagination.js";
import {
  type ApiToken,
  apiTokenSchema,
  type CreatedToken,
  type CreateTokenRequest,
  createdTokenSchema,
} from "../schemas/tokens.js";
import {
  type Lead,
  type LeadsQuery,
  leadSchema,
  PARTNER_KEY_HEADER,
  type Partner,
  type PartnerCreate,
  type PartnerUpdate,
  partnerCreatedSchema,
  partnerSchema,
  partnerUpdatedSchema,
  type WidgetAnalyzeRequest,
  type WidgetLeadRequest,
  widgetAnalyzeResponseSchema,
  widgetLeadResponseSchema,
  widgetManifestSchema,
} from "../schemas/widget.js";
import { accountResource } from "./account.js";
import {
  createTransport,
  type RequestOptions,
  type Transport,
  type TransportOptions,
} from "./transport.js";

/** Throws the `BisApiError` of a failed response (for the calls that read `send()` themselves). */
async function raise(response: Response): Promise<never> {
  throw errorFromResponse(
    response.status,
    response.statusText,
    await response.text().catch(() => ""),
  );
}

/** A GET whose body is `{ [key]: item[] }`; resolves to the list. */
function getList<T>(t: Transport, path: string, key: string, item: z.ZodType<T>): Promise<T[]> {
  return t
    .request({ method: "GET", path, schema: z.object({ [key]: z.array(item) }) })
    .then((r) => r[key] as T[]);
}

/**
 * One page of a paginated list: `GET path?limit=&cursor=` answering
 * `{ [key]: item[], nextCursor, total, limit }`.
 */
async function getPage<T>(
  t: Transport,
  path: string,
  key: string,
  item: z.ZodType<T>,
  query: PageQuery = {},
  filters: Record<string, string | undefined> = {},
): Promise<Page<T>> {
  const page = await t.request({
    method: "GET",
    path: withQuery(path, { ...filters, limit: query.limit, cursor: query.cursor }),
    schema: pageResponseSchema(key, item),
  });
  return page as Page<T>;
}

/**
 * Every item of a paginated list, page after page (scripts and exports; the UI shows pages).
 * `pageOf` is one of the client's `…Page` calls.
 */
export async function allPages<T>(
  pageOf: (query: PageQuery) => Promise<Page<T>>,
  pageSize = 200,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOf({ limit: pageSize, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** A GET that resolves to null on `nullStatus` (e.g. 401 signed out, 404 not configured). */
async function getOrNull<T>(
  t: Transport,
  path: string,
  nullStatus: number,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T | null> {
  const response = await t.send({ method: "GET", path, signal });
  if (response.status === nullStatus) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.ok) await raise(response);
  return schema.parse(await response.json());
}

/** `base/<id>`, with the id encoded. */
const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** `path?query` from the set values (the path alone when none is set). */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function authResource(t: Transport) {
  return {
    /** The signed-in user, or null when signed out (401). */
    user: (signal?: AbortSignal): Promise<User | null> =>
      getOrNull(t, "/api/auth/user", 401, userSchema, signal),
    login: (body: LoginRequest) =>
      t.request({ method: "POST", path: "/api/auth/login", body, schema: userSchema }),
    register: (body: RegisterRequest) =>
      t.request({
        method: "POST",
        path: "/api/auth/register",
        body,
        schema: registerResponseSchema,
      }),
    logout: () => t.request<void>({ method: "POST", path: "/api/auth/logout" }),
    updateProfile: (body: ProfileRequest) =>
      t.request({ method: "PUT", path: "/api/auth/profile", body, schema: userSchema }),
    changePassword: (body: PasswordChangeRequest) =>
      t.request({ method: "PUT", path: "/api/auth/password", body, schema: messageResponseSchema }),
  };
}

const analysisPath = (id: string) => at("/api/analyses", id);

function analysesResource(t: Transport) {
  const path = analysisPath;
  return {
    /** Runs the free market analysis (spec §7). */
    analyze: (body: AnalyzeRequest) =>
      t.request({
        method: "POST",
        path: "/api/market-analysis/analyze",
        body,
        schema: analyzeResponseSchema,
      }),
    /** One analysis; 404 unless it is yours (or you are an administrator). */
    get: (id: string) => t.request({ method: "GET", path: path(id), schema: analysisSchema }),
    /** The signed-in user's analyses, newest first: one page (the first unless `cursor`). */
    list: (query: PageQuery = {}): Promise<AnalysisSummary[]> =>
      getPage(t, "/api/analyses", "analyses", analysisSummarySchema, query).then((p) => p.items),
    /** A page of the signed-in user's analyses, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<AnalysisSummary>> =>
      getPage(t, "/api/analyses", "analyses", analysisSummarySchema, query),
    /**
     * Deletes one of your analyses (an administrator: anyone's) with its payments; 404 when it
     * is not yours or does not exist. With `ifUnpaid`, a paid analysis is kept (409).
     */
    delete: (id: string, options: { ifUnpaid?: boolean } = {}): Promise<void> =>
      t.request<void>({
        method: "DELETE",
        path: options.ifUnpaid ? `${path(id)}?ifUnpaid=true` : path(id),
      }),
    /** Re-runs the market analysis with changed assumptions. */
    rerun: (id: string, body: RerunRequest) =>
      t.request({ method: "PUT", path: `${path(id)}/assumptions`, body, schema: analysisSchema }),
    /** The ZIP areas in range of an analysis, nearest first, with their source (owner or admin). */
    zipAreas: (id: string, signal?: AbortSignal): Promise<ZipAreasResponse> =>
      t.request({
        method: "GET",
        path: `${path(id)}/zip-areas`,
        schema: zipAreasResponseSchema,
        signal,
      }),
    /**
     * Where the CSV of an analysis' ZIP areas is served: a download link, so the browser keeps
     * the file name the server gives (Content-Disposition) and sends the session cookie.
     */
    zipAreasCsvPath: (id: string) => `${path(id)}/zip-areas.csv`,
    /** The CSV text of an analysis' ZIP areas (header line first); raises like every call. */
    async zipAreasCsv(id: string, signal?: AbortSignal): Promise<string> {
      const response = await t.send({
        method: "GET",
        path: `${path(id)}/zip-areas.csv`,
        headers: { Accept: "text/csv" },
        signal,
      });
      if (!response.ok) await raise(response);
      return response.text();
    },
  };
}

function paymentsResource(t: Transport) {
  return {
    /** Payment mode, publishable key and price; never a secret. */
    config: () =>
      t.request({ method: "GET", path: "/api/config/payments", schema: paymentConfigSchema }),
    /** A Stripe PaymentIntent for the premium package of one of your analyses (spec §7). */
    createIntent: (body: PaymentIntentRequest) =>
      t.request({
        method: "POST",
        path: "/api/create-payment-intent",
        body,
        schema: paymentIntentResponseSchema,
      }),
    /** Demo mode only: marks the analysis paid through the same fulfilment as the webhook. */
    confirmDemo: (body: PaymentIntentRequest) =>
      t.request({
        method: "POST",
        path: "/api/payments/demo/confirm",
        body,
        schema: paymentSchema,
      }),
  };
}

const analysisEnvelope = z.object({ analysis: analysisSchema });

/** A POST answered by `{ analysis }`; resolves to the analysis. */
const postForAnalysis = (t: Transport, req: Pick<RequestOptions<unknown>, "path" | "body">) =>
  t.request({ method: "POST", ...req, schema: analysisEnvelope }).then((r) => r.analysis);

function premiumResource(t: Transport) {
  const path = analysisPath;
  return {
    /** Runs keyword research (premium: paid or administrator; 402 otherwise). */
    keywords: (analysisId: string) =>
      postForAnalysis(t, { path: "/api/keyword-analysis/analyze", body: { analysisId } }),
    /** Runs competition analysis (premium; 400 until keyword research is complete). */
    competition: (analysisId: string) =>
      postForAnalysis(t, { path: `${path(analysisId)}/competition-analysis` }),
    /** Where the PDF report of an analysis is served (premium). */
    reportPath: (analysisId: string) => `${path(analysisId)}/report.pdf`,
    /** The PDF report's bytes (premium); raises like every call on failure. */
    async report(analysisId: string, signal?: AbortSignal): Promise<Uint8Array> {
      const response = await t.send({
        method: "GET",
        path: `${path(analysisId)}/report.pdf`,
        signal,
      });
      if (!response.ok) await raise(response);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

function settingsResource(t: Transport) {
  return {
    public: (): Promise<PublicSettings> =>
      t.request({ method: "GET", path: "/api/public/settings", schema: publicSettingsSchema }),
    /** The four video URLs, for any signed-in user (the results page, spec §6). */
    videos: (): Promise<AppSettings> =>
      t.request({ method: "GET", path: "/api/settings/videos", schema: appSettingsSchema }),
  };
}

function configResource(t: Transport) {
  return {
    /** The configured map key (signed-in users), or null when none is configured (404). */
    mapsKey: (signal?: AbortSignal): Promise<MapsKeyResponse | null> =>
      getOrNull(t, "/api/config/google-maps-key", 404, mapsKeyResponseSchema, signal),
  };
}

function adminResource(t: Transport) {
  return {
    /** Whether the first-administrator setup is still open. */
    setupStatus: () =>
      t.request({
        method: "GET",
        path: "/api/admin/setup",
        schema: z.object({ available: z.boolean() }),
      }),
    /** Payments, newest first (administrators): one page (the first unless `cursor`). */
    payments: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/payments", "payments", paymentSchema, query).then((p) => p.items),
    /** A page of payments, with `nextCursor` and `total`. */
    paymentsPage: (query: PageQuery = {}): Promise<Page<Payment>> =>
      getPage(t, "/api/admin/payments", "payments", paymentSchema, query),
    /** Refunds a payment (within the guarantee) and withdraws premium access (administrators). */
    refundPayment: (id: string) =>
      t.request({
        method: "POST",
        path: `${at("/api/admin/payments", id)}/refund`,
        schema: paymentSchema,
      }),
    /** Creates the first administrator; refused (403) once one exists. */
    setup: (body: AdminSetupRequest) =>
      t.request({ method: "POST", path: "/api/admin/setup", body, schema: userSchema }),

    /** Summary cards: totalUsers, totalAnalyses, totalRevenue (dollars), activeUsers. */
    analytics: () =>
      t.request({ method: "GET", path: "/api/admin/analytics", schema: adminAnalyticsSchema }),
    /** Users, newest first: one page (the first unless `cursor`). */
    users: (query: PageQuery = {}): Promise<AdminUser[]> =>
      getPage(t, "/api/admin/users", "users", adminUserSchema, query).then((p) => p.items),
    /** A page of users, with `nextCursor` and `total`. */
    usersPage: (query: PageQuery = {}): Promise<Page<AdminUser>> =>
      getPage(t, "/api/admin/users", "users", adminUserSchema, query),
    /** Grants or withdraws the admin flag of another user; returns the updated user. */
    setAdmin: (userId: string, isAdmin: boolean) =>
      t.request({
        method: "PUT",
        path: `${userPath(userId)}/admin`,
        body: { isAdmin },
        schema: adminUserSchema,
      }),
    /** Deletes another user with their sessions, analyses and payments. */
    deleteUser: (userId: string) =>
      t.request({ method: "DELETE", path: userPath(userId), schema: deleteUserResponseSchema }),
    /** Analyses of all users, newest first, with the owner's email and step ticks: one page. */
    analyses: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/analyses", "analyses", adminAnalysisSchema, query).then(
        (p) => p.items,
      ),
    /** A page of all users' analyses, with `nextCursor` and `total`. */
    analysesPage: (query: PageQuery = {}): Promise<Page<AdminAnalysis>> =>
      getPage(t, "/api/admin/analyses", "analyses", adminAnalysisSchema, query),
    /** Deletes these analyses (and their payments); 400 on an empty list. */
    bulkDeleteAnalyses: (analysisIds: string[]) =>
      t.request({
        method: "DELETE",
        path: "/api/admin/analyses/bulk",
        body: { analysisIds },
        schema: bulkDeleteAnalysesResponseSchema,
      }),
    /** The four video URLs. */
    settings: (): Promise<AppSettings> =>
      t.request({ method: "GET", path: "/api/admin/settings", schema: appSettingsSchema }),
    /** Changes some of the video URLs (each an http(s) URL or empty); returns all four. */
    updateSettings: (patch: SettingsPatch): Promise<AppSettings> =>
      t.request({
        method: "PATCH",
        path: "/api/admin/settings",
        body: patch,
        schema: appSettingsSchema,
      }),
    /** Every outside-service key: configured or not, where from, last four characters, last test. */
    apiKeys: (): Promise<ApiKeyStatus[]> =>
      getList(t, "/api/admin/api-keys", "apiKeys", apiKeyStatusSchema),
    /** Stores a key, encrypted (an environment variable still wins). */
    saveApiKey: (name: ApiKeyName, value: string) =>
      t.request({
        method: "PUT",
        path: keyPath(name),
        body: { value },
        schema: apiKeyStatusSchema,
      }),
    /** The server makes a real request to the provider with this value (or the key in use). */
    testApiKey: (name: ApiKeyName, value?: string) =>
      t.request({
        method: "POST",
        path: `${keyPath(name)}/test`,
        body: value === undefined ? {} : { value },
        schema: apiKeyTestResultSchema,
      }),
    /** Removes the stored value (an environment variable, if set, stays in use). */
    deleteApiKey: (name: ApiKeyName) =>
      t.request({ method: "DELETE", path: keyPath(name), schema: apiKeyStatusSchema }),
    /** The spec's call for the maps key (POST /api/admin/save-api-key). */
    saveMapsKey: (googleMapsApiKey: string) =>
      t.request({
        method: "POST",
        path: "/api/admin/save-api-key",
        body: { googleMapsApiKey },
        schema: messageResponseSchema,
      }),
    /** Version, uptime, database, providers, email/payment mode. */
    system: () =>
      t.request({ method: "GET", path: "/api/admin/system", schema: systemStatusSchema }),
    /** Recent server log entries, newest first; `level` keeps that level and above. */
    logs: (query: { level?: LogLevel; limit?: number } = {}) =>
      getList(
        t,
        withQuery("/api/admin/logs", { level: query.level, limit: query.limit }),
        "entries",
        logEntrySchema,
      ),
    /** A page of the log, newest first, with `nextCursor` and `total`; `level` and above. */
    logsPage: (query: PageQuery & { level?: LogLevel } = {}): Promise<Page<LogEntry>> =>
      getPage(t, "/api/admin/logs", "entries", logEntrySchema, query, { level: query.level }),
    /** The audit trail, newest first: one page (the first unless `cursor`). */
    audit: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/audit", "entries", auditEntrySchema, query).then((p) => p.items),
    /** A page of the audit trail, with `nextCursor` and `total`. */
    auditPage: (query: PageQuery = {}): Promise<Page<AuditEntry>> =>
      getPage(t, "/api/admin/audit", "entries", auditEntrySchema, query),
    ...partnerCalls(t),
  };
}

/** Partners of the embeddable widget and the leads it captured (administrators). */
function partnerCalls(t: Transport) {
  const path = (id: string) => at("/api/admin/partners", id);
  const leadsPage = (query: (LeadsQuery & PageQuery) | string = {}) => {
    const q = typeof query === "string" ? { partnerId: query } : query;
    return getPage(t, "/api/admin/leads", "leads", leadSchema, q, {
      partnerId: q.partnerId,
      status: q.status,
    });
  };
  return {
    /** Partners, newest first, with today's usage, lead count and failed deliveries: one page. */
    partners: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/partners", "partners", partnerSchema, query).then((p) => p.items),
    /** A page of partners, with `nextCursor` and `total`. */
    partnersPage: (query: PageQuery = {}): Promise<Page<Partner>> =>
      getPage(t, "/api/admin/partners", "partners", partnerSchema, query),
    /** Creates a partner: its public key (pk_…) and webhook secret (whsec_…, shown this once). */
    createPartner: (body: PartnerCreate) =>
      t.request({
        method: "POST",
        path: "/api/admin/partners",
        body,
        schema: partnerCreatedSchema,
      }),
    /** Changes a partner; `rotateWebhookSecret: true` returns a new secret (shown this once). */
    updatePartner: (id: string, patch: PartnerUpdate) =>
      t.request({ method: "PATCH", path: path(id), body: patch, schema: partnerUpdatedSchema }),
    /** Revokes a partner (active = false): its widget stops answering at once. */
    revokePartner: (id: string) =>
      t.request({ method: "DELETE", path: path(id), schema: partnerSchema }),
    /** Captured leads, newest first, with their webhook delivery status: one page. */
    leads: (query: (LeadsQuery & PageQuery) | string = {}) => leadsPage(query).then((p) => p.items),
    /** A page of leads (optionally of one partner or one delivery status), with `total`. */
    leadsPage: (query: (LeadsQuery & PageQuery) | string = {}): Promise<Page<Lead>> =>
      leadsPage(query),
  };
}

/**
 * The widget's anonymous calls: authorized by the partner's public key (header
 * X-BIS-Partner-Key) and the page's Origin; never with cookies.
 */
function widgetResource(t: Transport) {
  /** A POST carrying the partner's key, never cookies. */
  const post = <T>(
    path: string,
    schema: z.ZodType<T>,
    partnerKey: string,
    body: unknown,
    signal?: AbortSignal,
  ) =>
    t.request({
      method: "POST",
      path,
      body,
      headers: { [PARTNER_KEY_HEADER]: partnerKey },
      credentials: "omit",
      schema,
      signal,
    });
  return {
    /** The free market snapshot; `reduced: true` (with a notice) once the daily quota is used. */
    analyze: (partnerKey: string, body: WidgetAnalyzeRequest, signal?: AbortSignal) =>
      post("/api/widget/analyze", widgetAnalyzeResponseSchema, partnerKey, body, signal),
    /** Stores a lead (consent required) and forwards it to the partner's webhook. */
    lead: (partnerKey: string, body: WidgetLeadRequest, signal?: AbortSignal) =>
      post("/api/widget/leads", widgetLeadResponseSchema, partnerKey, body, signal),
    /** Version, versioned path and SRI hash of the served widget file. */
    manifest: () =>
      t.request({
        method: "GET",
        path: "/api/widget/manifest",
        credentials: "omit",
        schema: widgetManifestSchema,
      }),
  };
}

const userPath = (userId: string) => at("/api/admin/users", userId);
const keyPath = (name: ApiKeyName) => at("/api/admin/api-keys", name);

function devResource(t: Transport) {
  return {
    /** The development outbox (mail sent without SMTP); 404 in production. */
    outbox: () =>
      t.request({
        method: "GET",
        path: "/api/dev/outbox",
        schema: z.object({ messages: z.array(outboxMessageSchema) }),
      }),
  };
}

function tokensResource(t: Transport) {
  return {
    /**
     * Creates a personal API token for the signed-in user, or with `email` + `password` for
     * that account. The secret (`token`) is in this answer only.
     */
    create: (body: CreateTokenRequest): Promise<CreatedToken> =>
      t.request({ method: "POST", path: "/api/tokens", body, schema: createdTokenSchema }),
    /** Your tokens (revoked ones included), newest first: one page; `current` marks the one in use. */
    list: (query: PageQuery = {}): Promise<ApiToken[]> =>
      getPage(t, "/api/tokens", "tokens", apiTokenSchema, query).then((p) => p.items),
    /** A page of your tokens, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<ApiToken>> =>
      getPage(t, "/api/tokens", "tokens", apiTokenSchema, query),
    /** Revokes one of your tokens (administrators: anyone's); 404 otherwise. */
    revoke: (id: string): Promise<ApiToken> =>
      t.request({
        method: "DELETE",
        path: at("/api/tokens", id),
        schema: apiTokenSchema,
      }),
  };
}

export type BisClient = ReturnType<typeof createClient>;
export type { AppSettings };

export function createClient(options: TransportOptions = {}) {
  const transport = createTransport(options);
  return {
    transport,
    auth: authResource(transport),
    account: accountResource(transport),
    settings: settingsResource(transport),
    config: configResource(transport),
    analyses: analysesResource(transport),
    payments: paymentsResource(transport),
    premium: premiumResource(transport),
    admin: adminResource(transport),
    dev: devResource(transport),
    tokens: tokensResource(transport),
    widget: widgetResource(transport),
  };
}
