/**
 * The embeddable free-analysis widget: the two
 * anonymous widget calls (authorized by a partner's public key plus an allowed `Origin`) and
 * the administrators' partner and lead management.
 *
 * This file imports only forms.js and provenance.js (the messages and the partner-key header
 * are in messages.ts and constants.ts, without zod: the widget bundles them).
 */
import { z } from "zod";
import { defaultIndustry, PRIMARY_RADIUS, SECONDARY_RADIUS } from "../constants.js";
import { MESSAGES, WIDGET_MESSAGES } from "../messages.js";
import { marketAnalysisFormSchema } from "./forms.js";
import { provenanceSchema } from "./provenance.js";

const isoDate = z.string().describe("ISO 8601 timestamp");

/* ------------------------------------------------------------------ widget: analyze */

const form = marketAnalysisFormSchema.shape;

/**
 * POST /api/widget/analyze: the free form with the same rules and messages as the app's,
 * industry defaulting to the one active industry and the radii to 10 and 15 miles.
 */
export const widgetAnalyzeRequestSchema = z
  .object({
    city: form.city,
    state: form.state,
    industry: form.industry.default(defaultIndustry()),
    primaryRadius: form.primaryRadius.default(PRIMARY_RADIUS.default),
    secondaryRadius: form.secondaryRadius.default(SECONDARY_RADIUS.default),
  })
  .refine((d) => d.secondaryRadius >= d.primaryRadius, {
    error: MESSAGES.secondaryBelowPrimary,
    path: ["secondaryRadius"],
  });
export type WidgetAnalyzeRequest = z.input<typeof widgetAnalyzeRequestSchema>;
export type WidgetAnalyzeInput = z.output<typeof widgetAnalyzeRequestSchema>;

export const widgetTopServiceSchema = z.object({
  serviceName: z.string(),
  /** Dollars per year. */
  estimatedRevenue: z.number(),
});
export type WidgetTopService = z.infer<typeof widgetTopServiceSchema>;

export const widgetAnalyzeResponseSchema = z.object({
  /** The stored analysis; null when a reduced (headline-only) answer stored nothing. */
  analysisId: z.string().nullable(),
  /** The target as geocoded, e.g. "Austin, TX". */
  location: z.string(),
  /** Population of the service area (within the secondary radius). */
  marketSize: z.number().nullable(),
  households: z.number().nullable(),
  /** Dollars per year. */
  totalMarketRevenue: z.number().nullable(),
  /** Average annual revenue per household (dollars). */
  avgRevenue: z.number().nullable(),
  citiesInRange: z.number().int().nullable(),
  /** The three largest services by estimated revenue; empty in headline-only reduced mode. */
  topServices: z.array(widgetTopServiceSchema).max(3),
  /** One line of the local market profile ("Climate: … degree days · … contractors in range"). */
  localMarketSummary: z.string().nullable().optional(),
  /** Source, vintage and grade of the headline figures (null when unknown). */
  provenance: z.object({
    population: provenanceSchema.nullable(),
    households: provenanceSchema.nullable(),
    revenue: provenanceSchema.nullable(),
    /** The places counted in "Cities in range" (absent from older servers). */
    places: provenanceSchema.nullable().optional(),
  }),
  /** True when the partner's daily quota is exhausted (cached or headline-only answer). */
  reduced: z.boolean(),
  /** A notice to show with a reduced answer; null otherwise. */
  notice: z.string().nullable(),
});
export type WidgetAnalyzeResponse = z.infer<typeof widgetAnalyzeResponseSchema>;

/* ------------------------------------------------------------------ widget: leads */

export const widgetLeadRequestSchema = z.object({
  name: z
    .string({ error: WIDGET_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: WIDGET_MESSAGES.nameRequired })
    .max(100, { error: "Name must be at most 100 characters" }),
  email: z
    .string({ error: MESSAGES.validEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MESSAGES.validEmail }).max(254, { error: MESSAGES.validEmail })),
  consent: z.literal(true, { error: WIDGET_MESSAGES.consentRequired }),
  /** The widget analysis the visitor saw, if any. */
  analysisId: z.string().trim().min(1).max(100).optional(),
});
export type WidgetLeadRequest = z.input<typeof widgetLeadRequestSchema>;

export const widgetLeadResponseSchema = z.object({
  leadId: z.string(),
  message: z.string(),
});
export type WidgetLeadResponse = z.infer<typeof widgetLeadResponseSchema>;

/* ------------------------------------------------------------------ widget: the served file */

/** GET /api/widget/manifest: where the built widget is served and its SRI hash. */
export const widgetManifestSchema = z.object({
  version: z.string(),
  /** e.g. "/widget/0.1.0/bis-widget.js" (long-lived cache; `/widget.js` redirects here). */
  path: z.string(),
  /** Subresource Integrity, "sha384-…". */
  integrity: z.string(),
});
export type WidgetManifest = z.infer<typeof widgetManifestSchema>;

/* ------------------------------------------------------------------ admin: partners */

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.hostname.length > 0 &&
      url.origin === value
    );
  } catch {
    return false;
  }
}

function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === "https:") return url.hostname.length > 0;
    return (
      url.protocol === "http:" &&
      (url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]")
    );
  } catch {
    return false;
  }
}

export const PARTNER_MESSAGES = {
  nameRequired: "Partner name is required",
  originsRequired: "At least one allowed origin is required",
  origin:
    "Each allowed origin must be an http:// or https:// origin without a path, e.g. https://www.example.com",
  webhookUrl: "The webhook URL must be an https:// URL (or http://localhost for development)",
  dailyQuota: "The daily quota must be a whole number between 1 and 1,000,000",
} as const;

/** Trailing slashes are dropped ("https://a.example/" → "https://a.example"). */
const originSchema = z
  .string({ error: PARTNER_MESSAGES.origin })
  .trim()
  .transform((v) => v.replace(/\/+$/, ""))
  .refine(isOrigin, { error: PARTNER_MESSAGES.origin });

const allowedOriginsSchema = z
  .array(originSchema, { error: PARTNER_MESSAGES.originsRequired })
  .min(1, { error: PARTNER_MESSAGES.originsRequired })
  .max(50, { error: "At most 50 allowed origins" })
  .transform((list) => [...new Set(list)]);

const webhookUrlSchema = z
  .string({ error: PARTNER_MESSAGES.webhookUrl })
  .trim()
  .max(2000, { error: PARTNER_MESSAGES.webhookUrl })
  .refine(isWebhookUrl, { error: PARTNER_MESSAGES.webhookUrl });

const dailyQuotaSchema = z
  .number({ error: PARTNER_MESSAGES.dailyQuota })
  .int({ error: PARTNER_MESSAGES.dailyQuota })
  .min(1, { error: PARTNER_MESSAGES.dailyQuota })
  .max(1_000_000, { error: PARTNER_MESSAGES.dailyQuota });

const partnerName = z
  .string({ error: PARTNER_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: PARTNER_MESSAGES.nameRequired })
  .max(100, { error: "Partner name must be at most 100 characters" });

export const DEFAULT_PARTNER_DAILY_QUOTA = 1000;

/** A partner as administrators see it (never the webhook secret). */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The widget's `partner-key` (pk_…); public, not a secret. */
  publicKey: z.string(),
  allowedOrigins: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  /** Analyses per UTC day before the widget answers in reduced form. */
  dailyQuota: z.number().int(),
  active: z.boolean(),
  createdAt: isoDate,
  /** Analyses counted today (UTC). */
  usageToday: z.number().int(),
  /** Leads captured, all time. */
  leads: z.number().int(),
  /** Leads whose webhook delivery failed after every attempt. */
  failedDeliveries: z.number().int(),
});
export type Partner = z.infer<typeof partnerSchema>;

/** POST /api/admin/partners. */
export const partnerCreateSchema = z.strictObject({
  name: partnerName,
  allowedOrigins: allowedOriginsSchema,
  webhookUrl: webhookUrlSchema.optional(),
  dailyQuota: dailyQuotaSchema.optional(),
});
export type PartnerCreate = z.input<typeof partnerCreateSchema>;

/** The created partner and its webhook secret (whsec_…), shown this once. */
export const partnerCreatedSchema = z.object({
  partner: partnerSchema,
  webhookSecret: z.string(),
});
export type PartnerCreated = z.infer<typeof partnerCreatedSchema>;

/**
 * PATCH /api/admin/partners/{id}: any field; `webhookUrl: null` removes the webhook;
 * `active: true` reinstates a revoked partner; `rotateWebhookSecret: true` issues a new secret.
 */
export const partnerUpdateSchema = z.strictObject({
  name: partnerName.optional(),
  allowedOrigins: allowedOriginsSchema.optional(),
  webhookUrl: webhookUrlSchema.nullable().optional(),
  dailyQuota: dailyQuotaSchema.optional(),
  active: z.boolean({ error: "active must be true or false" }).optional(),
  rotateWebhookSecret: z.boolean().optional(),
});
export type PartnerUpdate = z.input<typeof partnerUpdateSchema>;

/** The updated partner; `webhookSecret` only when it was rotated (shown this once). */
export const partnerUpdatedSchema = z.object({
  partner: partnerSchema,
  webhookSecret: z.string().optional(),
});
export type PartnerUpdated = z.infer<typeof partnerUpdatedSchema>;

/* ------------------------------------------------------------------ admin: leads */

/** `none`: the partner has no webhook; `pending`: attempts still running. */
export const webhookStatusSchema = z.enum(["none", "pending", "delivered", "failed"]);
export type WebhookStatus = z.infer<typeof webhookStatusSchema>;

/** A row of GET /api/admin/leads (newest first). */
export const leadSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  analysisId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  consent: z.boolean(),
  webhookStatus: webhookStatusSchema,
  webhookAttempts: z.number().int(),
  webhookLastError: z.string().nullable(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type Lead = z.infer<typeof leadSchema>;

/** GET /api/admin/leads?partnerId=…&status=failed */
export const leadsQuerySchema = z.object({
  partnerId: z.string().min(1).max(100).optional(),
  status: webhookStatusSchema.optional(),
});
export type LeadsQuery = z.input<typeof leadsQuerySchema>;

/** The JSON body POSTed to a partner's webhook (signed with X-BIS-Signature). */
export const leadWebhookPayloadSchema = z.object({
  type: z.literal("lead.created"),
  lead: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    consent: z.boolean(),
    analysisId: z.string().nullable(),
    createdAt: isoDate,
  }),
  partner: z.object({ id: z.string(), name: z.string() }),
});
export type LeadWebhookPayload = z.infer<typeof leadWebhookPayloadSchema>;
