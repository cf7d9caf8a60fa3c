/**
 * The opportunity score (a BIS addition): one 0–100 figure per analysis combining
 * demand, supply and cost to acquire, shown with each component's score, weight and detail.
 */
import { type DataGrade, type OpportunityScore, weightPercentText } from "@bis/sdk";
import { Target } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn";
import { Card } from "../ui/card";
import { GRADE_LABELS } from "./provenance-badge";

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** A bar for the eye; the figure beside it is the text. */
function Bar({ value, large }: { value: number; large?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn("w-full overflow-hidden rounded-full bg-slate-200", large ? "h-3" : "h-2")}
    >
      <div
        className={cn(
          "h-full rounded-full",
          clamp(value) >= 67
            ? "bg-emerald-500"
            : clamp(value) >= 34
              ? "bg-brand-600"
              : "bg-amber-500",
        )}
        style={{ width: `${clamp(value)}%` }}
      />
    </div>
  );
}

/** What a left-out component needs, in a customer's words. */
const MISSING_LABELS: Record<string, string> = {
  demand: "demand (households and revenue of the service area)",
  supply: "competition (local contractors)",
  cost: "cost to acquire (comes with keyword research)",
};

export function OpportunityScoreCard({ score }: { score: OpportunityScore }) {
  const headingId = useId();
  const method = typeof score.method === "string" ? score.method : null;
  const grade =
    typeof score.grade === "string" && score.grade in GRADE_LABELS
      ? GRADE_LABELS[score.grade as DataGrade]
      : null;
  const missing: string[] = Array.isArray(score.missing)
    ? score.missing.map((key) => MISSING_LABELS[String(key)] ?? String(key))
    : [];
  return (
    <Card as="section" aria-labelledby={headingId} className="space-y-5 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2
            id={headingId}
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <Target className="size-5 text-brand-700" aria-hidden="true" />
            Opportunity Score
          </h2>
          <p className="max-w-xl text-sm text-slate-600">
            Demand, supply and cost to acquire customers in one figure from 0 to 100; higher means
            more room to grow.
          </p>
        </div>
        <p className="text-4xl font-bold tracking-tight text-slate-900">
          {clamp(score.score)}
          <span className="text-lg font-semibold text-slate-500"> / 100</span>
        </p>
      </div>
      <Bar value={score.score} large />
      <ul className="grid gap-4 md:grid-cols-3">
        {score.components.map((component) => (
          <li
            key={component.key}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
          >
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{component.label}</h3>
              <span className="text-xs text-slate-500">
                Weight {weightPercentText(component.weight)}
              </span>
            </div>
            <p className="text-2xl font-bold text-slate-900">
              {clamp(component.score)}
              <span className="text-sm font-semibold text-slate-500"> / 100</span>
            </p>
            <Bar value={component.score} />
            <p className="text-sm text-slate-600">{component.detail}</p>
          </li>
        ))}
      </ul>
      {missing.length > 0 ? (
        <p className="text-xs text-slate-500">
          Left out for lack of data: {missing.join(", ")}. The score uses the other components.
        </p>
      ) : null}
      {grade || method ? (
        <p className="text-xs text-slate-500">
          {grade ? `Weakest input grade: ${grade}.` : null}
          {grade && method ? " " : null}
          {method}
        </p>
      ) : null}
    </Card>
  );
}
