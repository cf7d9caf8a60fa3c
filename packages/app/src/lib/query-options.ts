/**
 * Query keys and fetches from the endpoint table, together: `queryOptionsOf(entry, params,
 * query)` gives a query's key and its fetch, `pagedOf` a paginated list's, and `keyOf(entry)`
 * the key prefix that names an entry's queries when they are to be refreshed.
 *
 * A key is the entry's path cut at its slashes, with its parameters filled in, then the query
 * when there is one: `GET /api/analyses/:id/zip-areas` for analysis a1 is `["api", "analyses",
 * "a1", "zip-areas"]`. So one analysis' queries sit under the analyses list's key (invalidating
 * the list refreshes them), a partner's brand and members under the partners list, and every
 * administrator's query under `["api", "admin"]`.
 */
import type {
  CallExtras,
  Endpoint,
  ErrorCode,
  Page,
  PageQuery,
  ParamsOf,
  QueryValues,
  ResponseOf,
} from "@bis/sdk";
import { api } from "./api";

/**
 * The key of an entry's query: its path's segments with the given parameters, then the query
 * (when it sets a value). Without a parameter the key stops before it: the prefix of every
 * query of the entry (and of the entries under it).
 */
export function keyOf<E extends Endpoint>(
  endpoint: E,
  params?: Partial<ParamsOf<E>>,
  query?: QueryValues,
): readonly unknown[] {
  const key: unknown[] = [];
  for (const segment of endpoint.path.split("/").filter(Boolean)) {
    if (!segment.startsWith(":")) key.push(segment);
    else {
      const value = (params as Record<string, string> | undefined)?.[segment.slice(1)];
      if (value === undefined) return key;
      key.push(value);
    }
  }
  const set = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== "");
  if (set.length > 0) key.push(Object.fromEntries(set));
  return key;
}

type ParamsArg<E extends Endpoint> = [keyof ParamsOf<E>] extends [never]
  ? ParamsOf<E> | undefined
  : ParamsOf<E>;

const send = (endpoint: Endpoint, options: object) =>
  (api.transport.call as (e: Endpoint, o: object) => Promise<unknown>)(endpoint, options);

/** A query of one entry: its key and its fetch (which passes React Query's abort signal on). */
export function queryOptionsOf<E extends Endpoint>(
  endpoint: E,
  params: ParamsArg<E>,
  query?: QueryValues,
  extras: CallExtras = {},
) {
  return {
    queryKey: keyOf(endpoint, params ?? undefined, query),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      send(endpoint, { params, query, signal, ...extras }) as Promise<ResponseOf<E>>,
  };
}

/** `queryOptionsOf` where the error code `nullOn` means "none" (a brand not set): null. */
export function optionalQueryOf<E extends Endpoint>(
  endpoint: E,
  params: ParamsArg<E>,
  nullOn: ErrorCode,
) {
  const options = queryOptionsOf(endpoint, params, undefined, { nullOn });
  return options as Omit<typeof options, "queryFn"> & {
    queryFn: (context: { signal?: AbortSignal }) => Promise<ResponseOf<E> | null>;
  };
}

/** The items a page entry lists. */
type ItemOf<E extends Endpoint> = ResponseOf<E> extends Page<infer T> ? T : never;

/** A paginated list of one entry (usePagedList): its key and the fetch of one page. */
export function pagedOf<E extends Endpoint>(
  endpoint: E,
  params: ParamsArg<E>,
  filters?: QueryValues,
) {
  return {
    queryKey: keyOf(endpoint, params ?? undefined, filters),
    fetchPage: (page: PageQuery) =>
      send(endpoint, { params, query: { ...filters, ...page } }) as Promise<Page<ItemOf<E>>>,
  };
}

/** The longest key prefix the entries' queries share: a group of entries, named by them. */
export function prefixOf(...entries: Endpoint[]): readonly unknown[] {
  const [first = [], ...rest] = entries.map((e) => keyOf(e));
  let length = first.length;
  for (const key of rest) {
    let same = 0;
    while (same < length && key[same] === first[same]) same++;
    length = same;
  }
  return first.slice(0, length);
}
