/**
 * What every keyword provider shares: the interface, the labels and keys of each, the modeled
 * research the measured providers start from, and the upstream client they send through.
 */
import {
  type DataGrade,
  type KeywordAssumption,
  type KeywordCity,
  type KeywordIntent,
  type KeywordLimit,
  type KeywordMetric,
  type KeywordModelResult,
  type KeywordProvenance,
  type MarketAnalysisData,
  modelKeywords,
  notAvailableYet,
  US_STATES,
} from "@bis/sdk";
import type { Dispatcher } from "undici";
import type { Config } from "../../config.js";
import { AppError } from "../../lib/errors.js";
import type { ApiKeyName, KeyStore } from "../keys/key-store.js";
import { createUpstreamClient, type UpstreamClient } from "../upstream/client.js";

export type KeywordProviderId = Config["premium"]["keywordProvider"];

/** Every request (connect, headers, body) must finish within this many milliseconds. */
export const KEYWORD_TIMEOUT_MS = 30_000;

export const KEYWORD_PROVIDER_LABELS: Record<KeywordProviderId, string> = {
  embedded: "BIS embedded keyword model",
  "google-ads": "Google Ads API (Keyword Planner)",
  dataforseo: "DataForSEO (Google Ads search volume)",
};

/** The keys each measured provider needs. */
export const KEYWORD_PROVIDER_KEYS: Record<KeywordProviderId, ApiKeyName[]> = {
  embedded: [],
  "google-ads": ["googleAdsDeveloperToken", "googleAdsCustomerId", "googleAdsAccessToken"],
  dataforseo: ["dataforseoLogin", "dataforseoPassword"],
};

export interface KeywordResearchInput {
  market: MarketAnalysisData;
  /** Industry of the analysis (its keyword profile: seeds, taxonomy, negative terms). */
  industry: string;
}

export interface KeywordProviderResult {
  metrics: KeywordMetric[];
  /** The cities the research covered (target first). */
  cities: KeywordCity[];
  provenance: KeywordProvenance;
  assumptions?: KeywordAssumption[];
  /** The limits that applied (cities left out, keyword ideas cut off). */
  limits?: KeywordLimit[];
}

export interface KeywordProvider {
  id: KeywordProviderId;
  label: string;
  grade: DataGrade;
  research(input: KeywordResearchInput): Promise<KeywordProviderResult>;
}

export interface KeywordProviderOptions {
  config: Pick<Config, "premium">;
  /** Read at every run, so keys saved in the admin panel apply at once. */
  keys: () => KeyStore;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
  now?: () => Date;
  /** Google Ads manager account id sent as login-customer-id (default: GOOGLE_ADS_LOGIN_CUSTOMER_ID). */
  googleAdsLoginCustomerId?: string;
  googleAdsApiVersion?: string;
}

/** The client a measured provider sends its requests through. */
export function keywordClient(
  id: KeywordProviderId,
  options: KeywordProviderOptions,
): UpstreamClient {
  return createUpstreamClient({
    label: KEYWORD_PROVIDER_LABELS[id],
    timeoutMs: options.timeoutMs ?? KEYWORD_TIMEOUT_MS,
    dispatcher: options.dispatcher,
    timeoutAdvice: "Please try again.",
  });
}

export const stateName = (code: string | undefined) =>
  US_STATES.find((s) => s.code === code)?.name ?? code ?? "";
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export function modeled(input: KeywordResearchInput): KeywordModelResult {
  return modelKeywords({ market: input.market, industry: input.industry });
}

/** The modeled CPC of each intent: the fallback for keywords a provider gives no bid for. */
function modeledCpcByIntent(model: KeywordModelResult): Map<KeywordIntent, number> {
  const out = new Map<KeywordIntent, number>();
  for (const m of model.metrics) if (!out.has(m.intent)) out.set(m.intent, m.cpc);
  return out;
}

/** The keys of a measured provider; UNAVAILABLE naming the missing ones. */
function requireKeys(id: KeywordProviderId, keys: KeyStore): Partial<Record<ApiKeyName, string>> {
  const missing = KEYWORD_PROVIDER_KEYS[id].filter((name) => !keys.get(name));
  if (missing.length > 0) {
    throw new AppError(
      "UNAVAILABLE",
      // The customer's words, naming no setting; the log and the admin panel say which keys are missing.
      `${notAvailableYet("keywordResearch")}. Nothing was changed.`,
      { details: { provider: id, missing } },
    );
  }
  return Object.fromEntries(KEYWORD_PROVIDER_KEYS[id].map((name) => [name, keys.get(name)]));
}

/** What a measured provider starts from: its keys, the modeled research, this month. */
export function measuredStart(
  id: KeywordProviderId,
  options: KeywordProviderOptions,
  input: KeywordResearchInput,
) {
  const keys = requireKeys(id, options.keys());
  const model = modeled(input);
  const month = monthOf((options.now ?? (() => new Date()))());
  return {
    keys,
    model,
    /** The modeled CPC of each intent, for keywords the provider gives no bid for. */
    fallbackCpc: modeledCpcByIntent(model),
    /** Measured volumes (the 12 months to this month) and CPCs (this month) from `source`. */
    provenance: (source: string, method: Record<keyof KeywordProvenance, string>) =>
      ({
        searchVolume: {
          source,
          vintage: `12 months to ${month}`,
          grade: "measured",
          method: method.searchVolume,
        },
        cpc: { source, vintage: month, grade: "measured", method: method.cpc },
      }) satisfies KeywordProvenance,
  };
}

/** A number from an int64-as-string or a number; null when absent or not a number. */
export function num(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
