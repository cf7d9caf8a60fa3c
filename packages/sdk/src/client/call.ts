/**
 * One call of the endpoint table over fetch, without zod or the error table: the transport
 * (transport.ts) sends every request through `send`, and bundles that must stay small (the
 * widget, from `@bis/sdk/constants`) use `call`, which reads the JSON answer unchecked.
 */
import type { Endpoint } from "../api/endpoint.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SendOptions {
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** "omit" for calls that must never carry cookies; the table's partner calls always omit them. */
  credentials?: RequestCredentials;
  /** The server's address ("" for the same origin). */
  baseUrl?: string;
  fetch?: FetchLike;
}

/** Sends a call of the table; the answer as it came (a failed fetch rejects as fetch does). */
export function send(endpoint: Endpoint, path: string, o: SendOptions = {}): Promise<Response> {
  return (o.fetch ?? fetch)((o.baseUrl ?? "") + path, {
    method: endpoint.method,
    headers: { "Content-Type": "application/json", ...o.headers },
    body: JSON.stringify(o.body),
    credentials: o.credentials ?? (endpoint.access === "partner" ? "omit" : "include"),
    signal: o.signal,
  });
}

/** A failed call as `call` raises it: the server's `code` and `message`. */
export interface CallFailure {
  /** The server's error code (the SDK's `ERRORS`); "NETWORK_ERROR" when it was not reached. */
  code: string;
  message: string;
}

/**
 * Sends a JSON call of the table without path parameters (the widget's), never with cookies,
 * and resolves to its answer, unchecked (null when there is none); raises a `CallFailure`
 * with the server's code.
 * Zod-free and small, for `@bis/sdk/constants`; the typed client's calls go through `send`.
 */
export async function call<T = unknown>(
  endpoint: Endpoint,
  { baseUrl, body, headers }: Pick<SendOptions, "body" | "headers"> & { baseUrl: string },
): Promise<T> {
  const res = await fetch(baseUrl + endpoint.path, {
    method: endpoint.method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
    credentials: "omit",
  }).catch(() => null);
  const data = await res?.json().catch(() => null);
  if (res?.ok) return data;
  throw {
    code: data?.code ?? (res ? "INTERNAL" : "NETWORK_ERROR"),
    message: data?.message,
  } as CallFailure;
}
