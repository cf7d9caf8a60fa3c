/**
 * Checkout and payments: call the payment service, answer. The Stripe webhook reads the raw
 * body, so it is registered on the routes mounted before the JSON parser.
 */
import { endpoints } from "@bis/sdk";
import express from "express";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

export function paymentRoutes(
  { services: { payments } }: AppContext,
  routes: EndpointRoutes,
): void {
  const calls = endpoints.payments;
  const { admin } = endpoints;

  /** Public; an administrator also gets how to enable each missing item. */
  routes.on(calls.config, ({ user }) => payments.config(user));

  routes.on(admin.prices, () => payments.prices());

  routes.on(admin.updatePrices, ({ user, body }) => payments.updatePrices(user, body));

  routes.on(calls.createIntent, ({ user, body }) => payments.createIntent(user, body.analysisId));

  routes.on(calls.confirmDemo, ({ user, body }) => payments.confirmDemo(user, body.analysisId));

  routes.on(admin.payments, async ({ query }) => {
    const page = pageRequest(query);
    const kind = query.kind === "real" || query.kind === "demo" ? query.kind : "all";
    return pageBody("payments", page, await payments.list(page, kind));
  });

  routes.on(admin.refundPayment, ({ user, params }) => payments.refund(user, params.id));
}

/** POST /api/webhooks/stripe: the signature is checked on the exact bytes Stripe sent. */
export function stripeWebhookRoutes(
  { services: { payments } }: AppContext,
  routes: EndpointRoutes,
): void {
  routes.on(
    endpoints.payments.stripeWebhook,
    express.raw({ type: "application/json", limit: "512kb" }),
    async ({ req }) => {
      const signature = req.headers["stripe-signature"];
      const result = await payments.handleWebhook(
        req.body,
        typeof signature === "string" ? signature : undefined,
      );
      return { received: true, duplicate: result.duplicate };
    },
  );
}
