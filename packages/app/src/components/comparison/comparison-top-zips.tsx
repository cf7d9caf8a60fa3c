/**
 * The comparison's top ZIPs side by side: each market's best ZIP areas by opportunity
 * score (GET /api/analyses/{id}/zip-areas?sort=score&limit=N), with each score's reasons — the
 * same rows as the market's results page, its exports and `bis zips`.
 */
import { type ComparisonTable, endpoints, errorMessage } from "@bis/sdk";
import { useQueries } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { queryOptionsOf } from "../../lib/query-options";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Spinner } from "../ui/spinner";

/** ZIP areas listed per market. */
export const COMPARISON_TOP_ZIPS = 5;

export function ComparisonTopZips({ table }: { table: ComparisonTable }) {
  const queries = useQueries({
    queries: table.markets.map((m) =>
      queryOptionsOf(
        endpoints.analyses.zipAreas,
        { id: m.analysisId },
        { sort: "score", limit: COMPARISON_TOP_ZIPS },
      ),
    ),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Top ZIP areas by opportunity score</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {table.markets.map((m, i) => {
            const query = queries[i];
            return (
              <section
                key={m.analysisId}
                aria-label={`Top ZIP areas of ${m.location}`}
                className="min-w-0 rounded-lg border border-slate-200 p-3"
              >
                <h3 className="text-sm font-semibold text-slate-900">
                  <Link
                    to={`/analysis/${encodeURIComponent(m.analysisId)}`}
                    className="hover:underline"
                  >
                    {m.location}
                  </Link>
                </h3>
                {query?.isPending ? (
                  <Spinner size="sm" label={`Loading the ZIP areas of ${m.location}`} />
                ) : query?.isError ? (
                  <p role="alert" className="text-sm text-red-700">
                    {errorMessage(query.error, "ZIP areas not available")}
                  </p>
                ) : query?.data && query.data.rows.length > 0 ? (
                  <ol className="mt-2 space-y-2 text-sm">
                    {query.data.rows.map((z) => (
                      <li key={z.zip} className="flex gap-2">
                        <span className="w-8 shrink-0 text-right font-semibold tabular-nums text-slate-900">
                          {z.score}
                        </span>
                        <span className="min-w-0">
                          <span className="tabular-nums">{z.zip}</span> {z.place}, {z.state}
                          <span className="block text-xs text-slate-500">
                            {formatNumber(z.households)} households · {z.reasons}
                          </span>
                        </span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm text-slate-600">No ZIP area in range.</p>
                )}
              </section>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}
