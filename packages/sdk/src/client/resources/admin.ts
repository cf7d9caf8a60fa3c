/**
 * The administrators' calls (the admin panel): setup, users, payments, analyses,
 * settings, outside-service keys, system, log and audit trail, and the widget's partners.
 */
import type {
  AdminAnalysis,
  AdminUser,
  ApiKeyName,
  ApiKeyStatus,
  AuditEntry,
  LogEntry,
  LogLevel,
  SettingsPatch,
} from "../../schemas/admin.js";
import type { AppSettings } from "../../schemas/entities.js";
import type { AdminSetupRequest } from "../../schemas/forms.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import type { Payment, PremiumPricesPatch } from "../../schemas/payments.js";
import { at, getPage, withQuery } from "../calls.js";
import { listOf, schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";
import { partnerCalls } from "./partners.js";

const admin = schemasOf(() => import("../../schemas/admin.js"));
const entities = schemasOf(() => import("../../schemas/entities.js"));
const payments = schemasOf(() => import("../../schemas/payments.js"));

const userPath = (userId: string) => at("/api/admin/users", userId);
const keyPath = (name: ApiKeyName) => at("/api/admin/api-keys", name);

export function adminResource(t: Transport) {
  return {
    /** Whether the first-administrator setup is still open. */
    setupStatus: () =>
      t.request({
        method: "GET",
        path: "/api/admin/setup",
        schema: admin("adminSetupStatusSchema"),
      }),
    /** Creates the first administrator; refused (403) once one exists. */
    setup: (body: AdminSetupRequest) =>
      t.request({
        method: "POST",
        path: "/api/admin/setup",
        body,
        schema: entities("userSchema"),
      }),
    /**
     * Summary cards: totalUsers, totalAnalyses, totalRevenue (dollars: real payments net of
     * refunds), activeUsers; demo purchases apart (demoPayments, demoRevenue).
     */
    analytics: () =>
      t.request({
        method: "GET",
        path: "/api/admin/analytics",
        schema: entities("adminAnalyticsSchema"),
      }),
    ...userCalls(t),
    ...paymentCalls(t),
    ...analysisCalls(t),
    ...settingsCalls(t),
    ...keyCalls(t),
    ...systemCalls(t),
    ...partnerCalls(t),
  };
}

function userCalls(t: Transport) {
  const userSchema = admin("adminUserSchema");
  return {
    /** Users, newest first: one page (the first unless `cursor`). */
    users: (query: PageQuery = {}): Promise<AdminUser[]> =>
      getPage(t, "/api/admin/users", "users", userSchema, query).then((p) => p.items),
    /** A page of users, with `nextCursor` and `total`. */
    usersPage: (query: PageQuery = {}): Promise<Page<AdminUser>> =>
      getPage(t, "/api/admin/users", "users", userSchema, query),
    /** Grants or withdraws the admin flag of another user; returns the updated user. */
    setAdmin: (userId: string, isAdmin: boolean) =>
      t.request({
        method: "PUT",
        path: `${userPath(userId)}/admin`,
        body: { isAdmin },
        schema: userSchema,
      }),
    /** Deletes another user with their sessions, analyses and payments. */
    deleteUser: (userId: string) =>
      t.request({
        method: "DELETE",
        path: userPath(userId),
        schema: admin("deleteUserResponseSchema"),
      }),
  };
}

/** Which payments: all (default), real ones (Stripe) or demo ones (no card charged). */
export type PaymentQuery = PageQuery & { kind?: "all" | "real" | "demo" };

function paymentCalls(t: Transport) {
  const paymentSchema = payments("paymentSchema");
  const page = ({ kind, ...query }: PaymentQuery) =>
    getPage(t, "/api/admin/payments", "payments", paymentSchema, query, { kind });
  return {
    /** Payments, newest first (administrators): one page (the first unless `cursor`). */
    payments: (query: PaymentQuery = {}) => page(query).then((p) => p.items),
    /** A page of payments, with `nextCursor` and `total`. */
    paymentsPage: (query: PaymentQuery = {}): Promise<Page<Payment>> => page(query),
    /** The price of each paid deliverable, in cents (the package costs the offered ones' sum). */
    prices: () =>
      t.request({
        method: "GET",
        path: "/api/admin/prices",
        schema: payments("premiumPricesSchema"),
      }),
    /** Sets some of the prices (cents); answers all three. */
    updatePrices: (patch: PremiumPricesPatch) =>
      t.request({
        method: "PATCH",
        path: "/api/admin/prices",
        body: patch,
        schema: payments("premiumPricesSchema"),
      }),
    /** Refunds a payment (within the guarantee) and withdraws premium access (administrators). */
    refundPayment: (id: string) =>
      t.request({
        method: "POST",
        path: `${at("/api/admin/payments", id)}/refund`,
        schema: paymentSchema,
      }),
  };
}

function analysisCalls(t: Transport) {
  const analysisSchema = admin("adminAnalysisSchema");
  return {
    /** Analyses of all users, newest first, with the owner's email and step ticks: one page. */
    analyses: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/analyses", "analyses", analysisSchema, query).then((p) => p.items),
    /** A page of all users' analyses, with `nextCursor` and `total`. */
    analysesPage: (query: PageQuery = {}): Promise<Page<AdminAnalysis>> =>
      getPage(t, "/api/admin/analyses", "analyses", analysisSchema, query),
    /** Deletes these analyses (and their payments); 400 on an empty list. */
    bulkDeleteAnalyses: (analysisIds: string[]) =>
      t.request({
        method: "DELETE",
        path: "/api/admin/analyses/bulk",
        body: { analysisIds },
        schema: admin("bulkDeleteAnalysesResponseSchema"),
      }),
  };
}

function settingsCalls(t: Transport) {
  const appSettings = entities("appSettingsSchema");
  return {
    /** The four video URLs. */
    settings: (): Promise<AppSettings> =>
      t.request({ method: "GET", path: "/api/admin/settings", schema: appSettings }),
    /** Changes some of the video URLs (each an http(s) URL or empty); returns all four. */
    updateSettings: (patch: SettingsPatch): Promise<AppSettings> =>
      t.request({ method: "PATCH", path: "/api/admin/settings", body: patch, schema: appSettings }),
  };
}

function keyCalls(t: Transport) {
  const keyStatus = admin("apiKeyStatusSchema");
  return {
    /** Every outside-service key: configured or not, where from, last four characters, last test. */
    apiKeys: (): Promise<ApiKeyStatus[]> =>
      t.request({
        method: "GET",
        path: "/api/admin/api-keys",
        schema: listOf("apiKeys", keyStatus),
      }),
    /** Stores a key, encrypted (an environment variable still wins). */
    saveApiKey: (name: ApiKeyName, value: string) =>
      t.request({ method: "PUT", path: keyPath(name), body: { value }, schema: keyStatus }),
    /** The server makes a real request to the provider with this value (or the key in use). */
    testApiKey: (name: ApiKeyName, value?: string) =>
      t.request({
        method: "POST",
        path: `${keyPath(name)}/test`,
        body: value === undefined ? {} : { value },
        schema: admin("apiKeyTestResultSchema"),
      }),
    /** Removes the stored value (an environment variable, if set, stays in use). */
    deleteApiKey: (name: ApiKeyName) =>
      t.request({ method: "DELETE", path: keyPath(name), schema: keyStatus }),
    /** The spec's call for the maps key (POST /api/admin/save-api-key). */
    saveMapsKey: (googleMapsApiKey: string) =>
      t.request({
        method: "POST",
        path: "/api/admin/save-api-key",
        body: { googleMapsApiKey },
        schema: entities("messageResponseSchema"),
      }),
  };
}

function systemCalls(t: Transport) {
  const logEntry = admin("logEntrySchema");
  const auditEntry = admin("auditEntrySchema");
  return {
    /** Version, uptime, database, providers, email/payment mode, the live instances. */
    system: () =>
      t.request({ method: "GET", path: "/api/admin/system", schema: admin("systemStatusSchema") }),
    /** Server log entries of every instance, newest first; `level` keeps that level and above. */
    logs: (query: { level?: LogLevel; limit?: number } = {}): Promise<LogEntry[]> =>
      t.request({
        method: "GET",
        path: withQuery("/api/admin/logs", { level: query.level, limit: query.limit }),
        schema: listOf("entries", logEntry),
      }),
    /** A page of the log, newest first, with `nextCursor` and `total`; `level` and above. */
    logsPage: (query: PageQuery & { level?: LogLevel } = {}): Promise<Page<LogEntry>> =>
      getPage(t, "/api/admin/logs", "entries", logEntry, query, { level: query.level }),
    /** The audit trail, newest first: one page (the first unless `cursor`). */
    audit: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/audit", "entries", auditEntry, query).then((p) => p.items),
    /** A page of the audit trail, with `nextCursor` and `total`. */
    auditPage: (query: PageQuery = {}): Promise<Page<AuditEntry>> =>
      getPage(t, "/api/admin/audit", "entries", auditEntry, query),
  };
}
