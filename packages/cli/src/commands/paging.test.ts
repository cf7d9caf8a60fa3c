import type { Page, PageQuery } from "@bis/sdk/node";
import { describe, expect, it } from "vitest";
import { pageNote, readList } from "./paging.js";

const all = Array.from({ length: 5 }, (_, i) => `item${i}`);
const calls: PageQuery[] = [];
async function pageOf(query: PageQuery): Promise<Page<string>> {
  calls.push(query);
  const offset = query.cursor ? Number(query.cursor) : 0;
  const limit = query.limit ?? 2;
  const items = all.slice(offset, offset + limit);
  const next = offset + items.length;
  return { items, total: all.length, limit, nextCursor: next < all.length ? String(next) : null };
}

describe("list commands page (a long list is never read whole)", () => {
  it("reads one page, with --limit and --cursor, and says how to get the next", async () => {
    calls.length = 0;
    const first = await readList({ limit: "2" }, pageOf);
    expect(first.items).toEqual(["item0", "item1"]);
    expect(pageNote(first.page, "analyses", "bis analyses list")).toEqual([
      {
        kind: "text",
        text: "Showing 2 of 5 analyses. Next page: bis analyses list --cursor 2 --limit 2 (or --all).",
        tone: "muted",
      },
    ]);
    const second = await readList({ limit: 2, cursor: "2" }, pageOf);
    expect(second.items).toEqual(["item2", "item3"]);
    expect(calls).toEqual([
      { limit: 2, cursor: undefined },
      { limit: 2, cursor: "2" },
    ]);
  });

  it("walks every page with --all", async () => {
    const every = await readList({ all: true, limit: 2 }, pageOf);
    expect(every.items).toEqual(all);
    expect(pageNote(every.page, "analyses", "bis analyses list")).toEqual([]);
  });

  it("refuses a limit outside 1–200", async () => {
    for (const limit of ["0", "201", "ten"]) {
      await expect(readList({ limit }, pageOf)).rejects.toThrow(/between 1 and 200/);
    }
  });
});
