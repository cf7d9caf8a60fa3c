/**
 * The administrator's price of each paid deliverable (GET/PATCH /api/admin/prices), on the
 * System tab. The package a customer buys costs the sum of the items this server can deliver
 * (premium-offer.ts): without competition analysis it costs less. Defaults split the
 * specification's $899 over the three.
 */
import { DELIVERABLE_NAMES, endpoints, type PremiumPrices } from "@bis/sdk";
import { type FormEvent, useEffect, useState } from "react";
import { everyAdminQuery, useAdminChange } from "../../hooks/use-admin";
import { useAdminQuery } from "../../hooks/use-admin-gate";
import { toast } from "../../hooks/use-toast";
import { api } from "../../lib/api";
import { keyOf, queryOptionsOf } from "../../lib/query-options";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

const IDS = ["keywordResearch", "competitionAnalysis", "pdfReport"] as const;

const toDollars = (cents: number) => (cents / 100).toFixed(2);

export function PricesForm() {
  const prices = useAdminQuery(queryOptionsOf(endpoints.admin.prices, undefined));
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (prices.data && draft === null)
      setDraft(Object.fromEntries(IDS.map((id) => [id, toDollars(prices.data[id])])));
  }, [prices.data, draft]);
  const save = useAdminChange(
    "Prices Not Saved",
    (patch: Partial<PremiumPrices>) => api.admin.updatePrices(patch),
    (saved) => {
      setDraft(Object.fromEntries(IDS.map((id) => [id, toDollars(saved[id])])));
      toast({ title: "Success", description: "The prices have been saved." });
    },
    { refresh: [everyAdminQuery, keyOf(endpoints.payments.config)] },
  );

  if (prices.isPending || !draft)
    return <p className="text-sm text-slate-600">Loading prices...</p>;
  if (!prices.data) return <p className="text-sm text-red-700">Failed to load the prices.</p>;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    save.mutate(
      Object.fromEntries(
        IDS.map((id) => [id, Math.round(Number(draft[id]) * 100)]),
      ) as PremiumPrices,
    );
  }

  return (
    <form onSubmit={submit} aria-label="Prices" className="space-y-3">
      <p className="text-sm text-slate-700">
        A customer pays the sum of the items this server can deliver; an item it cannot deliver is
        neither offered nor charged.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {IDS.map((id) => (
          <div key={id} className="space-y-1">
            <Label htmlFor={`price-${id}`}>{DELIVERABLE_NAMES[id]} (USD)</Label>
            <Input
              id={`price-${id}`}
              inputMode="decimal"
              value={draft[id] ?? ""}
              onChange={(e) => setDraft({ ...draft, [id]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
        Save Prices
      </Button>
    </form>
  );
}
