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
import { api, queryKeys } from "../lib/api";
import { useAdminGate, useAdminPaged, useAdminQuery } from "./use-admin-gate";
import { endSession } from "./use-auth";
import { toast } from "./use-toast";

const { admin, partners } = endpoints;

/**
 * Query keys of the admin calls: "admin", then the path of the call that fills the query (the
 * endpoint table's); invalidating `all` refreshes every tab, and a partner's brand and members
 * sit under the partners list.
 */
export const adminKeys = {
  all: ["admin"],
  analytics: ["admin", admin.analytics.path],
  system: ["admin", admin.system.path],
  users: ["admin", admin.users.path],
  analyses: ["admin", admin.analyses.path],
  payments: ["admin", admin.payments.path],
  prices: ["admin", admin.prices.path],
  settings: ["admin", admin.settings.path],
  apiKeys: ["admin", admin.apiKeys.path],
  logs: (level: LogLevel | "all") => ["admin", admin.logs.path, level] as const,
  audit: ["admin", admin.audit.path],
  partners: ["admin", partners.list.path],
  leads: (status: WebhookStatus | "all") => ["admin", partners.leads.path, status] as const,
  partnerBrand: (id: string) => ["admin", partners.list.path, id, partners.brand.path] as const,
  partnerMembers: (id: string) => ["admin", partners.list.path, id, partners.members.path] as const,
} as const;

/** How often the Logs tab refreshes itself while auto-refresh is on (the specification's 5 s). */
export const LOGS_REFRESH_MS = 5000;

/* ------------------------------------------------------------------ queries */

export function useAdminAnalytics() {
  return useAdminQuery({
    queryKey: adminKeys.analytics,
    queryFn: () => api.admin.analytics(),
    refetchInterval: ADMIN_SUMMARY_REFRESH_MS,
  });
}

export function useAdminSystem() {
  return useAdminQuery({
    queryKey: adminKeys.system,
    queryFn: () => api.admin.system(),
    refetchInterval: ADMIN_SUMMARY_REFRESH_MS,
  });
}

/** Users, newest first, a page at a time. */
export function useAdminUsers() {
  return useAdminPaged(adminKeys.users, (query) => api.admin.usersPage(query));
}

/** All users' analyses, newest first, a page at a time. */
export function useAdminAnalyses() {
  return useAdminPaged(adminKeys.analyses, (query) => api.admin.analysesPage(query));
}

/**
 * Every analysis (all pages), for the Analyses tab's breakdowns, which need the whole list.
 * TODO: a server-side aggregate would avoid reading every row.
 */
export function useAdminAllAnalyses() {
  return useAdminQuery({
    queryKey: [...adminKeys.analyses, "all"],
    queryFn: () => allPages((query) => api.admin.analysesPage(query)),
  });
}

/** Payments, newest first, a page at a time. */
export function useAdminPayments() {
  return useAdminPaged(adminKeys.payments, (query) => api.admin.paymentsPage(query));
}

/** Every payment (all pages): the user-deletion summary counts a user's payments. */
export function useAdminAllPayments() {
  return useAdminQuery({
    queryKey: [...adminKeys.payments, "all"],
    queryFn: () => allPages((query) => api.admin.paymentsPage(query)),
  });
}

export function useAdminSettings() {
  return useAdminQuery({ queryKey: adminKeys.settings, queryFn: () => api.admin.settings() });
}

export function useAdminApiKeys() {
  return useAdminQuery({ queryKey: adminKeys.apiKeys, queryFn: () => api.admin.apiKeys() });
}

/** The server log at `level` and above, newest first, a page at a time ("Load more"). */
export function useAdminLogs(level: LogLevel | "all", autoRefresh: boolean) {
  return useAdminPaged(
    adminKeys.logs(level),
    (query) =>
      api.admin.logsPage({
        ...query,
        // Without a page size the server sends its newest 500 entries.
        limit: query.limit ?? PAGE_SIZE_DEFAULT,
        level: level === "all" ? undefined : level,
      }),
    { refetchInterval: autoRefresh ? LOGS_REFRESH_MS : false },
  );
}

export function useAdminAudit(autoRefresh = false) {
  return useAdminPaged(adminKeys.audit, (query) => api.admin.auditPage(query), {
    refetchInterval: autoRefresh ? LOGS_REFRESH_MS : false,
  });
}

/** The widget's partners, a page at a time. */
export function usePartners() {
  return useAdminPaged(adminKeys.partners, (query) => api.admin.partnersPage(query));
}

/** A partner's brand; null while it has none. */
export function usePartnerBrand(partnerId: string) {
  return useAdminQuery({
    queryKey: adminKeys.partnerBrand(partnerId),
    queryFn: () => api.admin.partnerBrand(partnerId),
  });
}

/** The users reporting under a partner's brand and those asking to, a page at a time. */
export function usePartnerMembers(partnerId: string) {
  return useAdminPaged(adminKeys.partnerMembers(partnerId), (query) =>
    api.admin.partnerMembersPage(partnerId, query),
  );
}

/** The widget's leads, newest first, with one delivery status or all. */
export function useLeads(status: WebhookStatus | "all") {
  return useAdminPaged(adminKeys.leads(status), (query) =>
    api.admin.leadsPage(status === "all" ? query : { ...query, status }),
  );
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
    refresh = [adminKeys.all],
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
      void client.invalidateQueries({ queryKey: queryKeys.analyses });
    },
  );
}

export function useUpdateSettings() {
  const { handleError } = useAdminGate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => api.admin.updateSettings(patch),
    onSuccess: (settings) => {
      client.setQueryData(adminKeys.settings, settings);
      void client.invalidateQueries({ queryKey: queryKeys.publicSettings });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
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
const KEY_QUERIES = [adminKeys.apiKeys, adminKeys.system, adminKeys.audit];

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
    { refresh: [adminKeys.apiKeys, adminKeys.system] },
  );
}
