/**
 * Stripe webhooks: verified on the raw body (signature, and a timestamp neither stale nor in the
 * future), processed once per event id, in one transaction with their effects (a failure rolls
 * both back, and Stripe retries).
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { verifyWebhook } from "../../providers/stripe/client.js";
import {
  type ChargeObject,
  type ParsedStripeEvent,
  type PaymentIntentObject,
  parseStripeEvent,
  signatureTimestamp,
} from "../../providers/stripe/webhook-event.js";
import { currentAmount } from "./checkout.js";
import { type PaymentContext, stripeRequired } from "./context.js";
import { fulfilIn, REFUND_BEFORE_PAYMENT } from "./fulfilment.js";
import { INVALID_SIGNATURE_MESSAGE, MALFORMED_EVENT_MESSAGE } from "./messages.js";
import { refundIn } from "./refunds.js";

/** Stripe's default: a signature older than this (seconds) is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookResult {
  eventId: string;
  type: string;
  duplicate: boolean;
  outcome: string;
}

/** The event, when the body is signed with the webhook secret, recently, and well formed (400 otherwise). */
function verifiedEvent(
  ctx: PaymentContext,
  rawBody: unknown,
  signature: string | undefined,
): ParsedStripeEvent {
  const { config, log } = ctx;
  const secret = config.mode === "stripe" ? config.stripe.webhookSecret : "";
  if (!Buffer.isBuffer(rawBody) || !signature) {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", INVALID_SIGNATURE_MESSAGE);
  }
  let verified: unknown;
  try {
    verified = verifyWebhook(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    log.warn({ reason: (error as Error).message }, "webhook rejected");
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", INVALID_SIGNATURE_MESSAGE, { cause: error });
  }
  // Stripe checks only the past; a timestamp beyond the tolerance ahead is refused as well.
  const signedAt = signatureTimestamp(signature);
  if (signedAt === null || signedAt - ctx.now().getTime() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
    log.warn({ signedAt }, "webhook rejected: timestamp in the future");
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", INVALID_SIGNATURE_MESSAGE);
  }
  const parsed = parseStripeEvent(verified);
  if (!parsed.ok) {
    log.warn({ problem: parsed.problem }, "webhook rejected: malformed event");
    throw new AppError("WEBHOOK_EVENT_MALFORMED", `${MALFORMED_EVENT_MESSAGE}: ${parsed.problem}`);
  }
  return parsed.event;
}

/** `payment_intent.succeeded`: fulfils when the intent is BIS's, for this user's analysis, at the price. */
async function onPaymentSucceeded(
  ctx: PaymentContext,
  tx: Tx,
  intent: PaymentIntentObject,
): Promise<string> {
  const { analysis } = ctx.tables;
  const { config, log } = ctx;
  const analysisId = intent.metadata?.analysisId;
  const userId = intent.metadata?.userId;
  if (!analysisId || !userId) return "ignored: no BIS metadata";
  const [row] = await tx.select().from(analysis).where(eq(analysis.id, analysisId)).limit(1);
  if (!row || row.userId !== userId) {
    log.warn(
      { paymentIntent: intent.id, analysisId, userId },
      "payment for an unknown analysis or another user's analysis; not fulfilled",
    );
    return "ignored: analysis not found for this user";
  }
  const amount = intent.amount_received || intent.amount;
  const currency = intent.currency.toLowerCase();
  // The price the intent was created at (BIS writes it in the metadata; prices may change
  // since), else the package's price now.
  const quoted = Number(intent.metadata?.amount);
  const expected = Number.isInteger(quoted) && quoted > 0 ? quoted : await currentAmount(ctx);
  if (amount !== expected || currency !== config.currency) {
    log.warn(
      { paymentIntent: intent.id, amount, currency, expected: [expected, config.currency] },
      "payment amount or currency differs from the price; not fulfilled",
    );
    return `ignored: amount ${amount} ${currency} is not the price ${expected} ${config.currency}`;
  }
  const { result } = await fulfilIn(ctx, tx, {
    provider: "stripe",
    providerPaymentId: intent.id,
    userId,
    analysisId,
    amount,
    currency,
  });
  if (result === "duplicate") {
    log.warn(
      { paymentIntent: intent.id, analysisId, userId },
      "second payment for an analysis already paid: recorded as refunded, refunding it through Stripe",
    );
    return DUPLICATE_REFUND_PENDING;
  }
  return result === "granted" ? "fulfilled" : `not granted: ${result}`;
}

/** The outcome of a duplicate payment until Stripe has accepted its refund. */
export const DUPLICATE_REFUND_PENDING = "duplicate payment: refund pending";
/** … and once it has. */
export const DUPLICATE_REFUNDED = "duplicate payment: refunded through Stripe";

/**
 * Refunds a duplicate payment through Stripe, after the event's transaction (no outside I/O in
 * it), and records that in the event's outcome. When Stripe fails, the administrator is told in
 * the log (an error: the payment is recorded refunded but its money is not back yet) and the
 * webhook answers 502, so Stripe delivers the event again and the refund is tried again — the
 * idempotency key makes a repeated refund one refund.
 */
async function refundDuplicate(ctx: PaymentContext, eventId: string, intentId: string) {
  const stripe = stripeRequired(ctx);
  try {
    await stripe.refunds.create(
      {
        payment_intent: intentId,
        reason: "duplicate",
        metadata: { bisReason: "duplicate payment" },
      },
      { idempotencyKey: `bis-duplicate-refund-${intentId}` },
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "charge_already_refunded") {
      ctx.log.error(
        { paymentIntent: intentId, eventId, reason: (error as Error).message },
        "ATTENTION: a duplicate payment could not be refunded automatically; refund this PaymentIntent in the Stripe Dashboard (Stripe will retry the webhook)",
      );
      throw new AppError(
        "UPSTREAM_FAILED",
        "The duplicate payment could not be refunded through Stripe yet; deliver the event again.",
        { cause: error },
      );
    }
  }
  const { stripeEvent } = ctx.tables;
  await ctx.db
    .update(stripeEvent)
    .set({ outcome: DUPLICATE_REFUNDED })
    .where(eq(stripeEvent.id, eventId));
  ctx.log.info({ paymentIntent: intentId, eventId }, "duplicate payment refunded through Stripe");
}

/** `charge.refunded`: a full refund withdraws premium; a partial one keeps it. */
async function onChargeRefunded(
  ctx: PaymentContext,
  tx: Tx,
  charge: ChargeObject,
): Promise<string> {
  const intentId =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return "ignored: no payment intent";
  if (!charge.refunded) {
    ctx.log.info(
      { paymentIntent: intentId, amountRefunded: charge.amount_refunded },
      "partial refund; premium access kept",
    );
    return "ignored: partial refund";
  }
  const row = await refundIn(ctx, tx, intentId);
  if (!row) return REFUND_BEFORE_PAYMENT;
  ctx.log.info({ paymentIntent: intentId, analysisId: row.analysisId }, "payment refunded");
  return "refunded";
}

/** The payment intent an event is about (its own id, or its charge's intent), if any. */
function paymentIntentOf(event: ParsedStripeEvent): string | null {
  const object = event.object as { object?: unknown; id?: unknown; payment_intent?: unknown };
  if (object.object === "payment_intent") return typeof object.id === "string" ? object.id : null;
  const pi = object.payment_intent;
  if (typeof pi === "string") return pi;
  if (pi && typeof pi === "object" && "id" in pi && typeof pi.id === "string") return pi.id;
  return null;
}

/**
 * Records the event and applies it, once per event id; a repeat answers the first outcome. The
 * event's row is inserted first and only the delivery that inserted it applies the event: a
 * delivery of the same event at the same time (another server instance) waits on the `stripe_event`
 * primary key until the first transaction ends, then inserts nothing and reads its outcome.
 */
async function processEvent(
  ctx: PaymentContext,
  tx: Tx,
  event: ParsedStripeEvent,
): Promise<WebhookResult> {
  const { stripeEvent } = ctx.tables;
  const fresh = await tx
    .insert(stripeEvent)
    .values({
      id: event.id,
      type: event.type,
      paymentIntentId: paymentIntentOf(event),
      outcome: "processing",
      processedAt: ctx.now(),
    })
    .onConflictDoNothing({ target: stripeEvent.id })
    .returning({ id: stripeEvent.id });
  if (fresh.length === 0) {
    const [seen] = await tx.select().from(stripeEvent).where(eq(stripeEvent.id, event.id)).limit(1);
    return { eventId: event.id, type: event.type, duplicate: true, outcome: seen?.outcome ?? "" };
  }
  let outcome: string;
  if (event.type === "payment_intent.succeeded" && !("handled" in event)) {
    outcome = await onPaymentSucceeded(ctx, tx, event.object);
  } else if (event.type === "charge.refunded" && !("handled" in event)) {
    outcome = await onChargeRefunded(ctx, tx, event.object);
  } else {
    outcome = "ignored: unhandled event type";
  }
  await tx.update(stripeEvent).set({ outcome }).where(eq(stripeEvent.id, event.id));
  return { eventId: event.id, type: event.type, duplicate: false, outcome };
}

/** A Stripe webhook call: verify, then process in one transaction (no outside I/O in it). */
export async function handleWebhook(
  ctx: PaymentContext,
  rawBody: unknown,
  signature: string | undefined,
): Promise<WebhookResult> {
  stripeRequired(ctx);
  const event = verifiedEvent(ctx, rawBody, signature);
  const result = await ctx.db.transaction((tx) => processEvent(ctx, tx, event));
  ctx.log.info(result, "webhook processed");
  const intentId = paymentIntentOf(event);
  // A new delivery, or Stripe's retry after a refund that failed: refund the duplicate now.
  if (result.outcome === DUPLICATE_REFUND_PENDING && intentId) {
    await refundDuplicate(ctx, event.id, intentId);
    return { ...result, outcome: DUPLICATE_REFUNDED };
  }
  return result;
}
