/**
 * One call of the endpoint table over fetch, without zod or the error table: the transport
 * (transport.ts) sends every request through `send`, and bundles that must stay small (the
 * widget, from `@bis/sdk/constants`) use `call`, which reads the JSON answer unchecked.
 */
import { type Endpoint, pathOf, type QueryValues, withQuery } from "../api/endpoint.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SendOptions {
  params?: Record<string, string>;
  query?: QueryValues;
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
export function send(endpoint: Endpoint, o: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...o.headers };
  if (o.body !== undefined) headers["Content-Type"] = "application/json";
  return (o.fetch ?? fetch)(
    (o.baseUrl ?? "") + withQuery(pathOf(endpoint.path, o.params), o.query),
    {
      method: endpoint.method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      credentials: o.credentials ?? (endpoint.access === "partner" ? "omit" : "include"),
      signal: o.signal,
    },
  );
}

/** A failed call as `call` raises it: the answer's status, and its `code` and `message`. */
export interface CallFailure {
  status: number;
  /** The server's error code (the SDK's `ERRORS`); "NETWORK_ERROR" when it was not reached. */
  code: string;
  message: string;
}

/**
 * Sends a call of the table and resolves to its JSON answer, unchecked (undefined when there
 * is none); raises a `CallFailure`. Zod-free, for `@bis/sdk/constants`.
 */
export async function call<T = unknown>(endpoint: Endpoint, o: SendOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(endpoint, o);
  } catch (cause) {
    throw { status: 0, code: "NETWORK_ERROR", message: String(cause) } satisfies CallFailure;
  }
  const data = await res.json().catch(() => undefined);
  if (!res.ok)
    throw {
      status: res.status,
      code: data?.code ?? (res.status < 500 ? "BAD_REQUEST" : "INTERNAL"),
      message: data?.message || res.statusText,
    } satisfies CallFailure;
  return data as T;
}
