/**
 * The embeddable widget: its two anonymous calls (/api/widget/*, mounted before anything that
 * reads cookies), its manifest, and the built file itself (/widget.js → the versioned path).
 * Parse, call one service, respond; the security model lives in http/widget-security.ts.
 */
import { widgetAnalyzeRequestSchema, widgetLeadRequestSchema } from "@bis/sdk";
import express, { Router } from "express";
import type { AppContext } from "../context.js";
import {
  authorizePartner,
  noCookies,
  partnerOf,
  widgetPreflight,
  widgetRateLimits,
} from "../http/widget-security.js";
import { parse } from "../lib/errors.js";
import type { WidgetAssets } from "../services/widget-assets.js";

/** Mounted at /api/widget. */
export function widgetApiRoutes(ctx: AppContext): Router {
  const { partners, widget, widgetAssets } = ctx.services;
  const router = Router();
  router.use(noCookies);

  const guarded = [
    authorizePartner(partners),
    ...widgetRateLimits(ctx.config.widget, ctx.db),
    express.json({ limit: "16kb" }),
  ];

  router.options(["/analyze", "/leads"], widgetPreflight(partners));

  router.post("/analyze", ...guarded, async (req, res) => {
    const body = parse(widgetAnalyzeRequestSchema, req.body);
    res.json(await widget.analyze(partnerOf(res), body));
  });

  router.post("/leads", ...guarded, async (req, res) => {
    const body = parse(widgetLeadRequestSchema, req.body);
    res.status(201).json(await widget.createLead(partnerOf(res), body));
  });

  /** Public: version, versioned path and SRI hash of the served widget file. */
  router.get("/manifest", (_req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "no-cache");
    res.json(widgetAssets.manifest());
  });

  return router;
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
