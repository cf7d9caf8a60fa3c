/** The premium package's payment: configuration, intent, demo confirmation. */
import { endpoints } from "../../api/endpoints.js";
import type { PaymentIntentRequest } from "../../schemas/payments.js";
import type { Transport } from "../transport.js";

const { payments } = endpoints;

export function paymentsResource(t: Transport) {
  return {
    /** Payment mode, publishable key and price; never a secret. */
    config: () => t.call(payments.config),
    /** A Stripe PaymentIntent for the premium package of one of your analyses. */
    createIntent: (body: PaymentIntentRequest) => t.call(payments.createIntent, { body }),
    /** Demo mode only: marks the analysis paid through the same fulfilment as the webhook. */
    confirmDemo: (body: PaymentIntentRequest) => t.call(payments.confirmDemo, { body }),
  };
}
