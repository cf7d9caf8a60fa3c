/**
 * The administrators' calls (the admin panel): setup, users, payments, analyses,
 * settings, outside-service keys, system, log and audit trail, and the widget's partners.
 */
import { endpoints } from "../../api/endpoints.js";
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
import { getPage } from "../calls.js";
import type { Transport } from "../transport.js";
import { partnerCalls } from "./partners.js";

const { admin, site } = endpoints;

export function adminResource(t: Transport) {
  return {
    /** Whether the first-administrator setup is still open. */
    setupStatus: () => t.call(site.setupStatus),
    /** Creates the first administrator; refused (403) once one exists. */
    setup: (body: AdminSetupRequest) => t.call(site.setup, { body }),
    /**
     * Summary cards: totalUsers, totalAnalyses, totalRevenue (dollars: real payments net of
     * refunds), activeUsers; demo purchases apart (demoPayments, demoRevenue).
     */
    analytics: () => t.call(admin.analytics),
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
  return {
    /** Users, newest first: one page (the first unless `cursor`). */
    users: (query: PageQuery = {}): Promise<AdminUser[]> =>
      getPage(t, admin.users, query).then((p) => p.items),
    /** A page of users, with `nextCursor` and `total`. */
    usersPage: (query: PageQuery = {}): Promise<Page<AdminUser>> => getPage(t, admin.users, query),
    /** Grants or withdraws the admin flag of another user; returns the updated user. */
    setAdmin: (userId: string, isAdmin: boolean) =>
      t.call(admin.setAdmin, { params: { userId }, body: { isAdmin } }),
    /** Deletes another user with their sessions, analyses and payments. */
    deleteUser: (userId: string) => t.call(admin.deleteUser, { params: { userId } }),
  };
}

/** Which payments: all (default), real ones (Stripe) or demo ones (no card charged). */
export type PaymentQuery = PageQuery & { kind?: "all" | "real" | "demo" };

function paymentCalls(t: Transport) {
  const page = ({ kind, ...query }: PaymentQuery) => getPage(t, admin.payments, query, { kind });
  return {
    /** Payments, newest first (administrators): one page (the first unless `cursor`). */
    payments: (query: PaymentQuery = {}) => page(query).then((p) => p.items),
    /** A page of payments, with `nextCursor` and `total`. */
    paymentsPage: (query: PaymentQuery = {}): Promise<Page<Payment>> => page(query),
    /** The price of each paid deliverable, in cents (the package costs the offered ones' sum). */
    prices: () => t.call(admin.prices),
    /** Sets some of the prices (cents); answers all three. */
    updatePrices: (patch: PremiumPricesPatch) => t.call(admin.updatePrices, { body: patch }),
    /** Refunds a payment (within the guarantee) and withdraws premium access (administrators). */
    refundPayment: (id: string) => t.call(admin.refundPayment, { params: { id } }),
  };
}

function analysisCalls(t: Transport) {
  return {
    /** Analyses of all users, newest first, with the owner's email and step ticks: one page. */
    analyses: (query: PageQuery = {}) => getPage(t, admin.analyses, query).then((p) => p.items),
    /** A page of all users' analyses, with `nextCursor` and `total`. */
    analysesPage: (query: PageQuery = {}): Promise<Page<AdminAnalysis>> =>
      getPage(t, admin.analyses, query),
    /** Deletes these analyses (and their payments); 400 on an empty list. */
    bulkDeleteAnalyses: (analysisIds: string[]) =>
      t.call(admin.bulkDeleteAnalyses, { body: { analysisIds } }),
  };
}

function settingsCalls(t: Transport) {
  return {
    /** The four video URLs. */
    settings: (): Promise<AppSettings> => t.call(admin.settings),
    /** Changes some of the video URLs (each an http(s) URL or empty); returns all four. */
    updateSettings: (patch: SettingsPatch): Promise<AppSettings> =>
      t.call(admin.updateSettings, { body: patch }),
  };
}

function keyCalls(t: Transport) {
  return {
    /** Every outside-service key: configured or not, where from, last four characters, last test. */
    apiKeys: (): Promise<ApiKeyStatus[]> => t.call(admin.apiKeys),
    /** Stores a key, encrypted (an environment variable still wins). */
    saveApiKey: (name: ApiKeyName, value: string) =>
      t.call(admin.saveApiKey, { params: { name }, body: { value } }),
    /** The server makes a real request to the provider with this value (or the key in use). */
    testApiKey: (name: ApiKeyName, value?: string) =>
      t.call(admin.testApiKey, { params: { name }, body: value === undefined ? {} : { value } }),
    /** Removes the stored value (an environment variable, if set, stays in use). */
    deleteApiKey: (name: ApiKeyName) => t.call(admin.deleteApiKey, { params: { name } }),
    /** The spec's call for the maps key (POST /api/admin/save-api-key). */
    saveMapsKey: (googleMapsApiKey: string) =>
      t.call(admin.saveMapsKey, { body: { googleMapsApiKey } }),
  };
}

function systemCalls(t: Transport) {
  return {
    /** Version, uptime, database, providers, email/payment mode, the live instances. */
    system: () => t.call(admin.system),
    /** Server log entries of every instance, newest first; `level` keeps that level and above. */
    logs: (query: { level?: LogLevel; limit?: number } = {}): Promise<LogEntry[]> =>
      t
        .call(admin.logs, { query: { level: query.level, limit: query.limit } })
        .then((page) => page.items),
    /** A page of the log, newest first, with `nextCursor` and `total`; `level` and above. */
    logsPage: (query: PageQuery & { level?: LogLevel } = {}): Promise<Page<LogEntry>> =>
      getPage(t, admin.logs, query, { level: query.level }),
    /** The audit trail, newest first: one page (the first unless `cursor`). */
    audit: (query: PageQuery = {}) => getPage(t, admin.audit, query).then((p) => p.items),
    /** A page of the audit trail, with `nextCursor` and `total`. */
    auditPage: (query: PageQuery = {}): Promise<Page<AuditEntry>> => getPage(t, admin.audit, query),
  };
}
