/**
 * In production the server serves the built app and the API on one port: precompressed files
 * (brotli or gzip, as the client accepts), long caching for fingerprinted assets only, and the
 * app's HTML with HTTP 200 on the app's routes and HTTP 404 anywhere else.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startTestServer, type TestServer } from "./support/index.js";

const html = `<!doctype html><title>BIS app</title>${"<!-- padding -->".repeat(100)}`;
const script = `console.log(${JSON.stringify("bis ".repeat(500))});`;

/** A dist folder as the app's build writes it: each text file next to its .br and .gz. */
function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

let bis: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "bis-dist-"));
  mkdirSync(path.join(dist, "assets"));
  mkdirSync(path.join(dist, ".vite"));
  writeWithCopies(path.join(dist, "index.html"), html);
  writeWithCopies(path.join(dist, "assets", "index-abc123.js"), script);
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(dist, ".vite", "manifest.json"), "{}");
  bis = await startTestServer({ NODE_ENV: "production", BIS_APP_DIST: dist });
});
afterAll(() => bis.close());

describe("the app's routes and HTTP 404", () => {
  it.each([
    "/",
    "/dashboard",
    "/analysis/abc",
    "/checkout/abc",
    "/admin",
    "/admin/",
    "/signin?verified=1",
    "/market-analysis",
  ])("serves the app's HTML with 200 at %s", async (route) => {
    const res = await fetch(`${bis.url}${route}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("<title>BIS app</title>");
  });

  it.each(["/nope", "/analysis/a/b", "/analysis", "/assets/missing-123.js", "/index.php"])(
    "answers 404 with the app's HTML (its Not Found page) at %s",
    async (route) => {
      const res = await fetch(`${bis.url}${route}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("<title>BIS app</title>");
    },
  );

  it("answers 404 to a conditional request for an unknown path (never 304)", async () => {
    const first = await fetch(`${bis.url}/nope`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${bis.url}/nope`, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(404);
  });

  it("keeps unknown API paths a JSON 404", async () => {
    const res = await fetch(`${bis.url}/api/unknown?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    // The message names the path the client called, /api prefix included, without the query.
    expect(await res.json()).toMatchObject({
      code: "NOT_FOUND",
      message: "No such API route: GET /api/unknown",
    });
  });

  it("does not serve the build's hidden files", async () => {
    const res = await fetch(`${bis.url}/.vite/manifest.json`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<title>BIS app</title>");
  });

  it("hides the development outbox in production", async () => {
    const res = await fetch(`${bis.url}/api/dev/outbox`);
    expect(res.status).toBe(404);
  });
});

describe("precompressed files", () => {
  const asset = () => `${bis.url}/assets/index-abc123.js`;

  it("sends the brotli copy to a browser that accepts it, with the script's type", async () => {
    const res = await rawRequest(asset(), { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    for (const accept of ["gzip", "br;q=0, gzip;q=0.8", "x-gzip"]) {
      const res = await rawRequest(asset(), { "Accept-Encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe("gzip");
      expect(gunzipSync(res.body).toString()).toBe(script);
    }
  });

  it("prefers the coding the client rates higher", async () => {
    const res = await rawRequest(asset(), { "Accept-Encoding": "br;q=0.5, gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("sends the original bytes to a client without Accept-Encoding, still varying on it", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "*;q=0" },
    ];
    for (const headers of cases) {
      const res = await rawRequest(asset(), headers);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(script);
    }
  });

  it("gives each encoding its own ETag and answers 304 to a repeat", async () => {
    const br = await rawRequest(asset(), { "Accept-Encoding": "br" });
    const plain = await rawRequest(asset());
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const repeat = await rawRequest(asset(), {
      "Accept-Encoding": "br",
      "If-None-Match": String(br.headers.etag),
    });
    expect(repeat.status).toBe(304);
  });

  it("answers HEAD with the headers of the copy it would send", async () => {
    const res = await rawRequest(asset(), { "Accept-Encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.body.length).toBe(0);
  });

  it("compresses the HTML too, which is never cached for long", async () => {
    for (const route of ["/", "/nope"]) {
      const res = await rawRequest(`${bis.url}${route}`, { "Accept-Encoding": "gzip, br" });
      expect(res.headers["content-encoding"], route).toBe("br");
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(res.body).toString()).toBe(html);
    }
  });

  it("sends a file the build did not compress as it is, revalidated on each use", async () => {
    const res = await rawRequest(`${bis.url}/favicon.svg`, { "Accept-Encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});
