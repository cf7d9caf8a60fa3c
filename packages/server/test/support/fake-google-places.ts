/**
 * A local fake of the Google Places API (New) Text Search, in its real wire format:
 *
 *   POST /v1/places:searchText
 *   X-Goog-Api-Key: KEY            (wrong key: 400 INVALID_ARGUMENT "API key not valid…")
 *   X-Goog-FieldMask: a,b,…        (missing: 400 "FieldMask is a required parameter…")
 *   {textQuery, locationBias:{circle:{center:{latitude,longitude},radius}}, pageSize, pageToken}
 *   → {places:[{id, displayName:{text, languageCode}, formattedAddress, location, rating,
 *      userRatingCount, websiteUri, nationalPhoneNumber}], nextPageToken}
 *
 * Only the fields named in the mask are returned, as the real API does. It records every
 * request and can fail the ways the real API does (Google's JSON error body, `error.status`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeService, type LocalServer, startLocalServer } from "./local-server.js";

export interface FakeGooglePlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
  rating?: number;
  userRatingCount?: number;
  formattedAddress?: string;
  websiteUri?: string;
  nationalPhoneNumber?: string;
}

export type FakeGooglePlacesFailure =
  | "rate-limit"
  | "permission-denied"
  | "server-error"
  | "malformed-json"
  | "slow";

export interface RecordedGoogleRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  fieldMask: string | null;
  apiKey: string | null;
  body: {
    textQuery?: string;
    locationBias?: {
      circle?: { center?: { latitude?: number; longitude?: number }; radius?: number };
    };
    pageSize?: number;
    pageToken?: string;
  };
}

export interface FakeGooglePlaces
  extends FakeService<RecordedGoogleRequest, FakeGooglePlacesFailure> {
  /** The places every search answers with (in this order), paged by pageSize. */
  places: FakeGooglePlace[];
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body, null, 2));
}

function googleError(res: ServerResponse, code: number, status: string, message: string) {
  json(res, code, { error: { code, message, status } });
}

function toWire(place: FakeGooglePlace): Record<string, unknown> {
  return {
    id: place.id,
    displayName: { text: place.name, languageCode: "en" },
    formattedAddress: place.formattedAddress,
    location: { latitude: place.lat, longitude: place.lon },
    rating: place.rating,
    userRatingCount: place.userRatingCount,
    websiteUri: place.websiteUri,
    nationalPhoneNumber: place.nationalPhoneNumber,
  };
}

export async function startFakeGooglePlaces(options: {
  apiKey: string;
  places?: FakeGooglePlace[];
  slowMs?: number;
}): Promise<FakeGooglePlaces> {
  const requests: RecordedGoogleRequest[] = [];
  let failure: FakeGooglePlacesFailure | null = null;
  const state: FakeGooglePlaces = {
    url: "",
    requests,
    places: options.places ?? [],
    fail(mode) {
      failure = mode;
    },
    close: async () => {},
  };

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
    mode: FakeGooglePlacesFailure | null,
  ) {
    const record = requests[requests.length - 1] as RecordedGoogleRequest;
    if (req.method !== "POST" || req.url !== "/v1/places:searchText") {
      return googleError(res, 404, "NOT_FOUND", `Method not found: ${req.method} ${req.url}`);
    }
    switch (mode) {
      case "rate-limit":
        return googleError(
          res,
          429,
          "RESOURCE_EXHAUSTED",
          "Quota exceeded for quota metric 'SearchTextRequest' and limit 'SearchTextRequest per minute' of service 'places.googleapis.com'.",
        );
      case "permission-denied":
        return googleError(
          res,
          403,
          "PERMISSION_DENIED",
          "Places API (New) has not been used in project 000000000000 before or it is disabled.",
        );
      case "server-error":
        return googleError(res, 500, "INTERNAL", "Internal error encountered.");
      case "malformed-json":
        res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
        return res.end('{"places": [{"id": "abc", ');
      default:
        break;
    }
    if (record.apiKey !== options.apiKey) {
      return googleError(
        res,
        400,
        "INVALID_ARGUMENT",
        "API key not valid. Please pass a valid API key.",
      );
    }
    if (!record.fieldMask) {
      return googleError(
        res,
        400,
        "INVALID_ARGUMENT",
        "FieldMask is a required parameter. See how to specify it https://developers.google.com/maps/documentation/places/web-service/choose-fields",
      );
    }
    let body: RecordedGoogleRequest["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    if (!body.textQuery) {
      return googleError(res, 400, "INVALID_ARGUMENT", "Empty text_query.");
    }
    const radius = body.locationBias?.circle?.radius;
    if (radius !== undefined && (radius <= 0 || radius > 50_000)) {
      return googleError(
        res,
        400,
        "INVALID_ARGUMENT",
        "Invalid location_bias.circle.radius. It must be between 0.0 and 50000.0, inclusive.",
      );
    }
    const pageSize = Math.min(Math.max(body.pageSize ?? 20, 1), 20);
    const offset = body.pageToken ? Number(Buffer.from(body.pageToken, "base64url").toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) {
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid page_token.");
    }
    const fields = record.fieldMask.split(",").map((f) => f.trim());
    const all = fields.includes("*");
    const page = state.places.slice(offset, offset + pageSize).map((p) => {
      const wire = toWire(p);
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(wire)) {
        if (value === undefined) continue;
        if (all || fields.includes(`places.${key}`) || fields.includes("places")) out[key] = value;
      }
      return out;
    });
    const next = offset + pageSize < state.places.length;
    const response: Record<string, unknown> = {};
    if (page.length > 0) response.places = page;
    if (next && (all || fields.includes("nextPageToken"))) {
      response.nextPageToken = Buffer.from(String(offset + pageSize)).toString("base64url");
    }
    json(res, 200, response);
  }

  const server: LocalServer = await startLocalServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      let parsed: RecordedGoogleRequest["body"] = {};
      try {
        parsed = JSON.parse(raw);
      } catch {
        // recorded as empty
      }
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === "string" ? v : null;
      };
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        fieldMask: header("x-goog-fieldmask"),
        apiKey: header("x-goog-api-key"),
        body: parsed,
      });
      if (failure === "slow") {
        return server.later(res, options.slowMs ?? 5000, () => answer(req, res, raw, null));
      }
      answer(req, res, raw, failure);
    });
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
