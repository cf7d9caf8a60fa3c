/**
 * The premium steps on the results page in their not-yet-run states (specification §2,
 * sections 2 and 3), and the "Complete Your Market Intelligence" promo shown while unpaid.
 * No premium figures are shown until the real research has run: nothing here is made up.
 */
import { ADVERTISED, type Analysis, VIDEO_ASPECT_RATIO } from "@bis/sdk";
import { Lock, Play, Search, Sparkles, Trophy, Video } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { toEmbedUrl } from "../../lib/video";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { CheckList } from "../ui/check-list";
import { CollapsibleSection } from "./collapsible-section";

function NotRunCard({
  icon,
  title,
  text,
  action,
  reason,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: string;
  reason: string;
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-slate-100 p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-200 text-slate-600">
        {icon}
      </span>
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="max-w-md text-sm text-slate-600">{text}</p>
      <Button variant="outline" disabled aria-describedby={reasonId}>
        <Lock className="size-4" aria-hidden="true" />
        {action}
      </Button>
      <p id={reasonId} className="text-xs text-slate-500">
        {reason}
      </p>
    </div>
  );
}

/**
 * A premium step's section: its result once run, else the card that starts it. Keyword
 * research (2) opens by default; competition analysis (3) only until it has run (§2).
 */
function PremiumSection({
  number,
  title,
  subtitle,
  done,
  summary,
  missing,
  notRun,
}: {
  number: 2 | 3;
  title: string;
  subtitle: string;
  /** Whether the step has run. */
  done: boolean;
  /** The finished step's summary, when its data is there. */
  summary: string | null;
  /** What a finished step without data says. */
  missing: string;
  notRun: Parameters<typeof NotRunCard>[0];
}) {
  return (
    <CollapsibleSection
      number={number}
      title={title}
      subtitle={subtitle}
      defaultOpen={number === 2 || !done}
    >
      {done ? (
        <p className="text-sm text-slate-600">{summary ?? missing}</p>
      ) : (
        <NotRunCard {...notRun} />
      )}
    </CollapsibleSection>
  );
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Keyword research runs in a later release: the SDK has no call for it yet, so even a paid
 * analysis keeps the start button disabled, with a note that says why.
 */
export function KeywordResearchSection({ analysis }: { analysis: Analysis }) {
  const data = analysis.keywordResearchData;
  return (
    <PremiumSection
      number={2}
      title="Keyword Research"
      subtitle="Search volumes and cost-per-click data for your service area"
      done={analysis.keywordResearchCompleted}
      summary={data && `${count(data.totalKeywords)} keywords researched.`}
      missing="No keyword research data available"
      notRun={{
        icon: <Search className="size-6" aria-hidden="true" />,
        title: "Keyword research has not run yet",
        text: "Find the searches your customers make in your service area, with monthly volumes and cost per click.",
        action: "Start Keyword Research",
        reason: analysis.isPaid
          ? "Keyword research arrives in the next release"
          : "Requires Payment: available with the premium package.",
      }}
    />
  );
}

export function CompetitionAnalysisSection({ analysis }: { analysis: Analysis }) {
  const data = analysis.competitionAnalysisData;
  return (
    <PremiumSection
      number={3}
      title="Competition Analysis"
      subtitle="The businesses you compete with and where they leave room"
      done={analysis.competitionAnalysisCompleted}
      summary={data && `${count(data.totalCompetitors)} competitors analyzed.`}
      missing="Competition analysis data not available"
      notRun={{
        icon: <Trophy className="size-6" aria-hidden="true" />,
        title: "Competition analysis has not run yet",
        text: "See the local competitors, their ratings and reviews, and the openings they leave.",
        action: "Start Competition Analysis",
        reason: analysis.keywordResearchCompleted
          ? "Competition analysis will be available here soon."
          : "Keyword Research Required: complete keyword research first.",
      }}
    />
  );
}

const PREMIUM_ITEMS = [
  {
    title: "Keyword Research",
    icon: Search,
    points: [
      `${ADVERTISED.promoKeywords} keywords for your services and cities`,
      "Monthly search volume",
      "Cost per click (CPC)",
      "Seasonal trends",
    ],
  },
  {
    title: "Competition Analysis",
    icon: Trophy,
    points: [
      `Top ${ADVERTISED.promoCompetitors} competitors`,
      "Market share",
      "Pricing",
      "Positioning",
    ],
  },
] as const;

export function PremiumPromo({
  analysisId,
  videoUrl,
}: {
  analysisId: string;
  videoUrl?: string | null;
}) {
  const embedUrl = toEmbedUrl(videoUrl);
  return (
    <Card className="overflow-hidden border-amber-200">
      <CardHeader className="bg-gradient-to-r from-amber-50 to-white">
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-amber-600" aria-hidden="true" />
          Complete Your Market Intelligence
        </CardTitle>
        <p className="text-sm text-slate-600">
          Your free market analysis is ready. Premium research shows how customers search and who
          you compete with.
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 pt-5 sm:pt-6 lg:grid-cols-2">
        <div
          className="overflow-hidden rounded-lg bg-slate-900"
          style={{ aspectRatio: VIDEO_ASPECT_RATIO }}
        >
          {embedUrl ? (
            <iframe
              src={embedUrl}
              title="BIS premium services video"
              className="size-full border-0"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-800 to-slate-900 px-4 text-center text-white">
              <Video className="size-8" aria-hidden="true" />
              <p className="font-semibold">Premium Video Coming Soon</p>
              <p className="text-sm text-brand-100">
                A walkthrough of keyword research and competition analysis.
              </p>
            </div>
          )}
        </div>
        <div className="space-y-5">
          {PREMIUM_ITEMS.map((item) => (
            <div key={item.title}>
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <item.icon className="size-4 text-brand-700" aria-hidden="true" />
                {item.title}
              </h3>
              <CheckList items={item.points} className="mt-2" />
            </div>
          ))}
          <Link
            to={`/checkout/${encodeURIComponent(analysisId)}`}
            className={buttonClasses({ size: "lg", fullWidth: true })}
          >
            <Play className="size-4" aria-hidden="true" />
            Learn More About Premium Services
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
