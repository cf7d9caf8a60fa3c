/**
 * /comparisons/{id}: a saved comparison of 2–10 analyses. The markets ranked by
 * opportunity score, one column each, every figure with its grade and the best value of each row
 * marked (components/comparison/comparison-table.tsx); which markets would need the premium
 * steps; a small map with every market's circles; CSV, XLSX and PDF downloads. Loading, not
 * found / failed and "no markets left" states; the document title names the markets.
 */
import {
  type Comparison,
  compareMarkets,
  errorMessage,
  hasErrorCode,
  offeredPremiumCount,
  offeredPremiumPhrase,
  scoreBasisText,
} from "@bis/sdk";
import { Columns3, FileDown, FileSpreadsheet, FileText, SearchX, ShoppingCart } from "lucide-react";
import { Link, useParams } from "react-router";
import { ComparisonMap } from "../components/comparison/comparison-map";
import { ComparisonTable } from "../components/comparison/comparison-table";
import { ComparisonTopZips } from "../components/comparison/comparison-top-zips";
import { PageShell } from "../components/page-shell";
import { buttonClasses } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { MessageCard } from "../components/ui/message-card";
import { RetryButton } from "../components/ui/retry-button";
import { Spinner } from "../components/ui/spinner";
import { useComparison } from "../hooks/use-comparisons";
import { useDocumentTitle } from "../hooks/use-document-title";
import { usePublicSettings } from "../hooks/use-public-settings";
import { api } from "../lib/api";

const DOWNLOADS = [
  { format: "csv", label: "Download CSV", icon: FileDown },
  { format: "xlsx", label: "Download XLSX", icon: FileSpreadsheet },
  { format: "pdf", label: "PDF report", icon: FileText },
] as const;

function Downloads({ comparison }: { comparison: Comparison }) {
  return (
    <div className="flex flex-wrap gap-2">
      {DOWNLOADS.map(({ format, label, icon: Icon }) => (
        <a
          key={format}
          href={api.comparisons.exportPath(comparison.id, format)}
          download
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </a>
      ))}
    </div>
  );
}

function Notes({ comparison }: { comparison: Comparison }) {
  const offer = usePublicSettings().data?.premiumOffer;
  const table = compareMarkets(comparison.markets, offer);
  const bases = table.markets.flatMap((m) => {
    const basis = scoreBasisText(m, offer);
    return basis ? [`${m.location}: ${basis}.`] : [];
  });
  return (
    <div className="space-y-3">
      {table.needPremium.length > 0 ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">Would need the premium steps</p>
          <p className="mt-1">
            {`${offeredPremiumPhrase(offer, { capital: true })} ${offeredPremiumCount(offer) === 1 ? "completes" : "complete"} the score and the premium rows of these markets:`}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {table.needPremium.map((m) => (
              <li key={m.analysisId}>
                <Link
                  to={`/checkout/${encodeURIComponent(m.analysisId)}`}
                  className={buttonClasses({ variant: "secondary", size: "sm" })}
                >
                  <ShoppingCart className="size-4" aria-hidden="true" />
                  {m.location}
                  <span className="sr-only">: buy premium</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {table.stepsToRun.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {table.stepsToRun.map(({ market, steps }) => (
            <li key={market.analysisId}>
              <Link
                to={`/analysis/${encodeURIComponent(market.analysisId)}`}
                className="font-medium text-brand-800 underline"
              >
                {market.location}
              </Link>
              : {steps.join(" and ")} not run yet.
            </li>
          ))}
        </ul>
      ) : null}
      {table.mixedScores ? (
        <div className="text-sm text-slate-600">
          <p>Ranked by each market's opportunity score; some scores lack inputs:</p>
          <ul className="list-disc pl-5">
            {bases.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {comparison.missing.length > 0 ? (
        <p className="text-sm text-slate-600">
          {comparison.missing.length === 1
            ? "1 analysis of this comparison was deleted and is left out."
            : `${comparison.missing.length} analyses of this comparison were deleted and are left out.`}
        </p>
      ) : null}
    </div>
  );
}

export function ComparisonPage() {
  const { id } = useParams();
  const query = useComparison(id);
  const comparison = query.data;
  const offer = usePublicSettings().data?.premiumOffer;
  const table = comparison ? compareMarkets(comparison.markets, offer) : null;
  useDocumentTitle(
    table ? table.markets.map((m) => m.location).join(" vs ") : null,
    "Market comparison",
  );

  if (query.isPending)
    return (
      <PageShell width="wide">
        <div className="flex items-center justify-center gap-3 py-24 text-slate-600">
          <Spinner label="Loading comparison" className="text-brand-700" />
          Loading comparison...
        </div>
      </PageShell>
    );
  if (query.isError || !comparison || !table) {
    const notFound = hasErrorCode(query.error, "COMPARISON_NOT_FOUND");
    return (
      <PageShell width="wide">
        <MessageCard
          icon={SearchX}
          title={notFound ? "Comparison not found" : "Failed to load comparison"}
          action={
            <>
              {notFound ? null : <RetryButton queries={[query]} />}
              <Link to="/dashboard" className={buttonClasses()}>
                Return to Dashboard
              </Link>
            </>
          }
        >
          {notFound
            ? "This comparison does not exist, or it is not yours."
            : errorMessage(query.error, "Failed to load comparison")}
        </MessageCard>
      </PageShell>
    );
  }
  if (table.markets.length === 0)
    return (
      <PageShell width="wide">
        <MessageCard
          icon={Columns3}
          tone="neutral"
          title="No markets left to compare"
          action={
            <Link to="/dashboard" className={buttonClasses()}>
              Return to Dashboard
            </Link>
          }
        >
          Every analysis of this comparison was deleted.
        </MessageCard>
      </PageShell>
    );

  const leader = table.ranks[0] === 1 ? table.markets[0] : null;
  return (
    <PageShell
      width="wide"
      title={comparison.name ?? "Market Comparison"}
      description={`${table.markets.length} markets ranked by opportunity score (0–100, higher is a better opportunity).${leader ? ` Best opportunity: ${leader.location}.` : ""}`}
    >
      <Downloads comparison={comparison} />
      <Notes comparison={comparison} />
      <ComparisonTable table={table} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Map of the markets</CardTitle>
        </CardHeader>
        <CardContent>
          <ComparisonMap table={table} />
        </CardContent>
      </Card>
      <ComparisonTopZips table={table} />
      <p className="text-xs text-slate-500">
        Comparison {comparison.id} · every figure comes from its market's analysis, with that
        analysis' grade (Measured, Modeled or Sample). Best: the highest value, or the lowest for
        average CPC, competitors and saturation; equal values share it.
      </p>
    </PageShell>
  );
}
