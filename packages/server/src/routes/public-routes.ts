/** Calls anyone may make: public settings, first-administrator setup, health and readiness. */
import { adminSetupRequestSchema, type PublicSettings } from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { accountCreationRateLimit } from "../http/security.js";
import { requestHeaders } from "../http/session.js";
import { AppError, parse } from "../lib/errors.js";

export function publicRoutes({
  config,
  db,
  lifecycle,
  services: { accounts, payments, settings, system },
}: AppContext): Router {
  const router = Router();

  /**
   * The landing video (admin setting), the map tiles (BIS_MAP_TILE_URL) when set, and which paid
   * items this server delivers (the landing page's cards, without loading the checkout's list).
   */
  router.get("/public/settings", async (_req, res) => {
    const body: PublicSettings = {
      ...(await settings.publicSettings()),
      premiumOffer: payments.offered(),
    };
    if (config.mapTiles) {
      body.mapTiles = { url: config.mapTiles.url, attribution: config.mapTiles.attribution };
    }
    res.json(body);
  });

  router.get("/admin/setup", async (_req, res) => {
    res.json({ available: !(await accounts.adminExists()) });
  });

  router.post("/admin/setup", accountCreationRateLimit(db, "admin-setup"), async (req, res) => {
    const body = parse(adminSetupRequestSchema, req.body);
    const { user, cookies } = await accounts.createFirstAdmin(body, requestHeaders(req));
    res.setHeader("Set-Cookie", cookies).status(201).json(user);
  });

  /** For load balancers: 200 when the database answers `select 1`, 503 otherwise. */
  router.get("/health", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!(await system.databaseAnswers())) {
      res.status(503).json({ status: "unavailable", database: "failing" });
      return;
    }
    res.json({ status: "ok", database: "ok" });
  });

  /**
   * For load balancers choosing where to send traffic: 200 once this instance has started and
   * while its database answers; 503 while it starts or drains for shutdown.
   */
  router.get("/ready", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { state } = lifecycle;
    if (state !== "ready") {
      res.status(503).json({ status: state });
      return;
    }
    if (!(await system.databaseAnswers())) {
      res.status(503).json({ status: "unavailable", database: "failing" });
      return;
    }
    res.json({ status: "ready", database: "ok" });
  });

  return router;
}

/** Development-only helpers; absent (404) in production. */
export function devRoutes({ config, mailer }: AppContext): Router {
  const router = Router();
  router.get("/dev/outbox", async (_req, res) => {
    if (config.isProduction)
      throw new AppError("NOT_FOUND", "The outbox is available in development only");
    res.json({ messages: mailer.outbox() });
  });
  return router;
}
