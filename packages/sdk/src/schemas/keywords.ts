/** Keyword research (the specification's KeywordResearchData), plus what BIS adds. */
import { z } from "zod";
import { assumptionSchema } from "./market.js";
import { dataGradeSchema, figureProvenanceSchema } from "./provenance.js";

/** What the searcher wants; every keyword belongs to one intent group. */
export const keywordIntentSchema = z.enum([
  "emergency",
  "repair",
  "replacement",
  "installation",
  "maintenance",
  "cost",
  "near-me",
]);
export type KeywordIntent = z.infer<typeof keywordIntentSchema>;

export const keywordEntrySchema = z.object({
  keyword: z.string(),
  /** Monthly searches, rounded to the nearest 10. */
  searchVolume: z.number(),
  /** Cost per click in dollars (2 decimals). */
  cpc: z.number(),
  /** BIS addition: the intent group. */
  intent: keywordIntentSchema.optional(),
  /** BIS addition: competition index 0–100 (Google's scale), null when unknown. */
  competition: z.number().nullable().optional(),
  /**
   * BIS addition: searches in each month, January to December (whole searches); the 12 average
   * to searchVolume. Absent on records made before monthly volumes existed.
   */
  monthlySearches: z.array(z.number()).length(12).optional(),
  /** BIS addition: measured (the provider's monthly figures) or modeled (the service's months). */
  monthlyGrade: dataGradeSchema.optional(),
});
export type KeywordEntry = z.infer<typeof keywordEntrySchema>;

export const keywordCityAnalyzedSchema = z.object({
  name: z.string(),
  state: z.string().optional(),
  /** Households the city's keywords were sized from (modeled providers). */
  households: z.number().nullable(),
  /** The analysis' own target city. */
  target: z.boolean(),
});
export type KeywordCityAnalyzed = z.infer<typeof keywordCityAnalyzedSchema>;

/** Units of the keyword model's assumptions (the market model's "rate" means per year). */
export const keywordAssumptionUnitSchema = z.enum([
  "usd",
  "share",
  "searches per household per month",
  "× average CPC",
  "of 100",
]);
export type KeywordAssumptionUnit = z.infer<typeof keywordAssumptionUnitSchema>;

/** A named input of the keyword model, shaped like the market model's assumptions. */
export const keywordAssumptionSchema = assumptionSchema.extend({
  unit: keywordAssumptionUnitSchema,
});
export type KeywordAssumption = z.infer<typeof keywordAssumptionSchema>;

export const keywordProvenanceSchema = z.object({
  searchVolume: figureProvenanceSchema,
  cpc: figureProvenanceSchema,
});
export type KeywordProvenance = z.infer<typeof keywordProvenanceSchema>;

/**
 * A limit that applied to a keyword research run: it covered only `kept` of `available` cities
 * (or keyword ideas), so its counts are a measurement of that much and no more.
 */
export const keywordLimitSchema = z.object({
  subject: z.enum(["cities", "keywords"]),
  /** How many the research covered. */
  kept: z.number(),
  /** How many there were before the limit; null when the provider did not say. */
  available: z.number().nullable(),
  /** What set the limit, in words: "the BIS keyword model (the target city, then the most populous)". */
  by: z.string(),
});
export type KeywordLimit = z.infer<typeof keywordLimitSchema>;

/**
 * Where the keywords' monthly searches come from: the provider's monthly figures (measured), the
 * months of the keyword's service in this market (modeled), each with its source; null when no
 * keyword got monthly figures that way.
 */
export const keywordSeasonalitySchema = z.object({
  measured: figureProvenanceSchema.nullable(),
  modeled: figureProvenanceSchema.nullable(),
});
export type KeywordSeasonality = z.infer<typeof keywordSeasonalitySchema>;

export const keywordResearchDataSchema = z.looseObject({
  /** Unique keywords researched (listed or not). */
  totalKeywords: z.number(),
  keywordData: z.object({
    summary: z.object({
      avgSearchVolume: z.number(),
      avgCPC: z.number(),
      competitionLevel: z.string(),
      /** Keywords with a monthly volume of at least 10: the ones listed. */
      keywordsWithVolume: z.number(),
    }),
    /** Head terms: at most two words once city, state and "near me" are removed. */
    primaryKeywords: z.array(keywordEntrySchema),
    longTailKeywords: z.array(keywordEntrySchema),
    recommendations: z.array(z.string()),
  }),
  /** BIS additions. */
  provider: z.object({ id: z.string(), label: z.string(), grade: dataGradeSchema }).optional(),
  provenance: keywordProvenanceSchema.optional(),
  assumptions: z.array(keywordAssumptionSchema).optional(),
  /** Σ listed keywords of volume × CPC × PPC_BUDGET_FACTOR, whole dollars. */
  estimatedMonthlyBudget: z.number().optional(),
  citiesAnalyzed: z.array(keywordCityAnalyzedSchema).optional(),
  /** The limits that applied (none: the research covered everything it could). */
  limits: z.array(keywordLimitSchema).optional(),
  /** The sources of the keywords' monthly searches (absent: no monthly searches). */
  seasonality: keywordSeasonalitySchema.optional(),
});
export type KeywordResearchData = z.infer<typeof keywordResearchDataSchema>;

/** POST /api/keyword-analysis/analyze, with the specification's message "Analysis ID not found". */
export const keywordResearchRequestSchema = z.object({
  analysisId: z
    .string({ error: "Analysis ID not found" })
    .trim()
    .min(1, { error: "Analysis ID not found" }),
});
export type KeywordResearchRequest = z.infer<typeof keywordResearchRequestSchema>;
