/**
 * Pieces the premium sections share (sections 2 and 3 of the results page): the card that says a
 * step's state and starts it (with its processing state and the reason when it cannot start), the
 * optional education video, a titled list of strings, a titled grid of figures and the
 * collapsible section that holds them.
 */
import { type Analysis, type PremiumSectionState, VIDEO_ASPECT_RATIO } from "@bis/sdk";
import { Lightbulb, Lock, Play, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { toEmbedUrl } from "../../lib/video";
import { Button } from "../ui/button";
import { VideoFrame } from "../video-frame";
import { CollapsibleSection } from "./collapsible-section";

/**
 * The card of a premium step that has no results: its state in the words the PDF report uses
 * (premiumSectionState), the button that starts it (or runs it again), and an optional note on
 * what starting does. The button is described by the state's words.
 */
export function StartStepCard({
  icon,
  state,
  pendingLabel,
  pending,
  onStart,
  note,
}: {
  icon: ReactNode;
  state: PremiumSectionState;
  /** The button's words while the step runs. */
  pendingLabel: string;
  pending: boolean;
  onStart: () => void;
  /** What starting does, when it can start ("Researches 15 cities of your service area."). */
  note?: string | null;
}) {
  const detailId = useId();
  const noteId = useId();
  const unavailable = state.status === "unavailable";
  const enabled = state.canStart || pending;
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border p-6 text-center",
        unavailable ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-100",
      )}
      data-state={state.status}
    >
      <span
        className={cn(
          "flex size-12 items-center justify-center rounded-full",
          unavailable ? "bg-amber-100 text-amber-800" : "bg-slate-200 text-slate-700",
        )}
      >
        {unavailable ? <TriangleAlert className="size-6" aria-hidden="true" /> : icon}
      </span>
      <p className="font-semibold text-slate-900">{state.title}</p>
      <p id={detailId} className="max-w-md text-sm text-slate-700" aria-live="polite">
        {state.detail}
      </p>
      {/* Not offered (premium-offer.ts): a plain sentence, and no button at all. */}
      {unavailable && !enabled ? null : (
        <Button
          variant={enabled ? "primary" : "outline"}
          disabled={!enabled}
          pending={pending}
          pendingLabel={pendingLabel}
          onClick={onStart}
          aria-describedby={note && !pending ? `${detailId} ${noteId}` : detailId}
        >
          {enabled ? (
            <Play className="size-4" aria-hidden="true" />
          ) : (
            <Lock className="size-4" aria-hidden="true" />
          )}
          {state.action}
        </Button>
      )}
      {note && !pending ? (
        <p id={noteId} className="text-xs text-slate-600">
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** The education video from the settings; nothing at all when none is configured. */
export function EducationVideo({ url, title }: { url: string | null | undefined; title: string }) {
  const embedUrl = toEmbedUrl(url);
  if (!embedUrl) return null;
  return (
    <div
      className="mx-auto w-full max-w-3xl overflow-hidden rounded-lg bg-slate-900"
      style={{ aspectRatio: VIDEO_ASPECT_RATIO }}
    >
      <VideoFrame src={embedUrl} title={title} />
    </div>
  );
}

/** A titled list of strings (opportunities, recommendations); nothing when the list is empty. */
export function TextList({
  title,
  items,
  icon,
}: {
  title: string;
  items: readonly string[];
  icon?: ReactNode;
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="space-y-2 text-sm text-slate-700">
        {items.map((item, index) => (
          // Texts may repeat; the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
          <li key={`${index}:${item}`} className="flex items-start gap-2">
            {icon ?? (
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden="true" />
            )}
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the results page passes each premium section. */
export interface PremiumSectionProps {
  analysis: Analysis;
  /** Paid, or an administrator. */
  canRun: boolean;
  videoUrl?: string | null;
}

/**
 * A premium step's collapsible section: its results once complete (premiumSectionState), else
 * the card that says its state and starts it.
 */
export function PremiumStepSection({
  number,
  title,
  subtitle,
  defaultOpen,
  state,
  results,
  start,
}: {
  number: number;
  title: string;
  subtitle: ReactNode;
  defaultOpen?: boolean;
  state: PremiumSectionState;
  /** The results (rendered only when the state is complete). */
  results: () => ReactNode;
  /** The start card otherwise: its icon, the button's words while running, the step. */
  start: {
    icon: ReactNode;
    pendingLabel: string;
    step: { isPending: boolean; start: () => void };
    /** What starting does, shown when the step can start. */
    readyNote: string;
  };
}) {
  return (
    <CollapsibleSection number={number} title={title} subtitle={subtitle} defaultOpen={defaultOpen}>
      {state.status === "complete" ? (
        results()
      ) : (
        <StartStepCard
          icon={start.icon}
          state={state}
          pendingLabel={start.pendingLabel}
          pending={start.step.isPending}
          onStart={start.step.start}
          note={state.status === "ready" ? start.readyNote : null}
        />
      )}
    </CollapsibleSection>
  );
}

/** A titled grid of figures (the keyword summary, the competitive overview). */
export function FigureSummary({
  title,
  intro,
  children,
  after,
}: {
  title: string;
  /** Shown between the title and the figures. */
  intro?: ReactNode;
  /** The `Figure`s. */
  children: ReactNode;
  /** Shown under the figures. */
  after?: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {intro}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</dl>
      {after}
    </div>
  );
}
