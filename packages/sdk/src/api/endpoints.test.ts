/**
 * The endpoint table: one entry per call, each path under /api, every schema it names loads,
 * and the paths built from it are encoded.
 */
import { describe, expect, it } from "vitest";
import { API_PREFIX, pathOf, urlOf } from "./endpoint.js";
import { allEndpoints, endpoints } from "./endpoints.js";
import { loadSchema } from "./schemas.js";

describe("the endpoint table", () => {
  it("has each method and path once, every path under /api", () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(allEndpoints).size).toBe(allEndpoints.length);
    for (const e of allEndpoints) expect(e.path.startsWith(`${API_PREFIX}/`)).toBe(true);
    expect(allEndpoints.length).toBeGreaterThan(80);
  });

  it("names only schemas that exist, and each answer is JSON, a file or nothing", async () => {
    for (const e of allEndpoints) {
      for (const ref of [e.query, e.body, e.response]) {
        if (!ref) continue;
        const parser = await loadSchema(ref);
        expect(typeof parser.parse, `${e.method} ${e.path}: ${ref.name}`).toBe("function");
      }
      expect(e.response && e.read, `${e.method} ${e.path}`).toBeFalsy();
      if (e.method === "GET") expect(e.body, `${e.method} ${e.path}`).toBeUndefined();
    }
  });

  it("reads a wrapped answer as its item: a page, a list, a field", async () => {
    const page = await loadSchema(endpoints.analyses.list.response);
    expect(page.parse({ analyses: [], nextCursor: null, total: 0, limit: 20 })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      limit: 20,
    });
    const list = await loadSchema(endpoints.site.outbox.response);
    expect(list.parse({ messages: [] })).toEqual([]);
    const field = await loadSchema(endpoints.premium.keywords.response);
    expect(() => field.parse({ analysis: { id: 1 } })).toThrow();
  });

  it("builds paths with their parameters encoded, and refuses a missing one", () => {
    expect(urlOf(endpoints.analyses.get, { id: "a b/c" })).toBe("/api/analyses/a%20b%2Fc");
    expect(
      urlOf(endpoints.partners.confirmMember, { id: "p1", userId: "u 2" }, { limit: 5, x: "" }),
    ).toBe("/api/admin/partners/p1/members/u%202/confirm?limit=5");
    expect(() => pathOf(endpoints.analyses.get.path, {})).toThrow(/Missing path parameter "id"/);
  });
});
