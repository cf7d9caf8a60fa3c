/**
 * Competition analysis (the specification's CompetitionAnalysisData) and the opportunity score.
 *
 * The spec's fields come first and keep their shapes; everything after them is a BIS addition
 * and optional, so data stored before an addition still parses. How every figure is computed:
 * docs/methodology.md ("Competition analysis", "Opportunity score") and models/competition/.
 */
import { z } from "zod";
import { dataGradeSchema, provenanceSchema } from "./provenance.js";

/** Where a competitor was found: a real directory, or labelled sample data (demo mode only). */
export const competitorSourceSchema = z.enum(["google-places", "yelp", "sample"]);
export type CompetitorSource = z.infer<typeof competitorSourceSchema>;

/** Position badges, strongest first (rules: rankCompetitors in models/competition/ranking.ts). */
export const competitorPositionSchema = z.enum([
  "Market Leader",
  "Top 3",
  "Established",
  "Emerging",
]);
export type CompetitorPosition = z.infer<typeof competitorPositionSchema>;

export const competitorSchema = z.object({
  name: z.string(),
  /** 0–5 stars; merged across providers weighted by each provider's review count. */
  rating: z.number().nullable(),
  /** Reviews across every provider that lists the business. */
  reviews: z.number().nullable(),
  position: z.string(),
  specialization: z.string(),
  /** BIS additions. `source`: the provider of the name shown; `sources`: every provider listing it. */
  source: competitorSourceSchema.optional(),
  sources: z.array(competitorSourceSchema).optional(),
  url: z.string().optional(),
  address: z.string().optional(),
  phone: z.string().optional(),
  /** Great-circle distance from the target city, in miles. */
  distanceMiles: z.number().optional(),
  /** rating × ln(reviews + 1), the ranking key. */
  strength: z.number().optional(),
});
export type Competitor = z.infer<typeof competitorSchema>;

/** Market saturation bands (spec: default "Medium" on screen when absent). */
export const marketSaturationSchema = z.enum(["Low", "Medium", "High"]);
export type MarketSaturation = z.infer<typeof marketSaturationSchema>;

export const saturationMetricSchema = z.object({
  /** Competitors per 10,000 households within the primary radius; null without households. */
  competitorsPer10kHouseholds: z.number().nullable(),
  /** The competitor count used: listed and deduplicated, or estimated from a provider's total. */
  competitors: z.number().optional(),
  households: z.number().nullable().optional(),
  /** Below `low` is Low, at or above `high` is High, Medium between. */
  thresholds: z.object({ low: z.number(), high: z.number() }),
  /** "listed": the deduplicated competitors; "provider-total": a provider said there are more. */
  countBasis: z.enum(["listed", "provider-total"]).optional(),
  /** True when the providers' page limits may have left competitors out (the count is a floor). */
  lowerBound: z.boolean().optional(),
});
export type SaturationMetric = z.infer<typeof saturationMetricSchema>;

/** What each provider contributed to one run. */
export const competitorProviderRunSchema = z.object({
  source: competitorSourceSchema,
  label: z.string(),
  grade: dataGradeSchema,
  status: z.enum(["ok", "failed"]),
  /** Businesses returned (before the radius filter and deduplication). */
  returned: z.number(),
  /** Of those, within the primary radius. */
  withinRadius: z.number(),
  /** The provider's own total for the search, when it reports one (Yelp does). */
  reportedTotal: z.number().nullable().optional(),
  pages: z.number().optional(),
  /** The failure, for status "failed". */
  message: z.string().optional(),
});
export type CompetitorProviderRun = z.infer<typeof competitorProviderRunSchema>;

export const competitionAnalysisDataSchema = z.looseObject({
  totalCompetitors: z.number(),
  marketLeader: z.string().nullable(),
  avgRating: z.number().nullable(),
  marketSaturation: z.string(),
  competitors: z.array(competitorSchema),
  opportunities: z.array(z.string()),
  recommendations: z.array(z.string()),
  /** BIS additions. Provenance of the competitor figures; BIS always writes `method`. */
  provenance: provenanceSchema.extend({ method: z.string().optional() }).optional(),
  /** True when the competitors are sample data (demo mode): say so wherever they are shown. */
  sampleData: z.boolean().optional(),
  saturationMetric: saturationMetricSchema.optional(),
  providers: z.array(competitorProviderRunSchema).optional(),
  /** The search: the target, the radius and the query terms. */
  search: z
    .object({
      location: z.string(),
      lat: z.number(),
      lon: z.number(),
      radiusMiles: z.number(),
      terms: z.array(z.string()),
    })
    .optional(),
  /** Duplicates merged across and within providers. */
  duplicatesMerged: z.number().optional(),
  analysisTimestamp: z.string().optional(),
});
export type CompetitionAnalysisData = z.infer<typeof competitionAnalysisDataSchema>;

export const opportunityComponentKeySchema = z.enum(["demand", "supply", "cost"]);
export type OpportunityComponentKey = z.infer<typeof opportunityComponentKeySchema>;

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
  /** BIS additions: the weakest grade of the inputs, components left out for lack of data. */
  grade: dataGradeSchema.optional(),
  missing: z.array(opportunityComponentKeySchema).optional(),
  method: z.string().optional(),
});
export type OpportunityScore = z.infer<typeof opportunityScoreSchema>;

/** `POST /api/analyses/{analysisId}/competition-analysis` takes an empty body, as the specification's API has it; extra fields are ignored. */
export const competitionAnalysisRequestSchema = z.object({});
export type CompetitionAnalysisRequest = z.infer<typeof competitionAnalysisRequestSchema>;
