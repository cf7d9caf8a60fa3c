/**
 * Payments for the premium package (spec §2 Checkout, §4 Payment).
 *
 * The rule: only `fulfil` grants premium, and only two callers reach it — a Stripe webhook whose
 * signature verified, and the demo confirmation in demo mode. The browser's return with
 * `payment_success=true` grants nothing; the app just asks again.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  GUARANTEE_DAYS,
  type Payment,
  type PaymentConfig,
  type PremiumDeliverable,
  type User,
} from "@bis/sdk";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type Stripe from "stripe";
import type { PaymentsConfig } from "../config.js";
import type { Db } from "../db/database.js";
import { analysis, payment, stripeEvent } from "../db/schema.js";
import { AppError } from "../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";
import { type StripeClient, StripeErrors, verifyWebhook } from "../payments/stripe-client.js";
import {
  type ChargeObject,
  type ParsedStripeEvent,
  type PaymentIntentObject,
  parseStripeEvent,
  signatureTimestamp,
} from "../payments/webhook-event.js";
import { isPurchasable } from "../premium/deliverables.js";

export const PREMIUM_PRODUCT_NAME = "Premium Market Intelligence";
export const PAYMENT_REQUIRED_MESSAGE =
  "Premium access required: purchase the premium package for this analysis.";
export const ALREADY_PAID_MESSAGE = "This analysis is already paid for.";
export const NOT_PURCHASABLE_MESSAGE =
  "The premium package is not for sale on this server right now: neither keyword research nor competition analysis can be delivered (no data provider is configured). Nothing was charged.";
export const INVALID_SIGNATURE_MESSAGE = "Invalid webhook signature";
export const MALFORMED_EVENT_MESSAGE = "Malformed webhook event";
/** Stripe's default: a signature older than this (seconds) is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Outcome of a full refund that arrived before its payment: the later success must not grant. */
const REFUND_BEFORE_PAYMENT = "refund-before-payment";

type PaymentRow = typeof payment.$inferSelect;
type AnalysisRow = typeof analysis.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface FulfilInput {
  provider: "stripe" | "demo";
  providerPaymentId: string;
  userId: string;
  analysisId: string;
  amount: number;
  currency: string;
}

export interface Fulfilment {
  payment: PaymentRow;
  /** "granted": premium unlocked now; "already": this payment was recorded before; "refunded": refunded before it succeeded. */
  result: "granted" | "already" | "refunded";
}

export interface WebhookResult {
  eventId: string;
  type: string;
  duplicate: boolean;
  outcome: string;
}

export function toPaymentDto(row: PaymentRow): Payment {
  return {
    id: row.id,
    userId: row.userId,
    analysisId: row.analysisId,
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
  };
}

/** Premium (keyword research, competition analysis, the PDF report): paid, or an administrator. */
export function hasPremium(row: Pick<AnalysisRow, "isPaid">, viewer: User): boolean {
  return row.isPaid || viewer.isAdmin;
}

/** 402 unless the viewer has premium for this analysis. */
export function requirePremium(row: Pick<AnalysisRow, "isPaid">, viewer: User): void {
  if (!hasPremium(row, viewer)) throw new AppError("PAYMENT_REQUIRED", PAYMENT_REQUIRED_MESSAGE);
}

/** A Stripe failure in BIS's vocabulary; the secret key never reaches a message. */
function fromStripeError(error: unknown, log: Logger, action: string): never {
  if (!(error instanceof StripeErrors.StripeError)) throw error;
  const facts = {
    action,
    type: error.type,
    code: error.code,
    statusCode: error.statusCode,
    requestId: error.requestId,
  };
  if (error instanceof StripeErrors.StripeCardError) {
    log.info(facts, "Stripe declined");
    throw new AppError("BAD_REQUEST", error.message, { cause: error });
  }
  if (error instanceof StripeErrors.StripeIdempotencyError) {
    log.warn(facts, "Stripe idempotency conflict");
    throw new AppError(
      "CONFLICT",
      "A payment for this analysis is already being prepared with different details. Please reload the page and try again.",
      { cause: error },
    );
  }
  if (error instanceof StripeErrors.StripeInvalidRequestError) {
    log.warn({ ...facts, message: error.message }, "Stripe rejected the request");
    throw new AppError(
      "BAD_REQUEST",
      `The payment provider rejected the request: ${error.message}`,
      {
        cause: error,
      },
    );
  }
  if (
    error instanceof StripeErrors.StripeAuthenticationError ||
    error instanceof StripeErrors.StripePermissionError
  ) {
    log.error(facts, "Stripe refused the secret key (check STRIPE_SECRET_KEY)");
    throw new AppError(
      "UPSTREAM_FAILED",
      "Payment provider configuration error. Please try again later or contact support.",
      { cause: error },
    );
  }
  if (error instanceof StripeErrors.StripeRateLimitError) {
    log.warn(facts, "Stripe rate limit");
    throw new AppError(
      "UNAVAILABLE",
      "The payment provider is busy. Please try again in a moment.",
      { cause: error },
    );
  }
  if (error instanceof StripeErrors.StripeConnectionError) {
    log.error(facts, "Stripe unreachable");
    throw new AppError(
      "UPSTREAM_FAILED",
      "Could not reach the payment provider. Please try again.",
      { cause: error },
    );
  }
  log.error({ ...facts, message: error.message }, "Stripe failed");
  throw new AppError(
    "UPSTREAM_FAILED",
    "The payment provider could not complete the request. Please try again.",
    { cause: error },
  );
}

export function createPaymentService(options: {
  db: Db;
  config: PaymentsConfig;
  stripe: StripeClient | null;
  logger: Logger;
  /**
   * The paid deliverables and whether each can be delivered now (premium/deliverables.ts); read
   * at every call. Without it (unit tests of payments alone) everything counts as deliverable.
   */
  deliverables?: () => PremiumDeliverable[];
  now?: () => Date;
}) {
  const { db, config, stripe } = options;
  const deliverables = options.deliverables ?? (() => []);
  const log = options.logger.child({ module: "payments" });
  const now = options.now ?? (() => new Date());

  /** The viewer's own analysis; anyone else's is 404 (an administrator is told why). */
  function ownAnalysis(viewer: User, analysisId: string): AnalysisRow {
    const row = db.select().from(analysis).where(eq(analysis.id, analysisId)).get();
    if (row && row.userId === viewer.id) return row;
    if (row && viewer.isAdmin) {
      throw new AppError(
        "FORBIDDEN",
        "Only the owner of an analysis can buy its premium package (administrators already have premium access).",
      );
    }
    throw new AppError("NOT_FOUND", "Analysis not found");
  }

  function setPaid(tx: Tx, analysisId: string, paid: boolean) {
    tx.update(analysis)
      .set({ isPaid: paid, updatedAt: now() })
      .where(eq(analysis.id, analysisId))
      .run();
  }

  /** The fulfilment, inside a transaction: record the payment and unlock premium, once. */
  function fulfilIn(tx: Tx, input: FulfilInput): Fulfilment {
    const existing = tx
      .select()
      .from(payment)
      .where(eq(payment.providerPaymentId, input.providerPaymentId))
      .get();
    if (existing) {
      if (existing.status === "succeeded") setPaid(tx, existing.analysisId, true);
      return { payment: existing, result: existing.status === "refunded" ? "refunded" : "already" };
    }
    const refundFirst = tx
      .select()
      .from(stripeEvent)
      .where(
        and(
          eq(stripeEvent.paymentIntentId, input.providerPaymentId),
          eq(stripeEvent.outcome, REFUND_BEFORE_PAYMENT),
        ),
      )
      .get();
    const at = now();
    const row = tx
      .insert(payment)
      .values({
        id: randomUUID(),
        userId: input.userId,
        analysisId: input.analysisId,
        provider: input.provider,
        providerPaymentId: input.providerPaymentId,
        amount: input.amount,
        currency: input.currency,
        status: refundFirst ? "refunded" : "succeeded",
        createdAt: at,
        refundedAt: refundFirst ? refundFirst.processedAt : null,
      })
      .returning()
      .get();
    if (refundFirst) return { payment: row, result: "refunded" };
    setPaid(tx, input.analysisId, true);
    return { payment: row, result: "granted" };
  }

  /** Marks a payment refunded and withdraws premium unless another payment still covers it. */
  function refundIn(tx: Tx, providerPaymentId: string): PaymentRow | null {
    const row = tx
      .select()
      .from(payment)
      .where(eq(payment.providerPaymentId, providerPaymentId))
      .get();
    if (!row) return null;
    if (row.status === "refunded") return row;
    const updated = tx
      .update(payment)
      .set({ status: "refunded", refundedAt: now() })
      .where(eq(payment.id, row.id))
      .returning()
      .get();
    const stillPaid = tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.analysisId, row.analysisId), eq(payment.status, "succeeded")))
      .get();
    setPaid(tx, row.analysisId, stillPaid !== undefined);
    return updated ?? row;
  }

  function onPaymentSucceeded(tx: Tx, intent: PaymentIntentObject): string {
    const analysisId = intent.metadata?.analysisId;
    const userId = intent.metadata?.userId;
    if (!analysisId || !userId) return "ignored: no BIS metadata";
    const row = tx.select().from(analysis).where(eq(analysis.id, analysisId)).get();
    if (!row || row.userId !== userId) {
      log.warn(
        { paymentIntent: intent.id, analysisId, userId },
        "payment for an unknown analysis or another user's analysis; not fulfilled",
      );
      return "ignored: analysis not found for this user";
    }
    const amount = intent.amount_received || intent.amount;
    const currency = intent.currency.toLowerCase();
    if (amount !== config.amount || currency !== config.currency) {
      log.warn(
        { paymentIntent: intent.id, amount, currency, expected: [config.amount, config.currency] },
        "payment amount or currency differs from the configured price; not fulfilled",
      );
      return `ignored: amount ${amount} ${currency} is not the price ${config.amount} ${config.currency}`;
    }
    const { result } = fulfilIn(tx, {
      provider: "stripe",
      providerPaymentId: intent.id,
      userId,
      analysisId,
      amount,
      currency,
    });
    return result === "granted" ? "fulfilled" : `not granted: ${result}`;
  }

  function onChargeRefunded(tx: Tx, charge: ChargeObject): string {
    const intentId =
      typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId) return "ignored: no payment intent";
    if (!charge.refunded) {
      log.info(
        { paymentIntent: intentId, amountRefunded: charge.amount_refunded },
        "partial refund; premium access kept",
      );
      return "ignored: partial refund";
    }
    const row = refundIn(tx, intentId);
    if (!row) return REFUND_BEFORE_PAYMENT;
    log.info({ paymentIntent: intentId, analysisId: row.analysisId }, "payment refunded");
    return "refunded";
  }

  function paymentIntentOf(event: ParsedStripeEvent): string | null {
    const object = event.object as { object?: unknown; id?: unknown; payment_intent?: unknown };
    if (object.object === "payment_intent") return typeof object.id === "string" ? object.id : null;
    const pi = object.payment_intent;
    if (typeof pi === "string") return pi;
    if (pi && typeof pi === "object" && "id" in pi && typeof pi.id === "string") return pi.id;
    return null;
  }

  /** 503 when nothing premium can be delivered: no payment is taken for what cannot be delivered. */
  function requirePurchasable(): void {
    if (!options.deliverables) return;
    const list = options.deliverables();
    if (isPurchasable(list)) return;
    log.warn(
      { missing: list.filter((d) => !d.deliverable).map((d) => d.id) },
      "premium package refused: nothing premium can be delivered",
    );
    throw new AppError("UNAVAILABLE", NOT_PURCHASABLE_MESSAGE, {
      details: {
        missing: list.filter((d) => !d.deliverable).map((d) => ({ id: d.id, reason: d.reason })),
      },
    });
  }

  function stripeRequired(): StripeClient {
    if (config.mode !== "stripe" || !stripe) {
      throw new AppError(
        "NOT_FOUND",
        "Stripe payments are not configured: this server runs in demo payment mode.",
      );
    }
    return stripe;
  }

  return {
    /** What the checkout needs; never a secret. */
    config(): PaymentConfig {
      const list = deliverables();
      return {
        mode: config.mode,
        publishableKey: config.mode === "stripe" ? config.stripe.publishableKey : null,
        amount: config.amount,
        currency: config.currency,
        productName: PREMIUM_PRODUCT_NAME,
        deliverables: list,
        purchasable: options.deliverables ? isPurchasable(list) : true,
      };
    },

    /**
     * A PaymentIntent for the premium package of the viewer's analysis. The idempotency key is
     * derived from what is bought (and how many refunds came before), so a double click, a
     * reload or two tabs within Stripe's 24 hours get the same intent.
     */
    async createIntent(viewer: User, analysisId: string): Promise<{ clientSecret: string }> {
      const client = stripeRequired();
      const row = ownAnalysis(viewer, analysisId);
      if (row.isPaid) throw new AppError("CONFLICT", ALREADY_PAID_MESSAGE);
      requirePurchasable();
      const refunds = db
        .select({ id: payment.id })
        .from(payment)
        .where(and(eq(payment.analysisId, row.id), eq(payment.status, "refunded")))
        .all().length;
      const idempotencyKey = `bis-premium-${createHash("sha256")
        .update(JSON.stringify([row.id, viewer.id, config.amount, config.currency, refunds]))
        .digest("hex")
        .slice(0, 40)}`;
      let intent: Stripe.PaymentIntent;
      try {
        intent = await client.paymentIntents.create(
          {
            amount: config.amount,
            currency: config.currency,
            automatic_payment_methods: { enabled: true },
            description: `${PREMIUM_PRODUCT_NAME}: ${row.industry}, ${row.location}`,
            metadata: { analysisId: row.id, userId: viewer.id },
          },
          { idempotencyKey },
        );
      } catch (error) {
        fromStripeError(error, log, "create payment intent");
      }
      if (!intent.client_secret) {
        log.error({ paymentIntent: intent.id }, "Stripe returned an intent without client secret");
        throw new AppError(
          "UPSTREAM_FAILED",
          "The payment provider could not complete the request. Please try again.",
        );
      }
      log.info({ paymentIntent: intent.id, analysisId: row.id }, "payment intent ready");
      return { clientSecret: intent.client_secret };
    },

    /** THE fulfilment (webhook and demo confirmation): records the payment, unlocks premium, once. */
    fulfil(input: FulfilInput): Fulfilment {
      return db.transaction((tx) => fulfilIn(tx, input));
    },

    /**
     * A Stripe webhook: verified on the raw body, processed once per event id, in one
     * transaction with its effects (a failure rolls both back, and Stripe retries).
     */
    handleWebhook(rawBody: unknown, signature: string | undefined): WebhookResult {
      stripeRequired();
      const secret = config.mode === "stripe" ? config.stripe.webhookSecret : "";
      if (!Buffer.isBuffer(rawBody) || !signature) {
        throw new AppError("BAD_REQUEST", INVALID_SIGNATURE_MESSAGE);
      }
      let verified: unknown;
      try {
        verified = verifyWebhook(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        log.warn({ reason: (error as Error).message }, "webhook rejected");
        throw new AppError("BAD_REQUEST", INVALID_SIGNATURE_MESSAGE, { cause: error });
      }
      // Stripe checks only the past; a timestamp beyond the tolerance ahead is refused as well.
      const signedAt = signatureTimestamp(signature);
      if (signedAt === null || signedAt - now().getTime() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
        log.warn({ signedAt }, "webhook rejected: timestamp in the future");
        throw new AppError("BAD_REQUEST", INVALID_SIGNATURE_MESSAGE);
      }
      const parsed = parseStripeEvent(verified);
      if (!parsed.ok) {
        log.warn({ problem: parsed.problem }, "webhook rejected: malformed event");
        throw new AppError("BAD_REQUEST", `${MALFORMED_EVENT_MESSAGE}: ${parsed.problem}`);
      }
      const event = parsed.event;
      const result = db.transaction((tx): WebhookResult => {
        const fresh = tx
          .insert(stripeEvent)
          .values({
            id: event.id,
            type: event.type,
            paymentIntentId: paymentIntentOf(event),
            outcome: "processing",
            processedAt: now(),
          })
          .onConflictDoNothing()
          .run();
        if (fresh.changes === 0) {
          const seen = tx.select().from(stripeEvent).where(eq(stripeEvent.id, event.id)).get();
          return {
            eventId: event.id,
            type: event.type,
            duplicate: true,
            outcome: seen?.outcome ?? "",
          };
        }
        let outcome: string;
        if (event.type === "payment_intent.succeeded" && !("handled" in event)) {
          outcome = onPaymentSucceeded(tx, event.object);
        } else if (event.type === "charge.refunded" && !("handled" in event)) {
          outcome = onChargeRefunded(tx, event.object);
        } else {
          outcome = "ignored: unhandled event type";
        }
        tx.update(stripeEvent).set({ outcome }).where(eq(stripeEvent.id, event.id)).run();
        return { eventId: event.id, type: event.type, duplicate: false, outcome };
      });
      log.info(result, "webhook processed");
      return result;
    },

    /** Demo mode only: the same fulfilment as the webhook, without a card. */
    confirmDemo(viewer: User, analysisId: string): Payment {
      if (config.mode !== "demo") {
        throw new AppError(
          "NOT_FOUND",
          "Demo payments are not available: this server takes payments with Stripe.",
        );
      }
      const row = ownAnalysis(viewer, analysisId);
      if (row.isPaid) {
        // A second click returns the payment that already unlocked it.
        const paid = db
          .select()
          .from(payment)
          .where(and(eq(payment.analysisId, row.id), eq(payment.status, "succeeded")))
          .get();
        if (paid) return toPaymentDto(paid);
        throw new AppError("CONFLICT", ALREADY_PAID_MESSAGE);
      }
      requirePurchasable();
      const { payment: paid } = db.transaction((tx) =>
        fulfilIn(tx, {
          provider: "demo",
          providerPaymentId: `demo_${randomUUID()}`,
          userId: viewer.id,
          analysisId: row.id,
          amount: config.amount,
          currency: config.currency,
        }),
      );
      log.info({ analysisId: row.id, paymentId: paid.id }, "demo payment confirmed");
      return toPaymentDto(paid);
    },

    /** One page of payments, newest first (administrators). */
    list(page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        (limit, offset) =>
          db
            .select()
            .from(payment)
            .orderBy(desc(payment.createdAt), desc(sql`${payment}.rowid`))
            .limit(limit)
            .offset(offset)
            .all()
            .map(toPaymentDto),
        () => db.select({ n: count() }).from(payment).get()?.n ?? 0,
      );
    },

    /** Refunds a payment within the guarantee (administrators); the analysis loses premium. */
    async refund(admin: User, paymentId: string): Promise<Payment> {
      const row = db.select().from(payment).where(eq(payment.id, paymentId)).get();
      if (!row) throw new AppError("NOT_FOUND", "Payment not found");
      if (row.status === "refunded") {
        throw new AppError("CONFLICT", "This payment has already been refunded.");
      }
      const ageMs = now().getTime() - row.createdAt.getTime();
      if (ageMs > GUARANTEE_DAYS * DAY_MS) {
        throw new AppError(
          "CONFLICT",
          `Refunds are possible within ${GUARANTEE_DAYS} days of payment; this payment was made on ${row.createdAt.toISOString().slice(0, 10)}.`,
        );
      }
      if (row.provider === "stripe") {
        if (!stripe) {
          throw new AppError(
            "UNAVAILABLE",
            "Stripe is not configured on this server; refund this payment in the Stripe Dashboard.",
          );
        }
        try {
          await stripe.refunds.create(
            {
              payment_intent: row.providerPaymentId,
              metadata: { paymentId: row.id, analysisId: row.analysisId, refundedBy: admin.id },
            },
            { idempotencyKey: `bis-refund-${row.id}` },
          );
        } catch (error) {
          // Refunded in the Stripe Dashboard already: record it here too.
          const code = (error as { code?: string }).code;
          if (code !== "charge_already_refunded") fromStripeError(error, log, "refund");
        }
      }
      const refunded = db.transaction((tx) => refundIn(tx, row.providerPaymentId));
      if (!refunded) throw new AppError("NOT_FOUND", "Payment not found");
      log.info({ paymentId: row.id, analysisId: row.analysisId, by: admin.id }, "payment refunded");
      return toPaymentDto(refunded);
    },

    /** The analysis, when the viewer may see it (404 otherwise) and has premium (402 otherwise). */
    premiumAnalysis(viewer: User, analysisId: string): AnalysisRow {
      const row = db.select().from(analysis).where(eq(analysis.id, analysisId)).get();
      if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) {
        throw new AppError("NOT_FOUND", "Analysis not found");
      }
      requirePremium(row, viewer);
      return row;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
