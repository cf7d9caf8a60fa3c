import { describe, expect, it } from "vitest";
import { APP_ROUTE_PATTERNS, isAppRoute } from "./app-routes.js";

describe("isAppRoute", () => {
  it.each([
    "/",
    "/dashboard",
    "/analysis/abc",
    "/checkout/abc-123",
    "/admin",
    "/admin/",
    "/ADMIN",
    "/signin",
    "/dev/outbox",
  ])("accepts %s", (path) => {
    expect(isAppRoute(path)).toBe(true);
  });

  it.each(["/nope", "/analysis", "/analysis/a/b", "/checkout", "/dev", "/admin/x", "/analysis/.."])(
    "rejects %s",
    (path) => {
      expect(isAppRoute(path)).toBe(false);
    },
  );

  it("accepts every listed pattern with its parameters filled in", () => {
    for (const pattern of APP_ROUTE_PATTERNS)
      expect(isAppRoute(pattern.replace(/:\w+/g, "x1")), pattern).toBe(true);
  });
});
