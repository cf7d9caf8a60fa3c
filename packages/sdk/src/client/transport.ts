/**
 * Transport: the one place where requests are sent, headers set, time limits applied and
 * failures mapped to `BisApiError` (DESIGN rule 3). Resources only call `request()`.
 */
import type { z } from "zod";
import { errorFromResponse, networkError } from "../errors.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Base URL of the BIS server; "" for same-origin calls from the app. */
  baseUrl?: string;
  /** fetch implementation; the global one by default. */
  fetch?: FetchLike;
  /** Extra headers sent with every call (for example `Authorization: Bearer …`). */
  headers?: Record<string, string>;
  /** Abort a call after this many milliseconds (default 30 s). */
  timeoutMs?: number;
}

export interface RequestOptions<T> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** Parses the success body; without it the body is not read. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Headers of this call only (e.g. the widget's partner key). */
  headers?: Record<string, string>;
  /** "omit" for calls that must never carry cookies (the widget); "include" by default. */
  credentials?: RequestCredentials;
}

export interface Transport {
  request<T>(options: RequestOptions<T>): Promise<T>;
  /** A raw call for the few cases that must see the status themselves (e.g. 401 → no user). */
  send(options: Omit<RequestOptions<unknown>, "schema">): Promise<Response>;
  readonly baseUrl: string;
}

export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(req: Omit<RequestOptions<unknown>, "schema">): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...options.headers,
      ...req.headers,
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(req.body);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    try {
      return await doFetch(`${baseUrl}${req.path}`, {
        method: req.method,
        headers,
        body,
        credentials: req.credentials ?? "include",
        signal,
      });
    } catch (cause) {
      throw networkError(cause);
    }
  }

  async function request<T>(req: RequestOptions<T>): Promise<T> {
    const response = await send(req);
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw errorFromResponse(response.status, response.statusText, text);
    }
    if (!req.schema) {
      await response.body?.cancel().catch(() => undefined);
      return undefined as T;
    }
    return req.schema.parse(await response.json());
  }

  return { request, send, baseUrl };
}
