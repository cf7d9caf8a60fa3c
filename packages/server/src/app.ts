/**
 * The Express application: security headers, request logs, the API, and in production the
 * built app on the same port.
 */
import { randomUUID } from "node:crypto";
import { toNodeHandler } from "better-auth/node";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import type { AppContext } from "./context.js";
import { appFiles } from "./http/app-files.js";
import { responseCompression } from "./http/compression.js";
import { apiNotFound, errorHandler } from "./http/errors.js";
import { originCheck, securityHeaders } from "./http/security.js";
import { adminRoutes } from "./routes/admin-routes.js";
import { analysisRoutes } from "./routes/analysis-routes.js";
import { authRoutes } from "./routes/auth-routes.js";
import { BRAND_BODY_PATH, brandBodyParser, brandRoutes } from "./routes/brand-routes.js";
import { comparisonRoutes } from "./routes/comparison-routes.js";
import { competitionRoutes } from "./routes/competition-routes.js";
import { keywordRoutes } from "./routes/keyword-routes.js";
import { outlineRoutes } from "./routes/outline-routes.js";
import { partnerRoutes } from "./routes/partner-routes.js";
import { paymentRoutes, stripeWebhookRoutes } from "./routes/payment-routes.js";
import { devRoutes, publicRoutes } from "./routes/public-routes.js";
import { reportRoutes } from "./routes/report-routes.js";
import { tokenRoutes } from "./routes/token-routes.js";
import { widgetApiRoutes, widgetFileRoutes } from "./routes/widget-routes.js";

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
      autoLogging: { ignore: (req) => !req.url?.startsWith("/api/") },
      // One compact line per call: no headers (they carry cookies), no bodies.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split("?")[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );
  app.use(securityHeaders(config));
  // API answers and the widget file, compressed on the fly; the app's files are precompressed.
  app.use(["/api", "/widget"], responseCompression());

  // better-auth serves only the verification link; it reads its own body, so it comes before express.json().
  app.get("/api/auth/verify-email", toNodeHandler(ctx.auth));
  // The widget's calls and file never read or set cookies: before anything that does.
  app.use("/api/widget", widgetApiRoutes(ctx));
  app.use(widgetFileRoutes(ctx));
  // Stripe signs the exact bytes it sends: the webhook reads the raw body, before express.json().
  app.use("/api", stripeWebhookRoutes(ctx));

  // A brand's logo travels in its JSON body: that one path reads a larger body.
  app.use(BRAND_BODY_PATH, brandBodyParser(ctx));
  app.use("/api", express.json({ limit: "100kb" }), originCheck(config));
  app.use("/api/auth", authRoutes(ctx));
  app.use(
    "/api",
    publicRoutes(ctx),
    outlineRoutes(ctx),
    devRoutes(ctx),
    analysisRoutes(ctx),
    comparisonRoutes(ctx),
    reportRoutes(ctx),
    keywordRoutes(ctx),
    competitionRoutes(ctx),
    paymentRoutes(ctx),
    tokenRoutes(ctx),
  );
  app.use("/api", adminRoutes(ctx), partnerRoutes(ctx), brandRoutes(ctx));
  app.use("/api", apiNotFound);

  if (config.appDist) app.use(appFiles(config.appDist));

  app.use(errorHandler);
  return app;
}
