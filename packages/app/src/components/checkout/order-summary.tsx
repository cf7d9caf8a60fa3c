/**
 * The checkout's order summary (specification §2 Checkout): the product, the analysis it is
 * for (industry and location), what it includes, the price as charged, and the guarantee.
 */
import { GUARANTEE_DAYS } from "@bis/sdk";
import { MapPin, ShieldCheck } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { CheckList } from "../ui/check-list";

export const PREMIUM_INCLUSIONS = [
  "Keyword research with search volume, CPC and a PPC budget",
  "Competition analysis with competitors, ratings, reviews, the market leader and opportunities",
  "A professional PDF report",
  "Lifetime access to this analysis",
] as const;

export function OrderSummary({
  productName,
  industry,
  location,
  price,
}: {
  productName: string;
  industry: string;
  location: string;
  /** The formatted price, "$899.00". */
  price: string;
}) {
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
          <CheckList items={PREMIUM_INCLUSIONS} className="mt-2 space-y-2" />
        </div>
        <dl className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-4">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="text-2xl font-bold tracking-tight text-slate-900">{price}</dd>
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
