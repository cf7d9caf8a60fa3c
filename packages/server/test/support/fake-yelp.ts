/**
 * A local fake of the Yelp Fusion business search, in its real wire format:
 *
 *   GET /v3/businesses/search?term&latitude&longitude&radius(m, ≤ 40000)&limit(≤ 50)&offset&sort_by
 *   Authorization: Bearer KEY        (wrong or missing: 401 TOKEN_INVALID)
 *   → {businesses:[{id, alias, name, image_url, is_closed, url, review_count, categories:[{alias,title}],
 *      rating, coordinates:{latitude,longitude}, transactions, location:{address1, city, zip_code,
 *      country, state, display_address}, phone, display_phone, distance}], total, region:{center}}
 *
 * Errors use Yelp's body `{error:{code, description}}`. `distance` is computed in metres from
 * the query point, as Yelp does. It records every request and can fail the ways Yelp does.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeService, type LocalServer, startLocalServer } from "./local-server.js";

export interface FakeYelpBusiness {
  id: string;
  name: string;
  lat: number;
  lon: number;
  rating?: number;
  reviewCount?: number;
  /** "+15125550100" */
  phone?: string;
  categories?: { alias: string; title: string }[];
  address1?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export type FakeYelpFailure =
  | "rate-limit"
  | "daily-limit"
  | "server-error"
  | "malformed-json"
  | "slow";

export interface RecordedYelpRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
}

export interface FakeYelp extends FakeService<RecordedYelpRequest, FakeYelpFailure> {
  businesses: FakeYelpBusiness[];
  /** Overrides the `total` reported (default: the number of businesses). */
  total: number | null;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function yelpError(
  res: ServerResponse,
  status: number,
  code: string,
  description: string,
  extra = {},
) {
  json(res, status, { error: { code, description, ...extra } });
}

function metres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(lat2 - lat1) / 2) ** 2 +
    Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lon2 - lon1) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export async function startFakeYelp(options: {
  apiKey: string;
  businesses?: FakeYelpBusiness[];
  slowMs?: number;
}): Promise<FakeYelp> {
  const requests: RecordedYelpRequest[] = [];
  let failure: FakeYelpFailure | null = null;
  const state: FakeYelp = {
    url: "",
    requests,
    businesses: options.businesses ?? [],
    total: null,
    fail(mode) {
      failure = mode;
    },
    close: async () => {},
  };

  function answer(req: IncomingMessage, res: ServerResponse, mode: FakeYelpFailure | null) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/v3/businesses/search") {
      return yelpError(res, 404, "NOT_FOUND", "Resource could not be found.");
    }
    switch (mode) {
      case "rate-limit":
        return yelpError(
          res,
          429,
          "TOO_MANY_REQUESTS_PER_SECOND",
          "You have exceeded the queries-per-second limit for this endpoint. Try reducing the rate at which you make queries.",
        );
      case "daily-limit":
        return yelpError(
          res,
          429,
          "ACCESS_LIMIT_REACHED",
          "You've reached the access limit for this client. See instructions for requesting a higher access limit at https://docs.developer.yelp.com/docs/fusion-rate-limiting",
        );
      case "server-error":
        return yelpError(
          res,
          500,
          "INTERNAL_ERROR",
          "Something went wrong internally, please try your request again",
        );
      case "malformed-json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"businesses": [');
      default:
        break;
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return yelpError(res, 401, "TOKEN_INVALID", "Invalid access token or authorization header.");
    }
    const q = url.searchParams;
    const lat = Number(q.get("latitude"));
    const lon = Number(q.get("longitude"));
    if (!q.has("location") && (!q.has("latitude") || !q.has("longitude"))) {
      return yelpError(
        res,
        400,
        "VALIDATION_ERROR",
        "Please specify a location or a latitude and longitude",
      );
    }
    const int = (name: string, fallback: number) => (q.has(name) ? Number(q.get(name)) : fallback);
    const radius = int("radius", 40_000);
    if (!Number.isInteger(radius) || radius > 40_000) {
      return yelpError(
        res,
        400,
        "VALIDATION_ERROR",
        `${q.get("radius")} is greater than the maximum of 40000`,
        {
          field: "radius",
          instance: radius,
        },
      );
    }
    const limit = int("limit", 20);
    if (!Number.isInteger(limit) || limit < 0 || limit > 50) {
      return yelpError(
        res,
        400,
        "VALIDATION_ERROR",
        `${q.get("limit")} is greater than the maximum of 50`,
        {
          field: "limit",
          instance: limit,
        },
      );
    }
    const offset = int("offset", 0);
    if (offset + limit > 240) {
      return yelpError(
        res,
        400,
        "VALIDATION_ERROR",
        "Too many results requested, limit+offset must be <= 240.",
      );
    }
    const businesses = state.businesses.slice(offset, offset + limit).map((b) => ({
      id: b.id,
      alias: b.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      name: b.name,
      image_url: "",
      is_closed: false,
      url: `https://www.yelp.com/biz/${b.id}`,
      review_count: b.reviewCount ?? 0,
      categories: b.categories ?? [{ alias: "hvac", title: "Heating & Air Conditioning/HVAC" }],
      rating: b.rating ?? 0,
      coordinates: { latitude: b.lat, longitude: b.lon },
      transactions: [],
      location: {
        address1: b.address1 ?? "",
        address2: null,
        address3: "",
        city: b.city ?? "",
        zip_code: b.zip ?? "",
        country: "US",
        state: b.state ?? "",
        display_address: [b.address1, [b.city, b.state].filter(Boolean).join(", ")].filter(
          (line): line is string => Boolean(line),
        ),
      },
      phone: b.phone ?? "",
      display_phone: b.phone ? b.phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3") : "",
      distance: metres(lat, lon, b.lat, b.lon),
    }));
    json(res, 200, {
      businesses,
      total: state.total ?? state.businesses.length,
      region: { center: { longitude: lon, latitude: lat } },
    });
  }

  const server: LocalServer = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization:
        typeof req.headers.authorization === "string" ? req.headers.authorization : null,
    });
    if (failure === "slow") {
      return server.later(res, options.slowMs ?? 5000, () => answer(req, res, null));
    }
    answer(req, res, failure);
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
