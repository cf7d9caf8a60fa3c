/**
 * The embeddable widget: its two anonymous calls and its manifest (/api/widget/*, registered on
 * the routes mounted before anything that reads cookies), and the built file itself
 * (/widget.js → the versioned path). Call one service, answer; the security model lives in
 * http/widget-security.ts.
 */
import { API_PREFIX, endpoints } from "@bis/sdk";
import express, { Router } from "express";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { refuseUnstorableBodies } from "../http/storable.js";
import {
  authorizePartner,
  noCookies,
  partnerOf,
  widgetPreflight,
  widgetRateLimits,
} from "../http/widget-security.js";
import type { WidgetAssets } from "../services/widget-assets.js";

/** Where the widget's calls live: nothing under it reads or sets cookies. */
export const WIDGET_API_PATH = `${API_PREFIX}/widget`;

export function widgetApiRoutes(ctx: AppContext, routes: EndpointRoutes): void {
  const { partners, widget, widgetAssets } = ctx.services;
  const calls = endpoints.widget;

  const guarded = [
    authorizePartner(partners),
    ...widgetRateLimits(ctx.config.widget, ctx.db),
    express.json({ limit: "16kb" }),
    refuseUnstorableBodies,
  ];

  // The CORS preflight of the two partner calls (the browser's, not an API call of its own).
  routes.preflight([calls.analyze, calls.lead], widgetPreflight(partners));

  routes.on(calls.analyze, ...guarded, ({ res, body }) => widget.analyze(partnerOf(res), body));

  routes.on(calls.lead, ...guarded, ({ res, body }) => widget.createLead(partnerOf(res), body));

  /** Public: version, versioned path and SRI hash of the served widget file. */
  routes.on(calls.manifest, ({ res }) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "no-cache");
    return widgetAssets.manifest();
  });
}

/** GET /widget.js (redirect, short cache) and GET /widget/<version>/bis-widget.js (a year). */
export function widgetFileRoutes(ctx: AppContext): Router {
  const assets: WidgetAssets = ctx.services.widgetAssets;
  const router = Router();

  router.get("/widget.js", noCookies, (_req, res) => {
    const { path } = assets.manifest();
    res.setHeader("Cache-Control", "public, max-age=300");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.redirect(302, path);
  });

  router.get("/widget/:version/bis-widget.js", noCookies, (req, res) => {
    const asset = assets.file(String(req.params.version));
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    // Weak: the body goes br, gzip or as it is (compressed on the fly), and a strong ETag would
    // claim those three bodies are one, so a cache could hand a gzip body to a br request.
    res.setHeader("ETag", `W/"${asset.version}"`);
    res.send(asset.body);
  });

  return router;
}
