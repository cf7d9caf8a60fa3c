/**
 * What a refused admin call means for the screen (the specification's /admin rules), in one
 * place: every admin call is answered by the server only to administrators; 401 means the
 * session has expired ("Session expired. Redirecting to login..." then, after
 * REDIRECT_DELAY_MS.adminSessionExpired, the sign-in screen), 403 means the user is not (or no
 * longer) an administrator ("Access Denied", then home after REDIRECT_DELAY_MS.default). The
 * admin screen provides its gate (`AdminGateContext`); admin queries and changes report to it.
 */
import {
  ADMIN_MESSAGES,
  hasErrorCode,
  isSignInRequired,
  type Page,
  type PageQuery,
  REDIRECT_DELAY_MS,
} from "@bis/sdk";
import {
  type QueryKey,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { endSession } from "./use-auth";
import { usePagedList } from "./use-paged-list";
import { toast } from "./use-toast";

/**
 * Whether a refused change means "not an administrator". Every admin call answers 403
 * ADMIN_REQUIRED to a non-administrator; a 403 with another code is a refused action (a rule
 * the server enforces), which the caller reports itself. A read refused with 403 always means
 * "not an administrator" (see useAdminQuery).
 */
export function isAccessDenied(error: unknown): boolean {
  return hasErrorCode(error, "ADMIN_REQUIRED");
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
      if (isSignInRequired(error)) {
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
    if (hasErrorCode(query.error, "ADMIN_REQUIRED")) denyAccess();
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
    if (hasErrorCode(list.error, "ADMIN_REQUIRED")) denyAccess();
    else handleError(list.error);
  }, [list.error, handleError, denyAccess]);
  return list;
}
