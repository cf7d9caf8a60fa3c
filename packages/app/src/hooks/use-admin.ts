/**
 * The administration panel's calls: the
 * queries of every tab and the changes with their toasts. What a refused call (401, 403) means
 * for the screen is decided in one place, use-admin-gate.ts.
 */
import {
  ADMIN_SUMMARY_REFRESH_MS,
  type ApiKeyName,
  allPages,
  endpoints,
  errorMessage,
  isSignInRequired,
  type LogLevel,
  PAGE_SIZE_DEFAULT,
  type SettingsPatch,
  type WebhookStatus,
} from "@bis/sdk";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../lib/api";
import { keyOf, optionalQueryOf, pagedOf, prefixOf, queryOptionsOf } from "../lib/query-options";
import { useAdminGate, useAdminPaged, useAdminQuery } from "./use-admin-gate";
import { endSession } from "./use-auth";
import { toast } from "./use-toast";

const { admin, partners } = endpoints;

/**
 * Every administrator's query: all of them sit under `/api/admin` (query-options.ts), so a
 * change refreshes every tab by default.
 */
export const everyAdminQuery = prefixOf(admin.analytics, partners.list);

/** How often the Logs tab refreshes itself while auto-refresh is on (the specification's 5 s). */
export const LOGS_REFRESH_MS = 5000;

/* ------------------------------------------------------------------ queries */

export function useAdminAnalytics() {
  return useAdminQuery({
    ...queryOptionsOf(admin.analytics, undefined),
    refetchInterval: ADMIN_SUMMARY_REFRESH_MS,
  });
}

export function useAdminSystem() {
  return useAdminQuery({
    ...queryOptionsOf(admin.system, undefined),
    refetchInterval: ADMIN_SUMMARY_REFRESH_MS,
  });
}

/** Users, newest first, a page at a time. */
export function useAdminUsers() {
  const list = pagedOf(admin.users, undefined);
  return useAdminPaged(list.queryKey, list.fetchPage);
}

/** All users' analyses, newest first, a page at a time. */
export function useAdminAnalyses() {
  const list = pagedOf(admin.analyses, undefined);
  return useAdminPaged(list.queryKey, list.fetchPage);
}

/**
 * Every analysis (all pages), for the Analyses tab's breakdowns, which need the whole list.
 * TODO: a server-side aggregate would avoid reading every row.
 */
export function useAdminAllAnalyses() {
  return useAdminQuery({
    queryKey: [...keyOf(admin.analyses), "all"],
    queryFn: () => allPages(pagedOf(admin.analyses, undefined).fetchPage),
  });
}

/** Payments, newest first, a page at a time. */
export function useAdminPayments() {
  const list = pagedOf(admin.payments, undefined);
  return useAdminPaged(list.queryKey, list.fetchPage);
}

/** Every payment (all pages): the user-deletion summary counts a user's payments. */
export function useAdminAllPayments() {
  return useAdminQuery({
    queryKey: [...keyOf(admin.payments), "all"],
    queryFn: () => allPages(pagedOf(admin.payments, undefined).fetchPage),
  });
}

export function useAdminSettings() {
  return useAdminQuery(queryOptionsOf(admin.settings, undefined));
}

export function useAdminApiKeys() {
  return useAdminQuery(queryOptionsOf(admin.apiKeys, undefined));
}

/** The server log at `level` and above, newest first, a page at a time ("Load more"). */
export function useAdminLogs(level: LogLevel | "all", autoRefresh: boolean) {
  const logs = pagedOf(admin.logs, undefined, { level: level === "all" ? undefined : level });
  return useAdminPaged(
    logs.queryKey,
    // Without a page size the server sends its newest 500 entries.
    (query) => logs.fetchPage({ ...query, limit: query.limit ?? PAGE_SIZE_DEFAULT }),
    { refetchInterval: autoRefresh ? LOGS_REFRESH_MS : false },
  );
}

export function useAdminAudit(autoRefresh = false) {
  const audit = pagedOf(admin.audit, undefined);
  return useAdminPaged(audit.queryKey, audit.fetchPage, {
    refetchInterval: autoRefresh ? LOGS_REFRESH_MS : false,
  });
}

/** The widget's partners, a page at a time. */
export function usePartners() {
  const list = pagedOf(partners.list, undefined);
  return useAdminPaged(list.queryKey, list.fetchPage);
}

/** A partner's brand; null while it has none. */
export function usePartnerBrand(partnerId: string) {
  return useAdminQuery(optionalQueryOf(partners.brand, { id: partnerId }, "BRAND_NOT_FOUND"));
}

/** The users reporting under a partner's brand and those asking to, a page at a time. */
export function usePartnerMembers(partnerId: string) {
  const list = pagedOf(partners.members, { id: partnerId });
  return useAdminPaged(list.queryKey, list.fetchPage);
}

/** The widget's leads, newest first, with one delivery status or all. */
export function useLeads(status: WebhookStatus | "all") {
  const list = pagedOf(partners.leads, undefined, {
    status: status === "all" ? undefined : status,
  });
  return useAdminPaged(list.queryKey, list.fetchPage);
}

/* ------------------------------------------------------------------ changes */

/**
 * An admin change, the one way: `call`, then `onSuccess` (its toast); a refusal (401, 403)
 * goes to the screen's gate, any other failure is a destructive toast `failedTitle` with the
 * server's message; afterwards the queries under `refresh` are refetched — by default every
 * admin query (the lists, the summary cards, the audit trail).
 */
export function useAdminChange<Variables, Result>(
  failedTitle: string,
  call: (variables: Variables) => Promise<Result>,
  onSuccess: (result: Result, variables: Variables) => void,
  {
    refresh = [everyAdminQuery],
    onError,
  }: {
    refresh?: readonly QueryKey[];
    /** A failure this change reports its own way; returns true when it did. */
    onError?: (error: unknown) => boolean;
  } = {},
) {
  const { handleError } = useAdminGate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess,
    onError: (error) => {
      if (onError?.(error) || handleError(error)) return;
      toast({
        variant: "destructive",
        title: failedTitle,
        description: errorMessage(error, failedTitle),
      });
    },
    onSettled: () => {
      for (const queryKey of refresh) void client.invalidateQueries({ queryKey });
    },
  });
}

const success = (description: string) => toast({ title: "Success", description });

export function useSetAdmin() {
  return useAdminChange(
    "Failed to update admin status",
    ({ userId, isAdmin }: { userId: string; isAdmin: boolean; email: string }) =>
      api.admin.setAdmin(userId, isAdmin),
    (_user, { isAdmin, email }) =>
      success(
        isAdmin ? `${email} is now an administrator.` : `${email} is no longer an administrator.`,
      ),
  );
}

export function useDeleteUser() {
  return useAdminChange(
    "Failed to delete user",
    (userId: string) => api.admin.deleteUser(userId),
    ({ deletedUser }) => success(`Deleted ${deletedUser.email} with their analyses and payments.`),
  );
}

export function useBulkDeleteAnalyses() {
  const client = useQueryClient();
  return useAdminChange(
    "Failed to delete analyses",
    (analysisIds: string[]) => api.admin.bulkDeleteAnalyses(analysisIds),
    ({ deletedCount }) => {
      success(`Deleted ${deletedCount} ${deletedCount === 1 ? "analysis" : "analyses"}.`);
      // The administrator's own list may have held some of them.
      void client.invalidateQueries({ queryKey: keyOf(endpoints.analyses.list) });
    },
  );
}

export function useUpdateSettings() {
  const { handleError } = useAdminGate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => api.admin.updateSettings(patch),
    onSuccess: (settings) => {
      client.setQueryData(keyOf(admin.settings), settings);
      void client.invalidateQueries({ queryKey: keyOf(endpoints.site.publicSettings) });
      void client.invalidateQueries({ queryKey: keyOf(admin.audit) });
      toast({ title: "Settings Updated", description: "The video settings have been saved." });
    },
    onError: (error) => {
      if (handleError(error)) return;
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: "Failed to update settings. Please try again.",
      });
    },
  });
}

export function useRefundPayment() {
  return useAdminChange(
    "Refund Failed",
    (paymentId: string) => api.admin.refundPayment(paymentId),
    () => success("The payment was refunded."),
  );
}

/* ------------------------------------------------------------------ API keys */

/** What a change of an API key makes stale. */
const KEY_QUERIES = [keyOf(admin.apiKeys), keyOf(admin.system), keyOf(admin.audit)];

/**
 * Save an outside-service key. The maps key goes through the specification's own call
 * (POST /api/admin/save-api-key); the others through PUT /api/admin/api-keys/{name}.
 * A 401 is "Save Failed" — "Please log in again to save API keys" — and the sign-in screen
 * (the specification says "go to /auth"; /auth leads to /signin).
 */
export function useSaveApiKey() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useAdminChange(
    "Save Failed",
    async ({ name, value }: { name: ApiKeyName; value: string }) => {
      if (name === "googleMaps") await api.admin.saveMapsKey(value);
      else await api.admin.saveApiKey(name, value);
    },
    () => success("The API key was saved."),
    {
      refresh: KEY_QUERIES,
      onError: (error) => {
        if (!isSignInRequired(error)) return false;
        toast({
          variant: "destructive",
          title: "Save Failed",
          description: "Please log in again to save API keys",
        });
        endSession(client, "/auth");
        navigate("/auth", { replace: true });
        return true;
      },
    },
  );
}

/** Removes a stored key (an environment variable stays in use). */
export function useDeleteApiKey() {
  return useAdminChange(
    "Remove Failed",
    (name: ApiKeyName) => api.admin.deleteApiKey(name),
    () => success("The stored API key was removed."),
    { refresh: KEY_QUERIES },
  );
}

/**
 * Tests a key on the server (a real request to the provider; the key never goes to the
 * provider from the browser). `ok: false` is "API Key Test Failed" with the server's message.
 */
export function useTestApiKey() {
  return useAdminChange(
    "API Key Test Failed",
    ({ name, value }: { name: ApiKeyName; value?: string }) => api.admin.testApiKey(name, value),
    (result) => {
      if (result.ok) success(result.message);
      else
        toast({
          variant: "destructive",
          title: "API Key Test Failed",
          description: result.message,
        });
    },
    { refresh: [keyOf(admin.apiKeys), keyOf(admin.system)] },
  );
}
