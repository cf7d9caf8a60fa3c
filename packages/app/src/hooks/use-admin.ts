/**
 * The administration panel's calls (specification §2 /admin, §7, §8; issue 6): the queries of
 * every tab, the mutations with their toasts, and the one place that decides what a refused
 * admin call means for the screen.
 *
 * Every admin call is answered by the server only to administrators: 401 means the session has
 * expired ("Session expired. Redirecting to login..." then, after
 * REDIRECT_DELAY_MS.adminSessionExpired, the sign-in screen), 403 means the user is not (or no
 * longer) an administrator ("Access Denied", then home after REDIRECT_DELAY_MS.default).
 */
import {
  ADMIN_MESSAGES,
  ADMIN_SUMMARY_REFRESH_MS,
  type ApiKeyName,
  allPages,
  errorMessage,
  isBisApiError,
  type LogLevel,
  PAGE_SIZE_DEFAULT,
  type Page,
  type PageQuery,
  REDIRECT_DELAY_MS,
  type SettingsPatch,
} from "@bis/sdk";
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { api, queryKeys } from "../lib/api";
import { endSession } from "./use-auth";
import { usePagedList } from "./use-paged-list";
import { toast } from "./use-toast";

/** Query keys of the admin calls: the call paths, all under "/api/admin". */
export const adminKeys = {
  all: ["/api/admin"],
  analytics: ["/api/admin", "analytics"],
  system: ["/api/admin", "system"],
  users: ["/api/admin", "users"],
  analyses: ["/api/admin", "analyses"],
  payments: ["/api/admin", "payments"],
  settings: ["/api/admin", "settings"],
  apiKeys: ["/api/admin", "api-keys"],
  logs: (level: LogLevel | "all") => ["/api/admin", "logs", level] as const,
  audit: ["/api/admin", "audit"],
} as const;

/** How often the Logs tab refreshes itself while auto-refresh is on (spec §7: 5 s when enabled). */
export const LOGS_REFRESH_MS = 5000;

/* ------------------------------------------------------------------ refusals */

export function isStatus(error: unknown, status: number): boolean {
  return isBisApiError(error) && error.status === status;
}

/**
 * Whether a refused change means "not an administrator". Every admin call answers 403 with
 * "Administrator privileges required." to a non-administrator; a 403 with another message is a
 * refused action (a rule the server enforces), which the caller reports itself. A read refused
 * with 403 always means "not an administrator" (see useAdminQuery).
 */
export function isAccessDenied(error: unknown): boolean {
  return (
    isBisApiError(error) && error.status === 403 && error.serverMessage === ADMIN_MESSAGES.forbidden
  );
}

export interface AdminGate {
  /** "Access Denied", then home after 1 s (once). */
  denyAccess: () => void;
  /** "Session expired. Redirecting to login...", then sign-in after 0.5 s (once). */
  sessionExpired: () => void;
  /** Handles 401 and the admin 403; returns true when it did (the caller shows nothing more). */
  handleError: (error: unknown) => boolean;
}

/**
 * The refusals of one admin screen. The first refusal wins: once the screen is on its way out,
 * later ones (the other tabs' calls fail the same way) add no toast and no second timer.
 */
export function useAdminGateState(): AdminGate {
  const client = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  const denyAccess = useCallback(() => {
    if (timer.current !== undefined) return;
    toast({
      variant: "destructive",
      title: "Access Denied",
      description: ADMIN_MESSAGES.forbidden,
    });
    timer.current = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS.default);
  }, [navigate]);

  const sessionExpired = useCallback(() => {
    if (timer.current !== undefined) return;
    toast({ variant: "destructive", title: "Session expired. Redirecting to login..." });
    // The specification redirects to /api/login, a route of its old server that BIS does not
    // have: BIS signs in at /signin. The session is forgotten first, so the sign-in screen shows
    // its form (a cached user would be sent on to /dashboard) — the session guard then takes
    // this screen to /signin.
    timer.current = setTimeout(
      () => endSession(client, "/signin"),
      REDIRECT_DELAY_MS.adminSessionExpired,
    );
  }, [client]);

  const handleError = useCallback(
    (error: unknown): boolean => {
      if (isStatus(error, 401)) {
        sessionExpired();
        return true;
      }
      if (isAccessDenied(error)) {
        denyAccess();
        return true;
      }
      return false;
    },
    [sessionExpired, denyAccess],
  );

  return useMemo(
    () => ({ denyAccess, sessionExpired, handleError }),
    [denyAccess, sessionExpired, handleError],
  );
}

const noGate: AdminGate = {
  denyAccess: () => undefined,
  sessionExpired: () => undefined,
  handleError: () => false,
};

export const AdminGateContext = createContext<AdminGate>(noGate);

export function useAdminGate(): AdminGate {
  return useContext(AdminGateContext);
}

/**
 * useQuery for an admin call: a 401 or 403 goes to the screen's gate (once per error); the
 * query's own error state still shows where the data would have been.
 */
export function useAdminQuery<T>(options: UseQueryOptions<T, Error, T, QueryKey>) {
  const { handleError, denyAccess } = useAdminGate();
  const query = useQuery(options);
  useEffect(() => {
    if (!query.error) return;
    if (isStatus(query.error, 403)) denyAccess();
    else handleError(query.error);
  }, [query.error, handleError, denyAccess]);
  return query;
}

/** A paginated admin list ("Load more"), refused and failed like every admin query. */
export function useAdminPaged<T>(
  queryKey: QueryKey,
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
  options: { refetchInterval?: number | false } = {},
) {
  const { handleError, denyAccess } = useAdminGate();
  const list = usePagedList(queryKey, fetchPage, options);
  useEffect(() => {
    if (!list.error) return;
    if (isStatus(list.error, 403)) denyAccess();
    else handleError(list.error);
  }, [list.error, handleError, denyAccess]);
  return list;
}

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
 * TODO(issue 12): a server-side aggregate would avoid reading every row.
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
        // The server sends every entry it keeps when no page size is given.
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

/* ------------------------------------------------------------------ mutations */

/** Everything an admin change can make stale: the lists, the summary cards, the audit trail. */
function useRefreshAdmin() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: adminKeys.all }), [client]);
}

function failed(title: string, error: unknown, fallback = title): void {
  toast({ variant: "destructive", title, description: errorMessage(error, fallback) });
}

/** The onError of an admin change: the gate's answer (403, 401) first, else a toast `title`. */
function useFailureToast(title: string) {
  const { handleError } = useAdminGate();
  return useCallback(
    (error: unknown) => {
      if (handleError(error)) return;
      failed(title, error);
    },
    [handleError, title],
  );
}

/** Refetches the given queries (what a change of an API key makes stale). */
function useInvalidate(...keys: QueryKey[]) {
  const client = useQueryClient();
  return () => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };
}

export function useSetAdmin() {
  const onFailure = useFailureToast("Failed to update admin status");
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ userId, isAdmin }: { userId: string; isAdmin: boolean; email: string }) =>
      api.admin.setAdmin(userId, isAdmin),
    onSuccess: (_user, { isAdmin, email }) => {
      toast({
        title: "Success",
        description: isAdmin
          ? `${email} is now an administrator.`
          : `${email} is no longer an administrator.`,
      });
    },
    onError: onFailure,
    onSettled: refresh,
  });
}

export function useDeleteUser() {
  const onFailure = useFailureToast("Failed to delete user");
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (userId: string) => api.admin.deleteUser(userId),
    onSuccess: ({ deletedUser }) => {
      toast({
        title: "Success",
        description: `Deleted ${deletedUser.email} with their analyses and payments.`,
      });
    },
    onError: onFailure,
    onSettled: refresh,
  });
}

export function useBulkDeleteAnalyses() {
  const onFailure = useFailureToast("Failed to delete analyses");
  const refresh = useRefreshAdmin();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (analysisIds: string[]) => api.admin.bulkDeleteAnalyses(analysisIds),
    onSuccess: ({ deletedCount }) => {
      toast({
        title: "Success",
        description: `Deleted ${deletedCount} ${deletedCount === 1 ? "analysis" : "analyses"}.`,
      });
      // The administrator's own list may have held some of them.
      void client.invalidateQueries({ queryKey: queryKeys.analyses });
    },
    onError: onFailure,
    onSettled: refresh,
  });
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
  const onFailure = useFailureToast("Refund Failed");
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (paymentId: string) => api.admin.refundPayment(paymentId),
    onSuccess: () => {
      toast({ title: "Success", description: "The payment was refunded." });
    },
    onError: onFailure,
    onSettled: refresh,
  });
}

/* ------------------------------------------------------------------ API keys */

/**
 * Save an outside-service key. The maps key goes through the specification's own call
 * (POST /api/admin/save-api-key); the others through PUT /api/admin/api-keys/{name}.
 * A 401 is "Save Failed" — "Please log in again to save API keys" — and the sign-in screen
 * (spec §8: "go to /auth"; /auth leads to /signin).
 */
export function useSaveApiKey() {
  const onFailure = useFailureToast("Save Failed");
  const refreshKeys = useInvalidate(adminKeys.apiKeys, adminKeys.system, adminKeys.audit);
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ name, value }: { name: ApiKeyName; value: string }) => {
      if (name === "googleMaps") await api.admin.saveMapsKey(value);
      else await api.admin.saveApiKey(name, value);
    },
    onSuccess: () => {
      toast({ title: "Success", description: "The API key was saved." });
    },
    onError: (error) => {
      if (isStatus(error, 401)) {
        toast({
          variant: "destructive",
          title: "Save Failed",
          description: "Please log in again to save API keys",
        });
        endSession(client, "/auth");
        navigate("/auth", { replace: true });
        return;
      }
      onFailure(error);
    },
    onSettled: refreshKeys,
  });
}

/** Removes a stored key (an environment variable stays in use). */
export function useDeleteApiKey() {
  const onFailure = useFailureToast("Remove Failed");
  const refreshKeys = useInvalidate(adminKeys.apiKeys, adminKeys.system, adminKeys.audit);
  return useMutation({
    mutationFn: (name: ApiKeyName) => api.admin.deleteApiKey(name),
    onSuccess: () => {
      toast({ title: "Success", description: "The stored API key was removed." });
    },
    onError: onFailure,
    onSettled: refreshKeys,
  });
}

/**
 * Tests a key on the server (a real request to the provider; the key never goes to the
 * provider from the browser). `ok: false` is "API Key Test Failed" with the server's message.
 */
export function useTestApiKey() {
  const onFailure = useFailureToast("API Key Test Failed");
  const refreshKeys = useInvalidate(adminKeys.apiKeys, adminKeys.system);
  return useMutation({
    mutationFn: ({ name, value }: { name: ApiKeyName; value?: string }) =>
      api.admin.testApiKey(name, value),
    onSuccess: (result) => {
      if (result.ok) toast({ title: "Success", description: result.message });
      else
        toast({
          variant: "destructive",
          title: "API Key Test Failed",
          description: result.message,
        });
    },
    onError: onFailure,
    onSettled: refreshKeys,
  });
}
