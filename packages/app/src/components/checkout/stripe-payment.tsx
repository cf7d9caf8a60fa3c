/**
 * Stripe mode of the checkout: the PaymentIntent from the server, Stripe.js loaded with the
 * publishable key the server configured (never one built into the app), and the Payment
 * Element. This module and Stripe.js load only on the checkout, in their own chunks.
 *
 * On submit `stripe.confirmPayment` sends the browser to Stripe's flow and back to
 * /analysis/{id}?payment_success=true; the results page then waits for the server (the verified
 * webhook) to say the analysis is paid. An error from Stripe is shown as "Payment Failed".
 */
import { isBisApiError } from "@bis/sdk";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeElementsOptions } from "@stripe/stripe-js";
import { useQuery } from "@tanstack/react-query";
import { CreditCard, Lock, TriangleAlert } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import {
  paymentFailed,
  paymentReturnPath,
  paymentSetupFailed,
  useCheckoutErrorHandler,
  usePaymentIntent,
} from "../../hooks/use-payments";
import { Button } from "../ui/button";
import { MessageCard } from "../ui/message-card";
import { RetryButton } from "../ui/retry-button";
import { PreparingPayment } from "./preparing-payment";

/** Stripe.js comes from js.stripe.com; without an answer by then the setup has failed. */
export const STRIPE_LOAD_TIMEOUT_MS = 20_000;

const BRAND_COLOR = "#1d4ed8";

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Stripe.js for the configured key, loaded once per page life through the `pure` entry. */
function useStripeJs(publishableKey: string | null) {
  return useQuery<Stripe>({
    queryKey: ["stripe.js", publishableKey],
    queryFn: async () => {
      if (!publishableKey) throw new Error("Card payments are not available right now.");
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      const stripe = await withTimeout(
        loadStripe(publishableKey),
        STRIPE_LOAD_TIMEOUT_MS,
        "The card form did not load in time. Check your connection and try again.",
      );
      if (!stripe) throw new Error("The card form cannot load in this browser.");
      return stripe;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });
}

/** Errors the page answers itself (sign in again, not found, already paid). */
function ownedByPage(error: unknown): boolean {
  return isBisApiError(error) && [401, 404, 409].includes(error.status);
}

function StripeForm({ analysisId, price }: { analysisId: string; price: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: {
        return_url: `${window.location.origin}${paymentReturnPath(analysisId)}`,
      },
    });
    // Only reached when the confirmation failed: otherwise the browser is on its way.
    paymentFailed(error.message);
    setSubmitting(false);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-busy={!ready || undefined}>
      {ready ? null : <PreparingPayment />}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => paymentSetupFailed()}
        options={{ layout: "tabs" }}
      />
      <Button
        type="submit"
        size="lg"
        fullWidth
        disabled={!stripe || !elements || !ready}
        pending={submitting}
        pendingLabel="Processing Payment..."
      >
        <Lock className="size-4" aria-hidden="true" />
        Pay {price}
      </Button>
    </form>
  );
}

export default function StripePayment({
  analysisId,
  publishableKey,
  price,
}: {
  analysisId: string;
  publishableKey: string | null;
  price: string;
}) {
  const intent = usePaymentIntent(analysisId, true);
  const stripe = useStripeJs(publishableKey);
  const handleCheckoutError = useCheckoutErrorHandler(analysisId);
  const setupError = intent.error ?? stripe.error;

  useEffect(() => {
    if (!setupError) return;
    if (handleCheckoutError(setupError)) return;
    paymentSetupFailed();
  }, [setupError, handleCheckoutError]);

  const clientSecret = intent.data?.clientSecret;
  const options = useMemo<StripeElementsOptions | undefined>(
    () =>
      clientSecret
        ? {
            clientSecret,
            appearance: { theme: "stripe", variables: { colorPrimary: BRAND_COLOR } },
          }
        : undefined,
    [clientSecret],
  );

  if (setupError && !ownedByPage(setupError)) {
    return (
      <MessageCard
        icon={TriangleAlert}
        title="Payment Setup Failed"
        headingLevel="h3"
        className="border-0 shadow-none"
        action={<RetryButton queries={[intent, stripe]} />}
      >
        Unable to initialize payment. Please try again.
      </MessageCard>
    );
  }

  if (!stripe.data || !options) return <PreparingPayment />;

  return (
    <div className="space-y-4">
      {publishableKey?.startsWith("pk_test_") ? (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <CreditCard className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Test checkout — no real card is charged. Use the test card 4242 4242 4242 4242.
        </p>
      ) : null}
      <Elements stripe={stripe.data} options={options}>
        <StripeForm analysisId={analysisId} price={price} />
      </Elements>
    </div>
  );
}
