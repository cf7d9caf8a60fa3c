/**
 * Checkout and payments: parse, call the payment service, respond.
 * The Stripe webhook reads the raw body, so it has its own router mounted before the JSON parser.
 */
import { paymentIntentRequestSchema, premiumPricesPatchSchema } from "@bis/sdk";
import express, { Router } from "express";
import type { AppContext } from "../context.js";
import { currentUser, requireAdmin, requireUser, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

export function paymentRoutes({ services: { accounts, payments } }: AppContext): Router {
  const router = Router();
  router.use(["/create-payment-intent", "/payments"], requireUser(accounts));
  router.use(["/admin/payments", "/admin/prices"], requireAdmin(accounts));

  /** Public; an administrator also gets how to enable each missing item. */
  router.get("/config/payments", async (req, res) => {
    const viewer = await currentUser(req, accounts).catch(() => null);
    res.json(await payments.config(viewer));
  });

  router.get("/admin/prices", async (_req, res) => {
    res.json(await payments.prices());
  });

  router.patch("/admin/prices", async (req, res) => {
    const body = parse(premiumPricesPatchSchema, req.body);
    res.json(await payments.updatePrices(userOf(req), body));
  });

  router.post("/create-payment-intent", async (req, res) => {
    const body = parse(paymentIntentRequestSchema, req.body);
    res.json(await payments.createIntent(userOf(req), body.analysisId));
  });

  router.post("/payments/demo/confirm", async (req, res) => {
    const body = parse(paymentIntentRequestSchema, req.body);
    res.json(await payments.confirmDemo(userOf(req), body.analysisId));
  });

  router.get("/admin/payments", async (req, res) => {
    const page = pageRequest(req.query);
    const kind = req.query.kind === "real" || req.query.kind === "demo" ? req.query.kind : "all";
    res.json(pageBody("payments", page, await payments.list(page, kind)));
  });

  router.post("/admin/payments/:id/refund", async (req, res) => {
    res.json(await payments.refund(userOf(req), req.params.id));
  });

  return router;
}

/** POST /api/webhooks/stripe: the signature is checked on the exact bytes Stripe sent. */
export function stripeWebhookRoutes({ services: { payments } }: AppContext): Router {
  const router = Router();
  router.post(
    "/webhooks/stripe",
    express.raw({ type: "application/json", limit: "512kb" }),
    async (req, res) => {
      const signature = req.headers["stripe-signature"];
      const result = await payments.handleWebhook(
        req.body,
        typeof signature === "string" ? signature : undefined,
      );
      res.json({ received: true, duplicate: result.duplicate });
    },
  );
  return router;
}
