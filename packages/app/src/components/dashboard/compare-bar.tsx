/**
 * The dashboard's comparison bar: how many analyses are selected, and "Compare",
 * which saves a comparison of them and opens it. Outside 2–10 the button is disabled and the
 * reason is written next to it (and is the button's description for screen readers).
 */
import { COMPARISON_LIMITS, COMPARISON_MESSAGES } from "@bis/sdk";
import { Columns3, ListPlus } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { useCreateComparison } from "../../hooks/use-comparisons";
import { Button, buttonClasses } from "../ui/button";

/** Why "Compare" is disabled for this many selected analyses; null when it is not. */
export function compareBlocker(count: number): string | null {
  if (count < COMPARISON_LIMITS.min) return COMPARISON_MESSAGES.tooFew;
  if (count > COMPARISON_LIMITS.max) return COMPARISON_MESSAGES.tooMany;
  return null;
}

export function CompareBar({
  selected,
  onClear,
}: {
  /** The selected analyses' ids, in the order selected. */
  selected: readonly string[];
  onClear: () => void;
}) {
  const create = useCreateComparison();
  const reasonId = useId();
  const blocker = compareBlocker(selected.length);
  return (
    <section
      aria-label="Compare analyses"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          disabled={blocker !== null || create.isPending}
          aria-describedby={reasonId}
          onClick={() => create.mutate({ analysisIds: [...selected] })}
        >
          <Columns3 className="size-4" aria-hidden="true" />
          {create.isPending ? "Comparing..." : "Compare"}
        </Button>
        <p id={reasonId} className="text-sm text-slate-600" aria-live="polite">
          {selected.length} selected
          {blocker ? ` · ${blocker}` : ` · up to ${COMPARISON_LIMITS.max}`}
        </p>
        {selected.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear selection
          </Button>
        ) : null}
      </div>
      <Link to="/compare" className={buttonClasses({ variant: "outline", size: "sm" })}>
        <ListPlus className="size-4" aria-hidden="true" />
        Analyze several cities
      </Link>
    </section>
  );
}
