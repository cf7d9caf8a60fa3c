/**
 * A local fake of the U.S. Census Data API (ACS 5-year) that answers in its real wire format:
 * a JSON array of arrays, the header row first (the requested variables, then the geography
 * columns: `state`, `place` or `state`, `county`, `tract`), every cell a string, suppressed
 * values as negative sentinels. Like the real API it refuses more than 50 variables in one call,
 * takes `in` repeated (`in=state:48&in=county:*`) or space-separated. It records every request
 * and can be told to fail the way the real API does, on every request or on some.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeService, type LocalServer, startLocalServer } from "./local-server.js";

export interface FakeGeography {
  /** Census name, e.g. "Austin city, Texas". */
  name: string;
  /** Variable → cell, e.g. { B01003_001E: "961855" }. Unlisted variables answer `fallback`. */
  values: Record<string, string | null>;
}

export interface FakePlace extends FakeGeography {
  /** Five-digit place FIPS code. */
  place: string;
}

export interface FakeTract extends FakeGeography {
  /** Three-digit county FIPS code. */
  county: string;
  /** Six-digit tract code. */
  tract: string;
}

export interface FakeState extends FakeGeography {
  /** Two-digit state FIPS code. */
  fips: string;
  places: FakePlace[];
  tracts?: FakeTract[];
}

export type FakeCensusFailure =
  /** 400 with the API's plain-text error, as for an unknown variable. */
  | "bad-request"
  | "server-error"
  | "malformed-json"
  /** 302 to the invalid-key page, as for a bad key. */
  | "bad-key"
  /** 200 with an HTML page. */
  | "html"
  | "no-content"
  | "not-found"
  /** Answers after `slowMs`. */
  | "slow"
  /** Closes the connection without an answer. */
  | "reset"
  /** 429 Too Many Requests. */
  | "rate-limit";

export interface RecordedCensusRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  get: string[];
  for: string | null;
  /** Every `in` clause, space-separated ("state:48 county:*"), as the API reads them. */
  in: string | null;
  /** The `in` parameters as sent (["state:48", "county:*"]). */
  inParams: string[];
  key: string | null;
}

export interface FakeCensusOptions {
  states: FakeState[];
  /** Vintages served (default ["2022"]); others answer 404. */
  vintages?: string[];
  /** When set, any other key is redirected to the invalid-key page, as by the real API. */
  validKey?: string;
  /** Cell for a requested variable a geography does not list (default "0"). */
  fallback?: string;
  /** Delay of the "slow" failure, in ms (default 5000). */
  slowMs?: number;
}

export type FakeCensus = FakeService<RecordedCensusRequest, FakeCensusFailure> & {
  /** Only requests that `match` fail this way (until `fail(null)`). */
  failFor(mode: FakeCensusFailure, match: (request: RecordedCensusRequest) => boolean): void;
};

/** The real API's limit on `get` (NAME counts). */
export const MAX_VARIABLES = 50;

const VARIABLE = /^[A-Z]\d{5}[A-Z]?_\d{3}[A-Z]{1,2}$/;

function send(res: ServerResponse, status: number, type: string, body: string, extra = {}) {
  res.writeHead(status, { "content-type": type, ...extra });
  res.end(body);
}

export async function startFakeCensus(options: FakeCensusOptions): Promise<FakeCensus> {
  const requests: RecordedCensusRequest[] = [];
  const vintages = options.vintages ?? ["2022"];
  const fallback = options.fallback ?? "0";
  let failure: FakeCensusFailure | null = null;
  let failMatch: ((request: RecordedCensusRequest) => boolean) | null = null;

  const inClauses = (q: URLSearchParams) =>
    q
      .getAll("in")
      .flatMap((v) => v.split(/[ +]+/))
      .filter(Boolean);

  function record(req: IncomingMessage): RecordedCensusRequest {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const q = url.searchParams;
    const clauses = inClauses(q);
    const recorded = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(q),
      get: (q.get("get") ?? "").split(",").filter(Boolean),
      for: q.get("for"),
      in: clauses.length > 0 ? clauses.join(" ") : null,
      inParams: q.getAll("in"),
      key: q.get("key"),
    };
    requests.push(recorded);
    return recorded;
  }

  function answer(req: IncomingMessage, res: ServerResponse, mode: FakeCensusFailure | null) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const q = url.searchParams;
    const get = (q.get("get") ?? "").split(",").filter(Boolean);

    switch (mode) {
      case "reset":
        req.socket.destroy();
        return;
      case "bad-request":
        return send(res, 400, "text/plain", "error: unknown variable 'B99999_001E'");
      case "server-error":
        return send(res, 500, "text/html", "<html><body>Internal Server Error</body></html>");
      case "malformed-json":
        return send(res, 200, "application/json;charset=utf-8", '[["NAME","B01003_001E"],["Aus');
      case "bad-key":
        return send(res, 302, "text/html", "<html><body>Moved</body></html>", {
          location: "https://api.census.gov/data/invalid_key.html",
        });
      case "html":
        return send(res, 200, "text/html", "<html><body><h1>Invalid Key</h1></body></html>");
      case "no-content":
        res.writeHead(204);
        return res.end();
      case "not-found":
        return send(res, 404, "text/html", "<html><body>404 Not Found</body></html>");
      case "rate-limit":
        return send(res, 429, "text/plain", "Too Many Requests");
      default:
        break;
    }

    const match = /^\/data\/(\d{4})\/acs\/acs5$/.exec(url.pathname);
    if (!match || !vintages.includes(match[1] as string)) {
      return send(res, 404, "text/html", "<html><body>404 Not Found</body></html>");
    }
    const key = q.get("key");
    if (options.validKey !== undefined && key !== options.validKey) {
      return send(res, 302, "text/html", "<html><body>Moved</body></html>", {
        location: "https://api.census.gov/data/invalid_key.html",
      });
    }
    if (get.length === 0) {
      return send(res, 400, "text/plain", "error: missing 'get' parameter");
    }
    if (get.length > MAX_VARIABLES) {
      return send(res, 400, "text/plain", "error: 'get' is limited to 50 variables");
    }
    const unknown = get.find((v) => v !== "NAME" && !VARIABLE.test(v));
    if (unknown) return send(res, 400, "text/plain", `error: unknown variable '${unknown}'`);

    const forGeo = q.get("for") ?? "";
    const clauses = inClauses(q);
    const inGeo = clauses.join(" ");
    const cells = (geo: FakeGeography) =>
      get.map((v) =>
        v === "NAME" ? geo.name : v in geo.values ? (geo.values[v] ?? null) : fallback,
      );
    let table: (string | null)[][];
    const placeFor = /^place:\*$/.exec(forGeo);
    const tractFor = /^tract:\*$/.exec(forGeo);
    const stateIn = /^state:(\d{2})$/.exec(inGeo);
    const stateFor = /^state:(\d{2})$/.exec(forGeo);
    const stateCountyIn = /^state:(\d{2})(?: county:(\*|\d{3}))?$/.exec(inGeo);
    if (tractFor && stateCountyIn) {
      const state = options.states.find((s) => s.fips === stateCountyIn[1]);
      const county = stateCountyIn[2] ?? "*";
      const tracts = (state?.tracts ?? []).filter((t) => county === "*" || t.county === county);
      if (!state || tracts.length === 0) {
        res.writeHead(204);
        return res.end();
      }
      table = [
        [...get, "state", "county", "tract"],
        ...tracts.map((t) => [...cells(t), state.fips, t.county, t.tract]),
      ];
    } else if (placeFor && stateIn) {
      const state = options.states.find((s) => s.fips === stateIn[1]);
      if (!state) {
        res.writeHead(204);
        return res.end();
      }
      table = [
        [...get, "state", "place"],
        ...state.places.map((p) => [...cells(p), state.fips, p.place]),
      ];
    } else if (stateFor && !inGeo) {
      const state = options.states.find((s) => s.fips === stateFor[1]);
      if (!state) {
        res.writeHead(204);
        return res.end();
      }
      table = [
        [...get, "state"],
        [...cells(state), state.fips],
      ];
    } else {
      return send(res, 400, "text/plain", "error: unknown/unsupported geography heirarchy");
    }
    // The real API puts one row per line.
    const body = `[${table.map((row) => JSON.stringify(row)).join(",\n")}]`;
    send(res, 200, "application/json;charset=utf-8", body);
  }

  const server: LocalServer = await startLocalServer((req, res) => {
    const recorded = record(req);
    const mode = failure && (!failMatch || failMatch(recorded)) ? failure : null;
    if (mode === "slow") {
      return server.later(res, options.slowMs ?? 5000, () => answer(req, res, null));
    }
    answer(req, res, mode);
  });

  return {
    url: server.url,
    requests,
    fail(mode) {
      failure = mode;
      failMatch = null;
    },
    failFor(mode, match) {
      failure = mode;
      failMatch = match;
    },
    close: server.close,
  };
}
