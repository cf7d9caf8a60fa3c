/**
 * The typed BIS API client. Each resource is a thin list of calls over the transport.
 */
import { z } from "zod";
import { errorFromResponse } from "../errors.js";
import {
  type AdminUser,
  type ApiKeyName,
  type ApiKeyStatus,
  adminAnalysisSchema,
  adminUserSchema,
  apiKeyStatusSchema,
  apiKeyTestResultSchema,
  auditEntrySchema,
  bulkDeleteAnalysesResponseSchema,
  deleteUserResponseSchema,
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
import {
  type ApiToken,
  apiTokenSchema,
  type CreatedToken,
  type CreateTokenRequest,
  createdTokenSchema,
} from "../schemas/tokens.js";
import {
  type LeadsQuery,
  leadSchema,
  PARTNER_KEY_HEADER,
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
import { createTransport, type Transport, type TransportOptions } from "./transport.js";

function authResource(t: Transport) {
  return {
    /** The signed-in user, or null when signed out (401). */
    async user(signal?: AbortSignal): Promise<User | null> {
      const response = await t.send({ method: "GET", path: "/api/auth/user", signal });
      if (response.status === 401) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      if (!response.ok) {
        throw errorFromResponse(
          response.status,
          response.statusText,
          await response.text().catch(() => ""),
        );
      }
      return userSchema.parse(await response.json());
    },
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

function analysesResource(t: Transport) {
  const path = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;
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
    /** The signed-in user's analyses, newest first. */
    list: (): Promise<AnalysisSummary[]> =>
      t
        .request({
          method: "GET",
          path: "/api/analyses",
          schema: z.object({ analyses: z.array(analysisSummarySchema) }),
        })
        .then((r) => r.analyses),
    /** Re-runs the market analysis with changed assumptions. */
    rerun: (id: string, body: RerunRequest) =>
      t.request({ method: "PUT", path: `${path(id)}/assumptions`, body, schema: analysisSchema }),
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

function premiumResource(t: Transport) {
  const path = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;
  return {
    /** Runs keyword research (premium: paid or administrator; 402 otherwise). */
    keywords: (analysisId: string) =>
      t
        .request({
          method: "POST",
          path: "/api/keyword-analysis/analyze",
          body: { analysisId },
          schema: analysisEnvelope,
        })
        .then((r) => r.analysis),
    /** Runs competition analysis (premium; 400 until keyword research is complete). */
    competition: (analysisId: string) =>
      t
        .request({
          method: "POST",
          path: `${path(analysisId)}/competition-analysis`,
          schema: analysisEnvelope,
        })
        .then((r) => r.analysis),
    /** Where the PDF report of an analysis is served (premium). */
    reportPath: (analysisId: string) => `${path(analysisId)}/report.pdf`,
    /** The PDF report's bytes (premium); raises like every call on failure. */
    async report(analysisId: string, signal?: AbortSignal): Promise<Uint8Array> {
      const response = await t.send({
        method: "GET",
        path: `${path(analysisId)}/report.pdf`,
        signal,
      });
      if (!response.ok) {
        throw errorFromResponse(
          response.status,
          response.statusText,
          await response.text().catch(() => ""),
        );
      }
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
    async mapsKey(signal?: AbortSignal): Promise<MapsKeyResponse | null> {
      const response = await t.send({
        method: "GET",
        path: "/api/config/google-maps-key",
        signal,
      });
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      if (!response.ok) {
        throw errorFromResponse(
          response.status,
          response.statusText,
          await response.text().catch(() => ""),
        );
      }
      return mapsKeyResponseSchema.parse(await response.json());
    },
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
    /** Payments, newest first (administrators). */
    payments: () =>
      t
        .request({
          method: "GET",
          path: "/api/admin/payments",
          schema: z.object({ payments: z.array(paymentSchema) }),
        })
        .then((r) => r.payments),
    /** Refunds a payment (within the guarantee) and withdraws premium access (administrators). */
    refundPayment: (id: string) =>
      t.request({
        method: "POST",
        path: `/api/admin/payments/${encodeURIComponent(id)}/refund`,
        schema: paymentSchema,
      }),
    /** Creates the first administrator; refused (403) once one exists. */
    setup: (body: AdminSetupRequest) =>
      t.request({ method: "POST", path: "/api/admin/setup", body, schema: userSchema }),

    /** Summary cards: totalUsers, totalAnalyses, totalRevenue (dollars), activeUsers. */
    analytics: () =>
      t.request({ method: "GET", path: "/api/admin/analytics", schema: adminAnalyticsSchema }),
    /** Every user, newest first. */
    users: (): Promise<AdminUser[]> =>
      t
        .request({
          method: "GET",
          path: "/api/admin/users",
          schema: z.object({ users: z.array(adminUserSchema) }),
        })
        .then((r) => r.users),
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
    /** Every analysis (all users), newest first, with the owner's email and step ticks. */
    analyses: () =>
      t
        .request({
          method: "GET",
          path: "/api/admin/analyses",
          schema: z.object({ analyses: z.array(adminAnalysisSchema) }),
        })
        .then((r) => r.analyses),
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
      t
        .request({
          method: "GET",
          path: "/api/admin/api-keys",
          schema: z.object({ apiKeys: z.array(apiKeyStatusSchema) }),
        })
        .then((r) => r.apiKeys),
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
    logs: (query: { level?: LogLevel; limit?: number } = {}) => {
      const params = new URLSearchParams();
      if (query.level) params.set("level", query.level);
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      const qs = params.toString();
      return t
        .request({
          method: "GET",
          path: `/api/admin/logs${qs ? `?${qs}` : ""}`,
          schema: z.object({ entries: z.array(logEntrySchema) }),
        })
        .then((r) => r.entries);
    },
    /** The audit trail, newest first (up to 200 entries). */
    audit: () =>
      t
        .request({
          method: "GET",
          path: "/api/admin/audit",
          schema: z.object({ entries: z.array(auditEntrySchema) }),
        })
        .then((r) => r.entries),
    ...partnerCalls(t),
  };
}

/** Partners of the embeddable widget and the leads it captured (administrators). */
function partnerCalls(t: Transport) {
  const path = (id: string) => `/api/admin/partners/${encodeURIComponent(id)}`;
  return {
    /** Every partner, newest first, with today's usage, lead count and failed deliveries. */
    partners: () =>
      t
        .request({
          method: "GET",
          path: "/api/admin/partners",
          schema: z.object({ partners: z.array(partnerSchema) }),
        })
        .then((r) => r.partners),
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
    /** Captured leads, newest first (up to 500), with their webhook delivery status. */
    leads: (query: LeadsQuery | string = {}) => {
      const q = typeof query === "string" ? { partnerId: query } : query;
      const params = new URLSearchParams();
      if (q.partnerId) params.set("partnerId", q.partnerId);
      if (q.status) params.set("status", q.status);
      const qs = params.toString();
      return t
        .request({
          method: "GET",
          path: `/api/admin/leads${qs ? `?${qs}` : ""}`,
          schema: z.object({ leads: z.array(leadSchema) }),
        })
        .then((r) => r.leads);
    },
  };
}

/**
 * The widget's anonymous calls: authorized by the partner's public key (header
 * X-BIS-Partner-Key) and the page's Origin; never with cookies.
 */
function widgetResource(t: Transport) {
  const keyHeader = (partnerKey: string) => ({ [PARTNER_KEY_HEADER]: partnerKey });
  return {
    /** The free market snapshot; `reduced: true` (with a notice) once the daily quota is used. */
    analyze: (partnerKey: string, body: WidgetAnalyzeRequest, signal?: AbortSignal) =>
      t.request({
        method: "POST",
        path: "/api/widget/analyze",
        body,
        headers: keyHeader(partnerKey),
        credentials: "omit",
        schema: widgetAnalyzeResponseSchema,
        signal,
      }),
    /** Stores a lead (consent required) and forwards it to the partner's webhook. */
    lead: (partnerKey: string, body: WidgetLeadRequest, signal?: AbortSignal) =>
      t.request({
        method: "POST",
        path: "/api/widget/leads",
        body,
        headers: keyHeader(partnerKey),
        credentials: "omit",
        schema: widgetLeadResponseSchema,
        signal,
      }),
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

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;
const keyPath = (name: ApiKeyName) => `/api/admin/api-keys/${encodeURIComponent(name)}`;

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
    /** Your tokens (revoked ones included), newest first; `current` marks the one in use. */
    list: (): Promise<ApiToken[]> =>
      t
        .request({
          method: "GET",
          path: "/api/tokens",
          schema: z.object({ tokens: z.array(apiTokenSchema) }),
        })
        .then((r) => r.tokens),
    /** Revokes one of your tokens (administrators: anyone's); 404 otherwise. */
    revoke: (id: string): Promise<ApiToken> =>
      t.request({
        method: "DELETE",
        path: `/api/tokens/${encodeURIComponent(id)}`,
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
