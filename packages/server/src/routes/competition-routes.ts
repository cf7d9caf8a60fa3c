/** Competition analysis: `POST /api/analyses/{analysisId}/competition-analysis` → `{ analysis }`. */
import { endpoints } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";

export function competitionRoutes(
  { services: { competition } }: AppContext,
  routes: EndpointRoutes,
): void {
  // The body is empty, as the specification's API has it; anything sent is ignored.
  routes.on(endpoints.premium.competition, async ({ user, params }) => ({
    analysis: await competition.runCompetitionAnalysis(user, params.id),
  }));
}
