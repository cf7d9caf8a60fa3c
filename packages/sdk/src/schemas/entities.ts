/**
 * Entities and payloads of the specification (its data model and API), as zod schemas with inferred types.
 * The server validates what it sends with these; the client parses what it receives.
 */
import { z } from "zod";
import { competitionAnalysisDataSchema, opportunityScoreSchema } from "./competition.js";
import { keywordResearchDataSchema } from "./keywords.js";
import { marketAnalysisDataSchema, marketFigureSchema } from "./market.js";
import { figureProvenanceSchema } from "./provenance.js";

// Types only: a value import of this module (the client loads it with the session) must not
// bring every other schema module along. The index exports their values.
export type * from "./admin.js";
export type * from "./comparisons.js";
export type * from "./competition.js";
export type * from "./keywords.js";
export type * from "./market.js";
export type * from "./pagination.js";
export type * from "./payments.js";
export type * from "./provenance.js";
export type * from "./public-settings.js";
export type * from "./tokens.js";
export type * from "./widget.js";

const isoDate = z.string().describe("ISO 8601 timestamp");

/* ------------------------------------------------------------------ user */

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  profileImageUrl: z.string().nullable(),
  createdAt: isoDate,
});
export type User = z.infer<typeof userSchema>;

/* ------------------------------------------------------------------ analysis data */

export const analysisSchema = z.object({
  id: z.string(),
  /** Null for analyses run through a partner's widget. */
  userId: z.string().nullable(),
  location: z.string(),
  industry: z.string(),
  primaryRadius: z.number(),
  secondaryRadius: z.number(),
  createdAt: isoDate,
  isPaid: z.boolean(),
  marketAnalysisCompleted: z.boolean(),
  keywordResearchCompleted: z.boolean(),
  competitionAnalysisCompleted: z.boolean(),
  marketAnalysisData: marketAnalysisDataSchema.nullable(),
  keywordResearchData: keywordResearchDataSchema.nullable(),
  competitionAnalysisData: competitionAnalysisDataSchema.nullable(),
  /** BIS addition: the 0–100 opportunity score, once keyword and competition data exist. */
  opportunityScore: opportunityScoreSchema.nullable().optional(),
});
export type Analysis = z.infer<typeof analysisSchema>;

/* ------------------------------------------------------------------ settings & admin */

export const appSettingsSchema = z.object({
  premiumOfferVideoUrl: z.string(),
  keywordEducationVideoUrl: z.string(),
  competitionEducationVideoUrl: z.string(),
  landingPageVideoUrl: z.string(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const adminAnalyticsSchema = z.object({
  totalUsers: z.number(),
  totalAnalyses: z.number(),
  /** Dollars: real (card) payments net of refunds; demo purchases are not money. */
  totalRevenue: z.number(),
  activeUsers: z.number(),
  /** Real payments that still count (not refunded). */
  realPayments: z.number().optional(),
  /** Demo-mode purchases (no card charged), not refunded, and what they would have cost in dollars. */
  demoPayments: z.number().optional(),
  demoRevenue: z.number().optional(),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

/* ------------------------------------------------------------------ responses */

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ firstName: z.string(), email: z.string() }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const analyzeResponseSchema = z.object({
  analysis: z.object({ id: z.string() }),
  location: z.string(),
  marketSize: z.number().nullable(),
  households: z.number().nullable(),
  avgRevenue: z.number().nullable(),
  /** Source and grade of the three figures (BIS addition: every figure carries its grade). */
  provenance: z.partialRecord(marketFigureSchema, figureProvenanceSchema).optional(),
  /** BIS additions: the yearly market revenue, and its months (January first; they sum to it). */
  totalMarketRevenue: z.number().nullable().optional(),
  revenueByMonth: z.array(z.number()).length(12).nullable().optional(),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** A row of the user's analyses list (GET /api/analyses). */
export const analysisSummarySchema = analysisSchema
  .pick({
    id: true,
    location: true,
    industry: true,
    primaryRadius: true,
    secondaryRadius: true,
    createdAt: true,
    isPaid: true,
    marketAnalysisCompleted: true,
    keywordResearchCompleted: true,
    competitionAnalysisCompleted: true,
  })
  .extend({
    marketSize: z.number().nullable(),
    households: z.number().nullable(),
    totalMarketRevenue: z.number().nullable(),
  });
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

export const paymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** A mail in the development outbox (email without SMTP). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: isoDate,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
