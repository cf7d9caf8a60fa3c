/**
 * What one API call is, as data: method, path (with `:name` parameters), who may make it, the
 * schemas of its query, body and answer, its success status, how its answer is read and the
 * error codes it may answer. The table of every call (endpoints.ts) is made of these; the
 * server registers its routes from it (an adapter checks access, parses the input and, outside
 * production, checks each answer against its schema), the SDK client sends its requests from
 * it, the app names its query keys and links after it, and the widget takes its two paths.
 *
 * The table is plain data: a schema is named by its module and export (`schema("entities",
 * "userSchema")`), and only the code that parses (schemas.ts: the client's transport, the
 * server's adapter) imports the module. So the table costs a bundle a few hundred bytes and no
 * zod: the widget and the landing page hold it whole.
 */
import type { z } from "zod";
import type { ServerErrorCode } from "../errors.js";
import type { Page } from "../schemas/pagination.js";

/** Every path of the API starts with this. */
export const API_PREFIX = "/api";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may make a call, checked by the server before its handler runs:
 * - `public`: anyone;
 * - `optional`: anyone; a signed-in caller is looked up (the answer may say more to them);
 * - `user`: a signed-in user (session cookie or personal API token), else 401;
 * - `admin`: an administrator, else 401 signed out and 403 otherwise;
 * - `partner`: a partner's public key and an allowed page origin (the widget), never cookies;
 * - `stripe`: Stripe, by the signature of the exact bytes it sent.
 */
export type Access = "public" | "optional" | "user" | "admin" | "partner" | "stripe";

/** The schema modules of the SDK a table entry may name (schemas.ts loads them). */
export interface SchemaModules {
  account: typeof import("../schemas/account.js");
  admin: typeof import("../schemas/admin.js");
  brand: typeof import("../schemas/brand.js");
  comparisons: typeof import("../schemas/comparisons.js");
  competition: typeof import("../schemas/competition.js");
  entities: typeof import("../schemas/entities.js");
  forms: typeof import("../schemas/forms.js");
  keywords: typeof import("../schemas/keywords.js");
  market: typeof import("../schemas/market.js");
  payments: typeof import("../schemas/payments.js");
  publicSettings: typeof import("../schemas/public-settings.js");
  tokens: typeof import("../schemas/tokens.js");
  widget: typeof import("../schemas/widget.js");
}
export type SchemaModule = keyof SchemaModules;

/** What an answer's schema must do: parse (a zod schema, or a zod-free parser of one shape). */
export interface Parser<T = unknown> {
  parse(data: unknown): T;
}

/** The exports of a module that are schemas. */
export type SchemaName<M extends SchemaModule> = {
  [K in keyof SchemaModules[M]]: SchemaModules[M][K] extends Parser ? K : never;
}[keyof SchemaModules[M]] &
  string;

/** How a named item schema is wrapped on the wire. */
export type Wrap = "page" | "list" | "field";

/**
 * A schema named by module and export, optionally wrapped: `page` is `{ [key]: item[],
 * nextCursor, total, limit }` read as a `Page`, `list` is `{ [key]: item[] }` read as the list,
 * `field` is `{ [key]: item }` read as the item. `Out` is what a client reads, `In` what the
 * server writes (type-only).
 */
export interface SchemaRef<Out = unknown, In = unknown> {
  readonly module: SchemaModule;
  readonly name: string;
  readonly wrap?: Wrap;
  readonly key?: string;
  /** Type-only. */
  readonly __types?: { out: Out; in: In };
}

type OutOf<S> = S extends z.ZodType ? z.output<S> : S extends Parser<infer T> ? T : never;
type InOf<S> = S extends z.ZodType ? z.input<S> : S extends Parser<infer T> ? T : never;
type Named<M extends SchemaModule, K extends SchemaName<M>> = SchemaModules[M][K];

/** A schema of the SDK, by module and export. */
export function schema<M extends SchemaModule, K extends SchemaName<M>>(
  module: M,
  name: K,
): SchemaRef<OutOf<Named<M, K>>, InOf<Named<M, K>>> {
  return { module, name };
}

/** One page of a list: `{ [key]: item[], nextCursor, total, limit }`, read as a `Page`. */
export function pageOf<const Key extends string, M extends SchemaModule, K extends SchemaName<M>>(
  key: Key,
  module: M,
  name: K,
): SchemaRef<
  Page<OutOf<Named<M, K>>>,
  { [P in Key]: InOf<Named<M, K>>[] } & {
    nextCursor?: string | null;
    total?: number;
    limit?: number;
  }
> {
  return { module, name, wrap: "page", key };
}

/** `{ [key]: item[] }`, read as the list. */
export function listOf<const Key extends string, M extends SchemaModule, K extends SchemaName<M>>(
  key: Key,
  module: M,
  name: K,
): SchemaRef<OutOf<Named<M, K>>[], { [P in Key]: InOf<Named<M, K>>[] }> {
  return { module, name, wrap: "list", key };
}

/** `{ [key]: item }`, read as the item. */
export function fieldOf<const Key extends string, M extends SchemaModule, K extends SchemaName<M>>(
  key: Key,
  module: M,
  name: K,
): SchemaRef<OutOf<Named<M, K>>, { [P in Key]: InOf<Named<M, K>> }> {
  return { module, name, wrap: "field", key };
}

/** How a success answer is read when it is not JSON: a file as text (CSV) or bytes. */
export type ReadAs = "text" | "bytes";

export interface Endpoint {
  readonly method: HttpMethod;
  /** The full path, `/api/…`, with `:name` for each path parameter. */
  readonly path: string;
  readonly access: Access;
  /** The success status; 200 by default (204 when there is no answer). */
  readonly status?: number;
  /** The query string's schema (the server parses `req.query` with it). */
  readonly query?: SchemaRef;
  /** The JSON body's schema (the server parses `req.body` with it). */
  readonly body?: SchemaRef;
  /** The JSON answer's schema; absent when the answer is not JSON or there is none. */
  readonly response?: SchemaRef;
  /** A success answer that is not JSON: a file as text (CSV) or bytes (XLSX, PDF, images). */
  readonly read?: ReadAs;
  /** The error codes this call answers besides those of its access and of bad input. */
  readonly errors?: readonly ServerErrorCode[];
}

/** What a client reads from a schema reference. */
export type Output<R> = R extends SchemaRef<infer Out, unknown> ? Out : never;
/** What the server writes for a schema reference. */
export type Input<R> = R extends SchemaRef<unknown, infer In> ? In : never;

/** What a call answers: its schema's output, text, bytes, or nothing. */
export type ResponseOf<E extends Endpoint> = E["response"] extends SchemaRef
  ? Output<E["response"]>
  : E["read"] extends "text"
    ? string
    : E["read"] extends "bytes"
      ? Uint8Array
      : undefined;

/** What a call sends as its body. */
export type BodyOf<E extends Endpoint> = E["body"] extends SchemaRef ? Input<E["body"]> : never;

/** The names of a path's `:name` parameters. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A call's path parameters: one string each. */
export type ParamsOf<E extends Endpoint> = { [K in ParamNames<E["path"]>]: string };

/** Checks an endpoint's shape and keeps its literal types (its path, its schemas). */
export function endpoint<const E extends Endpoint>(spec: E): E {
  return spec;
}

/** `path` with each `:name` replaced by its parameter, encoded. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** `path?query` from the set values (the path alone when none is set). */
export function withQuery(path: string, query: QueryValues = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The URL path of a call with its parameters and query: a link, a download, a query key. */
export function urlOf<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  query?: QueryValues,
): string {
  return withQuery(pathOf(endpoint.path, params as Record<string, string>), query);
}
