/**
 * Checkout calls (the specification's Checkout screen and payment flow): the payment configuration,
 * the Stripe PaymentIntent and the demo confirmation, with the checkout's error handling:
 * 401 → "Authentication Required" then /signin after REDIRECT_DELAY_MS.checkoutAuth;
 * 409 (already paid) and 404 refetch the analysis so the page shows what the server says.
 */
import {
  endpoints,
  errorMessage,
  hasErrorCode,
  isSignInRequired,
  REDIRECT_DELAY_MS,
} from "@bis/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { api } from "../lib/api";
import { keyOf, queryOptionsOf } from "../lib/query-options";
import { endSession } from "./use-auth";
import { toast } from "./use-toast";

/** Where the browser comes back to after paying (the results page verifies the payment). */
export function paymentReturnPath(analysisId: string): string {
  return `/analysis/${encodeURIComponent(analysisId)}?payment_success=true`;
}

export function usePaymentConfig() {
  return useQuery(queryOptionsOf(endpoints.payments.config, undefined));
}

/**
 * The PaymentIntent for the premium package of one analysis. The server keys the intent with an
 * idempotency key, so a repeated request answers the same intent; the client secret is kept
 * only while the checkout is open.
 */
export function usePaymentIntent(analysisId: string, enabled: boolean) {
  return useQuery({
    // A POST read as a query (the same intent each time): its key names the entry and the analysis.
    queryKey: keyOf(endpoints.payments.createIntent, undefined, { analysisId }),
    queryFn: () => api.payments.createIntent({ analysisId }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * "Authentication Required": the toast at once, then — after REDIRECT_DELAY_MS.checkoutAuth —
 * the session is forgotten and the user is sent to /signin. Calling it again does nothing.
 */
export function useAuthenticationRequired(): () => void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  return useCallback(() => {
    if (timer.current !== undefined) return;
    toast({
      variant: "destructive",
      title: "Authentication Required",
      description: "Please sign in to complete your purchase.",
    });
    // The server no longer knows the session: forget it here too; the session guard then
    // moves this screen to /signin, which shows its form.
    timer.current = setTimeout(() => endSession(client, "/signin"), REDIRECT_DELAY_MS.checkoutAuth);
  }, [client]);
}

/**
 * What every checkout call does with an error it does not own: 401 asks the user to sign in;
 * 404 and 409 refetch the analysis (the page then says "Analysis Not Found" or "Already
 * purchased"). Returns true when it handled the error.
 */
export function useCheckoutErrorHandler(analysisId: string) {
  const client = useQueryClient();
  const authenticationRequired = useAuthenticationRequired();
  return useCallback(
    (error: unknown): boolean => {
      if (isSignInRequired(error)) {
        authenticationRequired();
        return true;
      }
      if (hasErrorCode(error, "ANALYSIS_NOT_FOUND", "ANALYSIS_ALREADY_PAID")) {
        void client.invalidateQueries({
          queryKey: keyOf(endpoints.analyses.get, { id: analysisId }),
        });
        return true;
      }
      return false;
    },
    [client, analysisId, authenticationRequired],
  );
}

export function paymentSetupFailed(): void {
  toast({
    variant: "destructive",
    title: "Payment Setup Failed",
    description: "Unable to initialize payment. Please try again.",
  });
}

export function paymentFailed(message: string | undefined): void {
  toast({
    variant: "destructive",
    title: "Payment Failed",
    description: message || "Your payment could not be completed. Please try again.",
  });
}

/**
 * Demo mode only: the server marks the analysis paid (the same fulfilment as the Stripe webhook),
 * then the browser goes where Stripe would have sent it, and the results page confirms.
 */
export function useConfirmDemoPayment(analysisId: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const handleCheckoutError = useCheckoutErrorHandler(analysisId);
  return useMutation({
    mutationFn: () => api.payments.confirmDemo({ analysisId }),
    onSuccess: () => {
      // Cached copies of the analysis and the list are out of date now: marked stale, not
      // refetched here. A refetch while the results page loads would show this checkout's
      // "Already purchased" for a moment (the navigation is a transition); the results page
      // refetches when it mounts.
      void client.invalidateQueries({
        queryKey: keyOf(endpoints.analyses.list),
        refetchType: "none",
      });
      navigate(paymentReturnPath(analysisId));
    },
    onError: (error) => {
      if (handleCheckoutError(error)) return;
      paymentFailed(errorMessage(error, "Payment Failed"));
    },
  });
}
