/// <reference types="node" />
// The derive script runs under Node; this test starts it.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveOutlines } from "../test/outline-server";
import { loadState, loadStates, STATES, type StateEntry, statesIn } from "./basemap";

afterEach(() => {
  vi.unstubAllGlobals();
});

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../scripts/derive-outlines.mjs",
);

describe("basemap", () => {
  it("ships the outlines the derive script makes from us-atlas, byte for byte", () => {
    const output = execFileSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(output).toContain("Outlines up to date (57 files)");
  });

  it("finds the states in a box and loads one state's outline and county borders", async () => {
    // Around Austin, TX.
    const names = statesIn([-98.5, 29.5, -97, 31]).map((s) => s.name);
    expect(names).toEqual(["Texas"]);
    // Kansas City lies on the Missouri–Kansas line.
    expect(
      statesIn([-94.8, 38.9, -94.4, 39.2])
        .map((s) => s.name)
        .sort(),
    ).toEqual(["Kansas", "Missouri"]);
    expect(STATES.map((s) => s.name)).toContain("District of Columbia");

    serveOutlines();
    const texas = await loadState(STATES.find((s) => s.fips === "48") as StateEntry);
    expect(texas.name).toBe("Texas");
    expect(texas.land.features).toHaveLength(1);
    expect(texas.land.features[0]?.geometry.type).toBe("MultiPolygon");
    // 254 counties: hundreds of border lines between them, each drawn once.
    expect(texas.counties.geometry.coordinates.length).toBeGreaterThan(200);
    // The same promise the second time: each state loads once.
    expect(loadState(STATES.find((s) => s.fips === "48") as StateEntry)).toBe(
      loadState(STATES.find((s) => s.fips === "48") as StateEntry),
    );
  });

  it("loads the states in view in one request, each state once", async () => {
    const requested = serveOutlines();
    const byFips = (f: string) => STATES.find((s) => s.fips === f) as StateEntry;
    // Texas was loaded above: only Oklahoma and Louisiana are asked for, together.
    const [texas, oklahoma, louisiana] = await Promise.all(
      loadStates([byFips("48"), byFips("40"), byFips("22")]),
    );
    expect(requested).toEqual(["40,22"]);
    expect([texas?.name, oklahoma?.name, louisiana?.name]).toEqual([
      "Texas",
      "Oklahoma",
      "Louisiana",
    ]);
  });
});
