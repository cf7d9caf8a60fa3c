/**
 * The Express application: security headers, request logs, the API, and in production the
 * built app on the same port.
 */
import { randomUUID } from "node:crypto";
import { API_PREFIX } from "@bis/sdk";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import type { AppContext } from "./context.js";
import { appFiles } from "./http/app-files.js";
import { responseCompression } from "./http/compression.js";
import { createEndpointRegistry } from "./http/endpoints.js";
import { apiNotFound, errorHandler } from "./http/errors.js";
import { originCheck, securityHeaders } from "./http/security.js";
import { requireAdmin } from "./http/session.js";
import { refuseUnstorableBodies, refuseUnstorableRequests } from "./http/storable.js";
import { noCookies } from "./http/widget-security.js";
import { adminRoutes } from "./routes/admin-routes.js";
import { analysisRoutes } from "./routes/analysis-routes.js";
import { authRoutes, verifyEmailRoute } from "./routes/auth-routes.js";
import { BRAND_BODY_PATH, brandBodyParser, brandRoutes } from "./routes/brand-routes.js";
import { comparisonRoutes } from "./routes/comparison-routes.js";
import { outlineRoutes } from "./routes/outline-routes.js";
import { partnerRoutes } from "./routes/partner-routes.js";
import { paymentRoutes, stripeWebhookRoutes } from "./routes/payment-routes.js";
import { premiumRoutes } from "./routes/premium-routes.js";
import { devRoutes, publicRoutes } from "./routes/public-routes.js";
import { reportRoutes } from "./routes/report-routes.js";
import { tokenRoutes } from "./routes/token-routes.js";
import { WIDGET_API_PATH, widgetApiRoutes, widgetFileRoutes } from "./routes/widget-routes.js";

export function createApp(ctx: AppContext): Express {
  const { config } = ctx;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const given = req.headers["x-request-id"];
        const id = typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith(`${API_PREFIX}/`) },
      // One compact line per call: no headers (they carry cookies), no bodies. The serializers
      // read the request and response themselves, so pino-http need not wrap them in its own
      // (which copy every header of every request first, logged or not).
      wrapSerializers: false,
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split("?")[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // A 401 is expected (a signed-out visitor, an expired token): not a warning.
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500
          ? "error"
          : res.statusCode >= 400 && res.statusCode !== 401
            ? "warn"
            : "info",
    }),
  );
  app.use(securityHeaders(config));
  // API answers and the widget file, compressed on the fly; the app's files are precompressed.
  app.use([API_PREFIX, "/widget"], responseCompression());

  const registry = createEndpointRegistry({
    accounts: ctx.services.accounts,
    checkResponses: !config.isProduction,
  });

  // The calls that read their own body (or none), before express.json(): better-auth's
  // verification link, the widget's calls (which never read or set cookies: before anything
  // that does) and Stripe's webhook (signed over the exact bytes it sends).
  const unparsed = registry.routes(API_PREFIX);
  // A path or query value holding text no database stores (NUL) is a 400 before any route.
  app.use(API_PREFIX, refuseUnstorableRequests);
  verifyEmailRoute(ctx, unparsed);
  widgetApiRoutes(ctx, unparsed);
  stripeWebhookRoutes(ctx, unparsed);
  app.use(WIDGET_API_PATH, noCookies);
  app.use(API_PREFIX, unparsed.router);
  app.use(widgetFileRoutes(ctx));

  // A brand's logo travels in its JSON body: that one path reads a larger body.
  app.use(BRAND_BODY_PATH, brandBodyParser(ctx));
  app.use(
    API_PREFIX,
    express.json({ limit: "100kb" }),
    refuseUnstorableBodies,
    originCheck(config),
  );
  // Every other call, on one router.
  const routes = registry.routes(API_PREFIX);
  for (const register of [
    authRoutes,
    publicRoutes,
    outlineRoutes,
    devRoutes,
    analysisRoutes,
    comparisonRoutes,
    reportRoutes,
    premiumRoutes,
    paymentRoutes,
    tokenRoutes,
    adminRoutes,
    partnerRoutes,
    brandRoutes,
  ])
    register(ctx, routes);
  app.use(API_PREFIX, routes.router);
  // An unknown /api/admin/* path does not reveal itself: refused to non-administrators as its
  // siblings are (an administrator learns it does not exist).
  app.use(`${API_PREFIX}/admin`, requireAdmin(ctx.services.accounts));
  app.use(API_PREFIX, apiNotFound);

  if (config.appDist) app.use(appFiles(config.appDist));

  app.use(errorHandler);
  // Every call of the table has its route, or the server does not start.
  registry.assertComplete();
  return app;
}
