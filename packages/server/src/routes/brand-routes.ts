/**
 * Partners' brands: administrators set a partner's brand and assign users to it; a
 * signed-in user reads the brand their reports carry and its logo. Parse, call the brand
 * service, respond. The admin paths are refused to non-administrators before they run.
 */
import {
  partnerBrandInputSchema,
  partnerMemberAssignSchema,
  partnerMembersQuerySchema,
} from "@bis/sdk";
import express, { type RequestHandler, Router } from "express";
import type { AppContext } from "../context.js";
import { requireAdmin, requireUser, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

/** A 256 KB logo in base64 is about 342 KB; a larger upload still gets the logo's own message. */
const BRAND_BODY_LIMIT = "600kb";

export const BRAND_BODY_PATH = "/api/admin/partners/:id/brand";

/**
 * The brand's body, read with its own limit before the API's 100 KB express.json() — and only
 * for administrators, so nobody else can make the server read a large body.
 */
export function brandBodyParser(ctx: AppContext): RequestHandler[] {
  return [requireAdmin(ctx.services.accounts), express.json({ limit: BRAND_BODY_LIMIT })];
}

export function brandRoutes(ctx: AppContext): Router {
  const { accounts, partnerBrands } = ctx.services;
  const router = Router();
  router.use("/admin/partners", requireAdmin(accounts));
  router.use(["/brand", "/brands", "/analyses/:id/brand"], requireUser(accounts));

  router.get("/admin/partners/:id/brand", async (req, res) => {
    res.json(await partnerBrands.get(req.params.id));
  });

  router.put("/admin/partners/:id/brand", async (req, res) => {
    const body = parse(partnerBrandInputSchema, req.body);
    res.json(await partnerBrands.save(userOf(req), req.params.id, body));
  });

  router.delete("/admin/partners/:id/brand", async (req, res) => {
    await partnerBrands.remove(userOf(req), req.params.id);
    res.status(204).end();
  });

  router.get("/admin/partners/:id/members", async (req, res) => {
    const page = pageRequest(req.query);
    const { status } = parse(partnerMembersQuerySchema, req.query);
    res.json(pageBody("members", page, await partnerBrands.members(req.params.id, page, status)));
  });

  /** Confirms a widget sign-up's request: the user's reports carry the brand from now on. */
  router.post("/admin/partners/:id/members/:userId/confirm", async (req, res) => {
    res.json(await partnerBrands.confirm(userOf(req), req.params.id, req.params.userId));
  });

  router.post("/admin/partners/:id/members", async (req, res) => {
    const body = parse(partnerMemberAssignSchema, req.body);
    res.status(201).json(await partnerBrands.assign(userOf(req), req.params.id, body.email));
  });

  router.delete("/admin/partners/:id/members/:userId", async (req, res) => {
    await partnerBrands.unassign(userOf(req), req.params.id, req.params.userId);
    res.status(204).end();
  });

  /**
   * The brand an analysis' reports carry (its owner's), for its results page: the owner or an
   * administrator; `{ brand: null }` for BIS's own.
   */
  router.get("/analyses/:id/brand", async (req, res) => {
    res.setHeader("Cache-Control", "private, no-cache");
    res.json({ brand: await partnerBrands.forAnalysis(req.params.id, userOf(req)) });
  });

  /** The brand the signed-in user's reports carry; `{ brand: null }` for BIS's own. */
  router.get("/brand", async (req, res) => {
    res.setHeader("Cache-Control", "private, no-cache");
    res.json({ brand: await partnerBrands.forUser(userOf(req).id) });
  });

  /**
   * The logo, always a PNG the server stored (SVG uploads were rasterised): cacheable by the
   * browser (the URL changes with the logo), never sniffed, never run as a document.
   */
  router.get("/brands/:partnerId/logo", async (req, res) => {
    const logo = await partnerBrands.logo(req.params.partnerId, userOf(req));
    const etag = `"${logo.hash.slice(0, 32)}"`;
    res.set({
      "Content-Type": "image/png",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, max-age=86400",
      "Content-Disposition": "inline",
      ETag: etag,
    });
    if (req.headers["if-none-match"] === etag) {
      res.status(304).end();
      return;
    }
    res.send(logo.png);
  });

  return router;
}
