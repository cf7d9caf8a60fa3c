/**
 * Partners' brands: administrators set a partner's brand and assign users to it; a
 * signed-in user reads the brand their reports carry and its logo. Call the brand service,
 * answer.
 */
import { endpoints } from "@bis/sdk";
import express, { type RequestHandler } from "express";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { requireAdmin } from "../http/session.js";
import { refuseUnstorableBodies } from "../http/storable.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

/** A 256 KB logo in base64 is about 342 KB; a larger upload still gets the logo's own message. */
const BRAND_BODY_LIMIT = "600kb";

export const BRAND_BODY_PATH = endpoints.partners.saveBrand.path;

/**
 * The brand's body, read with its own limit before the API's 100 KB express.json() — and only
 * for administrators, so nobody else can make the server read a large body.
 */
export function brandBodyParser(ctx: AppContext): RequestHandler[] {
  return [
    requireAdmin(ctx.services.accounts),
    express.json({ limit: BRAND_BODY_LIMIT }),
    refuseUnstorableBodies,
  ];
}

export function brandRoutes(ctx: AppContext, routes: EndpointRoutes): void {
  const { partnerBrands } = ctx.services;
  const { partners, account } = endpoints;

  routes.on(partners.brand, ({ params }) => partnerBrands.get(params.id));

  routes.on(partners.saveBrand, ({ user, params, body }) =>
    partnerBrands.save(user, params.id, body),
  );

  routes.on(partners.removeBrand, async ({ user, params }) => {
    await partnerBrands.remove(user, params.id);
  });

  routes.on(partners.members, async ({ params, query, req }) => {
    // The table's query schema is the filter; the page's fields are read as every list's.
    const page = pageRequest(req.query);
    return pageBody("members", page, await partnerBrands.members(params.id, page, query.status));
  });

  /** Confirms a widget sign-up's request: the user's reports carry the brand from now on. */
  routes.on(partners.confirmMember, ({ user, params }) =>
    partnerBrands.confirm(user, params.id, params.userId),
  );

  routes.on(partners.assignMember, ({ user, params, body }) =>
    partnerBrands.assign(user, params.id, body.email),
  );

  routes.on(partners.unassignMember, async ({ user, params }) => {
    await partnerBrands.unassign(user, params.id, params.userId);
  });

  /**
   * The brand an analysis' reports carry (its owner's), for its results page: the owner or an
   * administrator; `{ brand: null }` for BIS's own.
   */
  routes.on(account.analysisBrand, async ({ user, params, res }) => {
    res.setHeader("Cache-Control", "private, no-cache");
    return { brand: await partnerBrands.forAnalysis(params.id, user) };
  });

  /** The brand the signed-in user's reports carry; `{ brand: null }` for BIS's own. */
  routes.on(account.brand, async ({ user, res }) => {
    res.setHeader("Cache-Control", "private, no-cache");
    return { brand: await partnerBrands.forUser(user.id) };
  });

  /**
   * The logo, always a PNG the server stored (SVG uploads were rasterised): cacheable by the
   * browser (the URL changes with the logo), never sniffed, never run as a document.
   */
  routes.on(account.brandLogo, async ({ user, params, req, res }) => {
    const logo = await partnerBrands.logo(params.partnerId, user);
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
}
