/**
 * API answers above a kilobyte and the widget file go compressed to clients that accept it;
 * small answers, PDFs and clients without Accept-Encoding get the bytes as they are.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD_BYTES } from "../src/http/compression.js";
import {
  paidAnalysisFor,
  rawRequest,
  signedInUser,
  startTestServer,
  type TestServer,
} from "./support/index.js";

const WIDGET_SOURCE = `(function(){${'console.log("bis widget");'.repeat(200)}})();\n`;

let bis: TestServer;
let user: NodeClient;
let widgetDir: string;
let analysisId: string;

beforeAll(async () => {
  widgetDir = mkdtempSync(path.join(tmpdir(), "bis-widget-dist-"));
  writeFileSync(path.join(widgetDir, "bis-widget.iife.js"), WIDGET_SOURCE);
  bis = await startTestServer({ BIS_WIDGET_DIST: widgetDir });
  user = await signedInUser(bis, "Zip");
  analysisId = await paidAnalysisFor(user);
});

afterAll(async () => {
  await user?.close();
  await bis?.close();
  rmSync(widgetDir, { recursive: true, force: true });
});

function signedIn(headers: Record<string, string> = {}): Record<string, string> {
  return { Cookie: user.cookies.header() ?? "", ...headers };
}

describe("API answers", () => {
  const analysisUrl = () => `${bis.url}/api/analyses/${analysisId}`;

  it("compresses a large JSON answer with the coding the client accepts, varying on it", async () => {
    const plain = await rawRequest(analysisUrl(), signedIn());
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const json = JSON.parse(plain.body.toString());

    const gzip = await rawRequest(analysisUrl(), signedIn({ "Accept-Encoding": "gzip" }));
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-type"]).toMatch(/^application\/json/);
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(json);

    const br = await rawRequest(
      analysisUrl(),
      signedIn({ "Accept-Encoding": "gzip, deflate, br" }),
    );
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json);
  });

  it("sends identity to a client without Accept-Encoding", async () => {
    const res = await rawRequest(analysisUrl(), signedIn());
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(res.body.toString())).toMatchObject({ id: analysisId });
  });

  it("leaves answers below the threshold as they are", async () => {
    const res = await rawRequest(`${bis.url}/api/health`, { "Accept-Encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toBeTruthy();
  });

  it("streams the PDF report uncompressed, whole and readable", async () => {
    const res = await rawRequest(
      `${bis.url}/api/analyses/${analysisId}/report.pdf`,
      signedIn({ "Accept-Encoding": "gzip, deflate, br" }),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.body.subarray(-6).toString()).toMatch(/%%EOF/);
  });
});

describe("the widget file", () => {
  it("goes compressed to a browser and as it is to a client without Accept-Encoding", async () => {
    const manifest = await (await fetch(`${bis.url}/api/widget/manifest`)).json();
    const url = `${bis.url}${manifest.path}`;

    const br = await rawRequest(url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(WIDGET_SOURCE);

    const plain = await rawRequest(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(WIDGET_SOURCE);
  });

  it("marks its ETag weak: one validator for every encoding, and a revalidation answers 304", async () => {
    const manifest = await (await fetch(`${bis.url}/api/widget/manifest`)).json();
    const url = `${bis.url}${manifest.path}`;
    const br = await rawRequest(url, { "Accept-Encoding": "br" });
    const gzip = await rawRequest(url, { "Accept-Encoding": "gzip" });
    const plain = await rawRequest(url);
    expect([br, gzip, plain].map((r) => r.headers["content-encoding"])).toEqual([
      "br",
      "gzip",
      undefined,
    ]);
    // A strong ETag names one exact body; the br, gzip and identity bodies differ, so the
    // shared validator must be weak (as nginx does for bodies it compresses on the fly).
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(gzip.headers.etag).toBe(etag);
    expect(plain.headers.etag).toBe(etag);

    const again = await rawRequest(url, { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
