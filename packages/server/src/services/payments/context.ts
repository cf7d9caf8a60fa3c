/** What every part of the payment service works with, and a payment as the API answers it. */
import type { Payment, PremiumDeliverable } from "@bis/sdk";
import type { Logger } from "pino";
import type { PaymentsConfig } from "../../config.js";
import type { Db, Tables } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import type { StripeClient } from "../../providers/stripe/client.js";
import type { AuditService } from "../audit.js";

export type PaymentRow = Tables["payment"]["$inferSelect"];

export interface PaymentContext {
  db: Db;
  /** The tables of `db`. */
  tables: Tables;
  config: PaymentsConfig;
  /** null in demo mode. */
  stripe: StripeClient | null;
  log: Logger;
  now: () => Date;
  /**
   * The paid deliverables and whether each can be delivered now (services/payments/deliverables.ts), read
   * at every call; undefined (unit tests of payments alone): everything counts as deliverable.
   */
  deliverables: (() => PremiumDeliverable[]) | undefined;
  /** Records price changes; absent in unit tests of payments alone. */
  audit?: Pick<AuditService, "record">;
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

/** The Stripe client; 404 in demo mode (no intents, no webhook). */
export function stripeRequired(ctx: PaymentContext): StripeClient {
  if (ctx.config.mode !== "stripe" || !ctx.stripe) {
    throw new AppError(
      "STRIPE_NOT_CONFIGURED",
      "Stripe payments are not configured: this server runs in demo payment mode.",
    );
  }
  return ctx.stripe;
}
