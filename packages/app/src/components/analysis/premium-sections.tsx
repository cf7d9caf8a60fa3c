/**
 * The "Complete Your Market Intelligence" promo of the results page, shown while unpaid
 * (the specification's promo). It lists only what the server can deliver (premium-offer.ts), with the
 * package's price; an item not offered reads "… is not available yet". Sections 2 and 3 live
 * in keyword-research-section.tsx and competition-section.tsx.
 */
import {
  formatNumber,
  type KeywordCountModel,
  keywordCities,
  type MarketAnalysisData,
  marketKeywordCount,
  notAvailableYet,
  offeredPremiumPhrase,
  SEASONAL_KEYWORDS_NAME,
  VIDEO_ASPECT_RATIO,
} from "@bis/sdk";
import { Play, Search, Sparkles, Trophy, Video } from "lucide-react";
import { Link } from "react-router";
import { useOffered } from "../../hooks/use-offer";
import { usePaymentConfig } from "../../hooks/use-payments";
import { usePublicSettings } from "../../hooks/use-public-settings";
import { formatPrice } from "../../lib/format";
import { toEmbedUrl } from "../../lib/video";
import { buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { CheckList } from "../ui/check-list";
import { VideoFrame } from "../video-frame";

/** What each item delivers, as its results section shows it (nothing listed that is not). */
function premiumItems(keywords: string) {
  return [
    {
      id: "keywordResearch",
      title: "Keyword Research",
      icon: Search,
      points: [
        keywords,
        "Monthly search volume",
        "Cost per click (CPC)",
        `${SEASONAL_KEYWORDS_NAME}: searches and PPC budget month by month`,
      ],
    },
    {
      id: "competitionAnalysis",
      title: "Competition Analysis",
      icon: Trophy,
      points: [
        "Your local competitors, with ratings and reviews",
        "The market leader",
        "Market saturation",
        "Opportunities and recommendations",
      ],
    },
  ] as const;
}

/** "1,870 keywords for your services in 15 cities of this market", from the keyword model. */
function keywordsPoint(counts: KeywordCountModel | undefined, market: MarketAnalysisData | null) {
  if (!counts || !market) return "Local keywords for your services and cities";
  const cities = keywordCities(market, counts.maxCities).cities.length;
  return `${formatNumber(marketKeywordCount(counts, market))} keywords for your services in ${
    cities === 1 ? "your city" : `${cities} cities of this market`
  }`;
}

export function PremiumPromo({
  analysisId,
  market,
  videoUrl,
}: {
  analysisId: string;
  /** The analysis's market: the keyword count is this market's. */
  market: MarketAnalysisData | null;
  videoUrl?: string | null;
}) {
  const embedUrl = toEmbedUrl(videoUrl);
  // What is offered from the same list as the status cards and the dashboard; the price from
  // the checkout's list.
  const config = usePaymentConfig().data;
  const offeredNow = {
    keywordResearch: useOffered("keywordResearch"),
    competitionAnalysis: useOffered("competitionAnalysis"),
  };
  const settings = usePublicSettings().data;
  const items = premiumItems(keywordsPoint(settings?.keywordCounts, market));
  const offered = (id: (typeof items)[number]["id"]) => offeredNow[id];
  const walkthrough = offeredPremiumPhrase(settings?.premiumOffer);
  return (
    <Card className="overflow-hidden border-amber-200">
      <CardHeader className="bg-gradient-to-r from-amber-50 to-white">
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-amber-600" aria-hidden="true" />
          Complete Your Market Intelligence
        </CardTitle>
        <p className="text-sm text-slate-600">
          {offered("competitionAnalysis")
            ? "Your free market analysis is ready. Premium research shows how customers search and who you compete with."
            : "Your free market analysis is ready. Premium research shows how customers search."}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 pt-5 sm:pt-6 lg:grid-cols-2">
        <div
          className="overflow-hidden rounded-lg bg-slate-900"
          style={{ aspectRatio: VIDEO_ASPECT_RATIO }}
        >
          {embedUrl ? (
            <VideoFrame src={embedUrl} title="BIS premium services video" />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-800 to-slate-900 px-4 text-center text-white">
              <Video className="size-8" aria-hidden="true" />
              <p className="font-semibold">Premium Video Coming Soon</p>
              {walkthrough ? (
                <p className="text-sm text-brand-100">{`A walkthrough of ${walkthrough}.`}</p>
              ) : null}
            </div>
          )}
        </div>
        <div className="space-y-5">
          {items.map((item) => (
            <div key={item.title}>
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <item.icon className="size-4 text-brand-700" aria-hidden="true" />
                {item.title}
              </h3>
              {offered(item.id) ? (
                <CheckList items={item.points} className="mt-2" />
              ) : (
                <p className="mt-2 text-sm text-slate-600">{notAvailableYet(item.id)}.</p>
              )}
            </div>
          ))}
          {config?.purchasable ? (
            <p className="text-sm text-slate-700">
              Premium package:{" "}
              <span className="font-semibold">{formatPrice(config.amount, config.currency)}</span>
            </p>
          ) : null}
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
