/**
 * GET /api/outlines?states=…: the states a map has in view, in one answer, gzipped
 * for a browser that accepts it, cached for a day; anything but two-digit codes is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/index.js";

let bis: TestServer;

beforeAll(async () => {
  bis = await startTestServer();
});

afterAll(async () => {
  await bis?.close();
});

describe("GET /api/outlines", () => {
  it("answers the asked states' TopoJSON in one object, gzipped and cached", async () => {
    const response = await fetch(`${bis.url}/api/outlines?states=48,40,48`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    // fetch inflates it; the header says it travelled gzipped.
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const body = (await response.json()) as Record<string, { type: string; objects: object }>;
    expect(Object.keys(body).sort()).toEqual(["40", "48"]);
    expect(body["48"]?.type).toBe("Topology");
    expect(Object.keys(body["40"]?.objects ?? {})).toEqual(
      expect.arrayContaining(["state", "counties"]),
    );
  });

  it.each([
    ["", 400],
    ["48,tx", 400],
    ["../48", 400],
    ["99", 404],
  ])("refuses states=%s with %i", async (states, status) => {
    const response = await fetch(`${bis.url}/api/outlines?states=${encodeURIComponent(states)}`);
    expect(response.status).toBe(status);
  });
});
