/**
 * One local fake of the outside services whose keys the admin panel tests, each answering the
 * key-test request in its real wire format, for good keys and bad ones:
 *
 *   Google Maps Static API   GET  /maps/api/staticmap?key=…          200 image/png | 403 text
 *   Census Data API          GET  /data/{vintage}/acs/acs5?…&key=…   200 JSON table | 302 to invalid_key
 *   Google Places (New)      POST /v1/places:searchText (X-Goog-Api-Key, X-Goog-FieldMask)
 *   Yelp Fusion              GET  /v3/businesses/search (Bearer)     200 | 401 TOKEN_INVALID
 *   Google Ads               GET  /{version}/customers:listAccessibleCustomers
 *   DataForSEO               GET  /v3/appendix/user_data (Basic)     status_code 20000 | 40100
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type LocalServer, startLocalServer } from "./local-server.js";

export interface FakeProviderKeys {
  googleMaps?: string;
  census?: string;
  googlePlaces?: string;
  yelp?: string;
  googleAdsDeveloperToken?: string;
  googleAdsAccessToken?: string;
  googleAdsCustomers?: string[];
  dataforseo?: { login: string; password: string };
}

export interface RecordedProviderRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeProviders {
  url: string;
  requests: RecordedProviderRequest[];
  /** Environment for a test server that points every provider here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": type });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk: Buffer) => {
      data += chunk.toString("utf8");
    });
    req.on("end", () => resolve(data));
  });
}

export async function startFakeProviders(keys: FakeProviderKeys): Promise<FakeProviders> {
  const requests: RecordedProviderRequest[] = [];
  const server: LocalServer = await startLocalServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query,
      headers: req.headers,
      body,
    });
    const bearer = String(req.headers.authorization ?? "").replace(/^Bearer /, "");

    if (url.pathname === "/maps/api/staticmap") {
      if (query.key && query.key === keys.googleMaps) {
        res.writeHead(200, { "content-type": "image/png" });
        res.end(PNG_1X1);
        return;
      }
      send(
        res,
        403,
        "The Google Maps Platform server rejected your request. The provided API key is invalid.",
        "text/plain; charset=UTF-8",
      );
      return;
    }

    if (/^\/data\/\d{4}\/acs\/acs5$/.test(url.pathname)) {
      if (query.key && query.key !== keys.census) {
        res.writeHead(302, { location: "https://api.census.gov/data/invalid_key.html" });
        res.end();
        return;
      }
      send(res, 200, [
        ["NAME", "state"],
        ["District of Columbia", "11"],
      ]);
      return;
    }

    if (url.pathname === "/v1/places:searchText" && req.method === "POST") {
      if (!req.headers["x-goog-fieldmask"]) {
        send(res, 400, {
          error: {
            code: 400,
            message: "FieldMask is a required parameter.",
            status: "INVALID_ARGUMENT",
          },
        });
        return;
      }
      if (req.headers["x-goog-api-key"] !== keys.googlePlaces) {
        send(res, 400, {
          error: {
            code: 400,
            message: "API key not valid. Please pass a valid API key.",
            status: "INVALID_ARGUMENT",
          },
        });
        return;
      }
      send(res, 200, { places: [{ id: "ChIJfake" }] });
      return;
    }

    if (url.pathname === "/v3/businesses/search") {
      if (!keys.yelp || bearer !== keys.yelp) {
        send(res, 401, {
          error: {
            code: "TOKEN_INVALID",
            description: "Invalid access token or authorization header.",
          },
        });
        return;
      }
      send(res, 200, { businesses: [], total: 0, region: {} });
      return;
    }

    if (/^\/v\d+\/customers:listAccessibleCustomers$/.test(url.pathname)) {
      if (!keys.googleAdsAccessToken || bearer !== keys.googleAdsAccessToken) {
        send(res, 401, {
          error: {
            code: 401,
            message: "Request had invalid authentication credentials.",
            status: "UNAUTHENTICATED",
          },
        });
        return;
      }
      if (req.headers["developer-token"] !== keys.googleAdsDeveloperToken) {
        send(res, 403, {
          error: {
            code: 403,
            message: "The developer token is not valid.",
            status: "PERMISSION_DENIED",
          },
        });
        return;
      }
      send(res, 200, {
        resourceNames: (keys.googleAdsCustomers ?? []).map((c) => `customers/${c}`),
      });
      return;
    }

    if (url.pathname === "/v3/appendix/user_data") {
      const basic = String(req.headers.authorization ?? "").replace(/^Basic /, "");
      const [login, password] = Buffer.from(basic, "base64").toString("utf8").split(":");
      if (
        !keys.dataforseo ||
        login !== keys.dataforseo.login ||
        password !== keys.dataforseo.password
      ) {
        send(res, 401, {
          version: "0.1.20250101",
          status_code: 40100,
          status_message: "You are not authorized to access this resource.",
          tasks: null,
        });
        return;
      }
      send(res, 200, {
        version: "0.1.20250101",
        status_code: 20000,
        status_message: "Ok.",
        tasks: [],
      });
      return;
    }

    send(res, 404, { error: { code: 404, message: `No fake for ${req.method} ${url.pathname}` } });
  });
  const { url } = server;
  return {
    url,
    requests,
    env: {
      GOOGLE_MAPS_API_URL: url,
      CENSUS_API_URL: url,
      GOOGLE_PLACES_API_URL: url,
      YELP_API_URL: url,
      GOOGLE_ADS_API_URL: url,
      DATAFORSEO_API_URL: url,
    },
    close: server.close,
  };
}
