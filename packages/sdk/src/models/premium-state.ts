/**
 * The state of each premium section (keyword research, competition analysis), as one pure
 * function: the results page and the PDF report both ask it, so they always say the same thing.
 *
 * Statuses, in the order they are decided:
 * - `complete`: the step stored its results (an empty competitor list is still a result);
 * - `running`: the page is waiting for the step's call (the page alone knows this);
 * - `unavailable`: this server cannot deliver the step now (premium-offer.ts: not offered, not
 *   priced, no live button; the customer reads "Competition analysis is not available yet"), or
 *   a stored run left no data (analyses run before BIS refused such runs: it can run again);
 * - `locked`: no premium access (not paid, not an administrator);
 * - `waiting`: competition analysis before keyword research is complete;
 * - `ready`: not run yet, and it can be started.
 */
import type { Analysis } from "../schemas/entities.js";
import type { PremiumDeliverable } from "../schemas/payments.js";
import { COMPETITION_UNAVAILABLE } from "./competition.js";
import { notAvailableYet } from "./premium-offer.js";

export type PremiumSection = "keywordResearch" | "competitionAnalysis";

export type PremiumSectionStatus =
  | "complete"
  | "running"
  | "locked"
  | "unavailable"
  | "waiting"
  | "ready";

export interface PremiumSectionState {
  section: PremiumSection;
  status: PremiumSectionStatus;
  /** The section's state in a few words (the report's contents, a badge): "Not run yet". */
  short: string;
  /** The line a reader sees first: "Competition analysis has not run yet". Empty when complete. */
  title: string;
  /** What it means and what to do next. Empty when complete. */
  detail: string;
  /** The button that runs the step: "Start Competition Analysis". */
  action: string;
  /** Whether the step may be started (or run again) now. */
  canStart: boolean;
}

export interface PremiumSectionInput {
  section: PremiumSection;
  analysis: Pick<
    Analysis,
    | "keywordResearchCompleted"
    | "keywordResearchData"
    | "competitionAnalysisCompleted"
    | "competitionAnalysisData"
  >;
  /** Paid, or an administrator. */
  premium: boolean;
  /** What the server says about this deliverable; absent or null when not known (then assumed deliverable). */
  deliverable?: Pick<PremiumDeliverable, "deliverable" | "reason"> | null;
  /** The page is waiting for the step's call. */
  running?: boolean;
}

export const PREMIUM_SECTION_NAMES: Readonly<
  Record<PremiumSection, { name: string; title: string; action: string }>
> = {
  keywordResearch: {
    name: "Keyword research",
    title: "Keyword Research",
    action: "Start Keyword Research",
  },
  competitionAnalysis: {
    name: "Competition analysis",
    title: "Competition Analysis",
    action: "Start Competition Analysis",
  },
};

/** The spec's line for keyword research without data (its counterpart of COMPETITION_UNAVAILABLE). */
export const KEYWORDS_UNAVAILABLE = {
  title: "No keyword research data available",
} as const;

/** What a customer reads under "… is not available yet": plain words, no settings, no servers. */
export const NOT_OFFERED_DETAIL =
  "It is not part of the premium package for now, and it is not charged.";

export function premiumSectionState(input: PremiumSectionInput): PremiumSectionState {
  const { section, analysis, premium } = input;
  const names = PREMIUM_SECTION_NAMES[section];
  const keywords = section === "keywordResearch";
  const completed = keywords
    ? analysis.keywordResearchCompleted
    : analysis.competitionAnalysisCompleted;
  const data = keywords ? analysis.keywordResearchData : analysis.competitionAnalysisData;
  const prerequisiteDone = keywords || analysis.keywordResearchCompleted;
  const base = { section, action: names.action };

  if (completed && data) {
    return {
      ...base,
      status: "complete",
      short: "Included",
      title: "",
      detail: "",
      canStart: true,
    };
  }
  if (input.running) {
    return {
      ...base,
      status: "running",
      short: "Running",
      title: `${names.name} is running`,
      detail: "This can take a little while; you can stay on this page.",
      canStart: false,
    };
  }
  const notDeliverable = input.deliverable != null && !input.deliverable.deliverable;
  if (notDeliverable) {
    return {
      ...base,
      status: "unavailable",
      short: "Not available yet",
      title: notAvailableYet(section),
      detail: NOT_OFFERED_DETAIL,
      canStart: false,
    };
  }
  if (!premium) {
    return {
      ...base,
      status: "locked",
      short: "Requires payment",
      title: `${names.name} is part of the premium package`,
      detail: "Requires Payment: available with the premium package.",
      canStart: false,
    };
  }
  if (completed) {
    // A stored run without data (before BIS refused such runs): it can run again now.
    return {
      ...base,
      status: "unavailable",
      short: "No data",
      title: keywords ? KEYWORDS_UNAVAILABLE.title : COMPETITION_UNAVAILABLE.title,
      detail: `The last run left no data. ${names.action} to run it again.`,
      canStart: prerequisiteDone,
    };
  }
  if (!prerequisiteDone) {
    return {
      ...base,
      status: "waiting",
      short: "Not run yet (follows keyword research)",
      title: "Competition analysis has not run yet",
      detail: "Keyword Research Required: complete keyword research first.",
      canStart: false,
    };
  }
  return {
    ...base,
    status: "ready",
    short: "Not run yet",
    title: `${names.name} has not run yet`,
    detail: keywords
      ? "Start Keyword Research to find the searches your customers make in your service area, with monthly volumes and cost per click."
      : "Start Competition Analysis to see the local competitors, their ratings and reviews, and the openings they leave.",
    canStart: true,
  };
}
