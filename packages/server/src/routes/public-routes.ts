/** Calls anyone may make: public settings, first-administrator setup, health and readiness. */
import { endpoints, keywordCountModel, type PublicSettings } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { accountCreationRateLimit } from "../http/security.js";
import { requestHeaders } from "../http/session.js";
import { AppError } from "../lib/errors.js";

/** The default trade's keyword counts, from its keyword model (the same for every request). */
const KEYWORD_COUNTS = keywordCountModel();

export function publicRoutes(
  { config, db, lifecycle, services: { accounts, payments, settings, system } }: AppContext,
  routes: EndpointRoutes,
): void {
  const { site } = endpoints;

  /**
   * The landing video (admin setting), the map tiles (BIS_MAP_TILE_URL) when set, and which paid
   * items this server delivers (the landing page's cards, without loading the checkout's list).
   */
  routes.on(site.publicSettings, async () => {
    const body: PublicSettings = {
      ...(await settings.publicSettings()),
      premiumOffer: payments.offered(),
      keywordCounts: KEYWORD_COUNTS,
    };
    if (config.mapTiles) {
      body.mapTiles = { url: config.mapTiles.url, attribution: config.mapTiles.attribution };
    }
    return body;
  });

  routes.on(site.setupStatus, async () => ({ available: !(await accounts.adminExists()) }));

  routes.on(site.setup, accountCreationRateLimit(db, "admin-setup"), async ({ req, res, body }) => {
    const { user, cookies } = await accounts.createFirstAdmin(body, requestHeaders(req));
    res.setHeader("Set-Cookie", cookies);
    return user;
  });

  /** For load balancers: 200 when the database answers `select 1`, 503 otherwise. */
  routes.on(site.health, async ({ res }) => {
    res.setHeader("Cache-Control", "no-store");
    if (!(await system.databaseAnswers())) {
      res.status(503).json({ status: "unavailable", database: "failing" });
      return;
    }
    return { status: "ok", database: "ok" };
  });

  /**
   * For load balancers choosing where to send traffic: 200 once this instance has started and
   * while its database answers; 503 while it starts or drains for shutdown.
   */
  routes.on(site.ready, async ({ res }) => {
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
    return { status: "ready", database: "ok" };
  });
}

/** Development-only helpers; absent (404) in production. */
export function devRoutes({ config, mailer }: AppContext, routes: EndpointRoutes): void {
  routes.on(endpoints.site.outbox, () => {
    if (config.isProduction)
      throw new AppError("DEV_ONLY", "The outbox is available in development only");
    return { messages: mailer.outbox() };
  });
}
