/**
 * Keyword providers: where the volumes and CPCs of keyword research come from. One interface,
 * three implementations, chosen with BIS_KEYWORD_PROVIDER (`config.premium.keywordProvider`):
 *
 * - embedded (default, offline, graded modeled): the SDK's keyword model — taxonomy × cities,
 *   volumes from households and per-household search rates, CPC from the published HVAC
 *   average × intent multipliers.
 * - google-ads (measured): Google Ads API Keyword Planner ideas.
 *     POST {base}/{version}/geoTargetConstants:suggest
 *       {locale:"en", countryCode:"US", locationNames:{names:["Austin, Texas", …]}}
 *     → {geoTargetConstantSuggestions:[{searchTerm, geoTargetConstant:{resourceName, name,
 *        canonicalName, targetType, status, countryCode}}]}
 *     POST {base}/{version}/customers/{cid}:generateKeywordIdeas   (≤ 10 locations per request)
 *       {language:"languageConstants/1000", geoTargetConstants:[…], keywordSeed:{keywords:[≤ 20]},
 *        keywordPlanNetwork:"GOOGLE_SEARCH", includeAdultKeywords:false, pageSize, pageToken}
 *     → {results:[{text, keywordIdeaMetrics:{avgMonthlySearches, competition, competitionIndex,
 *        lowTopOfPageBidMicros, highTopOfPageBidMicros}}], nextPageToken, totalSize}
 *     Headers: Authorization: Bearer <OAuth access token>, developer-token, optional
 *     login-customer-id (manager account). int64 fields arrive as strings.
 *     CPC = midpoint of the top-of-page bid range ÷ 1,000,000.
 * - dataforseo (measured): DataForSEO Google Ads search volume, live.
 *     POST {base}/v3/keywords_data/google_ads/search_volume/live
 *       Authorization: Basic base64(login:password)
 *       [{keywords:[≤ 1000], location_name:"Austin,Texas,United States", language_name:"English"}]
 *     → {status_code:20000, tasks:[{status_code, status_message, result:[{keyword,
 *        search_volume, cpc, competition, competition_index, …}]}]}
 *     One task per request (Google Ads live endpoints allow 12 requests a minute): city-named
 *     keywords are measured in their state, the others in the target city.
 *
 * Failures become AppErrors naming the provider, never a key: rate limits (HTTP 429, Google's
 * RESOURCE_EXHAUSTED, DataForSEO 40202/40209) → RATE_LIMITED; anything else → UPSTREAM_FAILED.
 * A measured provider without its keys → UNAVAILABLE.
 */
import {
  classifyKeywordIntent,
  type DataGrade,
  type KeywordAssumption,
  type KeywordCity,
  type KeywordIntent,
  type KeywordLimit,
  type KeywordMetric,
  type KeywordModelResult,
  type KeywordProvenance,
  keywordCityLimit,
  keywordProfileFor,
  type MarketAnalysisData,
  modelKeywords,
  US_STATES,
} from "@bis/sdk";
import { type Dispatcher, request } from "undici";
import { z } from "zod";
import type { Config } from "../config.js";
import type { ApiKeyName, KeyStore } from "../keys/key-store.js";
import { AppError } from "../lib/errors.js";
import { parseJson, snippet, timeoutMessage } from "./upstream.js";

export type KeywordProviderId = Config["premium"]["keywordProvider"];

/** Every request (connect, headers, body) must finish within this many milliseconds. */
export const KEYWORD_TIMEOUT_MS = 30_000;
export const GOOGLE_ADS_API_VERSION = "v24";
/** English (Google Ads language constant). */
export const GOOGLE_ADS_LANGUAGE = "languageConstants/1000";
/** Locations per generateKeywordIdeas request (the API's limit). */
export const GOOGLE_ADS_MAX_LOCATIONS = 10;
/** Seed keywords per request (the API's limit). */
export const GOOGLE_ADS_MAX_SEEDS = 20;
export const GOOGLE_ADS_PAGE_SIZE = 1000;
export const GOOGLE_ADS_MAX_PAGES = 3;
export const DATAFORSEO_MAX_KEYWORDS = 1000;
export const DATAFORSEO_LANGUAGE = "English";
export const DATAFORSEO_OK = 20000;
/** DataForSEO status codes that mean "too many requests". */
export const DATAFORSEO_RATE_LIMIT_CODES: readonly number[] = [40202, 40209];
/** DataForSEO status codes that mean the login or password is wrong or the account blocked. */
export const DATAFORSEO_AUTH_CODES: readonly number[] = [40100, 40101, 40104];
/** DataForSEO status codes about money: no balance, payment required. */
export const DATAFORSEO_BALANCE_CODES: readonly number[] = [40200, 40210];

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
  /** Industry of the analysis (HVAC). */
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

/* ------------------------------------------------------------------ shared */

const stateName = (code: string | undefined) =>
  US_STATES.find((s) => s.code === code)?.name ?? code ?? "";
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

function modeled(input: KeywordResearchInput): KeywordModelResult {
  return modelKeywords({ market: input.market, industry: input.industry });
}

/** The modeled CPC of each intent: the fallback for keywords a provider gives no bid for. */
function modeledCpcByIntent(model: KeywordModelResult): Map<KeywordIntent, number> {
  const out = new Map<KeywordIntent, number>();
  for (const m of model.metrics) if (!out.has(m.intent)) out.set(m.intent, m.cpc);
  return out;
}

function requireKeys(id: KeywordProviderId, keys: KeyStore): Partial<Record<ApiKeyName, string>> {
  const missing = KEYWORD_PROVIDER_KEYS[id].filter((name) => !keys.get(name));
  if (missing.length > 0) {
    throw new AppError(
      "UNAVAILABLE",
      `${KEYWORD_PROVIDER_LABELS[id]} is selected (BIS_KEYWORD_PROVIDER) but its keys are not configured. Nothing was changed; run keyword research again once an administrator has configured them.`,
      { details: { provider: id, missing } },
    );
  }
  return Object.fromEntries(KEYWORD_PROVIDER_KEYS[id].map((name) => [name, keys.get(name)]));
}

async function postJson(
  label: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: KeywordProviderOptions,
): Promise<{ status: number; text: string; retryAfter: string | null }> {
  const timeoutMs = options.timeoutMs ?? KEYWORD_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    const text = await response.body.text();
    const retry = response.headers["retry-after"];
    return {
      status: response.statusCode,
      text,
      retryAfter: typeof retry === "string" ? retry : null,
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    const timedOut = signal.aborted || /TIMEOUT/.test(code);
    throw new AppError(
      "UPSTREAM_FAILED",
      timedOut
        ? timeoutMessage(label, timeoutMs)
        : `Could not reach ${label} (${new URL(url).origin}): ${[code, (error as Error).message].filter(Boolean).join(": ")}`,
      { cause: error },
    );
  }
}

function unexpected(label: string, error: z.ZodError): AppError {
  const first = error.issues[0];
  return new AppError(
    "UPSTREAM_FAILED",
    `${label} returned an unexpected answer${first ? ` (${first.path.join(".") || "body"}: ${first.message})` : ""}.`,
  );
}

const retryHint = (retryAfter: string | null) =>
  retryAfter && /^\d+$/.test(retryAfter)
    ? ` Try again in ${retryAfter} s.`
    : " Please try again in a few minutes.";

/** A number from an int64-as-string or a number; null when absent or not a number. */
function num(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/* ------------------------------------------------------------------ embedded */

export function createEmbeddedKeywordProvider(): KeywordProvider {
  return {
    id: "embedded",
    label: KEYWORD_PROVIDER_LABELS.embedded,
    grade: "modeled",
    async research(input) {
      const model = modeled(input);
      return {
        metrics: model.metrics,
        cities: model.cities,
        provenance: model.provenance,
        assumptions: model.assumptions,
        limits: keywordCityLimit(model.cities.length, model.citiesAvailable),
      };
    },
  };
}

/* ------------------------------------------------------------------ Google Ads */

const int64 = z.union([z.string(), z.number()]).nullish();

const googleAdsErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().nullish(),
    message: z.string().nullish(),
    status: z.string().nullish(),
    details: z
      .array(
        z.looseObject({
          errors: z
            .array(
              z.looseObject({
                errorCode: z.record(z.string(), z.unknown()).nullish(),
                message: z.string().nullish(),
              }),
            )
            .nullish(),
          requestId: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
});

const geoSuggestSchema = z.looseObject({
  geoTargetConstantSuggestions: z
    .array(
      z.looseObject({
        searchTerm: z.string().nullish(),
        geoTargetConstant: z.looseObject({
          resourceName: z.string(),
          name: z.string().nullish(),
          canonicalName: z.string().nullish(),
          targetType: z.string().nullish(),
          status: z.string().nullish(),
          countryCode: z.string().nullish(),
        }),
      }),
    )
    .nullish(),
});

const keywordIdeasSchema = z.looseObject({
  results: z
    .array(
      z.looseObject({
        text: z.string(),
        keywordIdeaMetrics: z
          .looseObject({
            avgMonthlySearches: int64,
            competition: z.string().nullish(),
            competitionIndex: int64,
            lowTopOfPageBidMicros: int64,
            highTopOfPageBidMicros: int64,
          })
          .nullish(),
      }),
    )
    .nullish(),
  nextPageToken: z.string().nullish(),
  totalSize: int64,
});

function googleAdsFailure(status: number, text: string, retryAfter: string | null): AppError {
  const label = KEYWORD_PROVIDER_LABELS["google-ads"];
  let googleStatus = "";
  let detail = snippet(text);
  let errorCodes: string[] = [];
  try {
    const parsed = googleAdsErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const e = parsed.data.error;
      googleStatus = e.status ?? "";
      const inner = (e.details ?? []).flatMap((d) => d.errors ?? []);
      errorCodes = inner.flatMap((x) =>
        Object.entries(x.errorCode ?? {}).map(([k, v]) => `${k}.${String(v)}`),
      );
      const innerMessage = inner.find((x) => x.message)?.message;
      detail = [googleStatus, innerMessage ?? e.message].filter(Boolean).join(": ");
    }
  } catch {
    // not JSON: keep the snippet
  }
  const codes = errorCodes.length > 0 ? ` [${errorCodes.join(", ")}]` : "";
  if (status === 429 || googleStatus === "RESOURCE_EXHAUSTED") {
    return new AppError(
      "RATE_LIMITED",
      `${label} rate limit or quota reached (HTTP ${status}${detail ? `: ${detail}` : ""}).${retryHint(retryAfter)}`,
    );
  }
  const hint =
    status === 401
      ? " Check GOOGLE_ADS_ACCESS_TOKEN (OAuth access tokens expire after an hour)."
      : status === 403
        ? " Check GOOGLE_ADS_DEVELOPER_TOKEN (it must be approved for this use) and that the token's user can access GOOGLE_ADS_CUSTOMER_ID."
        : "";
  return new AppError(
    "UPSTREAM_FAILED",
    `${label} ${status >= 500 ? "failed" : "refused the request"} (HTTP ${status}${detail ? `: ${detail}` : ""})${codes}.${hint}`,
  );
}

export function createGoogleAdsKeywordProvider(options: KeywordProviderOptions): KeywordProvider {
  const id = "google-ads" as const;
  const label = KEYWORD_PROVIDER_LABELS[id];
  const version = options.googleAdsApiVersion ?? GOOGLE_ADS_API_VERSION;
  const now = options.now ?? (() => new Date());

  async function call<T extends z.ZodType>(
    path: string,
    headers: Record<string, string>,
    body: unknown,
    schema: T,
  ): Promise<z.output<T>> {
    const base = options.config.premium.urls.googleAds;
    const response = await postJson(label, `${base}/${version}/${path}`, headers, body, options);
    if (response.status !== 200)
      throw googleAdsFailure(response.status, response.text, response.retryAfter);
    const parsed = schema.safeParse(parseJson(label, response.text));
    if (!parsed.success) throw unexpected(label, parsed.error);
    return parsed.data;
  }

  return {
    id,
    label,
    grade: "measured",
    async research(input) {
      const keys = requireKeys(id, options.keys());
      const customerId = (keys.googleAdsCustomerId ?? "").replace(/\D/g, "");
      if (!/^\d{10}$/.test(customerId)) {
        throw new AppError(
          "UNAVAILABLE",
          `${label}: GOOGLE_ADS_CUSTOMER_ID must be a 10-digit customer id such as 123-456-7890`,
        );
      }
      const loginCustomerId = (
        options.googleAdsLoginCustomerId ??
        process.env.GOOGLE_ADS_LOGIN_CUSTOMER_ID ??
        ""
      ).replace(/\D/g, "");
      const headers: Record<string, string> = {
        authorization: `Bearer ${keys.googleAdsAccessToken}`,
        "developer-token": keys.googleAdsDeveloperToken ?? "",
        ...(loginCustomerId ? { "login-customer-id": loginCustomerId } : {}),
      };

      const model = modeled(input);
      const fallbackCpc = modeledCpcByIntent(model);
      const seeds = keywordProfileFor(input.industry).seeds.slice(0, GOOGLE_ADS_MAX_SEEDS);

      // 1. The cities' Google Ads locations.
      const names = model.cities.map((c) => `${c.name}, ${stateName(c.state)}`);
      const suggested = await call(
        "geoTargetConstants:suggest",
        headers,
        { locale: "en", countryCode: "US", locationNames: { names } },
        geoSuggestSchema,
      );
      const suggestions = suggested.geoTargetConstantSuggestions ?? [];
      const located: { city: KeywordCity; resourceName: string }[] = [];
      model.cities.forEach((city, i) => {
        const term = names[i]?.toLowerCase();
        const prefix = `${city.name},${stateName(city.state)},`.toLowerCase();
        const candidates = suggestions.filter(
          (s) =>
            s.searchTerm?.toLowerCase() === term &&
            (s.geoTargetConstant.status ?? "ENABLED") === "ENABLED" &&
            (s.geoTargetConstant.countryCode ?? "US") === "US",
        );
        const best =
          candidates.find((s) =>
            (s.geoTargetConstant.canonicalName ?? "").toLowerCase().startsWith(prefix),
          ) ?? candidates[0];
        if (best) located.push({ city, resourceName: best.geoTargetConstant.resourceName });
      });
      if (located.length === 0) {
        throw new AppError(
          "UPSTREAM_FAILED",
          `${label} has no location for ${names.slice(0, 3).join("; ")}${names.length > 3 ? "; …" : ""}.`,
        );
      }
      const locations = [...new Set(located.map((l) => l.resourceName))];

      // 2. Keyword ideas, at most 10 locations per request; volumes of disjoint batches add up.
      const metrics: KeywordMetric[] = [];
      let requests = 0;
      let withoutBid = 0;
      let dropped = 0;
      /** Ideas received, and the total Google reported, of the batches cut off at the page limit. */
      let cutReceived = 0;
      let cutAvailable: number | null = 0;
      for (let i = 0; i < locations.length; i += GOOGLE_ADS_MAX_LOCATIONS) {
        const batch = locations.slice(i, i + GOOGLE_ADS_MAX_LOCATIONS);
        let pageToken: string | undefined;
        let received = 0;
        let reported: number | null = null;
        for (let page = 0; page < GOOGLE_ADS_MAX_PAGES; page++) {
          const answer = await call(
            `customers/${customerId}:generateKeywordIdeas`,
            headers,
            {
              language: GOOGLE_ADS_LANGUAGE,
              geoTargetConstants: batch,
              keywordSeed: { keywords: seeds },
              keywordPlanNetwork: "GOOGLE_SEARCH",
              includeAdultKeywords: false,
              pageSize: GOOGLE_ADS_PAGE_SIZE,
              ...(pageToken ? { pageToken } : {}),
            },
            keywordIdeasSchema,
          );
          requests += 1;
          received += (answer.results ?? []).length;
          reported = num(answer.totalSize) ?? reported;
          for (const idea of answer.results ?? []) {
            const intent = classifyKeywordIntent(idea.text);
            if (!intent) {
              dropped += 1;
              continue;
            }
            const m = idea.keywordIdeaMetrics;
            const low = num(m?.lowTopOfPageBidMicros);
            const high = num(m?.highTopOfPageBidMicros);
            const micros = low !== null && high !== null ? (low + high) / 2 : (low ?? high ?? null);
            if (micros === null) withoutBid += 1;
            metrics.push({
              keyword: idea.text,
              intent,
              searchVolume: num(m?.avgMonthlySearches) ?? 0,
              cpc: micros === null ? (fallbackCpc.get(intent) ?? 0) : micros / 1e6,
              competition: num(m?.competitionIndex),
            });
          }
          pageToken = answer.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
        if (pageToken) {
          // More ideas were on offer than the pages BIS reads.
          cutReceived += received;
          cutAvailable =
            cutAvailable !== null && reported !== null ? cutAvailable + reported : null;
        }
      }
      const limits: KeywordLimit[] = [
        ...keywordCityLimit(model.cities.length, model.citiesAvailable),
        ...(cutReceived > 0
          ? [
              {
                subject: "keywords" as const,
                kept: cutReceived,
                available: cutAvailable,
                by: `BIS's Google Ads request limit (${GOOGLE_ADS_MAX_PAGES} pages of ${GOOGLE_ADS_PAGE_SIZE.toLocaleString("en-US")} ideas per ${GOOGLE_ADS_MAX_LOCATIONS} locations)`,
              },
            ]
          : []),
      ];

      const unlocated = model.cities.length - located.length;
      const month = monthOf(now());
      const source = `${label}, KeywordPlanIdeaService.GenerateKeywordIdeas (${version})`;
      return {
        metrics,
        cities: located.map((l) => l.city),
        limits,
        provenance: {
          searchVolume: {
            source,
            vintage: `12 months to ${month}`,
            grade: "measured",
            method: `Average monthly searches over 12 months, for the ideas of ${seeds.length} seed keywords in the Google Ads locations of ${located.length} ${located.length === 1 ? "city" : "cities"}${unlocated > 0 ? ` (${unlocated} without a Google Ads location left out)` : ""}, ${requests} request${requests === 1 ? "" : "s"} of at most ${GOOGLE_ADS_MAX_LOCATIONS} locations; a keyword's volumes from different requests add up; ${dropped} ideas not about the trade dropped`,
          },
          cpc: {
            source,
            vintage: month,
            grade: "measured",
            method: `Midpoint of the top-of-page bid range (20th–80th percentile) ÷ 1,000,000${withoutBid > 0 ? `; ${withoutBid} ideas without bids use the modeled CPC of their intent` : ""}`,
          },
        },
      };
    },
  };
}

/* ------------------------------------------------------------------ DataForSEO */

const dataforseoResultSchema = z.looseObject({
  keyword: z.string(),
  search_volume: z.number().nullish(),
  cpc: z.number().nullish(),
  competition: z.union([z.string(), z.number()]).nullish(),
  competition_index: z.number().nullish(),
  low_top_of_page_bid: z.number().nullish(),
  high_top_of_page_bid: z.number().nullish(),
});

const dataforseoResponseSchema = z.looseObject({
  status_code: z.number(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.looseObject({
        status_code: z.number(),
        status_message: z.string().nullish(),
        result: z.array(dataforseoResultSchema).nullish(),
      }),
    )
    .nullish(),
});

function dataforseoFailure(code: number, message: string, httpStatus: number): AppError {
  const label = KEYWORD_PROVIDER_LABELS.dataforseo;
  const what = `${code}${message ? ` ${message}` : ""}`;
  if (DATAFORSEO_RATE_LIMIT_CODES.includes(code) || httpStatus === 429) {
    return new AppError(
      "RATE_LIMITED",
      `${label} rate limit reached (${what}); its Google Ads live endpoints allow 12 requests a minute. Please try again in a minute.`,
    );
  }
  if (DATAFORSEO_AUTH_CODES.includes(code) || httpStatus === 401) {
    return new AppError(
      "UPSTREAM_FAILED",
      `${label} refused the credentials (${what}). Check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (the API password, not the account's).`,
    );
  }
  if (DATAFORSEO_BALANCE_CODES.includes(code) || httpStatus === 402) {
    return new AppError(
      "UPSTREAM_FAILED",
      `${label} refused the request for payment (${what}): top up the DataForSEO account balance.`,
    );
  }
  return new AppError(
    "UPSTREAM_FAILED",
    `${label} ${code >= 50000 || httpStatus >= 500 ? "failed" : "refused the request"} (${what}).`,
  );
}

interface DataforseoTask {
  location: string;
  keywords: string[];
}

export function createDataforseoKeywordProvider(options: KeywordProviderOptions): KeywordProvider {
  const id = "dataforseo" as const;
  const label = KEYWORD_PROVIDER_LABELS[id];
  const now = options.now ?? (() => new Date());

  async function live(auth: string, task: DataforseoTask) {
    const url = `${options.config.premium.urls.dataforseo}/v3/keywords_data/google_ads/search_volume/live`;
    const response = await postJson(
      label,
      url,
      { authorization: `Basic ${auth}` },
      [
        {
          keywords: task.keywords,
          location_name: task.location,
          language_name: DATAFORSEO_LANGUAGE,
        },
      ],
      options,
    );
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch (error) {
      if (response.status !== 200)
        throw dataforseoFailure(response.status, snippet(response.text), response.status);
      throw new AppError(
        "UPSTREAM_FAILED",
        `${label} returned an answer that is not JSON: ${snippet(response.text) || "(empty)"}`,
        { cause: error },
      );
    }
    const parsed = dataforseoResponseSchema.safeParse(body);
    if (!parsed.success) {
      if (response.status !== 200)
        throw dataforseoFailure(response.status, snippet(response.text), response.status);
      throw unexpected(label, parsed.error);
    }
    const data = parsed.data;
    if (data.status_code !== DATAFORSEO_OK || response.status !== 200)
      throw dataforseoFailure(data.status_code, data.status_message ?? "", response.status);
    const first = data.tasks?.[0];
    if (!first) throw new AppError("UPSTREAM_FAILED", `${label} returned no task.`);
    if (first.status_code !== DATAFORSEO_OK)
      throw dataforseoFailure(first.status_code, first.status_message ?? "", response.status);
    return first.result ?? [];
  }

  return {
    id,
    label,
    grade: "measured",
    async research(input) {
      const keys = requireKeys(id, options.keys());
      const auth = Buffer.from(`${keys.dataforseoLogin}:${keys.dataforseoPassword}`).toString(
        "base64",
      );
      const model = modeled(input);
      const fallbackCpc = modeledCpcByIntent(model);
      const intentOf = new Map(model.candidates.map((c) => [c.keyword, c.intent]));
      const target = model.cities.find((c) => c.target) ?? model.cities[0];

      // City-named keywords in their city's state; the others in the target city.
      const groups = new Map<string, string[]>();
      const push = (location: string, keyword: string) => {
        const list = groups.get(location) ?? [];
        list.push(keyword);
        groups.set(location, list);
      };
      for (const c of model.candidates) {
        const state = stateName(c.city?.state ?? target?.state);
        if (c.city) push(`${state},United States`, c.keyword);
        else push(`${target?.name ?? ""},${state},United States`, c.keyword);
      }
      const tasks: DataforseoTask[] = [];
      for (const [location, keywords] of [...groups.entries()].sort(([a], [b]) =>
        a.localeCompare(b),
      )) {
        for (let i = 0; i < keywords.length; i += DATAFORSEO_MAX_KEYWORDS)
          tasks.push({ location, keywords: keywords.slice(i, i + DATAFORSEO_MAX_KEYWORDS) });
      }

      const metrics: KeywordMetric[] = [];
      let withoutCpc = 0;
      for (const task of tasks) {
        for (const r of await live(auth, task)) {
          const keyword = r.keyword.toLowerCase();
          const intent = intentOf.get(keyword) ?? classifyKeywordIntent(keyword);
          if (!intent) continue;
          const cpc = num(r.cpc);
          if (cpc === null) withoutCpc += 1;
          metrics.push({
            keyword,
            intent,
            searchVolume: num(r.search_volume) ?? 0,
            cpc: cpc ?? fallbackCpc.get(intent) ?? 0,
            competition: num(r.competition_index),
          });
        }
      }

      const month = monthOf(now());
      const source = `${label}: keywords_data/google_ads/search_volume/live`;
      const states = [...groups.keys()].filter((l) => l.split(",").length === 2);
      return {
        metrics,
        cities: model.cities,
        limits: keywordCityLimit(model.cities.length, model.citiesAvailable),
        provenance: {
          searchVolume: {
            source,
            vintage: `12 months to ${month}`,
            grade: "measured",
            method: `Google Ads average monthly searches for the ${model.candidates.length} keywords of the BIS taxonomy over ${model.cities.length} ${model.cities.length === 1 ? "city" : "cities"}: city-named keywords measured in their state (${states.map((s) => s.split(",")[0]).join(", ")}), the others in ${target?.name ?? "the target city"} only (not the whole radius); ${tasks.length} request${tasks.length === 1 ? "" : "s"}`,
          },
          cpc: {
            source,
            vintage: month,
            grade: "measured",
            method: `Google Ads CPC as reported by DataForSEO${withoutCpc > 0 ? `; ${withoutCpc} keywords without one use the modeled CPC of their intent` : ""}`,
          },
        },
      };
    },
  };
}

/* ------------------------------------------------------------------ registry */

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
