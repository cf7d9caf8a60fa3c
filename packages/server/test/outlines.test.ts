/**
 * GET /api/outlines?states=…: the states a map has in view, in one answer, gzipped
 * for a browser that accepts it, cached for a day; anything but two-digit codes is refused.
 * With `zips=…` the answer also carries those states' ZIP outlines, Interstates and water, and
 * a 100-mile New York view's stays within 600 KB gzipped.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

  it("carries the ZIP outlines, Interstates and water of a 100-mile New York view within 600 KB gzipped", async () => {
    const view = nyHundredMileView();
    // New York, New Jersey, Connecticut, Pennsylvania and the neighbours the circle reaches.
    expect(view.zips).toEqual(expect.arrayContaining(["09", "34", "36", "42"]));
    const query = `states=${view.states.join(",")}&zips=${view.zips.join(",")}`;
    const wire = await rawGet(`${bis.url}/api/outlines?${query}`);
    expect(wire.encoding).toBe("gzip");
    console.info(`outlines, NY 100 mi (${query}): ${wire.bytes.length} bytes gzipped`);
    expect(wire.bytes.length).toBeLessThanOrEqual(OUTLINES_BUDGET);

    const body = (await (await fetch(`${bis.url}/api/outlines?${query}`)).json()) as Answer;
    expect(Object.keys(body.zips ?? {}).sort()).toEqual(view.zips);
    const ny = body.zips?.["36"];
    expect(ny?.type).toBe("Topology");
    expect(Object.keys(ny?.objects ?? {})).toEqual(
      expect.arrayContaining(["zips", "interstates", "lakes", "rivers", "coast"]),
    );
    // Chelsea/Midtown's ZIP, with arcs that exist; I-87 and I-90 cross the state.
    const zips = ny?.objects.zips?.geometries ?? [];
    expect(zips.length).toBeGreaterThan(1500);
    const chelsea = zips.find((g) => g.id === "10001");
    expect(chelsea?.type).toMatch(/Polygon/);
    const refs = JSON.stringify(chelsea?.arcs).match(/-?\d+/g)?.map(Number) ?? [];
    expect(refs.every((r) => (ny?.arcs ?? [])[r < 0 ? ~r : r] !== undefined)).toBe(true);
    const roads = (ny?.objects.interstates?.geometries ?? []).map((g) => g.id);
    expect(roads).toEqual(expect.arrayContaining(["I-87", "I-90", "I-95"]));
    expect(ny?.objects.lakes?.geometries.map((g) => g.id)).toContain("Lake Ontario");
  });

  it("answers ZIP layers alone, without the state outlines", async () => {
    const response = await fetch(`${bis.url}/api/outlines?zips=11`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Answer;
    expect(Object.keys(body)).toEqual(["zips"]);
    expect(body.zips?.["11"]?.objects.zips?.geometries.map((g) => g.id)).toContain("20001");
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

  it.each([
    ["36,ny", 400],
    ["99", 404],
  ])("refuses zips=%s with %i", async (zips, status) => {
    const response = await fetch(`${bis.url}/api/outlines?zips=${encodeURIComponent(zips)}`);
    expect(response.status).toBe(status);
  });
});

const OUTLINES_BUDGET = 600 * 1024;

interface Geometry {
  type: string;
  id?: string;
  arcs: unknown;
}
interface Topology {
  type: string;
  arcs: unknown[];
  objects: Record<string, { geometries: Geometry[] } | undefined>;
}
type Answer = Record<string, Topology> & { zips?: Record<string, Topology> };

const outlinesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../app/src/assets/outlines",
);

/**
 * A 100-mile New York analysis as the ZIP map asks for it: the states whose box meets the
 * circle (their outlines), and the states holding a ZIP area whose middle lies within it (their
 * ZIP layers), from the committed files.
 */
function nyHundredMileView(): { states: string[]; zips: string[] } {
  const { states } = JSON.parse(readFileSync(path.join(outlinesDir, "index.json"), "utf8")) as {
    states: { fips: string; box: [number, number, number, number] }[];
  };
  const [lat, lon, miles] = [40.7128, -74.006, 100];
  const dLat = miles / 69.05;
  const dLon = miles / (69.17 * Math.cos((lat * Math.PI) / 180));
  const [w, s, e, n] = [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
  const view = states
    .filter(({ box: [bw, bs, be, bn] }) => bw <= e && be >= w && bs <= n && bn >= s)
    .map((x) => x.fips)
    .sort();
  const within = (x: number, y: number) =>
    Math.hypot((y - lat) * 69.05, (x - lon) * 69.17 * Math.cos((lat * Math.PI) / 180)) <= miles;
  const zips = view.filter((fips) => {
    const t = JSON.parse(readFileSync(path.join(outlinesDir, "zips", `${fips}.json`), "utf8")) as {
      transform: { scale: [number, number]; translate: [number, number] };
      arcs: [number, number][][];
      objects: { zips: { geometries: { arcs: unknown }[] } };
    };
    // The ZIP borders are the first arcs (roads and water follow); each arc's first point
    // stands in for the ZIP areas it borders.
    const refs = JSON.stringify(t.objects.zips.geometries.map((g) => g.arcs)).match(/-?\d+/g) ?? [];
    const count = Math.max(-1, ...refs.map((r) => (Number(r) < 0 ? ~Number(r) : Number(r)))) + 1;
    return t.arcs
      .slice(0, count)
      .some(([first]) =>
        first
          ? within(
              t.transform.translate[0] + first[0] * t.transform.scale[0],
              t.transform.translate[1] + first[1] * t.transform.scale[1],
            )
          : false,
      );
  });
  return { states: view, zips };
}

/** The answer's bytes as they travel (fetch would inflate them). */
function rawGet(url: string): Promise<{ encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
