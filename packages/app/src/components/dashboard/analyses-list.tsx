/**
 * "Your Analyses" on the dashboard: the signed-in user's analyses, newest first
 * (GET /api/analyses), with location, date, radii, market size and a link to the results; a
 * "Premium" badge on paid ones and a "Buy Premium" link to the checkout on the others; and
 * Delete, behind a confirmation that names the market and warns when it was paid for
 * (DELETE /api/analyses/{id}), then a toast and the list without it.
 */
import { type AnalysisSummary, errorMessage } from "@bis/sdk";
import {
  ArrowRight,
  ChartColumn,
  History,
  Play,
  ShoppingCart,
  Sparkles,
  Trash2,
  TriangleAlert,
} from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { useAnalysesList, useDeleteAnalysis } from "../../hooks/use-analyses";
import { cn } from "../../lib/cn";
import { formatCompactCurrency, formatDate, formatNumber } from "../../lib/format";
import { Badge } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Checkbox } from "../ui/checkbox";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { LoadMore } from "../ui/load-more";
import { RetryButton } from "../ui/retry-button";
import { Spinner } from "../ui/spinner";
import { CompareBar } from "./compare-bar";

/** The confirmation's words: the market and date, and what a paid analysis takes with it. */
function DeleteWarning({ analysis }: { analysis: AnalysisSummary }) {
  return (
    <>
      <p>
        The market analysis of <strong className="font-semibold">{analysis.location}</strong> from{" "}
        {formatDate(analysis.createdAt)} will be deleted. This cannot be undone.
      </p>
      {analysis.isPaid ? (
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">You paid for this analysis.</strong> Its keyword
            research, competition analysis and PDF report go with it, and getting them back means
            buying premium again for a new analysis.
          </span>
        </p>
      ) : null}
    </>
  );
}

export function AnalysesList() {
  const list = useAnalysesList();
  const remove = useDeleteAnalysis();
  const [doomed, setDoomed] = useState<AnalysisSummary | null>(null);
  // Selected for a comparison, in the order selected.
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => (on ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id)));
  const headingRef = useRef<HTMLHeadingElement>(null);

  function confirmDelete() {
    if (!doomed) return;
    remove.mutate(
      { id: doomed.id, location: doomed.location },
      { onSettled: () => setDoomed(null) },
    );
  }

  return (
    <section aria-labelledby="analyses-heading">
      <Card>
        <CardHeader>
          <CardTitle
            id="analyses-heading"
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 focus-visible:outline-none"
          >
            <History className="size-5 text-brand-700" aria-hidden="true" />
            Your Analyses
          </CardTitle>
        </CardHeader>
        <CardContent>
          {list.isPending ? (
            <div className="flex items-center gap-3 py-4 text-slate-600">
              <Spinner size="sm" label="Loading analyses" className="text-brand-700" />
              Loading your analyses...
            </div>
          ) : list.isError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
            >
              <p>
                Couldn't load your analyses: {errorMessage(list.error, "Failed to load analyses")}
              </p>
              <RetryButton queries={[list]} size="sm" />
            </div>
          ) : !list.data || list.data.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
              <ChartColumn className="size-8 text-slate-400" aria-hidden="true" />
              <p className="font-semibold text-slate-900">No analyses yet</p>
              <p className="text-sm text-slate-600">
                Run your first free market analysis to see your service area here.
              </p>
              <Link to="/market-analysis" className={buttonClasses()}>
                <Play className="size-4" aria-hidden="true" />
                Start Analysis
              </Link>
            </div>
          ) : (
            <>
              <CompareBar selected={selected} onClear={() => setSelected([])} />
              <ul className="divide-y divide-slate-100">
                {list.data.map((a) => (
                  <li
                    key={a.id}
                    className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="flex min-w-0 items-start gap-3">
                      <Checkbox
                        className="mt-1.5"
                        checked={selected.includes(a.id)}
                        onChange={(event) => toggle(a.id, event.currentTarget.checked)}
                        aria-label={`Select ${a.location} from ${formatDate(a.createdAt)} for comparison`}
                      />
                      <div className="min-w-0 space-y-1">
                        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                          {a.location}
                          {a.isPaid ? (
                            <Badge tone="premium">
                              <Sparkles className="mr-1 size-3.5" aria-hidden="true" />
                              Premium
                            </Badge>
                          ) : null}
                        </p>
                        <p className="text-sm text-slate-600">
                          {a.industry} · {formatDate(a.createdAt)} · {a.primaryRadius} mi /{" "}
                          {a.secondaryRadius} mi
                        </p>
                        <p className="text-sm text-slate-600">
                          Market size: {formatNumber(a.marketSize)} people
                          {a.totalMarketRevenue !== null
                            ? ` · Revenue potential ${formatCompactCurrency(a.totalMarketRevenue)}`
                            : ""}
                        </p>
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {a.isPaid ? null : (
                        <Link
                          to={`/checkout/${encodeURIComponent(a.id)}`}
                          className={buttonClasses({ variant: "secondary", size: "sm" })}
                        >
                          <ShoppingCart className="size-4" aria-hidden="true" />
                          Buy Premium
                          <span className="sr-only"> for the {a.location} analysis</span>
                        </Link>
                      )}
                      <Link
                        to={`/analysis/${encodeURIComponent(a.id)}`}
                        className={buttonClasses({ variant: "outline", size: "sm" })}
                      >
                        View
                        <span className="sr-only">
                          {" "}
                          analysis of {a.location} from {formatDate(a.createdAt)}
                        </span>
                        <ArrowRight className="size-4" aria-hidden="true" />
                      </Link>
                      <button
                        type="button"
                        onClick={() => setDoomed(a)}
                        className={cn(
                          buttonClasses({ variant: "outline", size: "sm" }),
                          "text-red-700 hover:bg-red-50 hover:text-red-800",
                        )}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Delete
                        <span className="sr-only">
                          {" "}
                          analysis of {a.location} from {formatDate(a.createdAt)}
                        </span>
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
          {list.isSuccess ? <LoadMore list={list} noun="analyses" /> : null}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={doomed !== null}
        title={doomed ? `Delete the ${doomed.location} analysis?` : ""}
        confirmLabel="Delete Analysis"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDoomed(null)}
        returnFocus={headingRef}
      >
        {doomed ? <DeleteWarning analysis={doomed} /> : null}
      </ConfirmDialog>
    </section>
  );
}
