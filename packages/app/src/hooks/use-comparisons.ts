/**
 * Comparisons: list yours, read one, save one (then open its page), and start several analyses
 * from one form and compare them. Each mutation owns its toasts (in the specification's style).
 */
import {
  type AnalyzeRequest,
  COMPARISON_LIMITS,
  type CreateComparisonRequest,
  endpoints,
  errorMessage,
  type MultiMarketInput,
} from "@bis/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../lib/api";
import { keyOf, pagedOf, queryOptionsOf } from "../lib/query-options";
import { usePagedList } from "./use-paged-list";
import { toast } from "./use-toast";

const { comparisons } = endpoints;

export const comparisonPath = (id: string) => `/comparisons/${encodeURIComponent(id)}`;

export function useComparison(id: string | undefined) {
  return useQuery({
    ...queryOptionsOf(comparisons.get, { id: id ?? "" }),
    enabled: Boolean(id),
  });
}

/** The signed-in user's comparisons, newest first, a page at a time. */
export function useComparisonsList() {
  const list = pagedOf(comparisons.list, undefined);
  return usePagedList(list.queryKey, list.fetchPage);
}

/** POST /api/comparisons, then the comparison's page. */
export function useCreateComparison() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CreateComparisonRequest) => api.comparisons.create(body),
    onSuccess: (comparison) => {
      client.setQueryData(keyOf(comparisons.get, { id: comparison.id }), comparison);
      void client.invalidateQueries({ queryKey: keyOf(comparisons.list), exact: true });
      navigate(comparisonPath(comparison.id));
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Comparison Failed",
        description: errorMessage(error, "Comparison Failed"),
      });
    },
  });
}

/** One city's run in the several-markets form. */
export interface CityRun {
  city: string;
  status: "waiting" | "running" | "done" | "failed";
  message?: string;
}

/**
 * Runs one market analysis per city, one after another (the server's per-minute limit counts
 * each), then compares those that succeeded — at least COMPARISON_LIMITS.min of them.
 */
export function useAnalyzeAndCompare() {
  const create = useCreateComparison();
  const client = useQueryClient();
  const [runs, setRuns] = useState<CityRun[]>([]);
  const [running, setRunning] = useState(false);

  async function start(input: MultiMarketInput) {
    setRunning(true);
    const next: CityRun[] = input.cities.map((city) => ({ city, status: "waiting" }));
    setRuns([...next]);
    const ids: string[] = [];
    for (const [i, city] of input.cities.entries()) {
      next[i] = { city, status: "running" };
      setRuns([...next]);
      const request: AnalyzeRequest = {
        state: input.state,
        city,
        industry: input.industry,
        primaryRadius: input.primaryRadius,
        secondaryRadius: input.secondaryRadius,
      };
      try {
        const made = await api.analyses.analyze(request);
        ids.push(made.analysis.id);
        next[i] = { city, status: "done", message: made.location };
      } catch (error) {
        next[i] = { city, status: "failed", message: errorMessage(error, "Analysis Failed") };
      }
      setRuns([...next]);
    }
    void client.invalidateQueries({ queryKey: keyOf(endpoints.analyses.list), exact: true });
    setRunning(false);
    if (ids.length < COMPARISON_LIMITS.min) {
      toast({
        variant: "destructive",
        title: "Comparison Failed",
        description: `Only ${ids.length} of ${input.cities.length} analyses succeeded; a comparison needs at least ${COMPARISON_LIMITS.min}.`,
      });
      return;
    }
    create.mutate({ analysisIds: ids });
  }

  return { start, runs, running: running || create.isPending };
}
