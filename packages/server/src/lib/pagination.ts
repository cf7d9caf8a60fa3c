/**
 * The server half of the pagination contract (`pageQuerySchema` in the SDK): parse
 * `?limit=&cursor=`, read one more row than asked to know whether a next page exists, and
 * answer `{ [key]: items, nextCursor, total, limit }`.
 *
 * The cursor is opaque to clients: base64url of the offset of the next page. Lists are ordered
 * newest first with a unique tie-breaker, so walking the pages of an unchanging list yields
 * every row exactly once; rows added meanwhile appear at the top and may push one row to be
 * seen twice, never skipped.
 */
import { PAGE_SIZE_DEFAULT, PAGINATION_MESSAGES, type PageInfo, pageQuerySchema } from "@bis/sdk";
import { AppError, parse } from "./errors.js";

export interface PageRequest {
  limit: number;
  offset: number;
}

const MAX_OFFSET = 10_000_000;

/** The default page (services called without a request, e.g. from scripts). */
export const FIRST_PAGE: PageRequest = { limit: PAGE_SIZE_DEFAULT, offset: 0 };

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^o:(\d{1,8})$/.exec(text);
  const offset = match?.[1] ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset > MAX_OFFSET || encodeCursor(offset) !== cursor) {
    throw new AppError("VALIDATION_FAILED", PAGINATION_MESSAGES.cursor, {
      issues: [{ path: "cursor", message: PAGINATION_MESSAGES.cursor }],
    });
  }
  return offset;
}

/** `?limit=&cursor=` of a request (400 with the SDK's messages when invalid). */
export function pageRequest(query: unknown): PageRequest {
  const { limit, cursor } = parse(pageQuerySchema, pickPageFields(query));
  return { limit, offset: cursor ? decodeCursor(cursor) : 0 };
}

function pickPageFields(query: unknown): { limit?: unknown; cursor?: unknown } {
  if (!query || typeof query !== "object") return {};
  const { limit, cursor } = query as Record<string, unknown>;
  return { limit, cursor };
}

/** The rows of one page and the whole list's size, as a service returns them. */
export interface PageOf<T> {
  items: T[];
  total: number;
}

/**
 * Runs `read(limit + 1, offset)` and makes the page; `count()` runs only when the total cannot
 * be told from the rows read (a full page).
 */
export async function readPage<T>(
  page: PageRequest,
  read: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<PageOf<T> & { hasMore: boolean }> {
  const rows = await read(page.limit + 1, page.offset);
  const hasMore = rows.length > page.limit;
  const items = hasMore ? rows.slice(0, page.limit) : rows;
  const total = hasMore || page.offset > 0 ? await count() : items.length;
  return { items, total, hasMore };
}

/** The response body: the spec's list key, then the page fields. */
export function pageBody<K extends string, T>(
  key: K,
  page: PageRequest,
  result: PageOf<T> & { hasMore?: boolean },
): { [P in K]: T[] } & PageInfo {
  const hasMore = result.hasMore ?? page.offset + result.items.length < result.total;
  return {
    [key]: result.items,
    nextCursor: hasMore ? encodeCursor(page.offset + result.items.length) : null,
    total: result.total,
    limit: page.limit,
  } as { [P in K]: T[] } & PageInfo;
}

/**
 * A cursor by position rather than offset, for lists whose newest rows arrive between two pages
 * (the server log of every instance: each call to read it writes a line): base64url of the last
 * row's time and id; the next page holds the rows after it in newest-first (time, id) order.
 * 400 with the SDK's message when it is not one.
 */
export function encodePositionCursor(position: { time: Date; id: string }): string {
  return Buffer.from(`p:${position.time.getTime()}:${position.id}`, "utf8").toString("base64url");
}

export function decodePositionCursor(cursor: string): { time: Date; id: string } {
  const match = /^p:(\d{1,15}):([\w-]{1,100})$/.exec(
    Buffer.from(cursor, "base64url").toString("utf8"),
  );
  const time = match?.[1] ? Number(match[1]) : Number.NaN;
  const id = match?.[2] ?? "";
  const position = { time: new Date(time), id };
  if (!Number.isSafeInteger(time) || encodePositionCursor(position) !== cursor) {
    throw new AppError("VALIDATION_FAILED", PAGINATION_MESSAGES.cursor, {
      issues: [{ path: "cursor", message: PAGINATION_MESSAGES.cursor }],
    });
  }
  return position;
}
