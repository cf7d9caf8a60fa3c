/**
 * The administrator's price of each paid deliverable, stored in the settings table
 * (`price.keywordResearch`, …) so every instance reads the same. Unset: the default split of the
 * full package price (BIS_PREMIUM_PRICE_CENTS, the specification's $899), so the three sum to it.
 */
import {
  defaultPremiumPrices,
  type PremiumDeliverableId,
  type PremiumPrices,
  type PremiumPricesPatch,
  type User,
} from "@bis/sdk";
import { inArray } from "drizzle-orm";
import type { PaymentContext } from "./context.js";

const IDS = ["keywordResearch", "competitionAnalysis", "pdfReport"] as const;
const keyOf = (id: PremiumDeliverableId) => `price.${id}`;

/** The three prices now (cents). */
export async function readPrices(ctx: PaymentContext): Promise<PremiumPrices> {
  const { appSetting } = ctx.tables;
  const prices = defaultPremiumPrices(ctx.config.amount);
  const rows = await ctx.db
    .select()
    .from(appSetting)
    .where(inArray(appSetting.key, IDS.map(keyOf)));
  for (const id of IDS) {
    const stored = rows.find((r) => r.key === keyOf(id));
    const cents = stored ? Number(stored.value) : Number.NaN;
    if (Number.isInteger(cents) && cents >= 0) prices[id] = cents;
  }
  return prices;
}

/** Sets some of the prices (validated by premiumPricesPatchSchema) and records who did. */
export async function updatePrices(
  ctx: PaymentContext,
  actor: Pick<User, "id" | "email">,
  patch: PremiumPricesPatch,
): Promise<PremiumPrices> {
  const before = await readPrices(ctx);
  const changes = IDS.flatMap((id) => {
    const cents = patch[id];
    return cents === undefined || cents === before[id] ? [] : [[id, cents] as const];
  });
  if (changes.length === 0) return before;
  const at = ctx.now();
  const { appSetting } = ctx.tables;
  await ctx.db.transaction(async (tx) => {
    for (const [id, cents] of changes) {
      const value = String(cents);
      await tx
        .insert(appSetting)
        .values({ key: keyOf(id), value, updatedAt: at })
        .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: at } });
    }
    await ctx.audit?.record(
      actor,
      {
        action: "settings.update",
        targetType: "setting",
        targetId: changes.map(([id]) => keyOf(id)).join(","),
        detail: Object.fromEntries(changes.map(([id, cents]) => [keyOf(id), [before[id], cents]])),
      },
      tx,
    );
  });
  ctx.log.info({ changes: Object.fromEntries(changes), by: actor.id }, "premium prices changed");
  return readPrices(ctx);
}
