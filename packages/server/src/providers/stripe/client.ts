/**
 * The Stripe API client, built once from configuration. The API version is pinned so a Stripe
 * account upgrade never changes the shapes BIS reads; retries are off (BIS's own idempotency
 * keys make a user's retry safe) and calls give up after a bounded time.
 */
import Stripe from "stripe";
import type { StripeSettings } from "../../config.js";

/** The API version stripe@23.1.0 is typed against (its `Stripe.API_VERSION`). */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;
export const STRIPE_TIMEOUT_MS = 20_000;

export type StripeClient = Stripe;

export function createStripeClient(settings: StripeSettings): StripeClient {
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 0,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: "BIS" },
  };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    config.host = url.hostname;
    config.port = url.port || (protocol === "http" ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(settings.secretKey, config);
}

/** Verifies a webhook's `Stripe-Signature` on the raw body; throws on any mismatch. */
export function verifyWebhook(
  rawBody: Buffer,
  signature: string,
  secret: string,
  toleranceSeconds = 300,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, toleranceSeconds);
}

export const StripeErrors = Stripe.errors;
