/**
 * Past Searches (a tab of the specification's admin panel): every analysis with a tick per completed step, its owner and
 * a Load link to /analysis/{id}; bulk selection — none, some (the header checkbox is then
 * indeterminate) or all — and bulk deletion behind a browser confirmation that warns it cannot
 * be undone. Deleting with nothing selected says "Please select at least one analysis to delete".
 */
import { ADMIN_MESSAGES } from "@bis/sdk";
import { Check, ExternalLink, Minus, Trash2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { useAdminAnalyses, useBulkDeleteAnalyses } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { formatDate } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { AdminTable } from "./admin-table";
import { PanelSection, QueryStates } from "./panel-states";

export type SelectionState = "none" | "some" | "all";

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
  const selectAllId = useId();

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
              rows={rows}
              rowKey={(analysis) => analysis.id}
              rowClassName={(analysis) => (picked.has(analysis.id) ? "bg-brand-50/60" : undefined)}
              columns={[
                {
                  label: "Select",
                  hideLabel: true,
                  // In view on phones too, above the cards.
                  header: (
                    <span className="inline-flex items-center gap-2 normal-case">
                      <Checkbox
                        id={selectAllId}
                        aria-label="Select all analyses"
                        checked={state === "all"}
                        indeterminate={state === "some"}
                        onChange={toggleAll}
                      />
                      <label htmlFor={selectAllId} aria-hidden="true" className="sm:hidden">
                        Select all
                      </label>
                    </span>
                  ),
                  cell: (analysis) => (
                    <Checkbox
                      aria-label={`Select ${analysis.location} (${formatDate(analysis.createdAt)})`}
                      checked={picked.has(analysis.id)}
                      onChange={() => toggle(analysis.id)}
                    />
                  ),
                },
                {
                  label: "Location",
                  rowHeader: true,
                  cell: (analysis) => (
                    <>
                      <div>{analysis.location}</div>
                      <div className="text-xs font-normal text-slate-500">{analysis.industry}</div>
                    </>
                  ),
                },
                {
                  label: "Owner",
                  cell: (analysis) =>
                    analysis.userEmail ?? (
                      <span className="text-slate-500">Widget (no account)</span>
                    ),
                },
                { label: "Created", cell: (analysis) => formatDate(analysis.createdAt) },
                {
                  label: "Market",
                  cell: (analysis) => (
                    <StepTick done={analysis.marketAnalysisCompleted} step="Market analysis" />
                  ),
                },
                {
                  label: "Keywords",
                  cell: (analysis) => (
                    <StepTick done={analysis.keywordResearchCompleted} step="Keyword research" />
                  ),
                },
                {
                  label: "Competition",
                  cell: (analysis) => (
                    <StepTick
                      done={analysis.competitionAnalysisCompleted}
                      step="Competition analysis"
                    />
                  ),
                },
                {
                  label: "Paid",
                  cell: (analysis) =>
                    analysis.isPaid ? <Badge tone="premium">Paid</Badge> : <Badge>Free</Badge>,
                },
                {
                  label: "Open",
                  hideLabel: true,
                  cell: (analysis) => (
                    <Link
                      to={`/analysis/${encodeURIComponent(analysis.id)}`}
                      aria-label={`Load ${analysis.location}`}
                      className={buttonClasses({ variant: "outline", size: "sm" })}
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      Load
                    </Link>
                  ),
                },
              ]}
            />
          </div>
        )}
      </QueryStates>
    </PanelSection>
  );
}
