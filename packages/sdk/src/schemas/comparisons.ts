/**
 * Comparisons: 2–10 of a user's analyses side by side, saved with their own URL.
 * `POST /api/comparisons` takes the analysis ids in the order chosen; `GET /api/comparisons/{id}`
 * answers the record with each market's figures (models/comparison.ts builds them from the
 * analyses; the page, the PDF report, the exports and the CLI rank them with the same rule).
 */
import { z } from "zod";
import { MESSAGES } from "../messages.js";
import { COMPARISON_LIMITS, COMPARISON_MESSAGES } from "../models/comparison-rows.js";
import { opportunityScoreSchema } from "./competition.js";
import { marketAnalysisFormSchema } from "./forms.js";
import { dataGradeSchema } from "./provenance.js";

const isoDate = z.string().describe("ISO 8601 timestamp");

/** POST /api/comparisons. */
export const createComparisonRequestSchema = z.object({
  analysisIds: z
    .array(
      z
        .string({ error: COMPARISON_MESSAGES.analysisId })
        .trim()
        .min(1, { error: COMPARISON_MESSAGES.analysisId })
        .max(100, { error: COMPARISON_MESSAGES.analysisId }),
      { error: COMPARISON_MESSAGES.tooFew },
    )
    .min(COMPARISON_LIMITS.min, { error: COMPARISON_MESSAGES.tooFew })
    .max(COMPARISON_LIMITS.max, { error: COMPARISON_MESSAGES.tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: COMPARISON_MESSAGES.duplicate }),
  name: z
    .string()
    .trim()
    .max(120, { error: COMPARISON_MESSAGES.nameTooLong })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateComparisonRequest = z.input<typeof createComparisonRequestSchema>;
export type CreateComparisonInput = z.output<typeof createComparisonRequestSchema>;

const { state, industry, primaryRadius, secondaryRadius } = marketAnalysisFormSchema.shape;

/** The "several markets" form: one state, 2–10 cities (one a line or comma-separated), the same radii. */
export const multiMarketFormSchema = z
  .object({
    state,
    cities: z
      .string({ error: COMPARISON_MESSAGES.citiesTooFew })
      .transform((text) => citiesOf(text))
      .pipe(
        z
          .array(z.string().max(100, { error: "City name must be at most 100 characters" }))
          .min(COMPARISON_LIMITS.min, { error: COMPARISON_MESSAGES.citiesTooFew })
          .max(COMPARISON_LIMITS.max, { error: COMPARISON_MESSAGES.citiesTooMany }),
      ),
    industry,
    primaryRadius,
    secondaryRadius,
  })
  .refine((d) => d.secondaryRadius >= d.primaryRadius, {
    error: MESSAGES.secondaryBelowPrimary,
    path: ["secondaryRadius"],
  });
export type MultiMarketForm = z.input<typeof multiMarketFormSchema>;
export type MultiMarketInput = z.output<typeof multiMarketFormSchema>;

/** "Austin, Dallas\nHouston" → ["Austin", "Dallas", "Houston"], trimmed, blanks and repeats dropped. */
export function citiesOf(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\n,;]+/)) {
    const city = raw.trim().replace(/\s+/g, " ");
    const key = city.toLowerCase();
    if (city === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(city);
  }
  return out;
}

/** How a cell of the table stands: a value, no data, premium not bought, or a step not run yet. */
export const comparisonCellStatusSchema = z.enum(["value", "missing", "locked", "notRun"]);
export type ComparisonCellStatus = z.infer<typeof comparisonCellStatusSchema>;

export const comparisonCellSchema = z.object({
  value: z.union([z.number(), z.string()]).nullable(),
  grade: dataGradeSchema.nullable(),
  status: comparisonCellStatusSchema,
});
export type ComparisonCell = z.infer<typeof comparisonCellSchema>;

/** One market of a comparison: the analysis' area and its figures, each with its grade. */
export const comparisonMarketSchema = z.object({
  analysisId: z.string(),
  location: z.string(),
  industry: z.string(),
  primaryRadius: z.number(),
  secondaryRadius: z.number(),
  createdAt: isoDate,
  isPaid: z.boolean(),
  keywordResearchCompleted: z.boolean(),
  competitionAnalysisCompleted: z.boolean(),
  target: z
    .object({ name: z.string(), state: z.string(), lat: z.number(), lon: z.number() })
    .nullable(),
  /** Every row of COMPARISON_ROWS by key. */
  cells: z.record(z.string(), comparisonCellSchema),
  /** The opportunity score with its components (premium components only for paid analyses). */
  score: opportunityScoreSchema.nullable(),
  /** Where the figures come from, in a line each (market data, keywords, competitors). */
  sources: z.array(z.string()),
});
export type ComparisonMarket = z.infer<typeof comparisonMarketSchema>;

/** GET /api/comparisons/{id} (and the answer of POST). */
export const comparisonSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  /** The analyses compared, in the order chosen. */
  analysisIds: z.array(z.string()),
  createdAt: isoDate,
  /** The markets still there, in the order chosen (rank them with compareMarkets). */
  markets: z.array(comparisonMarketSchema),
  /** Analyses of the comparison that were deleted since (or are no longer visible). */
  missing: z.array(z.string()),
});
export type Comparison = z.infer<typeof comparisonSchema>;

/**
 * One line of GET /api/comparisons (the signed-in user's comparisons, newest first): the
 * comparison and the locations of its markets still there, in the order chosen.
 */
export const comparisonSummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  createdAt: isoDate,
  /** Analyses chosen when it was saved (some may have been deleted since). */
  analysisCount: z.number().int().nonnegative(),
  /** "Austin, TX", … of the analyses still there, in the order chosen. */
  locations: z.array(z.string()),
});
export type ComparisonSummary = z.infer<typeof comparisonSummarySchema>;
