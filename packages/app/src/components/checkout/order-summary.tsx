/**
 * The checkout's order summary (the specification's Checkout screen): the product, the analysis it is
 * for (industry and location), what it includes — exactly the deliverables this server can
 * deliver now (GET /api/config/payments), each with the grade of its data when not measured —
 * what is not available yet (never priced; in a customer's words, premium-offer.ts), the price
 * of each included item and the total as charged (their sum), and the guarantee.
 */
import {
  GUARANTEE_DAYS,
  itemsNotOffered,
  notAvailableYet,
  offeredItems,
  type PremiumDeliverable,
} from "@bis/sdk";
import { CircleMinus, MapPin, ShieldCheck } from "lucide-react";
import { formatPrice } from "../../lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { CheckList } from "../ui/check-list";

export const LIFETIME_ACCESS = "Lifetime access to this analysis";

/** The inclusion line of a deliverable, with the grade of its data when it is not measured. */
export function inclusionLine(deliverable: PremiumDeliverable): string {
  if (deliverable.grade === "modeled") return `${deliverable.description} (modeled estimates)`;
  if (deliverable.grade === "sample")
    return `${deliverable.description} (sample data in demo mode, not real businesses)`;
  return deliverable.description;
}

/** What the package includes on this server now: the deliverable items, then lifetime access. */
export function inclusions(deliverables: readonly PremiumDeliverable[]): string[] {
  return [...offeredItems(deliverables).map(inclusionLine), LIFETIME_ACCESS];
}

/** The deliverables not offered now: "Competition analysis is not available yet" (never sold). */
export function NotIncluded({
  deliverables,
  headingLevel = "h3",
}: {
  deliverables: readonly PremiumDeliverable[];
  headingLevel?: "h2" | "h3";
}) {
  const missing = itemsNotOffered(deliverables);
  if (missing.length === 0) return null;
  const Heading = headingLevel;
  return (
    <div>
      <Heading className="text-sm font-semibold text-slate-900">Not available yet</Heading>
      <ul className="mt-2 space-y-2 text-sm text-slate-700">
        {missing.map((d) => (
          <li key={d.id} className="flex items-start gap-2">
            <CircleMinus className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>{notAvailableYet(d.id)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OrderSummary({
  productName,
  industry,
  location,
  price,
  currency,
  deliverables,
}: {
  productName: string;
  industry: string;
  location: string;
  /** Every paid deliverable and whether this server can deliver it (GET /api/config/payments). */
  deliverables: readonly PremiumDeliverable[];
  /** The formatted price, "$899.00". */
  price: string;
  /** The currency of the items' prices ("usd"). */
  currency: string;
}) {
  const priced = offeredItems(deliverables);
  return (
    <Card as="section" aria-labelledby="order-summary-heading">
      <CardHeader>
        <CardTitle id="order-summary-heading">Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-1">
          <p className="text-base font-semibold text-slate-900">{productName}</p>
          <p className="flex items-start gap-1.5 text-sm break-words text-slate-600">
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              {industry} · {location}
            </span>
          </p>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Includes</h3>
          <CheckList items={inclusions(deliverables)} className="mt-2 space-y-2" />
        </div>
        <NotIncluded deliverables={deliverables} />
        <dl className="space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700">
          {priced.map((d) => (
            <div key={d.id} className="flex items-baseline justify-between gap-3">
              <dt>{d.label}</dt>
              <dd>{formatPrice(d.price, currency)}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-3 pt-2">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="text-2xl font-bold tracking-tight text-slate-900">{price}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The 30-day guarantee badge (GUARANTEE_DAYS). */
export function GuaranteeBadge() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <ShieldCheck className="size-6 shrink-0 text-emerald-700" aria-hidden="true" />
      <div>
        <p className="font-semibold text-emerald-900">
          {GUARANTEE_DAYS}-Day Satisfaction Guarantee
        </p>
        <p className="text-sm text-emerald-800">
          Not satisfied? Ask for a full refund within {GUARANTEE_DAYS} days of your purchase.
        </p>
      </div>
    </div>
  );
}
