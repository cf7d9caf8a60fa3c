/** Keyword research (spec §3 KeywordResearchData), plus what BIS adds. */
import { z } from "zod";

export const keywordEntrySchema = z.object({
  keyword: z.string(),
  searchVolume: z.number(),
  cpc: z.number(),
});
export type KeywordEntry = z.infer<typeof keywordEntrySchema>;

export const keywordResearchDataSchema = z.looseObject({
  totalKeywords: z.number(),
  keywordData: z.object({
    summary: z.object({
      avgSearchVolume: z.number(),
      avgCPC: z.number(),
      competitionLevel: z.string(),
      keywordsWithVolume: z.number(),
    }),
    primaryKeywords: z.array(keywordEntrySchema),
    longTailKeywords: z.array(keywordEntrySchema),
    recommendations: z.array(z.string()),
  }),
});
export type KeywordResearchData = z.infer<typeof keywordResearchDataSchema>;
