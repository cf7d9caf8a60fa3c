/**
 * "Your Analyses" on the dashboard: the signed-in user's analyses, newest first
 * (GET /api/analyses), with location, date, radii, market size and a link to the results.
 */
import { errorMessage } from "@bis/sdk";
import { ArrowRight, ChartColumn, History, Play, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { useAnalysesList } from "../../hooks/use-analyses";
import { formatCompactCurrency, formatDate, formatNumber } from "../../lib/format";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Spinner } from "../ui/spinner";

export function AnalysesList() {
  const list = useAnalysesList();

  return (
    <section aria-labelledby="analyses-heading">
      <Card>
        <CardHeader>
          <CardTitle id="analyses-heading" className="flex items-center gap-2">
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
              <Button
                variant="outline"
                size="sm"
                onClick={() => void list.refetch()}
                pending={list.isRefetching}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : list.data.length === 0 ? (
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
            <ul className="divide-y divide-slate-100">
              {list.data.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-semibold break-words text-slate-900">{a.location}</p>
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
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
