/**
 * The SDK's rule for what is for sale (premium-offer.ts), read from the server's short list in
 * the public settings (zod-free, and read by the landing page anyway): whether a premium item is
 * offered now. Unknown while the list loads or when it fails: offered (the server refuses what it
 * cannot deliver anyway). The checkout reads the full list with prices (GET /api/config/payments).
 */
import { isOffered, type PremiumDeliverableId } from "@bis/sdk";
import { usePublicSettings } from "./use-public-settings";

export function useOffered(id: PremiumDeliverableId): boolean {
  return isOffered(usePublicSettings().data?.premiumOffer, id);
}
