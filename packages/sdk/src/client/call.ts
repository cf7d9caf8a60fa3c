/**
 * One JSON call of the endpoint table, without zod or the error table, for small bundles (the
 * widget, via `@bis/sdk/constants`); the typed client's calls go through transport.ts.
 */
import type { Endpoint } from "../api/endpoint.js";

/** A failed call as `call` raises it: the server's `code` and `message`. */
export interface CallFailure {
  /** The server's error code (the SDK's `ERRORS`); "NETWORK_ERROR" when it was not reached. */
  code: string;
  message: string;
}

/** The server's address ("" for the same origin), the JSON body and extra headers. */
export interface CallInit {
  baseUrl: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Sends a JSON call of the table without path parameters (the widget's), never with cookies,
 * and resolves to its answer, unchecked (null when there is none); raises a `CallFailure`
 * with the server's code.
 */
export async function call<T = unknown>(endpoint: Endpoint, o: CallInit): Promise<T> {
  const res = await fetch(o.baseUrl + endpoint.path, {
    method: endpoint.method,
    headers: { "Content-Type": "application/json", ...o.headers },
    body: JSON.stringify(o.body),
    credentials: "omit",
  }).catch(() => null);
  const data = await res?.json().catch(() => null);
  if (res?.ok) return data;
  throw {
    code: data?.code ?? (res ? "INTERNAL" : "NETWORK_ERROR"),
    message: data?.message,
  } as CallFailure;
}
