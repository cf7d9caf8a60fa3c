/**
 * The Stripe events BIS acts on, parsed at the edge. A signature proves who sent the bytes, not
 * that they have the shape BIS reads: a signed event without an id, without `data.object`, or a
 * payment without a currency is refused with 400 (Stripe stops retrying a 4xx it cannot fix, and
 * nothing is recorded), instead of failing deep inside the fulfilment with a 500.
 */
import { z } from "zod";

const idSchema = z.string().trim().min(1).max(255);

/** Every event: an id, a type, and an object. Unknown fields pass through untouched. */
export const stripeEventEnvelopeSchema = z.looseObject({
  id: idSchema,
  type: idSchema,
  data: z.looseObject({ object: z.looseObject({}) }),
});

const metadataSchema = z.record(z.string(), z.string()).nullish();

export const paymentIntentObjectSchema = z.looseObject({
  id: idSchema,
  object: z.literal("payment_intent"),
  amount: z.number().int().nonnegative(),
  amount_received: z.number().int().nonnegative().nullish(),
  currency: z.string().trim().min(3).max(3),
  metadata: metadataSchema,
});

export const chargeObjectSchema = z.looseObject({
  id: idSchema,
  object: z.literal("charge"),
  amount_refunded: z.number().int().nonnegative(),
  refunded: z.boolean(),
  payment_intent: z.union([idSchema, z.looseObject({ id: idSchema })]).nullish(),
});

export type PaymentIntentObject = z.output<typeof paymentIntentObjectSchema>;
export type ChargeObject = z.output<typeof chargeObjectSchema>;

export type ParsedStripeEvent =
  | { id: string; type: "payment_intent.succeeded"; object: PaymentIntentObject }
  | { id: string; type: "charge.refunded"; object: ChargeObject }
  | { id: string; type: string; object: Record<string, unknown>; handled: false };

/** The event in BIS's terms, or the first problem found (for the log and the 400 message). */
export function parseStripeEvent(
  input: unknown,
): { ok: true; event: ParsedStripeEvent } | { ok: false; problem: string } {
  const envelope = stripeEventEnvelopeSchema.safeParse(input);
  if (!envelope.success) return { ok: false, problem: describe(envelope.error) };
  const { id, type, data } = envelope.data;
  if (type === "payment_intent.succeeded") {
    const object = paymentIntentObjectSchema.safeParse(data.object);
    if (!object.success) return { ok: false, problem: describe(object.error, "data.object") };
    return { ok: true, event: { id, type, object: object.data } };
  }
  if (type === "charge.refunded") {
    const object = chargeObjectSchema.safeParse(data.object);
    if (!object.success) return { ok: false, problem: describe(object.error, "data.object") };
    return { ok: true, event: { id, type, object: object.data } };
  }
  return { ok: true, event: { id, type, object: data.object, handled: false } };
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0];
  if (!issue) return "malformed event";
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * The `t=` of a `Stripe-Signature` header, in seconds; null when absent. Stripe's own check
 * refuses signatures older than the tolerance but accepts any in the future: BIS refuses both.
 */
export function signatureTimestamp(header: string): number | null {
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2);
    if (key?.trim() === "t" && value && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}
