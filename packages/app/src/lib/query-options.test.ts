import { allEndpoints, type Endpoint, endpoints } from "@bis/sdk";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { keyOf, pagedOf, prefixOf, queryOptionsOf } from "./query-options";

/** Every parameter of an entry's path, set to `value`. */
const paramsOf = (e: Endpoint, value: string) =>
  Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map((m) => [m[1], value]));

const reads = allEndpoints.filter((e) => e.method === "GET");

describe("query keys from the endpoint table", () => {
  it("gives every read of the table its own key, the same each time", () => {
    const keys = reads.map((e) => JSON.stringify(keyOf(e, paramsOf(e, "x1"))));
    expect(new Set(keys).size).toBe(reads.length);
    expect(reads.map((e) => JSON.stringify(keyOf(e, paramsOf(e, "x1"))))).toEqual(keys);
  });

  it("tells instances apart by parameters and query, not by unset values", () => {
    const { zipAreas } = endpoints.analyses;
    expect(keyOf(zipAreas, { id: "a1" })).toEqual(["api", "analyses", "a1", "zip-areas"]);
    expect(keyOf(zipAreas, { id: "a1" })).not.toEqual(keyOf(zipAreas, { id: "a2" }));
    expect(keyOf(zipAreas, { id: "a1" }, { sort: "score", limit: 5 })).not.toEqual(
      keyOf(zipAreas, { id: "a1" }),
    );
    expect(keyOf(zipAreas, { id: "a1" }, { sort: undefined })).toEqual(
      keyOf(zipAreas, { id: "a1" }),
    );
    expect(queryOptionsOf(zipAreas, { id: "a1" }).queryKey).toEqual(keyOf(zipAreas, { id: "a1" }));
    expect(pagedOf(endpoints.admin.logs, undefined, { level: "error" }).queryKey).toEqual([
      "api",
      "admin",
      "logs",
      { level: "error" },
    ]);
  });

  it("refreshes one analysis' queries with the analyses list, and every admin tab at once", async () => {
    const client = new QueryClient();
    const { analyses, account, admin, partners } = endpoints;
    const cached = [
      keyOf(analyses.get, { id: "a1" }),
      keyOf(analyses.zipAreas, { id: "a1" }),
      keyOf(account.analysisBrand, { id: "a1" }),
      keyOf(admin.users),
      keyOf(partners.brand, { id: "p1" }),
      keyOf(endpoints.comparisons.get, { id: "c1" }),
    ];
    for (const key of cached) client.setQueryData(key, 1);
    await client.invalidateQueries({ queryKey: keyOf(analyses.list) });
    const stale = () => cached.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale()).toEqual([true, true, true, false, false, false]);
    await client.invalidateQueries({ queryKey: prefixOf(admin.analytics, partners.list) });
    expect(stale()).toEqual([true, true, true, true, true, false]);
  });
});
