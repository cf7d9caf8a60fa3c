/// <reference types="node" />
/**
 * The ZIP map's layers: the committed files are what the derive script makes from the reference
 * data in ../shared (skipped when it is absent, as in a user's clone), and they decode to ZIP
 * outlines, Interstates and water.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveOutlines } from "../test/outline-server";
import { STATES, type StateEntry } from "./basemap";
import { loadZipLayers, statesOfZips } from "./zip-basemap";

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.resolve(here, "../../scripts/derive-zip-outlines.mjs");
const shared = path.resolve(here, "../../../../../shared/data/geo");
const hasShared = existsSync(path.join(shared, "zcta2010_us_i200m.topo.json.gz"));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ZIP map layers", () => {
  it.skipIf(!hasShared)(
    "ships the ZIP layers the derive script makes from ../shared, byte for byte",
    () => {
      const output = execFileSync(process.execPath, [script, "--check"], { encoding: "utf8" });
      // 51 states and DC, and the prefix index.
      expect(output).toContain("ZIP outlines up to date (57 files)");
    },
    60_000,
  );

  it("decodes a state's ZIP outlines, Interstates and water in one request", async () => {
    const requested = serveOutlines();
    const byFips = (f: string) => STATES.find((s) => s.fips === f) as StateEntry;
    const layers = await loadZipLayers([byFips("36"), byFips("34")], statesOfZips(["10001"]));
    expect(requested).toEqual(["36,34&zips=36"]);
    expect(layers.land).toHaveLength(2);
    expect(layers.zips.size).toBeGreaterThan(1500);
    expect(layers.zips.get("10001")?.geometry.type).toMatch(/Polygon/);
    expect(layers.interstates.map((f) => f.id)).toEqual(
      expect.arrayContaining(["I-87", "I-90", "I-95"]),
    );
    expect(layers.lakes.map((f) => f.id)).toContain("Lake Ontario");
    expect(layers.waterLines.length).toBeGreaterThan(0);
  });
});
