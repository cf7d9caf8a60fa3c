/**
 * Administration calls (the /admin screen): call one service, answer. The table gives every
 * /api/admin/* endpoint the "admin" access, so non-administrators are refused (401 signed out,
 * 403 otherwise) before any handler runs.
 *
 * Also here: the video URLs for any signed-in user, the map key for signed-in users, and the
 * development-only GET /api/logs.
 */
import { endpoints, ownOriginVideoIssues } from "@bis/sdk";
import type { AppContext } from "../context.js";
import { beforeAccess, type EndpointRoutes } from "../http/endpoints.js";
import { AppError } from "../lib/errors.js";
import {
  decodePositionCursor,
  encodePositionCursor,
  pageBody,
  pageRequest,
} from "../lib/pagination.js";
import { countLogEntries, readLogEntries } from "../logging/log-store.js";

/** Log entries in one answer when no `limit` is given (the most `limit` allows). */
const LOG_PAGE_DEFAULT = 500;

export function adminRoutes(ctx: AppContext, routes: EndpointRoutes): void {
  const { config, db, logs } = ctx;
  const { admin, apiKeys, audit, settings, system } = ctx.services;
  const { admin: calls, site } = endpoints;

  routes.on(calls.analytics, () => admin.analytics());

  /* -------------------------------------------------------------- users */

  routes.on(calls.users, async ({ query }) => {
    const page = pageRequest(query);
    return pageBody("users", page, await admin.users(page));
  });

  routes.on(calls.setAdmin, ({ user, params, body }) =>
    admin.setAdmin(user, params.userId, body.isAdmin),
  );

  routes.on(calls.deleteUser, ({ user, params }) => admin.deleteUser(user, params.userId));

  /* -------------------------------------------------------------- analyses */

  routes.on(calls.analyses, async ({ query }) => {
    const page = pageRequest(query);
    return pageBody("analyses", page, await admin.analyses(page));
  });

  routes.on(calls.bulkDeleteAnalyses, ({ user, body }) =>
    admin.bulkDeleteAnalyses(user, body.analysisIds),
  );

  /* -------------------------------------------------------------- settings */

  routes.on(calls.settings, () => settings.all());

  routes.on(calls.updateSettings, ({ user, body }) => {
    // A video on BIS's own origin could lift its frame's sandbox: 400, naming the field.
    const issues = ownOriginVideoIssues(body, config.trustedOrigins);
    if (issues.length > 0)
      throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid video URL", {
        issues,
      });
    return admin.updateSettings(user, body);
  });

  /** The results page reads the video URLs: any signed-in user. */
  routes.on(site.videos, () => settings.all());

  /* -------------------------------------------------------------- API keys */

  routes.on(calls.apiKeys, async () => ({ apiKeys: await apiKeys.list() }));

  routes.on(calls.saveApiKey, ({ user, params, body }) =>
    apiKeys.save(user, apiKeys.nameOf(params.name), body.value),
  );

  routes.on(calls.testApiKey, ({ params, body }) =>
    apiKeys.test(apiKeys.nameOf(params.name), body.value),
  );

  routes.on(calls.deleteApiKey, ({ user, params }) =>
    apiKeys.remove(user, apiKeys.nameOf(params.name)),
  );

  /** The spec's call for the maps key. */
  routes.on(calls.saveMapsKey, async ({ user, body }) => {
    const saved = await apiKeys.save(user, "googleMaps", body.googleMapsApiKey);
    return {
      message:
        saved.source === "environment"
          ? `Google Maps API key saved; ${saved.envVar} is set in the environment and stays in use until it is removed`
          : "Google Maps API key saved successfully",
    };
  });

  /** The configured map key for signed-in users; 404 when there is none (never a fallback). */
  routes.on(site.mapsKey, ({ res }) => {
    const apiKey = ctx.keys.get("googleMaps");
    if (!apiKey) throw new AppError("MAPS_KEY_MISSING");
    res.setHeader("Cache-Control", "no-store");
    return { apiKey };
  });

  /* -------------------------------------------------------------- operations */

  routes.on(calls.system, () => system.status());

  /**
   * One page of the log of every instance, newest first (`?level=&limit=&cursor=`; without
   * `limit`, the newest 500). This instance's queued lines are written first, so its own recent
   * lines are there at once; the other instances' arrive within their flush interval (1 s). The
   * cursor is the last entry's (time, id): lines written while a user pages never shift it.
   */
  routes.on(calls.logs, async ({ query: { level, limit = LOG_PAGE_DEFAULT, cursor } }) => {
    const after = cursor ? decodePositionCursor(cursor) : undefined;
    await logs.flush();
    const read = await readLogEntries(db, { level, limit: limit + 1, after });
    const entries = read.slice(0, limit);
    const last = entries.at(-1);
    return {
      entries,
      nextCursor:
        read.length > limit && last
          ? encodePositionCursor({ time: new Date(last.time), id: last.id })
          : null,
      total: await countLogEntries(db, level),
      limit,
    };
  });

  routes.on(calls.audit, async ({ query }) => {
    const page = pageRequest(query);
    return pageBody("entries", page, await audit.list(page));
  });

  /**
   * The spec's logging dashboard call: development only (404 elsewhere, before the access check:
   * outside development the path does not exist), and administrators only there too.
   */
  routes.on(
    calls.devLogs,
    beforeAccess((_req, _res, next) => {
      if (config.env !== "development")
        throw new AppError("DEV_ONLY", "The log is available in development only");
      next();
    }),
    async ({ query: { level, limit = LOG_PAGE_DEFAULT } }) => {
      await logs.flush();
      return { entries: await readLogEntries(db, { level, limit }) };
    },
  );
}
