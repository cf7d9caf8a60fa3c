/**
 * A Stripe failure in BIS's vocabulary, as one table: which Stripe errors, how loudly they are
 * logged, and the code and message the caller gets. The secret key never reaches a message.
 */
import type { Logger } from "pino";
import { AppError } from "../../lib/errors.js";
import { StripeErrors } from "../../providers/stripe/client.js";
import { PROVIDER_FAILED_MESSAGE } from "./messages.js";

type StripeError = InstanceType<typeof StripeErrors.StripeError>;

interface StripeFailure {
  kinds: Array<new (...args: never[]) => StripeError>;
  level: "info" | "warn" | "error";
  /** The log line; with `logMessage`, Stripe's own message is logged as well. */
  note: string;
  logMessage?: boolean;
  code: ConstructorParameters<typeof AppError>[0];
  message: (error: StripeError) => string;
}

/** First match wins; anything else Stripe throws is the last row's. */
const STRIPE_FAILURES: StripeFailure[] = [
  {
    kinds: [StripeErrors.StripeCardError],
    level: "info",
    note: "Stripe declined",
    code: "CARD_DECLINED",
    message: (error) => error.message,
  },
  {
    kinds: [StripeErrors.StripeIdempotencyError],
    level: "warn",
    note: "Stripe idempotency conflict",
    code: "PAYMENT_IN_PROGRESS",
    message: () =>
      "A payment for this analysis is already being prepared with different details. Please reload the page and try again.",
  },
  {
    kinds: [StripeErrors.StripeInvalidRequestError],
    level: "warn",
    note: "Stripe rejected the request",
    logMessage: true,
    code: "PAYMENT_PROVIDER_REJECTED",
    message: (error) => `The payment provider rejected the request: ${error.message}`,
  },
  {
    kinds: [StripeErrors.StripeAuthenticationError, StripeErrors.StripePermissionError],
    level: "error",
    note: "Stripe refused the secret key (check STRIPE_SECRET_KEY)",
    code: "UPSTREAM_FAILED",
    message: () =>
      "Payment provider configuration error. Please try again later or contact support.",
  },
  {
    kinds: [StripeErrors.StripeRateLimitError],
    level: "warn",
    note: "Stripe rate limit",
    code: "UNAVAILABLE",
    message: () => "The payment provider is busy. Please try again in a moment.",
  },
  {
    kinds: [StripeErrors.StripeConnectionError],
    level: "error",
    note: "Stripe unreachable",
    code: "UPSTREAM_FAILED",
    message: () => "Could not reach the payment provider. Please try again.",
  },
  {
    kinds: [StripeErrors.StripeError],
    level: "error",
    note: "Stripe failed",
    logMessage: true,
    code: "UPSTREAM_FAILED",
    message: () => PROVIDER_FAILED_MESSAGE,
  },
];

/** Rethrows a Stripe error as an AppError (logged with Stripe's facts); anything else as it is. */
export function fromStripeError(error: unknown, log: Logger, action: string): never {
  if (!(error instanceof StripeErrors.StripeError)) throw error;
  const failure = STRIPE_FAILURES.find((f) => f.kinds.some((kind) => error instanceof kind));
  if (!failure) throw error;
  const facts = {
    action,
    type: error.type,
    code: error.code,
    statusCode: error.statusCode,
    requestId: error.requestId,
  };
  log[failure.level](
    failure.logMessage ? { ...facts, message: error.message } : facts,
    failure.note,
  );
  throw new AppError(failure.code, failure.message(error), { cause: error });
}
