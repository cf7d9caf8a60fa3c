/** The words of payments (the checkout and its payment flow), one place for the service and its tests. */
export const PREMIUM_PRODUCT_NAME = "Premium Market Intelligence";
export const PAYMENT_REQUIRED_MESSAGE =
  "Premium access required: purchase the premium package for this analysis.";
export const ALREADY_PAID_MESSAGE = "This analysis is already paid for.";
/** A customer's words: nothing about servers, providers or settings (those are the administrator's business). */
export const NOT_PURCHASABLE_MESSAGE =
  "The premium package is not available yet: neither keyword research nor competition analysis can be delivered now. Nothing was charged.";
export const INVALID_SIGNATURE_MESSAGE = "Invalid webhook signature";
export const MALFORMED_EVENT_MESSAGE = "Malformed webhook event";
export const PROVIDER_FAILED_MESSAGE =
  "The payment provider could not complete the request. Please try again.";
