/**
 * Administration calls (the /admin screen): parse, call one service, respond. Every
 * /api/admin/* request that reaches this router is refused to non-administrators (401 signed
 * out, 403 otherwise) before any handler runs, so a new route here cannot forget it.
 *
 * Also here: the video URLs for any signed-in user, the map key for signed-in users, and the
 * development-only GET /api/logs.
 */
import {
  bulkDeleteAnalysesRequestSchema,
  logsQuerySchema,
  saveApiKeyRequestSchema,
  saveMapsKeyRequestSchema,
  setAdminRequestSchema,
  settingsPatchSchema,
  testApiKeyRequestSchema,
} from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { requireAdmin, requireUser, userOf } from "../http/session.js";
import { AppError, parse } from "../lib/errors.js";
import {
  decodePositionCursor,
  encodePositionCursor,
  pageBody,
  pageRequest,
} from "../lib/pagination.js";
import { countLogEntries, readLogEntries } from "../logging/log-store.js";

/** Log entries in one answer when no `limit` is given (the most `limit` allows). */
const LOG_PAGE_DEFAULT = 500;

export function adminRoutes(ctx: AppContext): Router {
  const { config, db, logs } = ctx;
  const { accounts, admin, apiKeys, audit, settings, system } = ctx.services;
  const router = Router();
  const adminOnly = requireAdmin(accounts);
  const signedIn = requireUser(accounts);
  router.use("/admin", adminOnly);

  router.get("/admin/analytics", async (_req, res) => {
    res.json(await admin.analytics());
  });

  /* -------------------------------------------------------------- users */

  router.get("/admin/users", async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("users", page, await admin.users(page)));
  });

  router.put("/admin/users/:userId/admin", async (req, res) => {
    const body = parse(setAdminRequestSchema, req.body);
    res.json(await admin.setAdmin(userOf(req), req.params.userId, body.isAdmin));
  });

  router.delete("/admin/users/:userId", async (req, res) => {
    res.json(await admin.deleteUser(userOf(req), req.params.userId));
  });

  /* -------------------------------------------------------------- analyses */

  router.get("/admin/analyses", async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("analyses", page, await admin.analyses(page)));
  });

  router.delete("/admin/analyses/bulk", async (req, res) => {
    const body = parse(bulkDeleteAnalysesRequestSchema, req.body);
    res.json(await admin.bulkDeleteAnalyses(userOf(req), body.analysisIds));
  });

  /* -------------------------------------------------------------- settings */

  router.get("/admin/settings", async (_req, res) => {
    res.json(await settings.all());
  });

  router.patch("/admin/settings", async (req, res) => {
    const body = parse(settingsPatchSchema, req.body);
    res.json(await admin.updateSettings(userOf(req), body));
  });

  /** The results page reads the video URLs: any signed-in user. */
  router.get("/settings/videos", signedIn, async (_req, res) => {
    res.json(await settings.all());
  });

  /* -------------------------------------------------------------- API keys */

  router.get("/admin/api-keys", async (_req, res) => {
    res.json({ apiKeys: await apiKeys.list() });
  });

  router.put("/admin/api-keys/:name", async (req, res) => {
    const name = apiKeys.nameOf(req.params.name);
    const body = parse(saveApiKeyRequestSchema, req.body);
    res.json(await apiKeys.save(userOf(req), name, body.value));
  });

  router.post("/admin/api-keys/:name/test", async (req, res) => {
    const name = apiKeys.nameOf(req.params.name);
    const body = parse(testApiKeyRequestSchema, req.body);
    res.json(await apiKeys.test(name, body.value));
  });

  router.delete("/admin/api-keys/:name", async (req, res) => {
    const name = apiKeys.nameOf(req.params.name);
    res.json(await apiKeys.remove(userOf(req), name));
  });

  /** The spec's call for the maps key. */
  router.post("/admin/save-api-key", async (req, res) => {
    const body = parse(saveMapsKeyRequestSchema, req.body);
    const saved = await apiKeys.save(userOf(req), "googleMaps", body.googleMapsApiKey);
    res.json({
      message:
        saved.source === "environment"
          ? `Google Maps API key saved; ${saved.envVar} is set in the environment and stays in use until it is removed`
          : "Google Maps API key saved successfully",
    });
  });

  /** The configured map key for signed-in users; 404 when there is none (never a fallback). */
  router.get("/config/google-maps-key", signedIn, async (_req, res) => {
    const apiKey = ctx.keys.get("googleMaps");
    if (!apiKey) throw new AppError("NOT_FOUND", "No Google Maps API key is configured");
    res.setHeader("Cache-Control", "no-store");
    res.json({ apiKey });
  });

  /* -------------------------------------------------------------- operations */

  router.get("/admin/system", async (_req, res) => {
    res.json(await system.status());
  });

  /**
   * One page of the log of every instance, newest first (`?level=&limit=&cursor=`; without
   * `limit`, the newest 500). This instance's queued lines are written first, so its own recent
   * lines are there at once; the other instances' arrive within their flush interval (1 s). The
   * cursor is the last entry's (time, id): lines written while a user pages never shift it.
   */
  router.get("/admin/logs", async (req, res) => {
    const { level, limit = LOG_PAGE_DEFAULT, cursor } = parse(logsQuerySchema, req.query);
    const after = cursor ? decodePositionCursor(cursor) : undefined;
    await logs.flush();
    const read = await readLogEntries(db, { level, limit: limit + 1, after });
    const entries = read.slice(0, limit);
    const last = entries.at(-1);
    res.json({
      entries,
      nextCursor:
        read.length > limit && last
          ? encodePositionCursor({ time: new Date(last.time), id: last.id })
          : null,
      total: await countLogEntries(db, level),
      limit,
    });
  });

  router.get("/admin/audit", async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("entries", page, await audit.list(page)));
  });

  /** The spec's logging dashboard call: development only, and administrators only there too. */
  router.get(
    "/logs",
    (_req, _res, next) => {
      if (config.env !== "development")
        throw new AppError("NOT_FOUND", "The log is available in development only");
      next();
    },
    adminOnly,
    async (req, res) => {
      const { level, limit = LOG_PAGE_DEFAULT } = parse(logsQuerySchema, req.query);
      await logs.flush();
      res.json({ entries: await readLogEntries(db, { level, limit }) });
    },
  );

  return router;
}
