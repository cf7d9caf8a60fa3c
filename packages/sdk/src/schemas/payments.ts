/** Payments (issue "Checkout and payments"): configuration, intents and payment records. */
import { z } from "zod";

/** GET /api/config/payments — what the checkout needs; never a secret. */
export const paymentConfigSchema = z.object({
  /** "stripe" with keys configured; "demo" otherwise (no card is charged). */
  mode: z.enum(["stripe", "demo"]),
  /** Stripe publishable key (pk_…), only in stripe mode. */
  publishableKey: z.string().nullable(),
  /** Price of the premium package in the smallest currency unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
  productName: z.string(),
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
