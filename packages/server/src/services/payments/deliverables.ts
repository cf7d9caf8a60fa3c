/**
 * What this server can deliver of the premium package, now (keys are read at call time, so a
 * key saved in the admin panel counts at once):
 * - keyword research: the provider BIS_KEYWORD_PROVIDER selects — the embedded model always,
 *   Google Ads or DataForSEO once their keys are configured;
 * - competition analysis: Google Places and/or Yelp with a key; otherwise labelled sample
 *   competitors when sample data is allowed (demo mode, never production by default); otherwise
 *   not deliverable. It also needs keyword research;
 * - the PDF report: always (it is drawn offline from what the analysis holds).
 * The checkout sells exactly the deliverable ones; nothing premium deliverable means no sale
 * (the rule itself, shared by every surface, is the SDK's premium-offer.ts). A customer reads
 * only `reason` ("Competition analysis is not available yet."); `configure`, which names keys and
 * settings, goes to administrators only (services/payments/checkout.ts). Prices are set by the
 * administrator (services/payments/prices.ts); `price` here is a placeholder they replace.
 */
import { notAvailableYet, type PremiumDeliverable } from "@bis/sdk";
import type { Config } from "../../config.js";
import { PROVIDER_LABELS } from "../../providers/competitors/index.js";
import { API_KEYS, type KeyStore } from "../../providers/keys/key-store.js";
import { KEYWORD_PROVIDER_KEYS, KEYWORD_PROVIDER_LABELS } from "../../providers/keywords/index.js";

export const DELIVERABLE_DESCRIPTIONS = {
  keywordResearch: "Keyword research with search volume, CPC and a PPC budget",
  competitionAnalysis:
    "Competition analysis with competitors, ratings, reviews, the market leader and opportunities",
  pdfReport: "A professional PDF report",
} as const;

const COMPETITOR_KEYS_HINT = `Add a Google Places or Yelp key in Admin → API Keys (or set ${API_KEYS.googlePlaces} or ${API_KEYS.yelp}).`;

function keywordResearch(config: Pick<Config, "premium">, keys: KeyStore): PremiumDeliverable {
  const id = config.premium.keywordProvider;
  const label = KEYWORD_PROVIDER_LABELS[id];
  const missing = KEYWORD_PROVIDER_KEYS[id].filter((name) => !keys.get(name));
  const base = {
    id: "keywordResearch",
    label: "Keyword research",
    description: DELIVERABLE_DESCRIPTIONS.keywordResearch,
    price: 0,
  } as const;
  if (missing.length > 0) {
    return {
      ...base,
      deliverable: false,
      provider: null,
      grade: null,
      reason: `${notAvailableYet("keywordResearch")}.`,
      configure: `BIS_KEYWORD_PROVIDER selects ${label}, which needs ${missing.map((name) => API_KEYS[name]).join(", ")}: add them in Admin → API Keys or the environment, or set BIS_KEYWORD_PROVIDER=embedded for modeled volumes.`,
    };
  }
  const measured = id !== "embedded";
  return {
    ...base,
    deliverable: true,
    provider: label,
    grade: measured ? "measured" : "modeled",
    reason: null,
    configure: measured
      ? null
      : "Volumes are modeled from households: set BIS_KEYWORD_PROVIDER to google-ads or dataforseo (with its keys) for measured ones.",
  };
}

function competitionAnalysis(
  config: Pick<Config, "premium">,
  keys: KeyStore,
  keywords: PremiumDeliverable,
): PremiumDeliverable {
  const base = {
    id: "competitionAnalysis",
    label: "Competition analysis",
    description: DELIVERABLE_DESCRIPTIONS.competitionAnalysis,
    price: 0,
  } as const;
  const reason = `${notAvailableYet("competitionAnalysis")}.`;
  const sources = [
    keys.get("googlePlaces") ? PROVIDER_LABELS["google-places"] : null,
    keys.get("yelp") ? PROVIDER_LABELS.yelp : null,
  ].filter((s): s is string => s !== null);
  if (!keywords.deliverable) {
    return {
      ...base,
      deliverable: false,
      provider: sources.length > 0 ? sources.join(" and ") : null,
      grade: null,
      reason,
      configure: `It follows keyword research, which has no provider: ${keywords.configure}`,
    };
  }
  if (sources.length > 0) {
    return {
      ...base,
      deliverable: true,
      provider: sources.join(" and "),
      grade: "measured",
      reason: null,
      configure: null,
    };
  }
  if (config.premium.sampleData) {
    return {
      ...base,
      deliverable: true,
      provider: PROVIDER_LABELS.sample,
      grade: "sample",
      reason: null,
      configure: `Competitors are sample data (demo mode). ${COMPETITOR_KEYS_HINT}`,
    };
  }
  return {
    ...base,
    deliverable: false,
    provider: null,
    grade: null,
    reason,
    configure: `No competitor data provider is configured. ${COMPETITOR_KEYS_HINT}`,
  };
}

/** Every paid deliverable and whether this server can deliver it now. */
export function premiumDeliverables(
  config: Pick<Config, "premium">,
  keys: KeyStore,
): PremiumDeliverable[] {
  const keywords = keywordResearch(config, keys);
  return [
    keywords,
    competitionAnalysis(config, keys, keywords),
    {
      id: "pdfReport",
      label: "PDF report",
      description: DELIVERABLE_DESCRIPTIONS.pdfReport,
      deliverable: true,
      provider: "BIS (drawn on the server)",
      grade: null,
      reason: null,
      configure: null,
      price: 0,
    },
  ];
}

export function deliverableOf(
  deliverables: readonly PremiumDeliverable[],
  id: PremiumDeliverable["id"],
): PremiumDeliverable {
  const found = deliverables.find((d) => d.id === id);
  if (!found) throw new Error(`No deliverable ${id}`);
  return found;
}
