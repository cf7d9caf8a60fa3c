/**
 * /compare: several markets from one form — one state, 2–10 cities, the same
 * industry and radii. Each city's analysis runs in turn (its progress listed), then those that
 * succeeded are compared and the comparison opens. Validated with the SDK's multiMarketFormSchema.
 */
import {
  defaultIndustry,
  type MultiMarketForm,
  type MultiMarketInput,
  multiMarketFormSchema,
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
} from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleX, Columns3, LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { IndustryField } from "../components/forms/industry-field";
import { StateField } from "../components/forms/state-field";
import { PageShell } from "../components/page-shell";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { FormField } from "../components/ui/form-field";
import { Input, inputClasses } from "../components/ui/input";
import { type CityRun, useAnalyzeAndCompare } from "../hooks/use-comparisons";
import { useDocumentTitle } from "../hooks/use-document-title";
import { cn } from "../lib/cn";

const defaults: MultiMarketForm = {
  state: "",
  cities: "",
  industry: defaultIndustry(),
  primaryRadius: PRIMARY_RADIUS.default,
  secondaryRadius: SECONDARY_RADIUS.default,
};

const RUN_ICONS: Record<CityRun["status"], typeof CircleCheck> = {
  waiting: LoaderCircle,
  running: LoaderCircle,
  done: CircleCheck,
  failed: CircleX,
};

const RUN_TEXT: Record<CityRun["status"], string> = {
  waiting: "Waiting",
  running: "Analyzing...",
  done: "Done",
  failed: "Failed",
};

function Runs({ runs }: { runs: readonly CityRun[] }) {
  if (runs.length === 0) return null;
  return (
    <ol aria-label="Analyses" aria-live="polite" className="space-y-2">
      {runs.map((run) => {
        const Icon = RUN_ICONS[run.status];
        return (
          <li key={run.city} className="flex items-start gap-2 text-sm">
            <Icon
              aria-hidden="true"
              className={cn(
                "mt-0.5 size-4 shrink-0",
                run.status === "running" && "animate-spin text-brand-700",
                run.status === "done" && "text-emerald-700",
                run.status === "failed" && "text-red-700",
                run.status === "waiting" && "text-slate-400",
              )}
            />
            <span>
              <span className="font-medium">{run.city}</span>: {RUN_TEXT[run.status]}
              {run.message ? ` — ${run.message}` : ""}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function CompareMarketsPage() {
  useDocumentTitle("Analyze several cities");
  const { start, runs, running } = useAnalyzeAndCompare();
  const form = useForm<MultiMarketForm, unknown, MultiMarketInput>({
    resolver: zodResolver(multiMarketFormSchema),
    defaultValues: defaults,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const onSubmit = form.handleSubmit((values) => start(values));

  return (
    <PageShell
      title="Analyze several cities"
      description="One state, 2 to 10 cities and the same service radii: each city gets its free market analysis, then they open side by side, ranked by opportunity score."
    >
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate aria-busy={running}>
            <fieldset disabled={running} className="min-w-0 space-y-5">
              <StateField error={errors.state?.message} registration={register("state")} />
              <FormField
                label="Cities"
                error={errors.cities?.message}
                hint="One per line, or separated by commas: 2 to 10 cities."
              >
                {(control) => (
                  <textarea
                    {...control}
                    {...register("cities")}
                    rows={5}
                    placeholder={"Austin\nWaco\nTyler"}
                    className={cn(inputClasses, "h-auto py-2")}
                  />
                )}
              </FormField>
              <IndustryField error={errors.industry?.message} registration={register("industry")} />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Primary radius (miles)"
                  error={errors.primaryRadius?.message}
                  hint={`${PRIMARY_RADIUS.min} to ${PRIMARY_RADIUS.max} miles`}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min={PRIMARY_RADIUS.min}
                      max={PRIMARY_RADIUS.max}
                      step={PRIMARY_RADIUS.step}
                      {...register("primaryRadius", { valueAsNumber: true })}
                    />
                  )}
                </FormField>
                <FormField
                  label="Secondary radius (miles)"
                  error={errors.secondaryRadius?.message}
                  hint={`${SECONDARY_RADIUS.min} to ${SECONDARY_RADIUS.max} miles`}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min={SECONDARY_RADIUS.min}
                      max={SECONDARY_RADIUS.max}
                      step={SECONDARY_RADIUS.step}
                      {...register("secondaryRadius", { valueAsNumber: true })}
                    />
                  )}
                </FormField>
              </div>
              <Button type="submit" size="lg" fullWidth>
                <Columns3 className="size-5" aria-hidden="true" />
                {running ? "Analyzing Markets..." : "Analyze and Compare"}
              </Button>
            </fieldset>
          </form>
          <div className="mt-6">
            <Runs runs={runs} />
          </div>
        </CardContent>
      </Card>
    </PageShell>
  );
}
