/**
 * What the competitor providers share: the interface, the labels, the search around the target,
 * and how a provider's refusal is worded (its own error message when its body has one).
 */
import type { CompetitorListing, CompetitorSource, ProviderResult } from "@bis/sdk";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import {
  createUpstreamClient,
  type UpstreamClient,
  type UpstreamResponse,
} from "../upstream/client.js";
import { snippet } from "../upstream/messages.js";

export const METERS_PER_MILE = 1609.34;
/** Every request (connect, headers, body) must finish within this many milliseconds. */
export const COMPETITOR_TIMEOUT_MS = 15_000;

export const PROVIDER_LABELS: Record<CompetitorSource, string> = {
  "google-places": "Google Places API (New)",
  yelp: "Yelp Fusion",
  sample: "Sample data (demo mode, not real businesses)",
};

export interface CompetitorSearch {
  /** "Austin, TX" */
  location: string;
  lat: number;
  lon: number;
  radiusMiles: number;
  /** Households within the radius (the sample provider sizes its market with it). */
  households: number | null;
  /** Makes sample data repeatable per analysis. */
  seed: string;
}

export interface CompetitorProvider {
  source: CompetitorSource;
  label: string;
  /** The query terms, for the record. */
  terms: string[];
  search(query: CompetitorSearch): Promise<ProviderResult>;
}

export interface HttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/** The client a measured competitor provider sends its requests through. */
export function competitorClient(label: string, options: HttpOptions): UpstreamClient {
  return createUpstreamClient({
    label,
    timeoutMs: options.timeoutMs ?? COMPETITOR_TIMEOUT_MS,
    dispatcher: options.dispatcher,
  });
}

/** The provider's error message from its JSON error body, or an excerpt of the body. */
function errorDetail(text: string): string {
  try {
    // Google: {error:{code, message, status}}; Yelp: {error:{code, description}}.
    const body = JSON.parse(text) as {
      error?: { message?: string; status?: string; code?: string; description?: string };
    };
    const e = body.error;
    if (e) return [e.status ?? e.code, e.message ?? e.description].filter(Boolean).join(": ");
  } catch {
    // not JSON
  }
  return snippet(text);
}

/** The answer's body, parsed with `schema`, after a 200; the provider's refusal otherwise. */
export function answerOf<T extends z.ZodType>(
  client: UpstreamClient,
  response: UpstreamResponse,
  schema: T,
  keyHint: string,
): z.output<T> {
  if (response.status !== 200) {
    throw client.failure(response, { detail: errorDetail(response.text), keyHint });
  }
  return response.parse(schema);
}

/** The search radius in metres, at most the provider's maximum. */
export function radiusMeters(query: CompetitorSearch, maxMeters: number): number {
  return Math.min(Math.round(query.radiusMiles * METERS_PER_MILE), maxMeters);
}

/** The result of a measured search that went through. */
export function measuredResult(
  source: CompetitorSource,
  found: {
    listings: CompetitorListing[];
    reportedTotal: number | null;
    pages: number;
    truncated: boolean;
  },
): ProviderResult {
  return { source, label: PROVIDER_LABELS[source], grade: "measured", status: "ok", ...found };
}
