/**
 * A local fake of DataForSEO's Google Ads search volume endpoint (live), in its real wire format:
 *
 *   POST /v3/keywords_data/google_ads/search_volume/live
 *   Authorization: Basic base64(login:password)
 *   [{keywords:[≤ 1000], location_name:"Austin,Texas,United States", language_name:"English"}]
 *   → {version, status_code:20000, status_message:"Ok.", time, cost, tasks_count, tasks_error,
 *      tasks:[{id, status_code, status_message, time, cost, result_count, path, data,
 *      result:[{keyword, spell, location_code, language_code, search_partners, competition,
 *      competition_index, search_volume, low_top_of_page_bid, high_top_of_page_bid, cpc,
 *      monthly_searches:[{year, month, search_volume}]}]}]}
 *
 * Failures come as DataForSEO sends them: a status_code other than 20000 at the top level or in
 * the task (40100 not authorized, 40200 payment required, 40202 rate limit, 40501 invalid field,
 * 50000 internal error). It records every request and can be told to fail.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeService, type LocalServer, startLocalServer } from "./local-server.js";

export interface FakeVolume {
  search_volume: number | null;
  cpc: number | null;
  competition_index?: number | null;
  /** Searches January to December (default: search_volume every month). */
  monthly?: number[];
}

/** The 12 months to October 2026, newest first, as DataForSEO lists them. */
function monthlySearches(v: FakeVolume) {
  return Array.from({ length: 12 }, (_, k) => {
    const month = ((9 - k + 12) % 12) + 1;
    return {
      year: k < 10 ? 2026 : 2025,
      month,
      search_volume: v.monthly ? (v.monthly[month - 1] ?? null) : v.search_volume,
    };
  });
}

export type FakeDataforseoFailure =
  | "rate-limit"
  | "http-429"
  | "unauthorized"
  | "balance"
  | "task-error"
  | "server-error"
  | "malformed"
  | "slow";

export interface RecordedDataforseoRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeDataforseoOptions {
  login: string;
  password: string;
  /** Locations the fake knows ("Austin,Texas,United States", "Texas,United States"). */
  locations: string[];
  /** The figures of a keyword in a location; null: Google has no data for it. */
  volume: (keyword: string, location: string) => FakeVolume | null;
  slowMs?: number;
}

export type FakeDataforseo = FakeService<RecordedDataforseoRequest, FakeDataforseoFailure>;

const level = (index: number | null | undefined) =>
  index == null ? null : index >= 67 ? "HIGH" : index >= 34 ? "MEDIUM" : "LOW";

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function envelope(statusCode: number, message: string, tasks: unknown[] | null) {
  return {
    version: "0.1.20260801",
    status_code: statusCode,
    status_message: message,
    time: "0.2100 sec.",
    cost: tasks ? 0.075 * tasks.length : 0,
    tasks_count: tasks?.length ?? 0,
    tasks_error: 0,
    tasks,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeDataforseo(options: FakeDataforseoOptions): Promise<FakeDataforseo> {
  const requests: RecordedDataforseoRequest[] = [];
  let failure: FakeDataforseoFailure | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString("base64")}`;

  function task(
    id: string,
    statusCode: number,
    message: string,
    data: unknown,
    result: unknown[] | null,
  ) {
    return {
      id,
      status_code: statusCode,
      status_message: message,
      time: "0.1500 sec.",
      cost: 0.075,
      result_count: result?.length ?? 0,
      path: ["v3", "keywords_data", "google_ads", "search_volume", "live"],
      data: {
        api: "keywords_data",
        function: "search_volume",
        se: "google_ads",
        ...(data as object),
      },
      result,
    };
  }

  function answer(path: string, body: unknown, req: IncomingMessage, res: ServerResponse) {
    if (path !== "/v3/keywords_data/google_ads/search_volume/live")
      return json(res, 404, envelope(40400, "Not Found.", null));
    if (req.headers.authorization !== expectedAuth)
      return json(
        res,
        401,
        envelope(40100, "You are not authorized to access this resource.", null),
      );
    if (!Array.isArray(body) || body.length === 0)
      return json(res, 400, envelope(40503, "POST Data Is Invalid.", null));
    const tasks = body.map((t: Record<string, unknown>) => {
      const id = randomUUID();
      const keywords = Array.isArray(t.keywords) ? (t.keywords as string[]) : [];
      const location = String(t.location_name ?? "");
      if (keywords.length === 0 || keywords.length > 1000)
        return task(id, 40501, "Invalid Field: 'keywords'.", t, null);
      if (!options.locations.includes(location))
        return task(id, 40501, "Invalid Field: 'location_name'.", t, null);
      if (t.language_name !== "English")
        return task(id, 40501, "Invalid Field: 'language_name'.", t, null);
      const result = keywords.map((raw) => {
        const keyword = raw.toLowerCase();
        const v = options.volume(keyword, location);
        return {
          keyword,
          spell: null,
          location_code: null,
          language_code: null,
          search_partners: false,
          competition: level(v?.competition_index),
          competition_index: v?.competition_index ?? null,
          search_volume: v?.search_volume ?? null,
          low_top_of_page_bid: v?.cpc != null ? Math.round(v.cpc * 50) / 100 : null,
          high_top_of_page_bid: v?.cpc != null ? Math.round(v.cpc * 150) / 100 : null,
          cpc: v?.cpc ?? null,
          monthly_searches: v ? monthlySearches(v) : null,
        };
      });
      return task(id, 20000, "Ok.", t, result);
    });
    json(res, 200, envelope(20000, "Ok.", tasks));
  }

  const server: LocalServer = await startLocalServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { unparsed: text };
    }
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push({
      method: req.method ?? "GET",
      path,
      authorization: req.headers.authorization,
      body,
    });
    switch (failure) {
      case null:
        return answer(path, body, req, res);
      case "rate-limit":
        return json(
          res,
          200,
          envelope(40202, "Rate-limit exceeded. Please contact support.", null),
        );
      case "http-429":
        res.writeHead(429, { "content-type": "text/plain" });
        return res.end("Too Many Requests");
      case "unauthorized":
        return json(
          res,
          401,
          envelope(40100, "You are not authorized to access this resource.", null),
        );
      case "balance":
        return json(res, 402, envelope(40200, "Payment Required.", null));
      case "task-error":
        return json(
          res,
          200,
          envelope(20000, "Ok.", [
            task(randomUUID(), 40501, "Invalid Field: 'location_name'.", {}, null),
          ]),
        );
      case "server-error":
        return json(res, 500, envelope(50000, "Internal Error.", null));
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"status_code": 20000, "tasks": [');
      case "slow":
        return server.later(res, options.slowMs ?? 5000, () => answer(path, body, req, res));
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
