/**
 * One pagination contract for every list: `?limit=&cursor=` in, the spec's list key plus
 * `nextCursor`, `total` and `limit` out. The cursor is opaque (pass back what the last page
 * gave); `nextCursor: null` means the last page.
 */
import { z } from "zod";

/** Items per page when the caller does not say. */
export const PAGE_SIZE_DEFAULT = 50;
/** The most items one page may hold. */
export const PAGE_SIZE_MAX = 200;

export const PAGINATION_MESSAGES = {
  limit: `limit must be a whole number between 1 and ${PAGE_SIZE_MAX}`,
  cursor: "cursor is not one this server gave out; start again from the first page",
} as const;

/** `?limit=&cursor=` (query strings: numbers arrive as text). */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: PAGINATION_MESSAGES.limit })
    .int({ error: PAGINATION_MESSAGES.limit })
    .min(1, { error: PAGINATION_MESSAGES.limit })
    .max(PAGE_SIZE_MAX, { error: PAGINATION_MESSAGES.limit })
    .default(PAGE_SIZE_DEFAULT),
  cursor: z
    .string({ error: PAGINATION_MESSAGES.cursor })
    .max(200, { error: PAGINATION_MESSAGES.cursor })
    .optional(),
});
/** What a caller asks for: a page size (default 50, at most 200) and the cursor of the page. */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/** What every page carries beside its items. */
export const pageInfoSchema = z.object({
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Items in the whole list (with the same filters). */
  total: z.number().int().nonnegative(),
  /** The page size used. */
  limit: z.number().int().positive(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/**
 * `{ [key]: item[], nextCursor, total, limit }`: the body of a page of a list. A body with the
 * list alone (the specification's shape, a server before pagination) reads as one whole page.
 */
export function pageResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z
    .object({
      nextCursor: z.string().nullable().optional(),
      total: z.number().int().nonnegative().optional(),
      limit: z.number().int().positive().optional(),
    })
    .extend({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> })
    .transform((parsed): Page<z.output<T>> => {
      const body = parsed as Record<string, unknown> & Partial<PageInfo>;
      const items = body[key] as z.output<T>[];
      return {
        items,
        nextCursor: body.nextCursor ?? null,
        total: body.total ?? items.length,
        limit: body.limit ?? Math.max(items.length, 1),
      };
    });
}

/** A page as the client hands it out. */
export interface Page<T> extends PageInfo {
  items: T[];
}
