/**
 * Every figure carries its source and grade, so that a reader can tell measured from estimated. The badge says the grade
 * ("Measured", "Modeled", "Sample"); opening it (a native <details>, so Enter and Space toggle
 * it and screen readers announce it expanded) shows the source, vintage and method in a note
 * laid over the page — it does not grow the card it sits in, nor that card's row. Escape or a
 * click elsewhere closes it; the note opens to the left when there is no room on the right.
 */
import type { DataGrade, FigureProvenance, Provenance } from "@bis/sdk";
import { Info } from "lucide-react";
import { type KeyboardEvent, type SyntheticEvent, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";

/** The note's width in px (w-72), and the margin it keeps from the window's edge. */
const NOTE_WIDTH = 288;
const EDGE = 16;

export const GRADE_LABELS: Record<DataGrade, string> = {
  measured: "Measured",
  modeled: "Modeled",
  sample: "Sample",
};

const GRADE_TONES: Record<DataGrade, string> = {
  measured: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  modeled: "bg-brand-100 text-brand-800 ring-brand-200",
  sample: "bg-amber-100 text-amber-900 ring-amber-300",
};

const GRADE_MEANINGS: Record<DataGrade, string> = {
  measured: "from a data source for exactly this area",
  modeled: "computed from measured inputs by a documented formula",
  sample: "demonstration data, not real figures",
};

export function ProvenanceBadge({
  provenance,
  subject,
  className,
}: {
  provenance: FigureProvenance | Provenance | undefined | null;
  /** What the figures are, for screen readers: "Total Population". */
  subject?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [alignEnd, setAlignEnd] = useState(false);

  // While open, a press anywhere else closes the note.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  if (!provenance) return null;
  const { grade } = provenance;
  const method = "method" in provenance ? provenance.method : undefined;

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    const details = event.currentTarget;
    if (details.open) {
      const left = details.getBoundingClientRect().left;
      setAlignEnd(left + NOTE_WIDTH > document.documentElement.clientWidth - EDGE);
    }
    setOpen(details.open);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const details = event.currentTarget;
    if (event.key !== "Escape" || !details.open) return;
    event.preventDefault();
    details.open = false;
    details.querySelector("summary")?.focus();
  }

  return (
    <details
      ref={ref}
      className={cn("group relative w-fit text-xs", className)}
      data-grade={grade}
      onToggle={onToggle}
      onKeyDown={onKeyDown}
    >
      <summary
        className={cn(
          "inline-flex cursor-pointer list-none items-center gap-1 rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&::-webkit-details-marker]:hidden",
          GRADE_TONES[grade],
        )}
      >
        {subject ? <span className="sr-only">{subject}: </span> : null}
        {GRADE_LABELS[grade]}
        <span className="sr-only">, show sources</span>
        <Info className="size-3" aria-hidden="true" />
      </summary>
      <dl
        className={cn(
          "absolute top-full z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] space-y-1 rounded-md border border-slate-200 bg-white p-2 text-left font-normal text-slate-700 shadow-lg",
          alignEnd ? "right-0" : "left-0",
        )}
      >
        <div>
          <dt className="inline font-semibold">Grade: </dt>
          <dd className="inline">
            {GRADE_LABELS[grade]}, {GRADE_MEANINGS[grade]}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Source: </dt>
          <dd className="inline break-words">{provenance.source}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Vintage: </dt>
          <dd className="inline">{provenance.vintage}</dd>
        </div>
        {method ? (
          <div>
            <dt className="inline font-semibold">Method: </dt>
            <dd className="inline break-words">{method}</dd>
          </div>
        ) : null}
      </dl>
    </details>
  );
}
