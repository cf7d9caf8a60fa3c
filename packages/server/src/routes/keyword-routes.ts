/** Keyword research: `POST /api/keyword-analysis/analyze` `{analysisId}` → `{ analysis }`. */
import { endpoints } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";

export function keywordRoutes(
  { services: { keywords } }: AppContext,
  routes: EndpointRoutes,
): void {
  routes.on(endpoints.premium.keywords, async ({ user, body }) => ({
    analysis: await keywords.runKeywordResearch(user, body.analysisId),
  }));
}
