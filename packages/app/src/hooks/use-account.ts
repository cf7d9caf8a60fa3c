/**
 * Account security: forgot and reset password, the confirmed email change, and the
 * signed-in devices. Each mutation owns its cache effect and its toasts, like use-auth.ts.
 */
import {
  ACCOUNT_MESSAGES,
  type EmailChangeRequest,
  endpoints,
  errorMessage,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from "@bis/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../lib/api";
import { keyOf, queryOptionsOf } from "../lib/query-options";
import { setSessionUser } from "./use-auth";
import { toast } from "./use-toast";

/** The signed-in devices of the user (GET /api/auth/sessions). */
export const sessionsQueryKey = keyOf(endpoints.account.sessions);

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.account.forgotPassword(body),
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Request failed",
        description: errorMessage(error, "Request failed"),
      });
    },
  });
}

/** Sets the new password; the server ends every other session and token and signs in here. */
export function useResetPassword() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api.account.resetPassword(body),
    onSuccess: (user) => {
      client.removeQueries({ queryKey: sessionsQueryKey });
      setSessionUser(user, client);
      toast({ title: "Password reset", description: ACCOUNT_MESSAGES.resetDone });
      navigate("/dashboard", { replace: true });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Password reset failed",
        description: errorMessage(error, "Password reset failed"),
      });
    },
  });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeRequest) => api.account.requestEmailChange(body),
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Email change failed",
        description: errorMessage(error, "Email change failed"),
      });
    },
  });
}

/** Follows the link mailed to the new address; refreshes the signed-in user when there is one. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.account.confirmEmailChange({ token }),
    onSuccess: async ({ message }) => {
      await client.invalidateQueries({ queryKey: keyOf(endpoints.auth.session) });
      toast({ title: "Email changed", description: message });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Email change failed",
        description: errorMessage(error, "Email change failed"),
      });
    },
  });
}

export function useSessions() {
  return useQuery({
    ...queryOptionsOf(endpoints.account.sessions, undefined),
    select: (answer) => answer.sessions,
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.account.revokeOtherSessions(),
    onSuccess: ({ message, revoked }) => {
      void client.invalidateQueries({ queryKey: sessionsQueryKey });
      toast({
        title: message,
        description: `${revoked} other session${revoked === 1 ? "" : "s"} signed out.`,
      });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Sign out failed",
        description: errorMessage(error, "Sign out failed"),
      });
    },
  });
}
