/**
 * The "Local market profile" of section 1, so that users see why: the climate, housing
 * stock, equipment, income and contractors behind this market's figures, each row with its
 * grade badge (source, vintage and method when opened) and the sources listed once below.
 * The rows are the SDK's `localMarketRows`, the same the PDF, the CLI and the widget print.
 * Older records carry no profile: nothing is shown.
 */
import {
  LOCAL_MARKET_TITLE,
  type LocalMarket,
  localMarketRows,
  localMarketSourceText,
} from "@bis/sdk";
import { useId } from "react";
import { ProvenanceBadge } from "./provenance-badge";

export function LocalMarketCard({ localMarket }: { localMarket: LocalMarket | undefined }) {
  const headingId = useId();
  const rows = localMarketRows(localMarket);
  if (rows.length === 0) return null;
  const sources = [...new Set(rows.map((r) => localMarketSourceText(r.provenance)))];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="min-w-0">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {LOCAL_MARKET_TITLE}
        </h3>
        <p className="text-sm text-slate-600">
          The climate, homes and contractors behind this market's figures.
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-slate-50 text-sm">
        {rows.map((row) => (
          <div
            key={row.key}
            data-row={row.key}
            className="grid gap-1 px-4 py-2 sm:grid-cols-[14rem_1fr_auto] sm:items-center sm:gap-4"
          >
            <dt className="font-medium text-slate-600">{row.label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{row.value}</dd>
            <dd>
              <ProvenanceBadge provenance={row.provenance} subject={row.label} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs break-words text-slate-500">Sources: {sources.join(" · ")}.</p>
    </section>
  );
}
