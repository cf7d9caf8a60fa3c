import {
  formatNumber,
  type KeywordCountModel,
  keywordCount,
  notAvailableYet,
  offeredPremiumPhrase,
  type PremiumDeliverableId,
  VIDEO_ASPECT_RATIO,
} from "@bis/sdk";
import { ArrowRight, ChartColumn, type LucideIcon, Search, Trophy, Video } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../components/page-header";
import { Badge } from "../components/ui/badge";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { VideoFrame } from "../components/video-frame";
import { useDocumentTitle } from "../hooks/use-document-title";
import { useOffered } from "../hooks/use-offer";
import { usePublicSettings } from "../hooks/use-public-settings";
import { cn } from "../lib/cn";
import { toEmbedUrl } from "../lib/video";

interface Feature {
  title: string;
  tag: "FREE" | "PREMIUM";
  icon: LucideIcon;
  text: string | ((counts: KeywordCountModel | undefined) => string);
  /** The paid deliverable it advertises (offered only when the server can deliver it). */
  deliverable?: PremiumDeliverableId;
}

const FEATURES: readonly Feature[] = [
  {
    title: "Market Analysis",
    tag: "FREE",
    icon: ChartColumn,
    text: "The revenue potential of your local service area: market size, households and revenue estimates built from census data.",
  },
  {
    title: "Keyword Research",
    tag: "PREMIUM",
    deliverable: "keywordResearch",
    icon: Search,
    // The count is the keyword model's (GET /api/public/settings), never a figure of copy.
    text: (counts) =>
      counts
        ? `Up to ${formatNumber(keywordCount(counts, counts.maxCities))} local keywords (your services in your city and up to ${counts.maxCities - 1} nearby) with search volumes and cost-per-click data, so you know what your customers search for.`
        : "Local keywords with search volumes and cost-per-click data, so you know what your customers search for.",
  },
  {
    title: "Competition Analysis",
    tag: "PREMIUM",
    deliverable: "competitionAnalysis",
    icon: Trophy,
    text: "Your local competitors with their ratings and reviews, the market leader, how saturated the market is and the opportunities it leaves.",
  },
];

/** A feature card; an item the server cannot deliver is not advertised, just said plainly. */
function FeatureCard({ feature }: { feature: Feature }) {
  const { title, tag, icon: Icon, text, deliverable } = feature;
  const offered = useOffered(deliverable ?? "keywordResearch") || !deliverable;
  const counts = usePublicSettings().data?.keywordCounts;
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-6" data-offered={offered}>
        <div className="flex items-center justify-between gap-2">
          <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          {offered ? (
            <Badge tone={tag === "FREE" ? "success" : "premium"}>{tag}</Badge>
          ) : (
            <Badge tone="neutral">COMING LATER</Badge>
          )}
        </div>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        <p className="text-sm leading-relaxed text-slate-600">
          {offered || !deliverable
            ? typeof text === "string"
              ? text
              : text(counts)
            : `${notAvailableYet(deliverable)}.`}
        </p>
      </Card>
    </li>
  );
}

/** "Market Analysis, Keyword Research, and Competition Analysis": the steps offered now. */
function workflow(offer: Parameters<typeof offeredPremiumPhrase>[0]): string {
  const premium = (offeredPremiumPhrase(offer) ?? "")
    .split(" and ")
    .filter(Boolean)
    .map((name) => name.replace(/\b\w/g, (c) => c.toUpperCase()));
  const steps = ["Market Analysis", ...premium];
  return steps.length < 3
    ? steps.join(" and ")
    : `${steps.slice(0, -1).join(", ")}, and ${steps.at(-1)}`;
}

function LandingVideo() {
  const settings = usePublicSettings();
  const embedUrl = toEmbedUrl(settings.data?.landingPageVideoUrl);

  return (
    <section aria-labelledby="video-heading" className="mx-auto max-w-4xl">
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="video-heading" className="text-lg font-semibold text-slate-900 sm:text-xl">
            See How BIS Transforms Your Market Research
          </h2>
        </div>
        {embedUrl ? (
          <div className="bg-slate-900" style={{ aspectRatio: VIDEO_ASPECT_RATIO }}>
            <VideoFrame src={embedUrl} title="BIS introduction video" />
          </div>
        ) : settings.isPending ? (
          <div className="h-40 animate-pulse bg-slate-800" aria-hidden="true" />
        ) : (
          // No video yet: a short panel, not an empty 16:9 box that pushes the call to action down.
          <div className="flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-800 to-slate-900 px-6 py-8 text-center text-white">
            <span className="flex size-10 items-center justify-center rounded-full bg-white/10">
              <Video className="size-5" aria-hidden="true" />
            </span>
            <p className="text-lg font-semibold">Video Coming Soon</p>
            <p className="max-w-lg text-sm text-brand-100">
              {`Our introduction video will showcase the BIS workflow: ${workflow(settings.data?.premiumOffer)}.`}
            </p>
          </div>
        )}
      </Card>
    </section>
  );
}

/** The hero's sentence: the premium steps it names are those the server offers now. */
function Lede() {
  const premium = offeredPremiumPhrase(usePublicSettings().data?.premiumOffer);
  return (
    <p className="mt-5 text-base leading-relaxed text-slate-600 sm:text-lg">
      {`Know the revenue potential of your service area before you spend a dollar on marketing. BIS turns census data into a clear market analysis for your city${
        premium ? `, then adds ${premium} when you are ready to grow.` : "."
      }`}
    </p>
  );
}

export function LandingPage() {
  useDocumentTitle("Premium Local Market Research");
  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pt-12 pb-10 sm:px-6 sm:pt-20">
          <div className="mx-auto max-w-3xl text-center">
            <p className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              For heating and cooling businesses
            </p>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Premium Local Market Research
            </h1>
            <Lede />
            {/* The call to action in the first screen at 1280×800 and 375×812, without scrolling. */}
            <div className="mt-8">
              <Link
                to="/register"
                // A phone's full width (the words wrap) rather than 3 px past its edge.
                className={cn(buttonClasses({ size: "lg" }), "w-full whitespace-normal sm:w-auto")}
              >
                Start Your Free Market Analysis
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
              <p className="mt-3 text-sm text-slate-500">
                No payment needed for the market analysis.
              </p>
            </div>
          </div>
        </section>

        <div className="space-y-12 px-4 pb-16 sm:px-6">
          <LandingVideo />

          <section aria-label="What BIS offers" className="mx-auto max-w-6xl">
            <ul className="grid gap-4 sm:gap-6 md:grid-cols-3">
              {FEATURES.map((feature) => (
                <FeatureCard key={feature.title} feature={feature} />
              ))}
            </ul>
          </section>
        </div>
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-8 text-center sm:px-6">
        <p className="text-sm font-medium text-slate-700">
          Professional market research for local service businesses
        </p>
        <p className="mt-1 text-sm text-slate-500">Secure • Professional • Trusted</p>
      </footer>
    </div>
  );
}
