/**
 * The market model's assumptions (every rate, ticket and share is a named, sourced
 * assumption the user can override): label, value with unit, basis and source. Values are
 * edited within their min/max (shares as percent), then "Re-run Analysis" sends the values that
 * differ from the defaults; "Reset to defaults" puts the defaults back in the form.
 */
import { type Assumption, assumptionValueText } from "@bis/sdk";
import { ChevronDown, RefreshCw, RotateCcw, SlidersHorizontal } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { cn } from "../../lib/cn";
import {
  assumptionFromDisplay,
  assumptionStep,
  assumptionToDisplay,
  assumptionUnitSuffix,
  formatNumber,
} from "../../lib/format";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field-error";
import { inputClasses } from "../ui/input";
import { safeUrl } from "./safe-url";

const BASIS: Record<Assumption["basis"], { label: string; tone: string }> = {
  published: { label: "Published", tone: "bg-emerald-100 text-emerald-800" },
  derived: { label: "Derived", tone: "bg-brand-100 text-brand-800" },
  estimate: { label: "Estimate", tone: "bg-amber-100 text-amber-900" },
};

const toText = (a: Assumption, value: number) => String(assumptionToDisplay(a.unit, value));

/** The value typed for an assumption, in stored units, or an error message. */
function parse(a: Assumption, text: string): { value: number } | { error: string } {
  const min = assumptionToDisplay(a.unit, a.min);
  const max = assumptionToDisplay(a.unit, a.max);
  const range = `Enter a number from ${formatNumber(min, 3)} to ${formatNumber(max, 3)}`;
  if (text.trim() === "") return { error: range };
  const display = Number(text);
  if (!Number.isFinite(display) || display < min || display > max) return { error: range };
  return { value: assumptionFromDisplay(a.unit, display) };
}

function AssumptionRow({
  assumption: a,
  text,
  error,
  onChange,
  disabled,
}: {
  assumption: Assumption;
  text: string;
  error?: string;
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const suffix = assumptionUnitSuffix(a.unit);
  const url = safeUrl(a.sourceUrl);
  const changed = a.value !== a.defaultValue;
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_14rem] sm:gap-6">
      <div className="min-w-0 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {a.label}
        </label>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span
            className={cn("rounded-full px-2 py-0.5 font-semibold", BASIS[a.basis].tone)}
            title="Basis"
          >
            {BASIS[a.basis].label}
          </span>
          <span>
            Used: {assumptionValueText(a.unit, a.value)}
            {changed ? ` (default ${assumptionValueText(a.unit, a.defaultValue)})` : " (default)"}
          </span>
        </p>
        <p id={`${id}-source`} className="text-xs break-words text-slate-500">
          <span className="font-medium">Source: </span>
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noreferrer noopener"
              className="underline underline-offset-2 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {a.source}
            </a>
          ) : (
            a.source
          )}
        </p>
      </div>
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          {a.unit === "usd" ? (
            <span className="text-sm text-slate-600" aria-hidden="true">
              $
            </span>
          ) : null}
          <input
            id={id}
            type="number"
            inputMode="decimal"
            min={assumptionToDisplay(a.unit, a.min)}
            max={assumptionToDisplay(a.unit, a.max)}
            step={assumptionStep(a.unit)}
            value={text}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-unit ${id}-source${error ? ` ${id}-error` : ""}`}
            className={cn(inputClasses, "h-10 min-w-0 flex-1 text-right tabular-nums")}
          />
          <span id={`${id}-unit`} className="w-16 shrink-0 text-sm text-slate-600">
            {a.unit === "usd" ? "dollars" : suffix}
          </span>
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </li>
  );
}

export function AssumptionsPanel({
  assumptions,
  onRerun,
  pending,
}: {
  assumptions: readonly Assumption[];
  /** Called with the values that differ from the defaults. */
  onRerun: (overrides: Record<string, number>) => void;
  pending: boolean;
}) {
  const headingId = useId();
  const panelId = useId();
  // Closed at first (the list is long) unless the analysis already uses changed values.
  const changedCount = assumptions.filter((a) => a.value !== a.defaultValue).length;
  const [open, setOpen] = useState(changedCount > 0);
  const current = useMemo(
    () => Object.fromEntries(assumptions.map((a) => [a.key, toText(a, a.value)])),
    [assumptions],
  );
  const [texts, setTexts] = useState<Record<string, string>>(current);
  const [showErrors, setShowErrors] = useState(false);

  const parsed = assumptions.map((a) => ({ a, result: parse(a, texts[a.key] ?? "") }));
  const errors = Object.fromEntries(
    parsed.flatMap(({ a, result }) => ("error" in result ? [[a.key, result.error]] : [])),
  );
  const dirty = assumptions.some((a) => (texts[a.key] ?? "") !== current[a.key]);
  const atDefaults = assumptions.every((a) => (texts[a.key] ?? "") === toText(a, a.defaultValue));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      return;
    }
    const overrides: Record<string, number> = {};
    for (const { a, result } of parsed) {
      if ("value" in result && result.value !== a.defaultValue) overrides[a.key] = result.value;
    }
    onRerun(overrides);
  };

  const reset = () => {
    setTexts(Object.fromEntries(assumptions.map((a) => [a.key, toText(a, a.defaultValue)])));
    setShowErrors(false);
  };

  if (assumptions.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="space-y-1">
        <h3
          id={headingId}
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <SlidersHorizontal className="size-4 text-brand-700" aria-hidden="true" />
          Assumptions
        </h3>
        <p className="text-sm text-slate-600">
          Every rate, price and share behind the revenue figures, with its source. Change any of
          them and re-run the analysis.{" "}
          {changedCount === 0
            ? `All ${assumptions.length} are at their defaults.`
            : `${changedCount} of ${assumptions.length} differ from the defaults.`}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? "Hide assumptions" : `Show all ${assumptions.length} assumptions`}
        <ChevronDown
          className={cn("size-4 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </Button>
      <form
        id={panelId}
        hidden={!open}
        onSubmit={submit}
        noValidate
        className="rounded-lg border border-slate-200 px-4"
      >
        <ul className="divide-y divide-slate-100">
          {assumptions.map((a) => (
            <AssumptionRow
              key={a.key}
              assumption={a}
              text={texts[a.key] ?? ""}
              error={showErrors || dirty ? errors[a.key] : undefined}
              disabled={pending}
              onChange={(text) => setTexts((t) => ({ ...t, [a.key]: text }))}
            />
          ))}
        </ul>
        <div className="flex flex-wrap gap-3 border-t border-slate-200 py-4">
          <Button type="submit" pending={pending} pendingLabel="Re-running..." disabled={!dirty}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Re-run Analysis
          </Button>
          <Button variant="outline" onClick={reset} disabled={pending || atDefaults}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Reset to defaults
          </Button>
        </div>
      </form>
    </section>
  );
}
