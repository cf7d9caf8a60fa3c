/** Keyword research: `POST /api/keyword-analysis/analyze` `{analysisId}` → `{ analysis }`. */
import { keywordResearchRequestSchema } from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { requireUser, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";

const PATH = "/keyword-analysis/analyze";

export function keywordRoutes({ services: { accounts, keywords } }: AppContext): Router {
  const router = Router();
  router.use(PATH, requireUser(accounts));

  router.post(PATH, async (req, res) => {
    const body = parse(keywordResearchRequestSchema, req.body);
    const analysis = await keywords.runKeywordResearch(userOf(req), body.analysisId);
    res.json({ analysis });
  });

  return router;
}
