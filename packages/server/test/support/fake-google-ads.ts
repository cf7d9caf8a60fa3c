/**
 * A local fake of the Google Ads API (REST) for keyword research, in its real wire format:
 *
 *   POST /{version}/geoTargetConstants:suggest
 *     {locale, countryCode, locationNames:{names:[…]}}
 *   → {geoTargetConstantSuggestions:[{locale, reach, searchTerm, geoTargetConstant:{resourceName,
 *      status, id, name, countryCode, targetType, canonicalName}}]}
 *   POST /{version}/customers/{cid}:generateKeywordIdeas
 *     {language, geoTargetConstants:[≤ 10], keywordSeed:{keywords:[≤ 20]}, keywordPlanNetwork,
 *      pageSize, pageToken}
 *   → {results:[{text, keywordIdeaMetrics:{competition, monthlySearchVolumes, avgMonthlySearches,
 *      competitionIndex, lowTopOfPageBidMicros, highTopOfPageBidMicros}}], nextPageToken, totalSize}
 *
 * int64 fields are strings and zero/unset fields are left out, as in proto3 JSON. Errors are
 * Google's `{error:{code, message, status, details:[{@type: …GoogleAdsFailure, errors:[{errorCode,
 * message}], requestId}]}}`. It checks the headers (Authorization: Bearer, developer-token),
 * records every request and can be told to fail.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeService, type LocalServer, startLocalServer } from "./local-server.js";

const MONTH_ENUM = [
  "JANUARY",
  "FEBRUARY",
  "MARCH",
  "APRIL",
  "MAY",
  "JUNE",
  "JULY",
  "AUGUST",
  "SEPTEMBER",
  "OCTOBER",
  "NOVEMBER",
  "DECEMBER",
];
/** November 2025 to October 2026. */
const MONTHS_SHOWN = Array.from({ length: 12 }, (_, k) => ({
  month: ((10 + k) % 12) + 1,
  year: k < 2 ? 2025 : 2026,
}));
const monthsOf = (idea: FakeIdea) =>
  idea.monthlySearches ?? Array<number>(12).fill(idea.avgMonthlySearches ?? 0);

export interface FakeGeoTarget {
  /** What the suggest call is asked, e.g. "Austin, Texas". */
  searchTerm: string;
  id: string;
  name: string;
  canonicalName: string;
  targetType?: string;
}

export interface FakeIdea {
  text: string;
  avgMonthlySearches?: number;
  /** Searches January to December (default: avgMonthlySearches every month). */
  monthlySearches?: number[];
  competition?: "LOW" | "MEDIUM" | "HIGH";
  competitionIndex?: number;
  lowTopOfPageBidMicros?: number;
  highTopOfPageBidMicros?: number;
}

export type FakeGoogleAdsFailure =
  | "rate-limit"
  | "unauthenticated"
  | "permission-denied"
  | "invalid-argument"
  | "server-error"
  | "malformed"
  | "slow";

export interface RecordedGoogleAdsRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface FakeGoogleAdsOptions {
  version?: string;
  customerId: string;
  developerToken: string;
  accessToken: string;
  geoTargets: FakeGeoTarget[];
  /** Ideas per geo target id; a request's ideas are the sum over its locations. */
  ideas: Record<string, FakeIdea[]>;
  slowMs?: number;
}

export type FakeGoogleAds = FakeService<RecordedGoogleAdsRequest, FakeGoogleAdsFailure>;

const ERRORS: Record<
  Exclude<FakeGoogleAdsFailure, "malformed" | "slow">,
  { code: number; status: string; message: string; errorCode: Record<string, string> }
> = {
  "rate-limit": {
    code: 429,
    status: "RESOURCE_EXHAUSTED",
    message: "Too many requests. Retry in 30 seconds.",
    errorCode: { quotaError: "RESOURCE_EXHAUSTED" },
  },
  unauthenticated: {
    code: 401,
    status: "UNAUTHENTICATED",
    message:
      "Request is missing required authentication credential. Expected OAuth 2 access token.",
    errorCode: { authenticationError: "OAUTH_TOKEN_INVALID" },
  },
  "permission-denied": {
    code: 403,
    status: "PERMISSION_DENIED",
    message: "The developer token is only approved for use with test accounts.",
    errorCode: { authorizationError: "DEVELOPER_TOKEN_NOT_APPROVED" },
  },
  "invalid-argument": {
    code: 400,
    status: "INVALID_ARGUMENT",
    message: "Request contains an invalid argument.",
    errorCode: { requestError: "INVALID_INPUT" },
  },
  "server-error": {
    code: 500,
    status: "INTERNAL",
    message: "Internal error encountered.",
    errorCode: { internalError: "INTERNAL_ERROR" },
  },
};

function sendError(
  res: ServerResponse,
  version: string,
  mode: keyof typeof ERRORS,
  message?: string,
) {
  const e = ERRORS[mode];
  const headers: Record<string, string> = { "content-type": "application/json; charset=UTF-8" };
  if (mode === "rate-limit") headers["retry-after"] = "30";
  res.writeHead(e.code, headers);
  res.end(
    JSON.stringify({
      error: {
        code: e.code,
        message: e.message,
        status: e.status,
        details: [
          {
            "@type": `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
            errors: [{ errorCode: e.errorCode, message: message ?? e.message }],
            requestId: "fake-request-id",
          },
        ],
      },
    }),
  );
}

const str = (n: number | undefined) => (n === undefined || n === 0 ? undefined : String(n));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeGoogleAds(options: FakeGoogleAdsOptions): Promise<FakeGoogleAds> {
  const version = options.version ?? "v24";
  const requests: RecordedGoogleAdsRequest[] = [];
  let failure: FakeGoogleAdsFailure | null = null;

  function answer(
    path: string,
    body: Record<string, unknown>,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    if (req.headers.authorization !== `Bearer ${options.accessToken}`)
      return sendError(res, version, "unauthenticated");
    if (req.headers["developer-token"] !== options.developerToken)
      return sendError(res, version, "permission-denied", "The developer token is not valid.");

    if (path === `/${version}/geoTargetConstants:suggest`) {
      const names = ((body.locationNames as { names?: string[] } | undefined)?.names ?? []).map(
        String,
      );
      const suggestions = names.flatMap((name) =>
        options.geoTargets
          .filter((g) => g.searchTerm.toLowerCase() === name.toLowerCase())
          .map((g) => ({
            locale: body.locale ?? "en",
            reach: "1000000",
            searchTerm: name,
            geoTargetConstant: {
              resourceName: `geoTargetConstants/${g.id}`,
              status: "ENABLED",
              id: g.id,
              name: g.name,
              countryCode: "US",
              targetType: g.targetType ?? "City",
              canonicalName: g.canonicalName,
            },
          })),
      );
      res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
      return res.end(JSON.stringify({ geoTargetConstantSuggestions: suggestions }));
    }

    const ideasPath = /^\/([^/]+)\/customers\/(\d+):generateKeywordIdeas$/.exec(path);
    if (ideasPath && ideasPath[1] === version) {
      if (ideasPath[2] !== options.customerId)
        return sendError(res, version, "permission-denied", "The caller does not have permission");
      const geos = (body.geoTargetConstants as string[] | undefined) ?? [];
      const seeds = (body.keywordSeed as { keywords?: string[] } | undefined)?.keywords ?? [];
      if (geos.length > 10)
        return sendError(
          res,
          version,
          "invalid-argument",
          "Too many geo target constants (max 10).",
        );
      if (seeds.length === 0 || seeds.length > 20)
        return sendError(res, version, "invalid-argument", "Between 1 and 20 seed keywords.");
      // Google sums searches over the requested locations.
      const merged = new Map<string, FakeIdea>();
      for (const geo of geos) {
        for (const idea of options.ideas[geo.replace("geoTargetConstants/", "")] ?? []) {
          const m = merged.get(idea.text);
          if (m) {
            m.monthlySearches = monthsOf(m).map((v, i) => v + (monthsOf(idea)[i] ?? 0));
            m.avgMonthlySearches = (m.avgMonthlySearches ?? 0) + (idea.avgMonthlySearches ?? 0);
          } else merged.set(idea.text, { ...idea });
        }
      }
      const all = [...merged.values()];
      const pageSize = Number(body.pageSize ?? 10_000);
      const start = Number(body.pageToken ?? 0);
      const page = all.slice(start, start + pageSize);
      const next = start + pageSize < all.length ? String(start + pageSize) : undefined;
      res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
      return res.end(
        JSON.stringify({
          results: page.map((idea) => ({
            text: idea.text,
            keywordIdeaMetrics: {
              competition: idea.competition ?? "UNSPECIFIED",
              // The 12 months to October 2026, oldest first.
              monthlySearchVolumes: MONTHS_SHOWN.map(({ month, year }) => ({
                month: MONTH_ENUM[month - 1],
                year: String(year),
                monthlySearches: str(monthsOf(idea)[month - 1]),
              })),
              avgMonthlySearches: str(idea.avgMonthlySearches),
              competitionIndex: str(idea.competitionIndex),
              lowTopOfPageBidMicros: str(idea.lowTopOfPageBidMicros),
              highTopOfPageBidMicros: str(idea.highTopOfPageBidMicros),
            },
          })),
          ...(next ? { nextPageToken: next } : {}),
          totalSize: String(all.length),
        }),
      );
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<html><body>Error 404 (Not Found)</body></html>");
  }

  const server: LocalServer = await startLocalServer(async (req, res) => {
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { unparsed: text };
    }
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push({
      method: req.method ?? "GET",
      path,
      headers: {
        authorization: req.headers.authorization,
        "developer-token": req.headers["developer-token"] as string | undefined,
        "login-customer-id": req.headers["login-customer-id"] as string | undefined,
        "content-type": req.headers["content-type"],
      },
      body,
    });
    if (req.method !== "POST") {
      res.writeHead(405);
      return res.end();
    }
    switch (failure) {
      case null:
        return answer(path, body, req, res);
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"results": [{"text": "ac rep');
      case "slow":
        return server.later(res, options.slowMs ?? 5000, () => answer(path, body, req, res));
      default:
        return sendError(res, version, failure);
    }
  });
  return {
    url: server.url,
    requests,
    fail(mode) {
      failure = mode;
    },
    close: server.close,
  };
}
