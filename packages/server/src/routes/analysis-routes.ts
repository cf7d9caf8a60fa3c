/** Market analysis calls: parse, call the analysis service, respond. */
import {
  analyzeRequestSchema,
  deleteAnalysisQuerySchema,
  rerunRequestSchema,
  zipAreasCsv,
  zipAreasQuerySchema,
} from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { requireUser, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";
import { XLSX_TYPE } from "../report/comparison-export.js";
import { zipAreasXlsx } from "../report/zip-areas-export.js";

export function analysisRoutes({ services: { accounts, analyses } }: AppContext): Router {
  const router = Router();
  router.use(["/market-analysis", "/analyses"], requireUser(accounts));

  router.post("/market-analysis/analyze", async (req, res) => {
    const body = parse(analyzeRequestSchema, req.body);
    res.status(201).json(await analyses.analyze(userOf(req).id, body));
  });

  router.get("/market-analysis/:id", async (req, res) => {
    res.json(await analyses.get(req.params.id, userOf(req)));
  });

  router.get("/analyses", async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("analyses", page, await analyses.list(userOf(req).id, page)));
  });

  router.get("/analyses/:id", async (req, res) => {
    res.json(await analyses.get(req.params.id, userOf(req)));
  });

  // ?sort=score&order=desc&limit=50 (validated: anything else is 400).
  router.get("/analyses/:id/zip-areas", async (req, res) => {
    const query = parse(zipAreasQuerySchema, req.query);
    res.json(await analyses.zipAreas(req.params.id, userOf(req), query));
  });

  router.get("/analyses/:id/zip-areas.csv", async (req, res) => {
    const query = parse(zipAreasQuerySchema, req.query);
    const zips = await analyses.zipAreas(req.params.id, userOf(req), query);
    res
      .type("text/csv; charset=utf-8")
      .attachment(zipAreasFileName(zips.location))
      .send(zipAreasCsv(zips.rows));
  });

  router.get("/analyses/:id/zip-areas.xlsx", async (req, res) => {
    const query = parse(zipAreasQuerySchema, req.query);
    const zips = await analyses.zipAreas(req.params.id, userOf(req), query);
    res
      .type(XLSX_TYPE)
      .attachment(zipAreasFileName(zips.location, "xlsx"))
      .send(await zipAreasXlsx(zips));
  });

  // Owner or administrator; anyone else 404 (as every analysis route).
  router.delete("/analyses/:id", async (req, res) => {
    const query = parse(deleteAnalysisQuerySchema, req.query);
    await analyses.remove(req.params.id, userOf(req), { ifUnpaid: query.ifUnpaid === "true" });
    res.status(204).end();
  });

  router.put("/analyses/:id/assumptions", async (req, res) => {
    const body = parse(rerunRequestSchema, req.body);
    res.json(await analyses.rerun(req.params.id, userOf(req), body.assumptions));
  });

  return router;
}

/** "Austin, TX" → "bis-zip-areas-austin-tx.csv" (or .xlsx). */
export function zipAreasFileName(location: string, extension: "csv" | "xlsx" = "csv"): string {
  const slug = location
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
  return `bis-zip-areas-${slug || "analysis"}.${extension}`;
}
