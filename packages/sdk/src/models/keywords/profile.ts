/**
 * The keyword model's vocabulary: its constants, the intent labels and the types of a keyword
 * profile (intents × families × service terms × phrasings, and the model's assumptions). Each
 * industry's profile is data, in its folder under industries/ (KEYWORD_PROFILES: industries/keywords.ts).
 */
import type { KeywordAssumptionUnit, KeywordIntent } from "../../schemas/keywords.js";
import { keywordIntentSchema } from "../../schemas/keywords.js";
import type { DataGrade } from "../../schemas/provenance.js";
import type { AssumptionDefinition } from "../industry-profiles.js";

/* ------------------------------------------------------------------ constants */

/** At most this many cities get city-named keywords: the target, then the most populous. */
export const MAX_KEYWORD_CITIES = 15;
/** Volumes are reported to this precision (as Keyword Planner does). */
export const KEYWORD_VOLUME_PRECISION = 10;
/** Keywords with fewer monthly searches than this (after rounding) are not listed. */
export const MIN_LISTED_VOLUME = 10;
/** A head (primary) term has at most this many words once city, state and "near me" are removed. */
export const HEAD_TERM_MAX_WORDS = 2;
/** Google's competition index bands: LOW 0–33, MEDIUM 34–66, HIGH 67–100. */
export const KEYWORD_COMPETITION_BANDS = { mediumFrom: 34, highFrom: 67 } as const;

/** An industry's published average cost per click (the base every intent multiplier applies to). */
export interface AverageCpc {
  value: number;
  source: string;
  sourceUrl: string;
  vintage: string;
}

/** The intent groups, in the schema's order. */
export const KEYWORD_INTENTS: readonly KeywordIntent[] = keywordIntentSchema.options;

export const KEYWORD_INTENT_LABELS: Record<KeywordIntent, string> = {
  emergency: "Emergency",
  repair: "Repair",
  replacement: "Replacement",
  installation: "Installation",
  maintenance: "Maintenance",
  cost: "Cost / research",
  "near-me": "Near me (find a company)",
};

/* ------------------------------------------------------------------ taxonomy */

export type KeywordServiceGroup = "cooling" | "heating" | "general";

export interface KeywordTerm {
  term: string;
  group: KeywordServiceGroup;
  /** Weight among the family's terms of the same group (normalized). */
  weight: number;
}

export interface KeywordPhrasing {
  /** `{service}`, `{city}` (lower case) and `{st}` (state code, lower case). */
  template: string;
  /** Share of the family's searches phrased this way (the rest: phrasings not listed). */
  share: number;
}

export interface KeywordFamily {
  id: string;
  /** Share of the intent's searches that belong to this family (families of an intent sum to 1). */
  weight: number;
  /** Share of the family's searches about the trade's general terms; the rest split cooling/heating. */
  generalShare: number;
  terms: KeywordTerm[];
  phrasings: KeywordPhrasing[];
}

export interface KeywordIntentDefinition {
  id: KeywordIntent;
  label: string;
  families: KeywordFamily[];
}

/** An assumption of the keyword model (the market model's definition, with its own units). */
export type KeywordAssumptionDefinition = Omit<AssumptionDefinition, "unit"> & {
  unit: KeywordAssumptionUnit;
};

export interface KeywordProfile {
  industry: string;
  /** The published average CPC of the industry's searches. */
  averageCpc: AverageCpc;
  /** A keyword a provider suggests is about the trade when it has one of these words. */
  tradeWords: RegExp;
  intents: KeywordIntentDefinition[];
  assumptions: KeywordAssumptionDefinition[];
  /** Seeds for keyword-idea providers (Google Ads accepts at most 20). */
  seeds: string[];
  /** Ideas containing one of these words are not about the trade (cars, jobs, DIY, retail). */
  negativeTerms: string[];
  /**
   * With the market's services, the assumption `key` (a share of searches between two groups)
   * follows the market's jobs: each group's services (market model ids) and the weight of their
   * jobs in it, and how the first group's services are named in the source.
   */
  jobShare?: {
    key: string;
    groups: Record<"cooling" | "heating", Readonly<Record<string, number>>>;
    describe: string;
  };
  /**
   * Which of the market's services a keyword's searches follow over the year (service ids of the
   * market model, each with a weight; their jobs weight them too): by the keyword's intent and
   * service group, or by its term when the term names one service.
   */
  seasonServices?: {
    byIntent: Partial<
      Record<KeywordIntent, Partial<Record<KeywordServiceGroup, Readonly<Record<string, number>>>>>
    >;
    byTerm?: Readonly<Record<string, Readonly<Record<string, number>>>>;
    /** The services' months in words, for the source line: "repair searches follow repair jobs, …". */
    describe: string;
    /**
     * The share of a keyword's searches spread evenly over the year (people search when they
     * plan, compare or read, not only when the equipment fails), with its source: searches
     * swing less than jobs.
     */
    evenShare?: { value: number; source: string };
  };
}

/** A city keyword research covers (keywordCities picks them). */
export interface KeywordCity {
  /** Display name, e.g. "Round Rock". */
  name: string;
  /** Two-letter state code when known. */
  state: string | undefined;
  /** The name as it appears in keywords, e.g. "round rock". */
  keywordName: string;
  /** Households the city's keywords are sized from; null when unknown. */
  households: number | null;
  target: boolean;
}

/** Who supplied a keyword result's figures. */
export interface KeywordProviderInfo {
  id: string;
  label: string;
  grade: DataGrade;
}
