/**
 * Transport: the one place where a client's requests are sent, headers set, time limits
 * applied, failures mapped to `BisApiError` (errors.ts) and answers read and checked against
 * their schema, which (with zod) loads with the first answer that needs it (api/schemas.ts).
 */
import {
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type Parser,
  type QueryValues,
  type ResponseOf,
  urlOf,
} from "../api/endpoint.js";
import { loadSchema } from "../api/schemas.js";
import { type ErrorCode, errorFromFetch, hasErrorCode, networkError } from "../errors.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** The BIS server's address; "" for same-origin calls from the app. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Extra headers sent with every call (for example `Authorization: Bearer …`). */
  headers?: Record<string, string>;
  /** Abort a call after this many milliseconds (default 30 s). */
  timeoutMs?: number;
}

/** What a call may add to its entry. */
export interface CallExtras {
  signal?: AbortSignal;
  /** Headers of this call only (e.g. the widget's partner key, `Accept: text/csv`). */
  headers?: Record<string, string>;
  /** An error of this code (or kind) resolves to null instead of raising: "none". */
  nullOn?: ErrorCode;
  /** "omit" for a call that must not carry cookies (the widget's always omit them). */
  credentials?: RequestCredentials;
}

/** One call of the endpoint table: its path parameters, query, body and per-call options. */
export type CallOptions<E extends Endpoint> = ([keyof ParamsOf<E>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<E> }) & { query?: QueryValues; body?: BodyOf<E> } & CallExtras;

/** A request outside the table (tests, one-off scripts): method, path and how to read it. */
export interface RequestOptions<T> extends CallExtras {
  method: Endpoint["method"];
  path: string;
  body?: unknown;
  /** Parses a JSON success body; without it the body is not read. */
  schema?: Parser<T>;
  read?: Endpoint["read"];
}

type OptionalCall<E extends Endpoint> = [keyof ParamsOf<E>] extends [never]
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>];

export interface Transport {
  /** A call of the table; with `nullOn`, an error of that code resolves to null. */
  call<E extends Endpoint>(
    endpoint: E,
    options: CallOptions<E> & { nullOn: ErrorCode },
  ): Promise<ResponseOf<E> | null>;
  call<E extends Endpoint>(endpoint: E, ...options: OptionalCall<E>): Promise<ResponseOf<E>>;
  request<T = void>(options: RequestOptions<T>): Promise<T>;
  readonly baseUrl: string;
}

type AnyCall = Omit<CallOptions<Endpoint>, "params"> & { params?: Record<string, string> };

export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function read(endpoint: Endpoint, o: AnyCall, parser?: () => Promise<Parser>) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    const headers = { Accept: "application/json", ...options.headers, ...o.headers };
    const response = await fetch(baseUrl + urlOf(endpoint, o.params ?? {}, o.query), {
      method: endpoint.method,
      headers: o.body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      credentials: o.credentials ?? (endpoint.access === "partner" ? "omit" : "include"),
      signal,
    }).catch((cause: unknown) => Promise.reject(networkError(cause)));
    const unread = () => Promise.resolve(response.body?.cancel()).catch(() => undefined);
    if (!response.ok) {
      const error = await errorFromFetch(response);
      if (o.nullOn !== undefined && hasErrorCode(error, o.nullOn)) return null;
      throw error;
    }
    if (endpoint.read === "text") return response.text();
    if (endpoint.read === "bytes") return new Uint8Array(await response.arrayBuffer());
    if (!parser) return unread().then(() => undefined);
    const [schema, json] = await Promise.all([parser(), response.json()]);
    return schema.parse(json);
  }

  const call = (endpoint: Endpoint, o: AnyCall = {}) => {
    const { response } = endpoint;
    return read(endpoint, o, response && (() => loadSchema(response)));
  };
  const request = ({ method, path, schema, read: as, ...o }: RequestOptions<unknown>) =>
    read(
      { method, path, access: "public", read: as },
      o as AnyCall,
      schema && (async () => schema),
    );
  return { call: call as Transport["call"], request: request as Transport["request"], baseUrl };
}
