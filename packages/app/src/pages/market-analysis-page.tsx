/**
 * /market-analysis: the specification's two-stage wizard. Stage 1 configures the service
 * area; after a successful analyze, stage 2 shows the headline figures and, about
 * RESULTS_REDIRECT_DELAY_MS later, moves on to /analysis/{id}. "Modify Analysis" goes back to
 * the form with its values kept and the result cleared; the analysis it leaves is a draft, and
 * once the modified run has succeeded the draft is deleted (only while unpaid: the server keeps
 * a paid one), so modifying and re-running leaves one analysis, not a copy per try.
 */
import {
  type AnalyzeResponse,
  isBisApiError,
  type MarketAnalysisForm,
  marketAnalysisFormSchema,
  RESULTS_REDIRECT_DELAY_MS,
  SECONDARY_RADIUS,
  US_STATES,
} from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { AnalysisResultsCard } from "../components/market-analysis/analysis-results-card";
import { ProcessingCard } from "../components/market-analysis/processing-card";
import {
  ServiceAreaForm,
  type ServiceAreaValues,
  serviceAreaDefaults,
  type UnknownCity,
} from "../components/market-analysis/service-area-form";
import { WizardProgress } from "../components/market-analysis/wizard-progress";
import { PageShell } from "../components/page-shell";
import { useAnalyze, useDeleteAnalysis } from "../hooks/use-analyses";
import { useDocumentTitle } from "../hooks/use-document-title";

const FORM_FIELDS = new Set<string>(Object.keys(serviceAreaDefaults));

function stateName(code: string): string {
  return US_STATES.find((s) => s.code === code)?.name ?? code;
}

export function MarketAnalysisPage() {
  const navigate = useNavigate();
  const analyze = useAnalyze();
  // Housekeeping the user asked for by re-running: no toast of its own.
  const discardDraft = useDeleteAnalysis({ quiet: true });
  const [result, setResult] = useState<AnalyzeResponse | null>(null);
  const [resultRadius, setResultRadius] = useState<number>(SECONDARY_RADIUS.default);
  // The analysis "Modify Analysis" stepped back from: replaced once the next run succeeds.
  const draft = useRef<{ id: string; location: string } | null>(null);
  useDocumentTitle(result ? `${result.location} — Market analysis results` : "New market analysis");
  const [unknownCity, setUnknownCity] = useState<UnknownCity | null>(null);

  const form = useForm<MarketAnalysisForm, unknown, ServiceAreaValues>({
    resolver: zodResolver(marketAnalysisFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: serviceAreaDefaults,
  });

  // The "did you mean" offer belongs to the city and state it was made for.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === "city" || name === "state") setUnknownCity(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Stage 2 moves on to the full results page by itself.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(
      () => navigate(`/analysis/${encodeURIComponent(result.analysis.id)}`),
      RESULTS_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const onSubmit = form.handleSubmit((values) => {
    setUnknownCity(null);
    analyze.mutate(values, {
      onSuccess: (response) => {
        const replaced = draft.current;
        draft.current = null;
        if (replaced && replaced.id !== response.analysis.id) {
          discardDraft.mutate({ ...replaced, ifUnpaid: true });
        }
        setResultRadius(values.secondaryRadius);
        setResult(response);
      },
      onError: (error) => {
        if (!isBisApiError(error)) return;
        if (error.code === "UNKNOWN_CITY") {
          const raw = error.details?.suggestions;
          const suggestions = Array.isArray(raw)
            ? raw.filter((s): s is string => typeof s === "string").slice(0, 5)
            : [];
          setUnknownCity({ stateName: stateName(values.state), suggestions });
          form.setFocus("city");
          return;
        }
        // The server's field messages go next to their fields.
        for (const issue of error.issues) {
          const field = issue.path.split(".")[0] ?? "";
          if (FORM_FIELDS.has(field)) {
            form.setError(field as keyof MarketAnalysisForm, { message: issue.message });
          }
        }
      },
    });
  });

  const modify = () => {
    if (result) draft.current = { id: result.analysis.id, location: result.location };
    setResult(null);
    analyze.reset();
  };

  const pickSuggestion = (city: string) => {
    form.setValue("city", city, { shouldValidate: true, shouldDirty: true });
    form.setFocus("city");
  };

  return (
    <PageShell
      title="Step 1: Comprehensive market revenue analysis"
      description="Market size, households and revenue potential of your service area, from census data."
    >
      <WizardProgress current={result ? 1 : 0} />

      {result ? (
        <AnalysisResultsCard
          result={result}
          industry={form.getValues("industry")}
          secondaryRadius={resultRadius}
          onModify={modify}
        />
      ) : (
        <>
          <ServiceAreaForm
            form={form}
            onSubmit={onSubmit}
            pending={analyze.isPending}
            unknownCity={unknownCity}
            onPickSuggestion={pickSuggestion}
          />
          {analyze.isPending ? <ProcessingCard industry={form.getValues("industry")} /> : null}
        </>
      )}
    </PageShell>
  );
}
