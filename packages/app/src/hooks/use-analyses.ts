/**
 * The market analyses: run one, read one, list them, re-run one with changed assumptions.
 * Each mutation owns its cache effect and its toasts (the specification's); screens add only their
 * local UI changes (the wizard's results stage, the unknown-city suggestions).
 */
import {
  type Analysis,
  type AnalyzeRequest,
  endpoints,
  errorMessage,
  type RerunRequest,
} from "@bis/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api";
import { keyOf, pagedOf, queryOptionsOf } from "../lib/query-options";
import { usePagedList } from "./use-paged-list";
import { toast } from "./use-toast";

const { analyses } = endpoints;

export function useAnalysis(id: string | undefined) {
  return useQuery({
    ...queryOptionsOf(analyses.get, { id: id ?? "" }),
    enabled: Boolean(id),
  });
}

/** The ZIP areas in range of an analysis, nearest first (recomputed by the server on each call). */
export function useZipAreas(id: string) {
  return useQuery(queryOptionsOf(analyses.zipAreas, { id }));
}

/** The signed-in user's analyses, newest first, a page at a time ("Load more"). */
export function useAnalysesList() {
  const list = pagedOf(analyses.list, undefined);
  return usePagedList(list.queryKey, list.fetchPage);
}

/** POST /api/market-analysis/analyze; "Analysis Complete!" or "Analysis Failed". */
export function useAnalyze() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalyzeRequest) => api.analyses.analyze(body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keyOf(analyses.list), exact: true });
      toast({
        title: "Analysis Complete!",
        description: "Your market analysis has been generated successfully.",
      });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Analysis Failed",
        description: errorMessage(error, "Analysis Failed"),
      });
    },
  });
}

/** PUT /api/analyses/{id}/assumptions: the re-run analysis replaces the cached one, then refetches. */
export function useRerunAnalysis(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RerunRequest) => api.analyses.rerun(id, body),
    onSuccess: (analysis: Analysis) => {
      client.setQueryData(keyOf(analyses.get, { id }), analysis);
      void client.invalidateQueries({ queryKey: keyOf(analyses.list) });
      toast({
        title: "Analysis Updated",
        description: "Your market analysis was re-run with your assumptions.",
      });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Analysis Failed",
        description: errorMessage(error, "Analysis Failed"),
      });
    },
  });
}

/**
 * DELETE /api/analyses/{id} (owner or administrator): the analysis leaves the cache and every
 * list of analyses refetches. Screens pass `quiet` when the deletion is housekeeping the user did
 * not ask for in words (the wizard replacing its own draft): no toast then, success or failure.
 */
export function useDeleteAnalysis({ quiet = false }: { quiet?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifUnpaid }: { id: string; location: string; ifUnpaid?: boolean }) =>
      api.analyses.delete(id, { ifUnpaid }),
    onSuccess: (_nothing, { id, location }) => {
      client.removeQueries({ queryKey: keyOf(analyses.get, { id }) });
      void client.invalidateQueries({ queryKey: keyOf(analyses.list), exact: true });
      // Comparisons that held it now list it as missing.
      void client.invalidateQueries({ queryKey: keyOf(endpoints.comparisons.list) });
      if (quiet) return;
      toast({
        title: "Analysis deleted",
        description: `The ${location} analysis was deleted.`,
      });
    },
    onError: (error) => {
      if (quiet) return;
      toast({
        variant: "destructive",
        title: "Delete failed",
        description: errorMessage(error, "Delete failed"),
      });
    },
  });
}
