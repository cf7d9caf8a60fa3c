/**
 * Transport: the one place where requests are sent, headers set, time limits applied, failures
 * mapped to `BisApiError` (errors.ts) and answers read and checked against their schema.
 * Resources only call `request()`: a call that may find nothing says which status means "none"
 * (`nullOn`), a call whose answer is not JSON says how to read it (`read`).
 *
 * A schema may be given as a loader (`SchemaRef`): it is called only when a success answer is
 * to be parsed, so a resource's schemas (and zod) load with the first answer that needs them.
 */
import {
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  pathOf,
  type QueryValues,
  type ResponseOf,
  withQuery,
} from "../api/endpoint.js";
import { loadSchema as loadEndpointSchema } from "../api/schemas.js";
import { errorFromFetch, networkError } from "../errors.js";
import { loadSchema, type SchemaRef } from "./schema-ref.js";

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
  /** Parses a JSON success body (a schema or a loader of one); without it the body is not read. */
  schema?: SchemaRef<T>;
  /** Reads a success body that is not JSON: as text, or as bytes. */
  read?: "text" | "bytes";
  /** This status resolves to null instead of raising (401: signed out; 404: not configured). */
  nullOn?: number;
  signal?: AbortSignal;
  /** Headers of this call only (e.g. the widget's partner key, `Accept: text/csv`). */
  headers?: Record<string, string>;
  /** "omit" for calls that must never carry cookies (the widget); "include" by default. */
  credentials?: RequestCredentials;
}

/** One call of the endpoint table: its path parameters, query, body and per-call options. */
export type CallOptions<E extends Endpoint> = ([keyof ParamsOf<E>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<E> }) & {
  query?: QueryValues;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** This status resolves to null instead of raising (401: signed out; 404: none). */
  nullOn?: number;
  /** "omit" for a call that must not carry cookies (the widget's always omit them). */
  credentials?: RequestCredentials;
};

export interface Transport {
  /** A call whose `nullOn` status resolves to null. */
  request<T>(options: RequestOptions<T> & { nullOn: number }): Promise<T | null>;
  request<T = void>(options: RequestOptions<T>): Promise<T>;
  /**
   * A call of the endpoint table: the method, path and answer's reading come from the entry.
   * With `nullOn`, that status resolves to null.
   */
  call<E extends Endpoint>(
    endpoint: E,
    options: CallOptions<E> & { nullOn: number },
  ): Promise<ResponseOf<E> | null>;
  call<E extends Endpoint>(endpoint: E, ...options: OptionalCall<E>): Promise<ResponseOf<E>>;
  readonly baseUrl: string;
}

/** The options of a call: required when it has path parameters. */
type OptionalCall<E extends Endpoint> = [keyof ParamsOf<E>] extends [never]
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>];

export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(req: RequestOptions<unknown>): Promise<Response> {
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

  async function request<T>(req: RequestOptions<T>): Promise<T | null> {
    const response = await send(req as RequestOptions<unknown>);
    if (req.nullOn !== undefined && response.status === req.nullOn) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    if (!response.ok) throw await errorFromFetch(response);
    if (req.read === "text") return (await response.text()) as T;
    if (req.read === "bytes") return new Uint8Array(await response.arrayBuffer()) as T;
    if (!req.schema) {
      await response.body?.cancel().catch(() => undefined);
      return undefined as T;
    }
    const [schema, json] = await Promise.all([loadSchema(req.schema), response.json()]);
    return schema.parse(json);
  }

  function call(
    endpoint: Endpoint,
    options: Omit<CallOptions<Endpoint>, "params"> & { params?: Record<string, string> } = {},
  ) {
    const { response } = endpoint;
    return request({
      method: endpoint.method,
      path: withQuery(pathOf(endpoint.path, options.params), options.query),
      body: options.body,
      schema: response ? () => loadEndpointSchema(response) : undefined,
      read: endpoint.read,
      nullOn: options.nullOn,
      signal: options.signal,
      headers: options.headers,
      // The widget's calls never carry cookies.
      credentials: options.credentials ?? (endpoint.access === "partner" ? "omit" : undefined),
    });
  }

  return {
    request: request as Transport["request"],
    call: call as unknown as Transport["call"],
    baseUrl,
  };
}
