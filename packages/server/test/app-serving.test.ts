/** In production the server serves the built app and the API on one port. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/index.js";

let bis: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "bis-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>BIS app</title>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('bis')");
  bis = await startTestServer({ NODE_ENV: "production", BIS_APP_DIST: dist });
});
afterAll(() => bis.close());

it.each(["/", "/dashboard", "/analysis/123", "/no/such/page"])(
  "serves the app's index.html at %s",
  async (route) => {
    const res = await fetch(`${bis.url}${route}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("<title>BIS app</title>");
  },
);

it("caches fingerprinted assets for a year", async () => {
  const res = await fetch(`${bis.url}/assets/index-abc123.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});

it("keeps unknown API paths a JSON 404", async () => {
  const res = await fetch(`${bis.url}/api/unknown`);
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
});

it("hides the development outbox in production", async () => {
  const res = await fetch(`${bis.url}/api/dev/outbox`);
  expect(res.status).toBe(404);
});
