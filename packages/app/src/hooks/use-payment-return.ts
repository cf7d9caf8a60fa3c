/**
 * The return from the checkout: /analysis/{id}?payment_success=true (or the dashboard).
 *
 * The query parameter proves nothing: the app reads the analysis again and says "Payment
 * Successful" only once the server reports `isPaid` (set by the verified webhook or the demo
 * confirmation). Until then it reads again every PAYMENT_CONFIRMATION.intervalMs, a few times;
 * if the server has still not confirmed, the screen says so plainly. Either way the parameters
 * are removed afterwards (replace), so a reload repeats nothing.
 */
import { endpoints } from "@bis/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { PAYMENT_CONFIRMATION, PAYMENT_RETURN_PARAMS } from "../lib/payment-return";
import { keyOf, queryOptionsOf } from "../lib/query-options";
import { paymentFailed } from "./use-payments";
import { toast } from "./use-toast";

export type PaymentReturnState =
  /** No return from the checkout. */
  | "none"
  /** Reading the analysis until the server says it is paid. */
  | "confirming"
  /** The server says paid: "Payment Successful" was shown. */
  | "confirmed"
  /** The server has not confirmed (yet): a neutral note, nothing unlocked. */
  | "unconfirmed"
  /** Stripe came back with a failed payment. */
  | "failed";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stripe's `redirect_status` values that mean the payment did not go through. */
const FAILED_REDIRECTS = new Set(["failed", "requires_payment_method", "canceled"]);

export function usePaymentReturn(analysisId: string | undefined): PaymentReturnState {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const returning = params.get("payment_success") === "true";
  const redirectStatus = params.get("redirect_status");
  const [state, setState] = useState<PaymentReturnState>(returning ? "confirming" : "none");

  // The latest location, for removing the parameters at the end.
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(() => {
    if (!returning) return;
    let cancelled = false;

    const isPaid = async (id: string): Promise<boolean | "error"> => {
      try {
        const analysis = await client.fetchQuery({
          ...queryOptionsOf(endpoints.analyses.get, { id }),
          staleTime: 0,
        });
        return analysis.isPaid;
      } catch {
        return "error";
      }
    };

    void (async () => {
      setState("confirming");
      let outcome: PaymentReturnState = "unconfirmed";
      if (redirectStatus && FAILED_REDIRECTS.has(redirectStatus)) {
        outcome = "failed";
      } else if (analysisId) {
        for (let attempt = 0; attempt < PAYMENT_CONFIRMATION.attempts; attempt++) {
          if (attempt > 0) await sleep(PAYMENT_CONFIRMATION.intervalMs);
          if (cancelled) return;
          const paid = await isPaid(analysisId);
          if (cancelled) return;
          if (paid === true) {
            outcome = "confirmed";
            break;
          }
          // The analysis cannot be read (gone, not yours): its page says so; stop asking.
          if (paid === "error") break;
        }
      }

      void client.invalidateQueries({ queryKey: keyOf(endpoints.analyses.list), exact: true });
      if (outcome === "confirmed") {
        toast({
          title: "Payment Successful",
          description: "Thank you for your purchase! Your premium analysis is now available.",
        });
      } else if (outcome === "failed") {
        paymentFailed("Your payment was not completed. No charge was made; please try again.");
      }
      setState(outcome);

      const { pathname, search, hash } = locationRef.current;
      const next = new URLSearchParams(search);
      for (const name of PAYMENT_RETURN_PARAMS) next.delete(name);
      const query = next.toString();
      navigate({ pathname, search: query ? `?${query}` : "", hash }, { replace: true });
    })();

    return () => {
      cancelled = true;
    };
  }, [returning, redirectStatus, analysisId, client, navigate]);

  return state;
}
