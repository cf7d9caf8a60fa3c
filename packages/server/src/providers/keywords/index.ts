/**
 * Keyword providers: where the volumes and CPCs of keyword research come from. One interface
 * (`keywords/provider.ts`), three implementations, chosen with BIS_KEYWORD_PROVIDER
 * (`config.premium.keywordProvider`):
 *
 * - embedded (default, offline, graded modeled): the SDK's keyword model — taxonomy × cities,
 *   volumes from households and per-household search rates, CPC from the industry's published
 *   average × intent multipliers (`keywords/embedded.ts`).
 * - google-ads (measured): Google Ads API Keyword Planner ideas (`keywords/google-ads.ts`).
 * - dataforseo (measured): DataForSEO Google Ads search volume, live (`keywords/dataforseo.ts`).
 *
 * The measured providers send through the one upstream client (`../upstream/client.ts`).
 * Failures become AppErrors naming the provider, never a key: rate limits (HTTP 429, Google's
 * RESOURCE_EXHAUSTED, DataForSEO 40202/40209) → RATE_LIMITED; anything else → UPSTREAM_FAILED.
 * A measured provider without its keys → UNAVAILABLE.
 */
import { createDataforseoKeywordProvider } from "./dataforseo.js";
import { createEmbeddedKeywordProvider } from "./embedded.js";
import { createGoogleAdsKeywordProvider } from "./google-ads.js";
import type { KeywordProvider, KeywordProviderOptions } from "./provider.js";

export * from "./dataforseo.js";
export * from "./embedded.js";
export * from "./google-ads.js";
export * from "./provider.js";

/** The provider BIS_KEYWORD_PROVIDER selects (keys are checked when it runs). */
export function createKeywordProvider(options: KeywordProviderOptions): KeywordProvider {
  switch (options.config.premium.keywordProvider) {
    case "google-ads":
      return createGoogleAdsKeywordProvider(options);
    case "dataforseo":
      return createDataforseoKeywordProvider(options);
    default:
      return createEmbeddedKeywordProvider();
  }
}
