import { ANALYSIS_MAX_MINUTES, defaultIndustry, industryLabel } from "@bis/sdk";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Spinner } from "../ui/spinner";

const steps = (industry: string) => [
  "Census demographics",
  "Housing units",
  `${industryLabel(industry)} demand modelling`,
  "Revenue projections by service type",
  "Competitive landscape",
  "Geographic coverage mapping",
];

/** Shown while the analysis runs (the wizard's stage 1, as the specification draws it). */
export function ProcessingCard({ industry = defaultIndustry() }: { industry?: string }) {
  return (
    <Card className="border-brand-200 bg-brand-50/60" role="status" aria-live="polite">
      <CardHeader className="flex flex-row items-center gap-3 space-y-0">
        <Spinner size="md" decorative className="text-brand-700" />
        <div>
          <CardTitle as="h3">Processing Census Data...</CardTitle>
          <p className="text-sm text-slate-700">
            This comprehensive analysis may take up to {ANALYSIS_MAX_MINUTES} minutes.
          </p>
        </div>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-sm font-medium text-slate-800">We are analyzing:</p>
        <ul className="grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2">
          {steps(industry).map((step) => (
            <li key={step} className="flex items-center gap-2">
              <span className="size-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
              {step}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
