/**
 * The typed BIS API client. Each resource is a thin list of calls over the transport.
 */
import { z } from "zod";
import { errorFromResponse } from "../errors.js";
import {
  type AnalysisSummary,
  type AppSettings,
  analysisSchema,
  analysisSummarySchema,
  analyzeResponseSchema,
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
  };
}

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

export type BisClient = ReturnType<typeof createClient>;
export type { AppSettings };

export function createClient(options: TransportOptions = {}) {
  const transport = createTransport(options);
  return {
    transport,
    auth: authResource(transport),
    settings: settingsResource(transport),
    analyses: analysesResource(transport),
    payments: paymentsResource(transport),
    premium: premiumResource(transport),
    admin: adminResource(transport),
    dev: devResource(transport),
  };
}
