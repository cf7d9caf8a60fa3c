/**
 * The premium steps that run on one analysis and answer `{ analysis }`: keyword research
 * (`POST /api/keyword-analysis/analyze` with `{ analysisId }`) and competition analysis
 * (`POST /api/analyses/{id}/competition-analysis`). The PDF report is in report-routes.ts.
 */
import { endpoints } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";

export function premiumRoutes(
  { services: { competition, keywords } }: AppContext,
  routes: EndpointRoutes,
): void {
  routes.on(endpoints.premium.keywords, async ({ user, body }) => ({
    analysis: await keywords.runKeywordResearch(user, body.analysisId),
  }));
  // The body is empty, as the specification's API has it; anything sent is ignored.
  routes.on(endpoints.premium.competition, async ({ user, params }) => ({
    analysis: await competition.runCompetitionAnalysis(user, params.id),
  }));
}
