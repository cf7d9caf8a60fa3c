/**
 * Administrators' management of widget partners and the leads they captured (issue
 * "Embeddable free-analysis widget"): parse, call the partner service, respond. Every route
 * here is refused to non-administrators (401 signed out, 403 otherwise) before it runs.
 */
import { leadsQuerySchema, partnerCreateSchema, partnerUpdateSchema } from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { requireAdmin, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

export function partnerRoutes(ctx: AppContext): Router {
  const { accounts, partners } = ctx.services;
  const router = Router();
  router.use(["/admin/partners", "/admin/leads"], requireAdmin(accounts));

  router.get("/admin/partners", async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("partners", page, await partners.list(page)));
  });

  /** The answer carries the webhook secret this once. */
  router.post("/admin/partners", async (req, res) => {
    const body = parse(partnerCreateSchema, req.body);
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(await partners.create(userOf(req), body));
  });

  router.patch("/admin/partners/:id", async (req, res) => {
    const body = parse(partnerUpdateSchema, req.body);
    res.setHeader("Cache-Control", "no-store");
    res.json(await partners.update(userOf(req), req.params.id, body));
  });

  /** Revokes (active = false); the partner and its leads stay for the record. */
  router.delete("/admin/partners/:id", async (req, res) => {
    res.json(await partners.revoke(userOf(req), req.params.id));
  });

  router.get("/admin/leads", async (req, res) => {
    const query = parse(leadsQuerySchema, req.query);
    const page = pageRequest(req.query);
    res.json(pageBody("leads", page, await partners.leads(query, page)));
  });

  return router;
}
