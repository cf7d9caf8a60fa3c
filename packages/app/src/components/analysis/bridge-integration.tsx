/**
 * The alternate results page for analyses that carry the bridge-integration flag
 * (a screen of the specification): four numbered instructions around the external Market Revenue
 * Calculator, and the premium items.
 */
import { type Analysis, DELIVERABLE_NAMES, defaultIndustry, industryLabel } from "@bis/sdk";
import { ExternalLink } from "lucide-react";
import { usePaymentConfig } from "../../hooks/use-payments";
import { formatPrice } from "../../lib/format";
import { buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { safeUrl } from "./safe-url";

/** The items the server sells now, with the package's price (the checkout's list). */
function PremiumItems() {
  const config = usePaymentConfig().data;
  if (!config) return null;
  if (!config.purchasable)
    return <p className="text-slate-700">Premium research is not available yet.</p>;
  return (
    <>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        {config.deliverables
          .filter((d) => d.deliverable)
          .map((d) => (
            <li key={d.id}>{DELIVERABLE_NAMES[d.id]}</li>
          ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Premium package: {formatPrice(config.amount, config.currency)}
      </p>
    </>
  );
}

export function BridgeIntegration({ analysis }: { analysis: Analysis }) {
  const data = analysis.marketAnalysisData;
  const url = safeUrl(data?.marketRevenueCalculatorUrl);
  const steps = [
    <>
      Open the Market Revenue Calculator in a new tab.
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer noopener"
          className={buttonClasses({ size: "sm", variant: "secondary" })}
        >
          Open Market Revenue Calculator
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </>,
    <>
      Enter your location ({analysis.location}) and choose{" "}
      {industryLabel(analysis.industry || defaultIndustry())}.
    </>,
    <>
      Set your service radius ({analysis.primaryRadius} miles primary, {analysis.secondaryRadius}{" "}
      miles secondary) and run the calculation.
    </>,
    <>Come back here for step 2: keyword research.</>,
  ];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Run your market revenue analysis</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-4">
            {steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of four steps
              <li key={index} className="flex gap-3">
                <span
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div className="flex flex-wrap items-center gap-3 pt-0.5 text-slate-800">
                  {step}
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Premium market intelligence</CardTitle>
        </CardHeader>
        <CardContent>
          <PremiumItems />
        </CardContent>
      </Card>
    </div>
  );
}
