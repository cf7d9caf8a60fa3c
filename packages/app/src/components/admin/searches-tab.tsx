/**
 * Past Searches (spec §2, §4, §5): every analysis with a tick per completed step, its owner and
 * a Load link to /analysis/{id}; bulk selection — none, some (the header checkbox is then
 * indeterminate) or all — and bulk deletion behind a browser confirmation that warns it cannot
 * be undone. Deleting with nothing selected says "Please select at least one analysis to delete".
 */
import { ADMIN_MESSAGES, type AdminAnalysis } from "@bis/sdk";
import { Check, ExternalLink, Minus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useAdminAnalyses, useBulkDeleteAnalyses } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { formatDate } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { AdminTable, PanelSection, QueryStates, tdClasses } from "./panel-states";

export type SelectionState = "none" | "some" | "all";

/** The Load column: pinned to the right edge of the scrolling box, over the columns behind it. */
const stickyEnd = "sticky right-0 bg-white shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.25)]";

export function selectionState(selected: number, total: number): SelectionState {
  if (selected === 0 || total === 0) return "none";
  return selected >= total ? "all" : "some";
}

/** The text of the browser confirmation before a bulk deletion. */
export function bulkDeleteConfirmation(count: number): string {
  const what = count === 1 ? "1 analysis" : `${count} analyses`;
  return `Are you sure you want to delete ${what}? This action cannot be undone.`;
}

function StepTick({ done, step }: { done: boolean; step: string }) {
  return done ? (
    <span className="inline-flex text-emerald-600" title={`${step}: complete`}>
      <Check className="size-5" aria-hidden="true" />
      <span className="sr-only">{step}: complete</span>
    </span>
  ) : (
    <span className="inline-flex text-slate-300" title={`${step}: not complete`}>
      <Minus className="size-5" aria-hidden="true" />
      <span className="sr-only">{step}: not complete</span>
    </span>
  );
}

export function SearchesTab() {
  const analyses = useAdminAnalyses();
  const bulkDelete = useBulkDeleteAnalyses();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  // Only ids still in the list count (a refetch may have dropped some).
  const rows = analyses.data ?? [];
  const selected = useMemo(
    () => rows.filter((a) => picked.has(a.id)).map((a) => a.id),
    [rows, picked],
  );
  const state = selectionState(selected.length, rows.length);

  function toggle(id: string) {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setPicked(state === "all" ? new Set() : new Set(rows.map((a) => a.id)));
  }

  function deleteSelected() {
    if (selected.length === 0) {
      toast({
        variant: "destructive",
        title: "No Analyses Selected",
        description: ADMIN_MESSAGES.selectAnalyses,
      });
      return;
    }
    if (!window.confirm(bulkDeleteConfirmation(selected.length))) return;
    bulkDelete.mutate(selected, { onSuccess: () => setPicked(new Set()) });
  }

  return (
    <PanelSection
      title="Past Searches"
      description="Every market analysis run on BIS, newest first. Select analyses to delete them together."
    >
      <QueryStates
        query={analyses}
        noun="analyses"
        loading="Loading analyses..."
        failed="Failed to load analyses"
        empty="No analyses have been run yet."
      >
        {() => (
          <div className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600" aria-live="polite">
                {selected.length} of {rows.length} selected
              </p>
              <Button
                variant="destructive"
                size="sm"
                onClick={deleteSelected}
                pending={bulkDelete.isPending}
                pendingLabel="Deleting..."
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Delete Selected
              </Button>
            </div>
            <AdminTable
              // Not "Past searches": the section around it is already that landmark (axe landmark-unique).
              label="Analyses table"
              columns={[
                {
                  key: "select",
                  label: (
                    <Checkbox
                      aria-label="Select all analyses"
                      checked={state === "all"}
                      indeterminate={state === "some"}
                      onChange={toggleAll}
                    />
                  ),
                },
                "Location",
                "Owner",
                "Created",
                "Market",
                "Keywords",
                "Competition",
                "Paid",
                // Kept in view while the table scrolls sideways on a phone.
                { key: "Open", label: <span className="sr-only">Open</span>, className: stickyEnd },
              ]}
            >
              {rows.map((analysis: AdminAnalysis) => (
                <tr
                  key={analysis.id}
                  className={picked.has(analysis.id) ? "bg-brand-50/60" : undefined}
                >
                  <td className={tdClasses}>
                    <Checkbox
                      aria-label={`Select ${analysis.location} (${formatDate(analysis.createdAt)})`}
                      checked={picked.has(analysis.id)}
                      onChange={() => toggle(analysis.id)}
                    />
                  </td>
                  <td className={tdClasses}>
                    <div className="font-medium text-slate-900">{analysis.location}</div>
                    <div className="text-xs text-slate-500">{analysis.industry}</div>
                  </td>
                  <td className={tdClasses}>
                    {analysis.userEmail ?? (
                      <span className="text-slate-500">Widget (no account)</span>
                    )}
                  </td>
                  <td className={tdClasses}>{formatDate(analysis.createdAt)}</td>
                  <td className={tdClasses}>
                    <StepTick done={analysis.marketAnalysisCompleted} step="Market analysis" />
                  </td>
                  <td className={tdClasses}>
                    <StepTick done={analysis.keywordResearchCompleted} step="Keyword research" />
                  </td>
                  <td className={tdClasses}>
                    <StepTick
                      done={analysis.competitionAnalysisCompleted}
                      step="Competition analysis"
                    />
                  </td>
                  <td className={tdClasses}>
                    {analysis.isPaid ? <Badge tone="premium">Paid</Badge> : <Badge>Free</Badge>}
                  </td>
                  <td className={`${tdClasses} ${stickyEnd}`}>
                    <Link
                      to={`/analysis/${encodeURIComponent(analysis.id)}`}
                      aria-label={`Load ${analysis.location}`}
                      className={buttonClasses({ variant: "outline", size: "sm" })}
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      Load
                    </Link>
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
      </QueryStates>
    </PanelSection>
  );
}
