import { APP_ROUTES } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import source from "./app-routes.tsx?raw";

/**
 * The server answers HTTP 404 for any path outside APP_ROUTES (@bis/sdk), so the route table
 * must take every path from that list and use all of it: a screen added here without adding it
 * there would answer 404 from the server.
 */
describe("the route table", () => {
  const paths = [...source.matchAll(/\bpath=(\{[^}]*\}|"[^"]*")/g)].map((m) => m[1] ?? "");

  it("takes every path from APP_ROUTES, besides the catch-all of the 404 page", () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(path).toMatch(/^\{APP_ROUTES\.\w+\}$|^"\*"$/);
    expect(paths.filter((path) => path === '"*"')).toHaveLength(1);
  });

  it("has a route for each entry of APP_ROUTES", () => {
    const used = new Set(paths.map((path) => path.match(/APP_ROUTES\.(\w+)/)?.[1]));
    for (const name of Object.keys(APP_ROUTES)) expect(used, name).toContain(name);
  });
});
