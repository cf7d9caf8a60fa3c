/** Competition analysis (spec §3 CompetitionAnalysisData) and the opportunity score. */
import { z } from "zod";

export const competitorSchema = z.object({
  name: z.string(),
  rating: z.number().nullable(),
  reviews: z.number().nullable(),
  position: z.string(),
  specialization: z.string(),
});
export type Competitor = z.infer<typeof competitorSchema>;

export const competitionAnalysisDataSchema = z.looseObject({
  totalCompetitors: z.number(),
  marketLeader: z.string().nullable(),
  avgRating: z.number().nullable(),
  marketSaturation: z.string(),
  competitors: z.array(competitorSchema),
  opportunities: z.array(z.string()),
  recommendations: z.array(z.string()),
});
export type CompetitionAnalysisData = z.infer<typeof competitionAnalysisDataSchema>;

/** One 0–100 score per analysis: demand, supply and cost to acquire, with its components. */
export const opportunityScoreSchema = z.looseObject({
  score: z.number(),
  components: z.array(
    z.looseObject({
      key: z.string(),
      label: z.string(),
      score: z.number(),
      weight: z.number(),
      detail: z.string(),
    }),
  ),
});
export type OpportunityScore = z.infer<typeof opportunityScoreSchema>;
