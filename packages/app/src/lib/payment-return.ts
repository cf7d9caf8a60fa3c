/** How long the app waits for the server to confirm a payment after the browser returns. */
export const PAYMENT_CONFIRMATION = {
  /** Reads of the analysis, the first at once: about 10 s in all. */
  attempts: 6,
  intervalMs: 2000,
} as const;

/** The query parameters of a return from the checkout (ours and Stripe's). */
export const PAYMENT_RETURN_PARAMS = [
  "payment_success",
  "payment_intent",
  "payment_intent_client_secret",
  "redirect_status",
  "analysisId",
] as const;
