/** Competition analysis: `POST /api/analyses/{analysisId}/competition-analysis` → `{ analysis }`. */
import { competitionAnalysisRequestSchema } from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { requireUser, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";

const PATH = "/analyses/:analysisId/competition-analysis";

export function competitionRoutes({ services: { accounts, competition } }: AppContext): Router {
  const router = Router();
  router.use(PATH, requireUser(accounts));

  // The body is empty, as the specification's API has it; anything sent is ignored.
  router.post(PATH, async (req, res) => {
    parse(competitionAnalysisRequestSchema, req.body);
    const analysis = await competition.runCompetitionAnalysis(userOf(req), req.params.analysisId);
    res.json({ analysis });
  });

  return router;
}
