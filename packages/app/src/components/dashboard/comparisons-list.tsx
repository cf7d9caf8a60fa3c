/**
 * "Your Comparisons" on the dashboard: the signed-in user's saved comparisons, newest
 * first (GET /api/comparisons), each with its name or its markets, its date and a link to its
 * page. Shown once there is one: until then the comparison bar above "Your Analyses" says how
 * to make one.
 */
import { type ComparisonSummary, errorMessage } from "@bis/sdk";
import { ArrowRight, Columns3 } from "lucide-react";
import { Link } from "react-router";
import { comparisonPath, useComparisonsList } from "../../hooks/use-comparisons";
import { formatDate } from "../../lib/format";
import { buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { LoadMore } from "../ui/load-more";
import { RetryButton } from "../ui/retry-button";

/** A comparison's title: its name, else its markets ("Austin, TX vs Dallas, TX vs …"). */
export function comparisonTitle(c: ComparisonSummary): string {
  if (c.name) return c.name;
  if (c.locations.length > 0) return c.locations.join(" vs ");
  return "Comparison of deleted analyses";
}

function marketsLine(c: ComparisonSummary): string {
  const gone = c.analysisCount - c.locations.length;
  const markets = `${c.analysisCount} markets`;
  return gone > 0 ? `${markets} (${gone} deleted since)` : markets;
}

export function ComparisonsList() {
  const list = useComparisonsList();
  if (list.isPending || (list.isSuccess && (list.data?.length ?? 0) === 0)) return null;
  return (
    <section aria-labelledby="comparisons-heading">
      <Card>
        <CardHeader>
          <CardTitle id="comparisons-heading" className="flex items-center gap-2">
            <Columns3 className="size-5 text-brand-700" aria-hidden="true" />
            Your Comparisons
          </CardTitle>
        </CardHeader>
        <CardContent>
          {list.isError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
            >
              <p>
                Couldn't load your comparisons:{" "}
                {errorMessage(list.error, "Failed to load comparisons")}
              </p>
              <RetryButton queries={[list]} size="sm" />
            </div>
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.data?.map((c) => (
                <li
                  key={c.id}
                  className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-semibold break-words text-slate-900">{comparisonTitle(c)}</p>
                    <p className="text-sm text-slate-600">
                      {marketsLine(c)} · {formatDate(c.createdAt)}
                    </p>
                  </div>
                  <Link
                    to={comparisonPath(c.id)}
                    className={buttonClasses({ variant: "outline", size: "sm" })}
                  >
                    View
                    <span className="sr-only">
                      {" "}
                      comparison {comparisonTitle(c)} from {formatDate(c.createdAt)}
                    </span>
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {list.isSuccess ? <LoadMore list={list} noun="comparisons" /> : null}
        </CardContent>
      </Card>
    </section>
  );
}
