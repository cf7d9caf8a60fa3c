/**
 * The SDK's rule for what is for sale (premium-offer.ts), read from the server's list
 * (GET /api/config/payments, public): whether a premium item is offered now. Unknown while the
 * list loads or when it fails: offered (the server refuses what it cannot deliver anyway).
 */
import { isOffered, type PremiumDeliverableId } from "@bis/sdk";
import { usePaymentConfig } from "./use-payments";

export function useOffered(id: PremiumDeliverableId): boolean {
  const config = usePaymentConfig();
  return isOffered(config.data?.deliverables, id);
}
