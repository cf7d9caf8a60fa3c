import { notAvailableYet, type PremiumDeliverableId, type User } from "@bis/sdk";
import { ChartColumn, Lock, type LucideIcon, Play, Search, Trophy, Unlock } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PaymentReturnNote } from "../components/checkout/payment-return-note";
import { AnalysesList } from "../components/dashboard/analyses-list";
import { ComparisonsList } from "../components/dashboard/comparisons-list";
import { PageHeader } from "../components/page-header";
import { Badge } from "../components/ui/badge";
import { Button, buttonClasses } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { useAnalysesList } from "../hooks/use-analyses";
import { useDocumentTitle } from "../hooks/use-document-title";
import { useOffered } from "../hooks/use-offer";
import { usePaymentReturn } from "../hooks/use-payment-return";
import { displayName, fullName } from "../lib/display-name";

interface Step {
  number: 1 | 2 | 3;
  title: string;
  icon: LucideIcon;
  text: string;
  free: boolean;
  /** The paid deliverable of a premium step. */
  deliverable?: PremiumDeliverableId;
}

/** The most recent paid analysis: where the premium steps open. */
interface PaidAnalysis {
  id: string;
  location: string;
}

const STEPS: readonly Step[] = [
  {
    number: 1,
    title: "Market Analysis",
    icon: ChartColumn,
    text: "Market size, households and revenue estimates for your service area, from census data.",
    free: true,
  },
  {
    number: 2,
    title: "Keyword Research",
    icon: Search,
    text: "Search volumes and cost-per-click data for the keywords your customers use.",
    free: false,
    deliverable: "keywordResearch",
  },
  {
    number: 3,
    title: "Competition Analysis",
    icon: Trophy,
    text: "Digital footprint scores and competitive intelligence on local competitors.",
    free: false,
    deliverable: "competitionAnalysis",
  },
];

function StepCard({ step, paid }: { step: Step; paid: PaidAnalysis | null }) {
  // Not offered (premium-offer.ts): a plain sentence, no button.
  const offered = useOffered(step.deliverable ?? "keywordResearch") || !step.deliverable;
  const locked = !step.free && (!paid || !offered);
  const Icon = step.icon;
  const headingId = `step-${step.number}-title`;
  return (
    <Card
      className={locked ? "flex flex-col bg-slate-50/60" : "flex flex-col"}
      aria-labelledby={headingId}
      role="group"
    >
      <CardHeader className="flex-1">
        <div className="flex items-center justify-between gap-2">
          <span
            className={
              locked
                ? "flex size-10 items-center justify-center rounded-lg bg-slate-200 text-slate-600"
                : "flex size-10 items-center justify-center rounded-lg bg-brand-700 text-white"
            }
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          {offered ? (
            <Badge tone={step.free ? "success" : "premium"}>{step.free ? "FREE" : "PREMIUM"}</Badge>
          ) : (
            <Badge tone="neutral">COMING LATER</Badge>
          )}
        </div>
        <p className="pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Step {step.number}
        </p>
        <CardTitle as="h3" id={headingId}>
          {step.title}
        </CardTitle>
        <p className="text-sm text-slate-600">{step.text}</p>
      </CardHeader>
      <CardContent className="space-y-2">
        {!offered && step.deliverable ? (
          <p className="text-center text-sm text-slate-600">{notAvailableYet(step.deliverable)}.</p>
        ) : step.free ? (
          <Link to="/market-analysis" className={buttonClasses({ fullWidth: true })}>
            <Play className="size-4" aria-hidden="true" />
            Start Analysis
          </Link>
        ) : paid ? (
          <>
            <Link
              to={`/analysis/${encodeURIComponent(paid.id)}`}
              className={buttonClasses({ fullWidth: true })}
            >
              <Unlock className="size-4" aria-hidden="true" />
              Open {step.title}
            </Link>
            <p className="text-center text-xs break-words text-slate-500">
              Latest premium analysis: {paid.location}
            </p>
          </>
        ) : (
          <Button variant="outline" fullWidth disabled>
            <Lock className="size-4" aria-hidden="true" />
            Requires Payment
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export function DashboardPage({ user }: { user: User }) {
  useDocumentTitle("Dashboard");
  const [params] = useSearchParams();
  const paymentReturn = usePaymentReturn(params.get("analysisId") ?? undefined);
  // The list is newest first: the first paid analysis is the most recent one.
  const paid = useAnalysesList().data?.find((a) => a.isPaid) ?? null;

  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        <PaymentReturnNote state={paymentReturn} />
        <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 break-words sm:text-3xl">
              Welcome, {displayName(user)}!
            </h1>
            <p className="mt-1 text-slate-600">
              Your market research pipeline: start with a free market analysis of your service area.
            </p>
          </div>
          <Link to="/market-analysis" className={buttonClasses({ size: "lg" })}>
            <Play className="size-5" aria-hidden="true" />
            Start Analysis
          </Link>
        </section>

        <section aria-labelledby="pipeline-heading">
          <h2 id="pipeline-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Your three-step market intelligence
          </h2>
          <div className="grid gap-4 sm:gap-6 md:grid-cols-3">
            {STEPS.map((step) => (
              <StepCard key={step.number} step={step} paid={paid} />
            ))}
          </div>
        </section>

        <AnalysesList />

        <ComparisonsList />

        <section aria-labelledby="account-heading">
          <Card>
            <CardHeader>
              <CardTitle id="account-heading">Account Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm font-medium text-slate-500">Email</dt>
                  <dd className="mt-1 break-all text-slate-900">{user.email}</dd>
                </div>
                <div>
                  <dt className="text-sm font-medium text-slate-500">Name</dt>
                  <dd className="mt-1 break-words text-slate-900">{fullName(user)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </section>
      </main>
    </div>
  );
}
