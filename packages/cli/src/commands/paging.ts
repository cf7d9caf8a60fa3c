/**
 * List commands read one page at a time, like the app: `--limit <n>` (default 50, at most 200)
 * and `--cursor <c>` (printed under a page that has more), or `--all` to walk every page.
 * `--json` prints the items as a JSON array either way.
 */
import { allPages, type NodeClient, PAGE_SIZE_MAX, type Page, type PageQuery } from "@bis/sdk/node";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { respond } from "../session.js";
import { type Doc, text } from "../ui/index.js";

export interface PageOptions {
  limit?: string | number;
  cursor?: string;
  all?: boolean;
}

function limitOf(options: PageOptions): number | undefined {
  if (options.limit === undefined) return undefined;
  const limit = Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX)
    throw new CliError(`--limit must be a whole number between 1 and ${PAGE_SIZE_MAX}.`);
  return limit;
}

/** The items asked for, and the page they came from (null with --all). */
export async function readList<T>(
  options: PageOptions,
  pageOf: (query: PageQuery) => Promise<Page<T>>,
): Promise<{ items: T[]; page: Page<T> | null }> {
  const limit = limitOf(options);
  if (options.all) return { items: await allPages(pageOf, limit ?? PAGE_SIZE_MAX), page: null };
  const page = await pageOf({ limit, cursor: options.cursor });
  return { items: page.items, page };
}

/** "Showing 50 of 1,500 analyses. Next page: bis analyses list --cursor …" (nothing with --all). */
export function pageNote<T>(page: Page<T> | null, noun: string, command: string): Doc {
  if (!page) return [];
  const shown = `Showing ${page.items.length.toLocaleString("en-US")} of ${page.total.toLocaleString("en-US")} ${noun}.`;
  if (!page.nextCursor) return page.total > page.items.length ? [text(shown, "muted")] : [];
  return [
    text(
      `${shown} Next page: ${command} --cursor ${page.nextCursor}${page.limit ? ` --limit ${page.limit}` : ""} (or --all).`,
      "muted",
    ),
  ];
}

/** A list command: the page asked for (or every page), its document and the next-page note. */
export function showList<T>(
  options: GlobalOptions & PageOptions,
  io: Io,
  list: {
    /** What the items are, for the note: "users". */
    noun: string;
    /** The command that lists them, for the note: "bis admin users list". */
    command: string;
    pageOf: (client: NodeClient) => (query: PageQuery) => Promise<Page<T>>;
    doc: (items: T[]) => Doc;
  },
): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const { items, page } = await readList(options, list.pageOf(client));
    return { data: items, doc: [...list.doc(items), ...pageNote(page, list.noun, list.command)] };
  });
}
