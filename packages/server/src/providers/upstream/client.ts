/**
 * The one client for outside HTTP APIs (Census Data API, Google Ads, DataForSEO, Google Places,
 * Yelp, Google Maps): every provider and every key test sends its requests through it.
 *
 * What it does, once for all of them:
 * - a time limit on the whole exchange (connect, headers, body), through undici;
 * - a failure to connect, a reset or a timeout becomes UPSTREAM_FAILED naming the provider,
 *   what was asked and where ("Census Data API did not answer the request for … within 15 s
 *   (https://api.census.gov/data/2022/acs/acs5)"), never a key;
 * - an answer of any status comes back as it is ({@link UpstreamResponse}); `json()` and
 *   `parse()` turn a body that is not JSON, or not the expected shape, into UPSTREAM_FAILED;
 *   {@link UpstreamClient.failure} maps an HTTP status to the BIS error vocabulary (429 →
 *   RATE_LIMITED, anything else → UPSTREAM_FAILED, "failed" for 5xx, "refused the request" for
 *   the rest). Providers with their own status conventions (DataForSEO's codes, the Census
 *   API's redirects) map those themselves, with the client's {@link snippet}.
 *
 * No retries: a provider's caller decides whether to run again.
 */
import { type Dispatcher, request } from "undici";
import type { z } from "zod";
import { AppError } from "../../lib/errors.js";
import { redact, seconds, snippet, unexpectedAnswer } from "./messages.js";

export interface UpstreamClientOptions {
  /** The provider's name in every message: "Google Ads API (Keyword Planner)". */
  label: string;
  /** Time limit of one exchange (connect, headers, body), in milliseconds. */
  timeoutMs: number;
  /** undici dispatcher (default: the global one). The caller owns and closes it. */
  dispatcher?: Dispatcher | undefined;
  /** Headers sent with every request (a request's own headers win). */
  headers?: Record<string, string>;
  /** Said after a timeout, e.g. "Please try again." (default: nothing). */
  timeoutAdvice?: string;
}

export interface UpstreamRequest {
  url: URL | string;
  /** Default GET. */
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Sent as JSON, with `content-type` and `accept: application/json`. */
  json?: unknown;
  /** What is asked, for messages: "the census tracts of TX (state:48, …)". */
  what?: string;
  /** Where, for messages (default: the URL's origin). Never put a key here. */
  where?: string;
  /** Values never to show in a message (keys, passwords, tokens). */
  secrets?: readonly string[];
  /** The caller's cancellation: the request stops and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: number;
  /** The body as text (already read in full). */
  text: string;
  /** A response header ("" when absent; repeated headers joined with ", "). */
  header(name: string): string;
  /** The body as JSON; a body that is not JSON is UPSTREAM_FAILED with an excerpt. */
  json(): unknown;
  /** The body as JSON of this shape; anything else is UPSTREAM_FAILED "unexpected answer". */
  parse<T extends z.ZodType>(schema: T): z.output<T>;
}

export interface StatusFailureOptions {
  /** What the provider said (default: an excerpt of the body). */
  detail?: string;
  /** Appended after the status, before the period: " [errorCode.X]". */
  codes?: string;
  /** Which key to check, said after a 401 or 403 (one sentence for both, or one for each). */
  keyHint?: string | Partial<Record<401 | 403, string>>;
  /** Force RATE_LIMITED (a quota error some providers send with another status). */
  rateLimited?: boolean;
}

export interface UpstreamClient {
  readonly label: string;
  /** One exchange. Resolves with any HTTP status; rejects with an AppError when none came back. */
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** The AppError of an answer whose status is not a success. */
  failure(response: UpstreamResponse, options?: StatusFailureOptions): AppError;
}

/** The secrets of the request each answer came from: `failure` masks them in what it quotes. */
const requestSecrets = new WeakMap<UpstreamResponse, readonly string[]>();

const isTimeout = (error: unknown) => /TIMEOUT/i.test((error as { code?: string }).code ?? "");

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { label, timeoutMs } = options;

  function networkFailure(error: unknown, where: string, req: UpstreamRequest): AppError {
    const secrets = req.secrets ?? [];
    if (isTimeout(error) || (error as Error)?.name === "TimeoutError") {
      const advice = options.timeoutAdvice ? `. ${options.timeoutAdvice}` : "";
      const what = req.what ? ` the request for ${req.what}` : "";
      return new AppError(
        "UPSTREAM_FAILED",
        `${label} did not answer${what} within ${seconds(timeoutMs)} (${where})${advice}`,
        { cause: error },
      );
    }
    const code = (error as { code?: string }).code;
    const reason = [code, (error as Error)?.message].filter(Boolean).join(": ") || String(error);
    return new AppError(
      "UPSTREAM_FAILED",
      `${label} could not be reached${req.what ? ` for ${req.what}` : ""} (${where}): ${redact(reason, secrets)}`,
      { cause: error },
    );
  }

  return {
    label,

    async send(req) {
      const url = typeof req.url === "string" ? new URL(req.url) : req.url;
      const where = req.where ?? url.origin;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
      const jsonHeaders =
        req.json === undefined
          ? {}
          : { "content-type": "application/json", accept: "application/json" };
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const response = await request(url, {
          method: req.method ?? "GET",
          headers: { ...options.headers, ...jsonHeaders, ...req.headers },
          ...(req.json === undefined ? {} : { body: JSON.stringify(req.json) }),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        });
        status = response.statusCode;
        headers = response.headers;
        text = await response.body.text();
      } catch (error) {
        // The caller's own cancellation is not the provider's failure: it goes back as it came.
        if (req.signal?.aborted) throw req.signal.reason;
        throw networkFailure(timeout.aborted ? timeout.reason : error, where, req);
      }
      const header = (name: string) => {
        const value = headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(", ") : (value ?? "");
      };
      const json = () => {
        try {
          return JSON.parse(text) as unknown;
        } catch (error) {
          throw new AppError(
            "UPSTREAM_FAILED",
            `${label} returned an answer that is not JSON: ${snippet(text, req.secrets) || "(empty)"}`,
            { cause: error },
          );
        }
      };
      const answer: UpstreamResponse = {
        status,
        text,
        header,
        json,
        parse(schema) {
          const parsed = schema.safeParse(json());
          if (!parsed.success) throw unexpectedAnswer(label, parsed.error);
          return parsed.data;
        },
      };
      requestSecrets.set(answer, req.secrets ?? []);
      return answer;
    },

    failure(response, failure = {}) {
      const { status } = response;
      // What the provider said, without the request's secrets in any form (it may echo them).
      const secrets = requestSecrets.get(response) ?? [];
      const detail = redact(failure.detail ?? snippet(response.text, secrets), secrets);
      const said = `HTTP ${status}${detail ? `: ${detail}` : ""}`;
      if (status === 429 || failure.rateLimited) {
        const retryAfter = response.header("retry-after");
        const advice = /^\d+$/.test(retryAfter)
          ? `Try again in ${retryAfter} s.`
          : "Please try again later.";
        return new AppError(
          "RATE_LIMITED",
          `${label} rate limit or quota reached (${said}). ${advice}`,
        );
      }
      const keyHint =
        status === 401 || status === 403
          ? typeof failure.keyHint === "string"
            ? failure.keyHint
            : failure.keyHint?.[status]
          : undefined;
      const hint = keyHint ? ` ${keyHint}` : "";
      return new AppError(
        "UPSTREAM_FAILED",
        `${label} ${statusVerb(status)} (${said})${failure.codes ?? ""}.${hint}`,
      );
    },
  };
}

/** "failed" for a server error, "refused the request" for any other unsuccessful status. */
export function statusVerb(status: number): string {
  return status >= 500 ? "failed" : "refused the request";
}
