/**
 * What the resources share: paths with encoded ids and query strings, one page of a paginated
 * list, and every page of one (`allPages`).
 */
import type { Page, PageQuery } from "../schemas/pagination.js";
import { pageOf, type ZodRef } from "./schema-ref.js";
import type { Transport } from "./transport.js";

/** `base/<id>`, with the id encoded. */
export const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** `path?query` from the set values (the path alone when none is set). */
export function withQuery(path: string, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * One page of a paginated list: `GET path?limit=&cursor=` answering
 * `{ [key]: item[], nextCursor, total, limit }`.
 */
export function getPage<T>(
  t: Transport,
  path: string,
  key: string,
  item: ZodRef<T>,
  query: PageQuery = {},
  filters: Record<string, string | undefined> = {},
): Promise<Page<T>> {
  return t.request({
    method: "GET",
    path: withQuery(path, { ...filters, limit: query.limit, cursor: query.cursor }),
    schema: pageOf(key, item),
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
