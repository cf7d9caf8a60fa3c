/**
 * What the resources share: one page of a paginated list of the endpoint table, and every page
 * of one (`allPages`).
 */
import type { Endpoint, ParamsOf, QueryValues, ResponseOf } from "../api/endpoint.js";
import type { Page, PageQuery } from "../schemas/pagination.js";
import type { Transport } from "./transport.js";

/**
 * One page of a paginated list: `GET path?limit=&cursor=` (and the list's filters) answering
 * `{ [key]: item[], nextCursor, total, limit }`, read as a `Page`.
 */
export function getPage<E extends Endpoint>(
  t: Transport,
  endpoint: E,
  query: PageQuery = {},
  filters: QueryValues = {},
  params?: ParamsOf<E>,
): Promise<ResponseOf<E>> {
  const call = t.call as (
    e: Endpoint,
    o: { params?: Record<string, string>; query: QueryValues },
  ) => Promise<ResponseOf<E>>;
  return call(endpoint, {
    params: params as Record<string, string> | undefined,
    query: { ...filters, limit: query.limit, cursor: query.cursor },
  });
}

/**
 * Every item of a paginated list, page after page (scripts and exports; the UI shows pages).
 * `pageOf` is one of the client's `…Page` calls.
 */
export async function allPages<T>(
  pageOf: (query: PageQuery) => Promise<Page<T>>,
  pageSize = 200,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOf({ limit: pageSize, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
