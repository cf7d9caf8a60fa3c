import { Check } from "lucide-react";
import { cn } from "../../lib/cn";

export const WIZARD_STAGES = ["Service Area", "Results"] as const;

/** The wizard's progress indicator; the current stage carries aria-current="step". */
export function WizardProgress({ current }: { current: 0 | 1 }) {
  return (
    <nav aria-label="Analysis progress">
      <ol className="flex items-center gap-2 sm:gap-4">
        {WIZARD_STAGES.map((stage, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={stage} className="flex flex-1 items-center gap-2 sm:gap-4">
              <span
                className="flex min-w-0 items-center gap-2"
                aria-current={active ? "step" : undefined}
              >
                <span
                  className={cn(
                    "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    done && "bg-emerald-600 text-white",
                    active && "bg-brand-700 text-white",
                    !done && !active && "bg-slate-200 text-slate-600",
                  )}
                  aria-hidden="true"
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                <span
                  className={cn(
                    "truncate text-sm font-medium",
                    active ? "text-slate-900" : "text-slate-600",
                  )}
                >
                  {stage}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              </span>
              {index < WIZARD_STAGES.length - 1 ? (
                <span
                  className={cn("h-0.5 flex-1 rounded", done ? "bg-emerald-600" : "bg-slate-200")}
                  aria-hidden="true"
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
