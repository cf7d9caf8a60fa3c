/**
 * The Google Ads keyword provider (measured): Google Ads API Keyword Planner ideas.
 *
 *   POST {base}/{version}/geoTargetConstants:suggest
 *     {locale:"en", countryCode:"US", locationNames:{names:["Austin, Texas", …]}}
 *   → {geoTargetConstantSuggestions:[{searchTerm, geoTargetConstant:{resourceName, name,
 *      canonicalName, targetType, status, countryCode}}]}
 *   POST {base}/{version}/customers/{cid}:generateKeywordIdeas   (≤ 10 locations per request)
 *     {language:"languageConstants/1000", geoTargetConstants:[…], keywordSeed:{keywords:[≤ 20]},
 *      keywordPlanNetwork:"GOOGLE_SEARCH", includeAdultKeywords:false, pageSize, pageToken}
 *   → {results:[{text, keywordIdeaMetrics:{avgMonthlySearches, monthlySearchVolumes:[{month:
 *      "JANUARY", year, monthlySearches}], competition, competitionIndex, lowTopOfPageBidMicros,
 *      highTopOfPageBidMicros}}], nextPageToken, totalSize}
 *   Headers: Authorization: Bearer <OAuth access token>, developer-token, optional
 *   login-customer-id (manager account). int64 fields arrive as strings.
 *   CPC = midpoint of the top-of-page bid range ÷ 1,000,000.
 *
 * Rate limits (HTTP 429, Google's RESOURCE_EXHAUSTED) → RATE_LIMITED; anything else →
 * UPSTREAM_FAILED with Google's status, message and error codes.
 */
import {
  calendarMonths,
  classifyKeywordIntent,
  type KeywordCity,
  type KeywordLimit,
  type KeywordMetric,
  keywordCityLimit,
  keywordProfileFor,
  MONTH_NAMES,
} from "@bis/sdk";
import { z } from "zod";
import { AppError } from "../../lib/errors.js";
import { GOOGLE_ADS_API_VERSION } from "../upstream/apis.js";
import type { UpstreamResponse } from "../upstream/client.js";
import {
  KEYWORD_PROVIDER_LABELS,
  type KeywordProvider,
  type KeywordProviderOptions,
  keywordClient,
  measuredStart,
  num,
  stateName,
} from "./provider.js";

export { GOOGLE_ADS_API_VERSION };
/** English (Google Ads language constant). */
export const GOOGLE_ADS_LANGUAGE = "languageConstants/1000";
/** Locations per generateKeywordIdeas request (the API's limit). */
export const GOOGLE_ADS_MAX_LOCATIONS = 10;
/** Seed keywords per request (the API's limit). */
export const GOOGLE_ADS_MAX_SEEDS = 20;
export const GOOGLE_ADS_PAGE_SIZE = 1000;
export const GOOGLE_ADS_MAX_PAGES = 3;

const label = KEYWORD_PROVIDER_LABELS["google-ads"];

const int64 = z.union([z.string(), z.number()]).nullish();
const text = z.string().nullish();
/** A list Google may leave out. */
const listOf = <T extends z.ZodType>(item: T) => z.array(item).nullish();

const googleAdsErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().nullish(),
    message: text,
    status: text,
    details: listOf(
      z.looseObject({
        errors: listOf(
          z.looseObject({ errorCode: z.record(z.string(), z.unknown()).nullish(), message: text }),
        ),
        requestId: text,
      }),
    ),
  }),
});

const geoSuggestSchema = z.looseObject({
  geoTargetConstantSuggestions: listOf(
    z.looseObject({
      searchTerm: text,
      geoTargetConstant: z.looseObject({
        resourceName: z.string(),
        name: text,
        canonicalName: text,
        targetType: text,
        status: text,
        countryCode: text,
      }),
    }),
  ),
});

const keywordIdeasSchema = z.looseObject({
  results: listOf(
    z.looseObject({
      text: z.string(),
      keywordIdeaMetrics: z
        .looseObject({
          avgMonthlySearches: int64,
          competition: text,
          competitionIndex: int64,
          lowTopOfPageBidMicros: int64,
          highTopOfPageBidMicros: int64,
          /** The last 12 months: {month:"JANUARY", year:"2026", monthlySearches:"1000"}. */
          monthlySearchVolumes: listOf(
            z.looseObject({ month: text, year: int64, monthlySearches: int64 }),
          ),
        })
        .nullish(),
    }),
  ),
  nextPageToken: text,
  totalSize: int64,
});

/** Google's MonthOfYear ("JANUARY") as 1–12; 0 for UNSPECIFIED, UNKNOWN or anything else. */
const monthNumber = (month: string | null | undefined) =>
  MONTH_NAMES.findIndex((name) => name.toUpperCase() === month) + 1;

/** An idea's monthly search volumes in calendar order (null: not 12 months with figures). */
function ideaMonths(
  months:
    | readonly { month?: string | null; year?: unknown; monthlySearches?: unknown }[]
    | null
    | undefined,
): number[] | null {
  return calendarMonths(
    months?.map((m) => ({
      year: num(m.year) ?? 0,
      month: monthNumber(m.month),
      // proto3 JSON leaves a zero out.
      searches: num(m.monthlySearches) ?? 0,
    })),
  );
}

/** Google's status, message and error codes from its error body (an excerpt if there is none). */
function googleAdsError(response: UpstreamResponse) {
  let parsed: ReturnType<typeof googleAdsErrorSchema.safeParse> | undefined;
  try {
    parsed = googleAdsErrorSchema.safeParse(JSON.parse(response.text));
  } catch {
    // not JSON: the client quotes an excerpt
  }
  if (!parsed?.success) return { status: "", detail: undefined, codes: [] as string[] };
  const e = parsed.data.error;
  const inner = (e.details ?? []).flatMap((d) => d.errors ?? []);
  const status = e.status ?? "";
  return {
    status,
    detail: [status, inner.find((x) => x.message)?.message ?? e.message].filter(Boolean).join(": "),
    codes: inner.flatMap((x) =>
      Object.entries(x.errorCode ?? {}).map(([k, v]) => `${k}.${String(v)}`),
    ),
  };
}

export function createGoogleAdsKeywordProvider(options: KeywordProviderOptions): KeywordProvider {
  const id = "google-ads" as const;
  const version = options.googleAdsApiVersion ?? GOOGLE_ADS_API_VERSION;
  const client = keywordClient(id, options);

  async function call<T extends z.ZodType>(
    path: string,
    headers: Record<string, string>,
    body: unknown,
    schema: T,
  ): Promise<z.output<T>> {
    const base = options.config.premium.urls.googleAds;
    const response = await client.send({
      method: "POST",
      url: `${base}/${version}/${path}`,
      headers,
      json: body,
      secrets: Object.values(headers).map((value) => value.replace(/^Bearer /, "")),
    });
    if (response.status !== 200) {
      const error = googleAdsError(response);
      throw client.failure(response, {
        detail: error.detail,
        codes: error.codes.length > 0 ? ` [${error.codes.join(", ")}]` : "",
        rateLimited: error.status === "RESOURCE_EXHAUSTED",
        keyHint: {
          401: "Check GOOGLE_ADS_ACCESS_TOKEN (OAuth access tokens expire after an hour).",
          403: "Check GOOGLE_ADS_DEVELOPER_TOKEN (it must be approved for this use) and that the token's user can access GOOGLE_ADS_CUSTOMER_ID.",
        },
      });
    }
    return response.parse(schema);
  }

  return {
    id,
    label,
    grade: "measured",
    async research(input) {
      const { keys, model, fallbackCpc, provenance } = measuredStart(id, options, input);
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

      const profile = keywordProfileFor(input.industry);
      const seeds = profile.seeds.slice(0, GOOGLE_ADS_MAX_SEEDS);

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
            const intent = classifyKeywordIntent(idea.text, profile);
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
              monthlySearches: ideaMonths(m?.monthlySearchVolumes),
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
      const source = `${label}, KeywordPlanIdeaService.GenerateKeywordIdeas (${version})`;
      return {
        metrics,
        cities: located.map((l) => l.city),
        limits,
        provenance: provenance(source, {
          searchVolume: `Average monthly searches over 12 months, for the ideas of ${seeds.length} seed keywords in the Google Ads locations of ${located.length} ${located.length === 1 ? "city" : "cities"}${unlocated > 0 ? ` (${unlocated} without a Google Ads location left out)` : ""}, ${requests} request${requests === 1 ? "" : "s"} of at most ${GOOGLE_ADS_MAX_LOCATIONS} locations; a keyword's volumes from different requests add up; ${dropped} ideas not about the trade dropped`,
          cpc: `Midpoint of the top-of-page bid range (20th–80th percentile) ÷ 1,000,000${withoutBid > 0 ? `; ${withoutBid} ideas without bids use the modeled CPC of their intent` : ""}`,
        }),
      };
    },
  };
}
