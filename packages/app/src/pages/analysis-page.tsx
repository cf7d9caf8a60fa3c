/**
 * /analysis/{id}: the results page. Loading, failed and empty states; the
 * bridge-integration page when the data says so; otherwise the header with its "Completed"
 * badge (and the PDF report when paid), the progress dashboard, the opportunity score once there,
 * section 1 (market analysis results, with provenance on every figure, the cities and ZIP areas
 * in range, the assumptions and the map), sections 2 and 3 (keyword research and competition analysis), the premium promo while
 * unpaid, and the footer.
 */
import {
  type Analysis,
  errorMessage,
  type FigureProvenance,
  type MarketAnalysisData,
  populationBasisNote,
} from "@bis/sdk";
import {
  CircleCheck,
  DollarSign,
  FileDown,
  Home,
  type LucideIcon,
  TriangleAlert,
  Users,
} from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link, useParams } from "react-router";
import { AssumptionsPanel } from "../components/analysis/assumptions-panel";
import { BridgeIntegration } from "../components/analysis/bridge-integration";
import { CityTable } from "../components/analysis/city-table";
import { CollapsibleSection } from "../components/analysis/collapsible-section";
import { CompetitionAnalysisSection } from "../components/analysis/competition-section";
import { Figure } from "../components/analysis/figure";
import { KeywordResearchSection } from "../components/analysis/keyword-research-section";
import { LocalMarketCard } from "../components/analysis/local-market-card";
import { MapBlock } from "../components/analysis/map-block";
import { MarketYearChart } from "../components/analysis/market-year-chart";
import { OpportunityScoreCard } from "../components/analysis/opportunity-score-card";
import { PartnerBrandBanner } from "../components/analysis/partner-brand-banner";
import { PremiumPromo } from "../components/analysis/premium-sections";
import { ProgressOverview } from "../components/analysis/progress-overview";
import { ServiceBreakdown } from "../components/analysis/service-breakdown";
import { ZipAreasCard } from "../components/analysis/zip-areas-card";
import { PaymentReturnNote } from "../components/checkout/payment-return-note";
import { PageShell } from "../components/page-shell";
import { Badge } from "../components/ui/badge";
import { buttonClasses } from "../components/ui/button";
import { MessageCard } from "../components/ui/message-card";
import { Spinner } from "../components/ui/spinner";
import { useAnalysis, useRerunAnalysis } from "../hooks/use-analyses";
import { useAuth } from "../hooks/use-auth";
import { useDocumentTitle } from "../hooks/use-document-title";
import { usePaymentReturn } from "../hooks/use-payment-return";
import { useVideoSettings } from "../hooks/use-premium";
import { api } from "../lib/api";
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatMiles,
  formatNumber,
} from "../lib/format";

function Shell({ children }: { children: ReactNode }) {
  return <PageShell width="wide">{children}</PageShell>;
}

function LoadFailed({ detail }: { detail: string }) {
  return (
    <MessageCard
      icon={TriangleAlert}
      title="Failed to load analysis"
      action={
        <Link to="/dashboard" className={buttonClasses()}>
          Return to Dashboard
        </Link>
      }
    >
      {detail}
    </MessageCard>
  );
}

/** Total market revenue: the summary's, else the sum of the services, else unknown. */
function totalRevenueOf(data: MarketAnalysisData): number | null {
  if (data.marketSummary) return data.marketSummary.totalMarketRevenue;
  if (data.serviceBreakdown.length > 0)
    return data.serviceBreakdown.reduce((sum, s) => sum + s.estimatedRevenue, 0);
  return null;
}

interface FigureSpec {
  label: string;
  value: string;
  icon?: LucideIcon;
  provenance?: FigureProvenance | null;
  note?: string;
}

/** A titled grid of headline figures. */
function FigureGroup({
  title,
  figures,
  children,
}: {
  title: string;
  figures: readonly FigureSpec[];
  children?: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(({ label, value, icon: Icon, provenance, note }) => (
          <Figure
            key={label}
            label={label}
            value={value}
            icon={Icon ? <Icon className="size-4" aria-hidden="true" /> : undefined}
            provenance={provenance}
            note={note}
          />
        ))}
      </dl>
      {children}
    </div>
  );
}

function MarketResults({ analysis, data }: { analysis: Analysis; data: MarketAnalysisData }) {
  const tableId = useId();
  const rerun = useRerunAnalysis(analysis.id);
  const p = data.provenance ?? {};
  const summary = data.marketSummary;
  const totalRevenue = totalRevenueOf(data);
  const withinPrimary = (count: number | undefined) =>
    summary ? `${formatNumber(count)} within the primary radius` : undefined;
  const assumptions = data.assumptions ?? [];
  const assumptionsKey = `${data.analysisTimestamp}:${assumptions.map((a) => a.value).join(",")}`;

  return (
    <CollapsibleSection
      number={1}
      title="Market Analysis Results"
      subtitle="Revenue potential, demographics and the cities of your service area"
      badge={
        <Badge tone="success" className="hidden sm:inline-flex">
          Free
        </Badge>
      }
    >
      {data.dataSource ? (
        <p className="text-sm text-slate-600">
          Data: {data.dataSource.label} ({data.dataSource.vintage})
        </p>
      ) : null}

      <FigureGroup
        title="Market Revenue Analysis"
        figures={[
          {
            label: "Annual Market Revenue",
            value: formatCurrency(totalRevenue),
            icon: DollarSign,
            provenance: p.revenue,
          },
          {
            label: "Total Population",
            value: formatNumber(data.marketSize),
            icon: Users,
            provenance: p.population,
            note: withinPrimary(summary?.primaryPopulation),
          },
          {
            label: "Target Households",
            value: formatNumber(data.households),
            icon: Home,
            provenance: p.households,
            note: withinPrimary(summary?.primaryHouseholds),
          },
          {
            label: "Avg. Annual Revenue per Household",
            value: formatCurrency(summary?.avgAnnualRevenuePerHousehold ?? data.avgRevenue),
            icon: DollarSign,
            provenance: p.revenue,
          },
        ]}
      >
        {populationBasisNote(summary) ? (
          <p className="text-xs text-slate-500">{populationBasisNote(summary)}</p>
        ) : null}
      </FigureGroup>

      <FigureGroup
        title="Census Demographics"
        figures={[
          {
            label: "Total Population",
            value: formatNumber(data.censusData.totalPopulation),
            provenance: p.population,
          },
          {
            label: "Total Housing Units",
            value: formatNumber(data.censusData.totalHousingUnits),
            provenance: p.housingUnits,
          },
          {
            label: "Single Family Homes",
            value: formatNumber(data.censusData.singleFamilyUnits),
            provenance: p.singleFamilyUnits,
          },
          {
            label: "Commercial Units",
            value: formatNumber(data.censusData.commercialUnits),
            provenance: p.commercialUnits,
          },
        ]}
      />

      <CityTable
        id={tableId}
        cities={data.cityAnalysis.cityBreakdown}
        citiesInRange={summary?.citiesInRange}
        provenance={{ population: p.population, housingUnits: p.housingUnits }}
      />

      <ZipAreasCard
        analysisId={analysis.id}
        summary={data.zipAreas}
        target={data.target}
        primaryRadius={analysis.primaryRadius}
        secondaryRadius={analysis.secondaryRadius}
      />

      <LocalMarketCard localMarket={data.localMarket} />

      <ServiceBreakdown
        services={data.serviceBreakdown}
        provenance={p.revenue}
        debug={{
          households: data.households,
          cities: data.cityAnalysis.cityBreakdown.length,
          industry: data.requestIndustry,
        }}
      />

      <MarketYearChart seasons={data.seasons} />

      <MapBlock
        data={data}
        primaryRadius={analysis.primaryRadius}
        secondaryRadius={analysis.secondaryRadius}
        tableId={tableId}
      />

      <AssumptionsPanel
        key={assumptionsKey}
        assumptions={assumptions}
        pending={rerun.isPending}
        onRerun={(overrides) => rerun.mutate({ assumptions: overrides })}
      />
    </CollapsibleSection>
  );
}

/**
 * The PDF report (premium): a plain download link, so the browser saves the server's file
 * under the name the server gives it (Content-Disposition).
 */
function ReportDownload({ analysisId }: { analysisId: string }) {
  return (
    <a
      href={api.premium.reportPath(analysisId)}
      download
      className={buttonClasses({ variant: "outline", size: "sm" })}
    >
      <FileDown className="size-4" aria-hidden="true" />
      Download PDF Report
    </a>
  );
}

function CompletedAnalysis({ analysis, data }: { analysis: Analysis; data: MarketAnalysisData }) {
  const generated = data.analysisTimestamp || analysis.createdAt;
  const isAdmin = useAuth().user?.isAdmin === true;
  // Premium: paid, or an administrator (the server checks again on every call).
  const premium = analysis.isPaid || isAdmin;
  const videos = useVideoSettings().data;
  return (
    <>
      <PartnerBrandBanner analysisId={analysis.id} />
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {analysis.location}
          </h1>
          <Badge tone="success">
            <CircleCheck className="mr-1 size-3.5" aria-hidden="true" />
            Completed
          </Badge>
          {premium ? (
            <div className="sm:ml-auto">
              <ReportDownload analysisId={analysis.id} />
            </div>
          ) : null}
        </div>
        <p className="text-slate-600">
          {data.requestIndustry || analysis.industry} market analysis ·{" "}
          {formatMiles(data.requestPrimaryRadius ?? analysis.primaryRadius)} primary,{" "}
          {formatMiles(data.requestSecondaryRadius ?? analysis.secondaryRadius)} secondary ·{" "}
          {formatDate(generated)}
        </p>
      </header>

      <ProgressOverview analysis={analysis} totalRevenue={totalRevenueOf(data)} />
      {analysis.opportunityScore ? (
        <OpportunityScoreCard score={analysis.opportunityScore} />
      ) : null}
      <MarketResults analysis={analysis} data={data} />
      <KeywordResearchSection
        analysis={analysis}
        canRun={premium}
        videoUrl={videos?.keywordEducationVideoUrl}
      />
      <CompetitionAnalysisSection
        analysis={analysis}
        canRun={premium}
        videoUrl={videos?.competitionEducationVideoUrl}
      />
      {analysis.isPaid ? null : (
        <PremiumPromo
          analysisId={analysis.id}
          market={analysis.marketAnalysisData}
          videoUrl={videos?.premiumOfferVideoUrl}
        />
      )}

      <footer className="flex flex-col gap-1 border-t border-slate-200 pt-4 text-xs text-slate-500 sm:flex-row sm:justify-between">
        <p>Generated {formatDateTime(generated)}</p>
        <p className="break-all">Analysis ID: {analysis.id}</p>
      </footer>
    </>
  );
}

export function AnalysisPage() {
  const { id } = useParams();
  const query = useAnalysis(id);
  const paymentReturn = usePaymentReturn(id);
  useDocumentTitle(
    query.isError ? "Failed to load analysis" : query.data?.location,
    "Market analysis",
  );

  if (query.isPending) {
    return (
      <Shell>
        <div className="flex flex-col items-center justify-center gap-4 py-24 text-brand-700">
          <Spinner size="lg" label="Loading analysis results" />
          <p className="text-slate-600">Loading analysis results...</p>
        </div>
      </Shell>
    );
  }

  if (query.isError) {
    return (
      <Shell>
        <LoadFailed detail={errorMessage(query.error, "No analysis results found")} />
      </Shell>
    );
  }

  const analysis = query.data;
  const data = analysis?.marketAnalysisData;
  if (!analysis || !data) {
    return (
      <Shell>
        <LoadFailed detail="No analysis results found" />
      </Shell>
    );
  }

  return (
    <Shell>
      <PaymentReturnNote state={paymentReturn} />
      {data.bridgeIntegration ? (
        <>
          <header className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
              {analysis.location}
            </h1>
            <p className="text-slate-600">Step 1: Market revenue analysis</p>
          </header>
          <BridgeIntegration analysis={analysis} />
        </>
      ) : (
        <CompletedAnalysis analysis={analysis} data={data} />
      )}
    </Shell>
  );
}
