/**
 * Map tiles (BIS_MAP_TILE_URL, BIS_MAP_TILE_ATTRIBUTION): validated at start-up, handed to the
 * app by GET /api/public/settings, and the only outside image host the Content-Security-Policy
 * admits — and only when configured.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, tileUrlProblem } from "../src/config.js";
import { startTestServer } from "./support/index.js";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "bis-tiles-"));
const OSM = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";

async function fetchWith(env: Record<string, string>, pathname: string) {
  const bis = await startTestServer(env);
  try {
    const res = await fetch(`${bis.url}${pathname}`);
    return {
      policy: res.headers.get("content-security-policy") ?? "",
      body: (await res.json()) as Record<string, unknown>,
    };
  } finally {
    await bis.close();
  }
}

/** The sources of one directive of a Content-Security-Policy. */
function directive(policy: string, name: string): string[] {
  const entry = policy
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return entry?.slice(1) ?? [];
}

describe("tile settings at start-up", () => {
  it("has no tiles unless BIS_MAP_TILE_URL is set", () => {
    expect(loadConfig({ BIS_DATA_DIR: dataDir() }).mapTiles).toBeNull();
  });

  it("keeps a valid template, its attribution and the image source it needs", () => {
    const config = loadConfig({
      BIS_DATA_DIR: dataDir(),
      BIS_MAP_TILE_URL: OSM,
      BIS_MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors",
    });
    expect(config.mapTiles).toEqual({
      url: OSM,
      attribution: "© OpenStreetMap contributors",
      imageSource: "https://*.tile.openstreetmap.org",
    });
    const plain = loadConfig({
      BIS_DATA_DIR: dataDir(),
      BIS_MAP_TILE_URL: "https://tiles.example.com:8443/v1/{z}/{x}/{-y}{r}.png?key=abc",
      BIS_MAP_TILE_ATTRIBUTION: "Example Tiles",
    });
    expect(plain.mapTiles?.imageSource).toBe("https://tiles.example.com:8443");
  });

  it.each([
    ["http://tile.example.com/{z}/{x}/{y}.png", "must be an https:// URL template"],
    ["https://tile.example.com/tiles.png", "must be a tile URL template with {z}, {x} and {y}"],
    ["https://tile.example.com/{z}/{x}.png", "must be a tile URL template with {z}, {x} and {y}"],
    ["https://tile.example.com/{z}/{x}/{y}.png?key={apikey}", "unknown placeholder {apikey}"],
    ["https://tiles.{s}.example.com/{z}/{x}/{y}.png", "only as {s} at the start"],
    ["tile.example.com/{z}/{x}/{y}.png", "must be an https:// URL template"],
    ["https://user:pw@tile.example.com/{z}/{x}/{y}.png", "must not carry a user name or password"],
  ])("refuses %s", (url, message) => {
    expect(tileUrlProblem(url)).toContain(message);
    const load = () =>
      loadConfig({
        BIS_DATA_DIR: dataDir(),
        BIS_MAP_TILE_URL: url,
        BIS_MAP_TILE_ATTRIBUTION: "Tiles",
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`BIS_MAP_TILE_URL: `);
  });

  it("wants both variables or neither", () => {
    expect(() => loadConfig({ BIS_DATA_DIR: dataDir(), BIS_MAP_TILE_URL: OSM })).toThrow(
      "BIS_MAP_TILE_ATTRIBUTION: is required when BIS_MAP_TILE_URL is set",
    );
    expect(() =>
      loadConfig({ BIS_DATA_DIR: dataDir(), BIS_MAP_TILE_ATTRIBUTION: "© OpenStreetMap" }),
    ).toThrow("BIS_MAP_TILE_ATTRIBUTION: is set but BIS_MAP_TILE_URL is not");
  });
});

describe("tile settings served", () => {
  it("tells the app about the tiles and admits images from their host alone", async () => {
    const { policy, body } = await fetchWith(
      { BIS_MAP_TILE_URL: OSM, BIS_MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors" },
      "/api/public/settings",
    );
    expect(body.mapTiles).toEqual({ url: OSM, attribution: "© OpenStreetMap contributors" });
    expect(directive(policy, "img-src")).toEqual([
      "'self'",
      "data:",
      "https://*.tile.openstreetmap.org",
    ]);
  });

  it("without tiles, says nothing of them and admits no outside images", async () => {
    const { policy, body } = await fetchWith({}, "/api/public/settings");
    expect(body.mapTiles).toBeUndefined();
    expect(directive(policy, "img-src")).toEqual(["'self'", "data:"]);
  });
});
