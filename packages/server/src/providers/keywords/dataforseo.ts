/**
 * The DataForSEO keyword provider (measured): Google Ads search volume, live.
 *
 *   POST {base}/v3/keywords_data/google_ads/search_volume/live
 *     Authorization: Basic base64(login:password)
 *     [{keywords:[≤ 1000], location_name:"Austin,Texas,United States", language_name:"English"}]
 *   → {status_code:20000, tasks:[{status_code, status_message, result:[{keyword,
 *      search_volume, cpc, competition, competition_index, monthly_searches:[{year, month,
 *      search_volume}] (the last 12 months, newest first), …}]}]}
 *
 * One task per request (Google Ads live endpoints allow 12 requests a minute): city-named
 * keywords are measured in their state, the others in the target city. DataForSEO reports
 * failures in its own status codes (rate limit 40202/40209, credentials, balance), mapped here.
 */
import {
  calendarMonths,
  classifyKeywordIntent,
  type KeywordMetric,
  keywordCityLimit,
  keywordProfileFor,
} from "@bis/sdk";
import { z } from "zod";
import { AppError } from "../../lib/errors.js";
import { statusVerb } from "../upstream/client.js";
import { basicAuthSecrets, snippet, unexpectedAnswer } from "../upstream/messages.js";
import {
  KEYWORD_PROVIDER_LABELS,
  type KeywordProvider,
  type KeywordProviderOptions,
  keywordClient,
  measuredStart,
  num,
  stateName,
} from "./provider.js";

export const DATAFORSEO_MAX_KEYWORDS = 1000;
export const DATAFORSEO_LANGUAGE = "English";
export const DATAFORSEO_OK = 20000;
/** DataForSEO status codes that mean "too many requests". */
export const DATAFORSEO_RATE_LIMIT_CODES: readonly number[] = [40202, 40209];
/** DataForSEO status codes that mean the login or password is wrong or the account blocked. */
export const DATAFORSEO_AUTH_CODES: readonly number[] = [40100, 40101, 40104];
/** DataForSEO status codes about money: no balance, payment required. */
export const DATAFORSEO_BALANCE_CODES: readonly number[] = [40200, 40210];

const dataforseoResultSchema = z.looseObject({
  keyword: z.string(),
  search_volume: z.number().nullish(),
  cpc: z.number().nullish(),
  competition: z.union([z.string(), z.number()]).nullish(),
  competition_index: z.number().nullish(),
  low_top_of_page_bid: z.number().nullish(),
  high_top_of_page_bid: z.number().nullish(),
  /** The last 12 months, newest first. */
  monthly_searches: z
    .array(
      z.looseObject({
        year: z.number(),
        month: z.number(),
        search_volume: z.number().nullish(),
      }),
    )
    .nullish(),
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
    `${label} ${statusVerb(code >= 50000 ? 500 : httpStatus)} (${what}).`,
  );
}

interface DataforseoTask {
  location: string;
  keywords: string[];
}

export function createDataforseoKeywordProvider(options: KeywordProviderOptions): KeywordProvider {
  const id = "dataforseo" as const;
  const label = KEYWORD_PROVIDER_LABELS[id];
  const client = keywordClient(id, options);

  async function live(auth: string, task: DataforseoTask, secrets: string[]) {
    const response = await client.send({
      method: "POST",
      url: `${options.config.premium.urls.dataforseo}/v3/keywords_data/google_ads/search_volume/live`,
      headers: { authorization: `Basic ${auth}` },
      json: [
        {
          keywords: task.keywords,
          location_name: task.location,
          language_name: DATAFORSEO_LANGUAGE,
        },
      ],
      secrets,
    });
    // DataForSEO's own status code decides, when its body says one.
    const httpFailure = () =>
      dataforseoFailure(response.status, snippet(response.text, secrets), response.status);
    let body: unknown;
    try {
      body = response.json();
    } catch (error) {
      if (response.status !== 200) throw httpFailure();
      throw error;
    }
    const parsed = dataforseoResponseSchema.safeParse(body);
    if (!parsed.success) {
      if (response.status !== 200) throw httpFailure();
      throw unexpectedAnswer(label, parsed.error);
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
      const { keys, model, fallbackCpc, provenance } = measuredStart(id, options, input);
      const auth = Buffer.from(`${keys.dataforseoLogin}:${keys.dataforseoPassword}`).toString(
        "base64",
      );
      const secrets = basicAuthSecrets(keys.dataforseoLogin ?? "", keys.dataforseoPassword ?? "");
      const profile = keywordProfileFor(input.industry);
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
        for (const r of await live(auth, task, secrets)) {
          const keyword = r.keyword.toLowerCase();
          const intent = intentOf.get(keyword) ?? classifyKeywordIntent(keyword, profile);
          if (!intent) continue;
          const cpc = num(r.cpc);
          if (cpc === null) withoutCpc += 1;
          metrics.push({
            keyword,
            intent,
            searchVolume: num(r.search_volume) ?? 0,
            cpc: cpc ?? fallbackCpc.get(intent) ?? 0,
            competition: num(r.competition_index),
            monthlySearches: calendarMonths(
              r.monthly_searches?.map((m) => ({
                year: m.year,
                month: m.month,
                searches: num(m.search_volume),
              })),
            ),
          });
        }
      }

      const source = `${label}: keywords_data/google_ads/search_volume/live`;
      const states = [...groups.keys()].filter((l) => l.split(",").length === 2);
      return {
        metrics,
        cities: model.cities,
        limits: keywordCityLimit(model.cities.length, model.citiesAvailable),
        provenance: provenance(source, {
          searchVolume: `Google Ads average monthly searches for the ${model.candidates.length} keywords of the BIS taxonomy over ${model.cities.length} ${model.cities.length === 1 ? "city" : "cities"}: city-named keywords measured in their state (${states.map((s) => s.split(",")[0]).join(", ")}), the others in ${target?.name ?? "the target city"} only (not the whole radius); ${tasks.length} request${tasks.length === 1 ? "" : "s"}`,
          cpc: `Google Ads CPC as reported by DataForSEO${withoutCpc > 0 ? `; ${withoutCpc} keywords without one use the modeled CPC of their intent` : ""}`,
        }),
      };
    },
  };
}
