/**
 * Payments for the premium package (the checkout screen and its payment flow), one module per concern:
 *
 * - payments/checkout.ts     what the checkout offers, whether it can be sold, who may buy
 * - payments/intents.ts      Stripe PaymentIntents (grant nothing)
 * - payments/webhook.ts      verified Stripe events, processed once
 * - payments/fulfilment.ts   THE fulfilment (webhook and demo confirmation): record, unlock, once
 * - payments/refunds.ts      an administrator's refund and Stripe's charge.refunded
 * - payments/entitlement.ts  who has premium for an analysis (paid, or an administrator)
 * - payments/prices.ts       the administrator's price of each deliverable
 *
 * The rule: only the fulfilment grants premium, and only two callers reach it — a Stripe webhook
 * whose signature verified, and the demo confirmation in demo mode. The browser's return with
 * `payment_success=true` grants nothing; the app just asks again.
 */
import type {
  Payment,
  PaymentConfig,
  PremiumDeliverable,
  PremiumOffer,
  PremiumPrices,
  PremiumPricesPatch,
  User,
} from "@bis/sdk";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { PaymentsConfig } from "../../config.js";
import type { Db } from "../../db/database.js";
import { tablesOf } from "../../db/database.js";
import { dialectOf } from "../../db/dialect.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../../lib/pagination.js";
import type { StripeClient } from "../../providers/stripe/client.js";
import type { AnalysisRow } from "../analysis-rows.js";
import type { AuditService } from "../audit.js";
import { checkoutConfig } from "./checkout.js";
import { type PaymentContext, toPaymentDto } from "./context.js";
import { premiumAnalysis } from "./entitlement.js";
import { confirmDemo, type FulfilInput, type Fulfilment, fulfil } from "./fulfilment.js";
import { createIntent } from "./intents.js";
import { readPrices, updatePrices } from "./prices.js";
import { refund } from "./refunds.js";
import { handleWebhook, type WebhookResult } from "./webhook.js";

export * from "./messages.js";
export type { FulfilInput, Fulfilment, WebhookResult };

export interface PaymentServiceOptions {
  db: Db;
  config: PaymentsConfig;
  stripe: StripeClient | null;
  logger: Logger;
  /**
   * The paid deliverables and whether each can be delivered now (./deliverables.ts); read
   * at every call. Without it (unit tests of payments alone) everything counts as deliverable.
   */
  deliverables?: () => PremiumDeliverable[];
  /** Records price changes. */
  audit?: Pick<AuditService, "record">;
  now?: () => Date;
}

/** Which payments a list shows: all, real (Stripe) ones or demo ones (no card charged). */
export type PaymentKind = "all" | "real" | "demo";

/** One page of payments, newest first (administrators); `kind` keeps real or demo ones only. */
function listPayments(db: Db, page: PageRequest, kind: PaymentKind) {
  const { payment } = tablesOf(db);
  const { newestFirst } = dialectOf(db);
  const where =
    kind === "all" ? undefined : eq(payment.provider, kind === "real" ? "stripe" : "demo");
  return readPage(
    page,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(payment)
          .where(where)
          .orderBy(...newestFirst(payment.createdAt, payment))
          .limit(limit)
          .offset(offset)
      ).map(toPaymentDto),
    () => db.$count(payment, where),
  );
}

export function createPaymentService(options: PaymentServiceOptions) {
  const ctx: PaymentContext = {
    db: options.db,
    tables: tablesOf(options.db),
    config: options.config,
    stripe: options.stripe,
    log: options.logger.child({ module: "payments" }),
    now: options.now ?? (() => new Date()),
    deliverables: options.deliverables,
    audit: options.audit,
  };

  return {
    /** What the checkout needs; never a secret (how to enable an item: administrators only). */
    config: (viewer: Pick<User, "isAdmin"> | null = null): Promise<PaymentConfig> =>
      checkoutConfig(ctx, viewer),
    /** Which paid items this server delivers now (the public settings' short list). */
    offered: (): PremiumOffer[] =>
      (ctx.deliverables?.() ?? []).map(({ id, deliverable }) => ({ id, deliverable })),
    /** The administrator's price of each deliverable (cents). */
    prices: (): Promise<PremiumPrices> => readPrices(ctx),
    updatePrices: (admin: User, patch: PremiumPricesPatch): Promise<PremiumPrices> =>
      updatePrices(ctx, admin, patch),
    createIntent: (viewer: User, analysisId: string): Promise<{ clientSecret: string }> =>
      createIntent(ctx, viewer, analysisId),
    fulfil: (input: FulfilInput): Promise<Fulfilment> => fulfil(ctx, input),
    handleWebhook: (rawBody: unknown, signature: string | undefined): Promise<WebhookResult> =>
      handleWebhook(ctx, rawBody, signature),
    confirmDemo: (viewer: User, analysisId: string): Promise<Payment> =>
      confirmDemo(ctx, viewer, analysisId),
    list: (page: PageRequest = FIRST_PAGE, kind: PaymentKind = "all") =>
      listPayments(ctx.db, page, kind),
    refund: (admin: User, paymentId: string): Promise<Payment> => refund(ctx, admin, paymentId),
    premiumAnalysis: (viewer: User, analysisId: string): Promise<AnalysisRow> =>
      premiumAnalysis(ctx.db, viewer, analysisId),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
