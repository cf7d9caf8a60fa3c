/**
 * The endpoint table as methods: every entry becomes a method of its group whose method, path
 * and answer's schema come from the entry. A derived method takes the path's parameters in
 * order, then the body (an entry with one) or the query (an entry with one, or a page), then an
 * abort signal or `CallExtras`.
 */
import type {
  BodyOf,
  Endpoint,
  Output,
  QueryValues,
  ResponseOf,
  SchemaRef,
} from "../api/endpoint.js";
import { endpoints } from "../api/endpoints.js";
import type { Page, PageQuery } from "../schemas/pagination.js";
import type { CallExtras, Transport } from "./transport.js";

/** The arguments of a path's parameters, in order: one string each. */
type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathArgs<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** What a derived method takes as its query: the entry's, a page's, and filters. */
export type QueryOf<E extends Endpoint> = (E["query"] extends SchemaRef
  ? Partial<Output<E["query"]>>
  : unknown) &
  (ResponseOf<E> extends Page<unknown> ? PageQuery : unknown) &
  Filters;

/** A list's filters beyond its schema (`kind`, `partnerId`): sent as they are. */
// biome-ignore lint/suspicious/noExplicitAny: an interface (PageQuery) must fit an index signature
type Filters = { [name: string]: any };

type InputArgs<E extends Endpoint> = E["body"] extends SchemaRef
  ? object extends BodyOf<E>
    ? [body?: BodyOf<E>]
    : [body: BodyOf<E>]
  : E["query"] extends SchemaRef
    ? [query?: QueryOf<E>]
    : ResponseOf<E> extends Page<unknown>
      ? [query?: QueryOf<E>]
      : [];

/** The method an entry becomes; `Methods`: every entry of a group as one. */
export type Method<E extends Endpoint> = (
  ...args: [...PathArgs<E["path"]>, ...InputArgs<E>, extras?: CallExtras | AbortSignal]
) => Promise<ResponseOf<E>>;

export type Methods<G> = { [K in keyof G]: G[K] extends Endpoint ? Method<G[K]> : never };

/** Whether a derived method takes a body or a query after its path parameters. */
export function takesInput(endpoint: Endpoint): boolean {
  return !!(endpoint.body || endpoint.query || endpoint.response?.wrap === "page");
}

type AnyCall = (e: Endpoint, o: object) => Promise<unknown>;

/** The method of one entry (see `Method`). */
export function methodOf<E extends Endpoint>(t: Transport, endpoint: E): Method<E> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const input = takesInput(endpoint);
  return ((...args: unknown[]) => {
    const params = Object.fromEntries(names.map((name, i) => [name, args[i]]));
    const value = input ? args[names.length] : undefined;
    const last = args[names.length + (input ? 1 : 0)];
    const extras = last instanceof AbortSignal ? { signal: last } : (last as CallExtras);
    const io = endpoint.body ? { body: value } : { query: value as QueryValues };
    return (t.call as AnyCall)(endpoint, { params, ...io, ...extras });
  }) as Method<E>;
}

type Group = keyof typeof endpoints;

/** Every entry of every group of the table, as methods. */
export function derive(t: Transport): { [G in Group]: Methods<(typeof endpoints)[G]> } {
  const group = (entries: Record<string, Endpoint>) =>
    Object.fromEntries(Object.entries(entries).map(([name, e]) => [name, methodOf(t, e)]));
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, entries]) => [name, group(entries)]),
  ) as unknown as ReturnType<typeof derive>;
}
