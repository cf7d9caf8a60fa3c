/** The premium package's payment: configuration, intent, demo confirmation. */
import type { PaymentIntentRequest } from "../../schemas/payments.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const payments = schemasOf(() => import("../../schemas/payments.js"));
const entities = schemasOf(() => import("../../schemas/entities.js"));

export function paymentsResource(t: Transport) {
  return {
    /** Payment mode, publishable key and price; never a secret. */
    config: () =>
      t.request({
        method: "GET",
        path: "/api/config/payments",
        schema: payments("paymentConfigSchema"),
      }),
    /** A Stripe PaymentIntent for the premium package of one of your analyses. */
    createIntent: (body: PaymentIntentRequest) =>
      t.request({
        method: "POST",
        path: "/api/create-payment-intent",
        body,
        schema: entities("paymentIntentResponseSchema"),
      }),
    /** Demo mode only: marks the analysis paid through the same fulfilment as the webhook. */
    confirmDemo: (body: PaymentIntentRequest) =>
      t.request({
        method: "POST",
        path: "/api/payments/demo/confirm",
        body,
        schema: payments("paymentSchema"),
      }),
  };
}
