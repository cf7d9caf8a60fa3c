/**
 * The "Complete Your Market Intelligence" promo of the results page, shown while unpaid
 * (the specification's promo). It lists only what the server can deliver (premium-offer.ts), with the
 * package's price; an item not offered reads "… is not available yet". Sections 2 and 3 live
 * in keyword-research-section.tsx and competition-section.tsx.
 */
import { ADVERTISED, notAvailableYet, VIDEO_ASPECT_RATIO } from "@bis/sdk";
import { Play, Search, Sparkles, Trophy, Video } from "lucide-react";
import { Link } from "react-router";
import { useOffered } from "../../hooks/use-offer";
import { usePaymentConfig } from "../../hooks/use-payments";
import { formatPrice } from "../../lib/format";
import { toEmbedUrl } from "../../lib/video";
import { buttonClasses } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { CheckList } from "../ui/check-list";
import { VideoFrame } from "../video-frame";

const PREMIUM_ITEMS = [
  {
    id: "keywordResearch",
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
    id: "competitionAnalysis",
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
  // What is offered from the same list as the status cards and the dashboard; the price from
  // the checkout's list.
  const config = usePaymentConfig().data;
  const offeredNow = {
    keywordResearch: useOffered("keywordResearch"),
    competitionAnalysis: useOffered("competitionAnalysis"),
  };
  const offered = (id: (typeof PREMIUM_ITEMS)[number]["id"]) => offeredNow[id];
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
