/** Payments: configuration, intents and payment records. */
import { z } from "zod";
import { dataGradeSchema } from "./provenance.js";

/** The paid deliverables of the premium package. */
export const premiumDeliverableIdSchema = z.enum([
  "keywordResearch",
  "competitionAnalysis",
  "pdfReport",
]);
export type PremiumDeliverableId = z.infer<typeof premiumDeliverableIdSchema>;

/**
 * One paid deliverable and whether this server can deliver it now (a provider is configured).
 * The checkout sells exactly the deliverable ones; administrators see how to add the others.
 */
export const premiumDeliverableSchema = z.object({
  id: premiumDeliverableIdSchema,
  /** "Keyword research". */
  label: z.string(),
  /** What the customer gets, one line (the checkout's "Includes" list). */
  description: z.string(),
  deliverable: z.boolean(),
  /** What delivers it: "BIS embedded keyword model"; null when nothing can. */
  provider: z.string().nullable(),
  /** The grade of what it delivers (`sample` only in demo mode, and labelled). */
  grade: dataGradeSchema.nullable(),
  /** Why it cannot be delivered now, in a customer's words ("Competition analysis is not available yet."); null when it can. */
  reason: z.string().nullable(),
  /**
   * How an administrator makes it deliverable (or replaces sample data); null when nothing to do,
   * and always null for anyone but an administrator (it names settings a customer cannot change).
   */
  configure: z.string().nullable(),
  /** The administrator's price of this item (cents); the package costs the sum of the deliverable ones. */
  price: z.number().int().nonnegative(),
});
export type PremiumDeliverable = z.infer<typeof premiumDeliverableSchema>;

/** GET /api/config/payments — what the checkout needs; never a secret. */
export const paymentConfigSchema = z.object({
  /** "stripe" with keys configured; "demo" otherwise (no card is charged). */
  mode: z.enum(["stripe", "demo"]),
  /** Stripe publishable key (pk_…), only in stripe mode. */
  publishableKey: z.string().nullable(),
  /**
   * Price of the premium package as sold now, in the smallest currency unit (cents): the sum of
   * the prices of the deliverable items (premium-offer.ts), so a package without competition
   * analysis costs less.
   */
  amount: z.number().int(),
  currency: z.string(),
  productName: z.string(),
  /** Every paid deliverable, deliverable or not (with the reason). */
  deliverables: z.array(premiumDeliverableSchema),
  /**
   * Whether the package can be bought now: at least one premium deliverable (keyword research or
   * competition analysis) can be delivered. When false the server takes no payment.
   */
  purchasable: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const paymentStatusSchema = z.enum(["succeeded", "refunded"]);

export const paymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  analysisId: z.string(),
  provider: z.enum(["stripe", "demo"]),
  providerPaymentId: z.string(),
  /** Smallest currency unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
  status: paymentStatusSchema,
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentIntentRequestSchema = z.object({
  analysisId: z
    .string({ error: "Analysis ID not found" })
    .min(1, { error: "Analysis ID not found" })
    .max(100),
});
export type PaymentIntentRequest = z.input<typeof paymentIntentRequestSchema>;

/** The administrator's price of each paid deliverable, in cents (GET/PATCH /api/admin/prices). */
export const premiumPricesSchema = z.object({
  keywordResearch: z.number().int(),
  competitionAnalysis: z.number().int(),
  pdfReport: z.number().int(),
});
export type PremiumPrices = z.infer<typeof premiumPricesSchema>;

/** Stripe's minimum charge, and the floor of an item that may be sold alone. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_PRICE_CENTS = 99_999_999;

const cents = (label: string, min: number) =>
  z
    .number({ error: `${label}: must be a whole number of cents` })
    .int({ error: `${label}: must be a whole number of cents` })
    .min(min, { error: `${label}: must be at least ${min} cents` })
    .max(MAX_PRICE_CENTS, { error: `${label}: must be at most ${MAX_PRICE_CENTS} cents` });

/**
 * PATCH /api/admin/prices: any of the three prices, in cents. Keyword research and competition
 * analysis may each be the whole package, so each costs at least Stripe's minimum charge.
 */
export const premiumPricesPatchSchema = z.strictObject(
  {
    keywordResearch: cents("Keyword research", MIN_CHARGE_CENTS).optional(),
    competitionAnalysis: cents("Competition analysis", MIN_CHARGE_CENTS).optional(),
    pdfReport: cents("PDF report", 0).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown price: ${issue.keys.join(", ")}`
        : "The prices must be an object",
  },
);
export type PremiumPricesPatch = z.input<typeof premiumPricesPatchSchema>;
