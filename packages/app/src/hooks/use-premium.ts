/**
 * The premium steps of the results page: keyword research and competition analysis. Each
 * start runs the specification's client-side checks first, then the call, with every toast
 * the specification names at its time; on success the returned analysis replaces the cached one and
 * the analysis is refetched. The start buttons show the processing state while the call runs.
 */
import {
  type Analysis,
  defaultIndustry,
  ERRORS,
  endpoints,
  errorMessage,
  hasErrorCode,
  industryLabel,
  isBisApiError,
  type PremiumSection,
  type PremiumSectionState,
  premiumSectionState,
  TOAST,
} from "@bis/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { api } from "../lib/api";
import { formatNumber } from "../lib/format";
import { keywordCities } from "../lib/premium";
import { keyOf, queryOptionsOf } from "../lib/query-options";
import { usePaymentConfig } from "./use-payments";
import { type ToastInput, toast } from "./use-toast";

/**
 * A premium section's state (the SDK's premiumSectionState, which the PDF report uses too), with
 * what this server can deliver now (GET /api/config/payments; unknown while it loads or when it
 * fails, then assumed deliverable).
 */
export function usePremiumSectionState(
  analysis: Analysis,
  section: PremiumSection,
  premium: boolean,
  running: boolean,
): PremiumSectionState {
  const config = usePaymentConfig();
  const deliverable = config.data?.deliverables.find((d) => d.id === section) ?? null;
  return premiumSectionState({ section, analysis, premium, deliverable, running });
}

/**
 * The video URLs the results page shows (premium offer, keyword and competition education).
 * Optional: without them (or when the call fails) the page shows no video, or the promo its
 * placeholder.
 */
export function useVideoSettings() {
  return useQuery(queryOptionsOf(endpoints.site.videos, undefined));
}

/** "View Your Results" and "Competition Analysis Ready" follow the completion toast after 2 s. */
export const FOLLOW_UP_TOAST_DELAY_MS = 2000;

/** A toast shown later; pending ones are dropped when the screen goes away. */
function useLaterToast() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback((input: ToastInput, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      toast(input);
    }, delayMs);
    timers.current.add(timer);
  }, []);
}

/** The returned analysis replaces the cached one; then the analysis and the list refetch. */
function useStoreAnalysis() {
  const client = useQueryClient();
  return useCallback(
    (analysis: Analysis) => {
      client.setQueryData(keyOf(endpoints.analyses.get, { id: analysis.id }), analysis);
      void client.invalidateQueries({ queryKey: keyOf(endpoints.analyses.list) });
    },
    [client],
  );
}

/**
 * A failed step's toast: the server's message under the step's failure title, or under the
 * specification's own title when the server names one (`details.title`, e.g. "No Cities
 * Found") or answers KEYWORD_RESEARCH_REQUIRED ("Keyword Research Required"). The analysis
 * is read again: a refund or a step run elsewhere may have changed it.
 */
function useStepFailed(analysisId: string, fallbackTitle: string) {
  const client = useQueryClient();
  return useCallback(
    (error: unknown) => {
      let title = fallbackTitle;
      if (isBisApiError(error)) {
        const named = error.details?.title;
        if (typeof named === "string" && named) title = named;
        else if (error.code === "KEYWORD_RESEARCH_REQUIRED") title = "Keyword Research Required";
      }
      toast({ variant: "destructive", title, description: errorMessage(error, fallbackTitle) });
      if (analysisId)
        void client.invalidateQueries({
          queryKey: keyOf(endpoints.analyses.get, { id: analysisId }),
        });
      // UNAVAILABLE: the server cannot deliver the step now; what it can deliver is read again.
      if (hasErrorCode(error, "UNAVAILABLE"))
        void client.invalidateQueries({ queryKey: keyOf(endpoints.payments.config) });
    },
    [client, analysisId, fallbackTitle],
  );
}

function analysisIdMissing(): void {
  toast({ variant: "destructive", title: "Error", description: "Analysis ID not found" });
}

export interface PremiumStep {
  /** Runs the step after its checks; does nothing while it runs. */
  start: () => void;
  isPending: boolean;
}

/** What tells one premium step from the other: its call, its checks and its toasts. */
interface PremiumStepSpec {
  run: (analysisId: string) => Promise<Analysis>;
  /** The title of the failure toast when the server names none. */
  failedTitle: string;
  /** Why the step may not start yet (a destructive toast), or null. */
  refusal?: () => ToastInput | null;
  starting: () => ToastInput;
  completed: (updated: Analysis) => ToastInput;
  /** Shown FOLLOW_UP_TOAST_DELAY_MS after the completion toast. */
  followUp: ToastInput;
}

function usePremiumStep(analysis: Analysis, spec: PremiumStepSpec): PremiumStep {
  const store = useStoreAnalysis();
  const later = useLaterToast();
  const failed = useStepFailed(analysis.id, spec.failedTitle);
  const mutation = useMutation({
    mutationFn: spec.run,
    onSuccess: (updated) => {
      store(updated);
      toast(spec.completed(updated));
      later(spec.followUp, FOLLOW_UP_TOAST_DELAY_MS);
    },
    onError: failed,
  });

  const start = () => {
    if (mutation.isPending) return;
    if (!analysis.id) {
      analysisIdMissing();
      return;
    }
    const refusal = spec.refusal?.();
    if (refusal) {
      toast(refusal);
      return;
    }
    toast(spec.starting());
    mutation.mutate(analysis.id);
  };

  return { start, isPending: mutation.isPending };
}

/** POST /api/keyword-analysis/analyze for the analysis (with its checks and toasts). */
export function useKeywordResearch(analysis: Analysis): PremiumStep {
  return usePremiumStep(analysis, {
    run: (id) => api.premium.keywords(id),
    failedTitle: "Keyword Research Failed",
    refusal: () =>
      keywordCities(analysis).length === 0
        ? {
            variant: "destructive",
            title: "No Cities Found",
            description: "Unable to extract cities from market analysis data.",
          }
        : null,
    starting: () => ({
      title: "Starting Keyword Research",
      description: `Processing ${formatNumber(keywordCities(analysis).length)} cities for ${industryLabel(analysis.industry || defaultIndustry())} industry`,
    }),
    completed: (updated) => ({
      title: "Keyword Research Complete",
      description: `Processed ${formatNumber(updated.keywordResearchData?.totalKeywords ?? 0)} keywords successfully.`,
      duration: TOAST.keywordCompleteDurationMs,
    }),
    followUp: {
      title: "View Your Results",
      description: "Your keyword research is ready in section 2 below.",
    },
  });
}

/** POST /api/analyses/{id}/competition-analysis (with its checks and toasts). */
export function useCompetitionAnalysis(analysis: Analysis): PremiumStep {
  return usePremiumStep(analysis, {
    run: (id) => api.premium.competition(id),
    failedTitle: "Competition Analysis Failed",
    refusal: () =>
      analysis.keywordResearchCompleted
        ? null
        : {
            variant: "destructive",
            title: "Keyword Research Required",
            description: ERRORS.KEYWORD_RESEARCH_REQUIRED.message,
          },
    starting: () => ({
      title: "Starting Competition Analysis",
      description: `Analyzing competitive landscape for ${analysis.location}`,
    }),
    completed: () => ({
      title: "Competition Analysis Complete",
      description: "Successfully analyzed competitive landscape. Refreshing data...",
    }),
    followUp: {
      title: "Competition Analysis Ready",
      description: "Your competition analysis is ready in section 3 below.",
    },
  });
}
