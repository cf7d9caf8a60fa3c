/**
 * Pieces the premium sections share (specification §2 sections 2 and 3): the grey card that
 * starts a step (with its processing state and the reason when it cannot start yet), the
 * optional education video, a titled list of strings, a titled grid of figures and the
 * collapsible section that holds them.
 */
import { type Analysis, VIDEO_ASPECT_RATIO } from "@bis/sdk";
import { Lightbulb, Lock, Play } from "lucide-react";
import { type ReactNode, useId } from "react";
import { toEmbedUrl } from "../../lib/video";
import { Button } from "../ui/button";
import { CollapsibleSection } from "./collapsible-section";

export function StartStepCard({
  icon,
  title,
  text,
  action,
  pendingLabel,
  canStart,
  pending,
  onStart,
  note,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** The button's words: "Start Keyword Research". */
  action: string;
  /** The button's words while the step runs. */
  pendingLabel: string;
  /** Whether the step can run now (paid or admin, and its prerequisites done). */
  canStart: boolean;
  pending: boolean;
  onStart: () => void;
  /** Why the button is disabled, or what starting does. */
  note: string;
}) {
  const noteId = useId();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-slate-100 p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-200 text-slate-600">
        {icon}
      </span>
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="max-w-md text-sm text-slate-600">{text}</p>
      <Button
        variant={canStart ? "primary" : "outline"}
        disabled={!canStart}
        pending={pending}
        pendingLabel={pendingLabel}
        onClick={onStart}
        aria-describedby={noteId}
      >
        {canStart ? (
          <Play className="size-4" aria-hidden="true" />
        ) : (
          <Lock className="size-4" aria-hidden="true" />
        )}
        {action}
      </Button>
      <p id={noteId} className="text-xs text-slate-600" aria-live="polite">
        {pending ? "This can take a little while; you can stay on this page." : note}
      </p>
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
      <iframe
        src={embedUrl}
        title={title}
        className="size-full border-0"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
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
 * A premium step's collapsible section: once the step is done its results (or, without
 * results, the empty message); before that, the card that starts it.
 */
export function PremiumStepSection({
  number,
  title,
  subtitle,
  defaultOpen,
  done,
  results,
  empty,
  start,
}: {
  number: number;
  title: string;
  subtitle: ReactNode;
  defaultOpen?: boolean;
  done: boolean;
  /** The results, or null when the step left none. */
  results: ReactNode | null;
  empty: ReactNode;
  start: ReactNode;
}) {
  return (
    <CollapsibleSection number={number} title={title} subtitle={subtitle} defaultOpen={defaultOpen}>
      {done ? (results ?? empty) : start}
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
