/**
 * Every Census place of ≥ 1,000 people in the 50 states and DC geocodes by its own name (the
 * name people know it by, the place file's short name), to a place of that name in its state.
 * Reads ../shared/data/census/places.csv; skipped when it is absent.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { Geocoder, normalizePlaceName } from "../src/providers/places/geocoder.js";
import { CENSUS_DIR, censusFilesPresent } from "./support/census-accuracy.js";

describe.runIf(censusFilesPresent)("geocoding every Census place by its own name", () => {
  it("finds every place of ≥ 1,000 people in the 50 states and DC", () => {
    const census = loadEmbeddedCensus();
    const states = new Set(census.states.map((s) => s.code));
    const rows = (
      parse(readFileSync(path.join(CENSUS_DIR, "places.csv")), { columns: true }) as Record<
        string,
        string
      >[]
    ).filter((p) => states.has(p.State ?? "") && Number(p.Population) >= 1000);
    const geocoder = new Geocoder(census.places, census.aliases);
    const missed: string[] = [];
    for (const row of rows) {
      const name = row["Short Name"] as string;
      const found = geocoder.find(name, row.State as string);
      if (!found || normalizePlaceName(found.name) !== normalizePlaceName(name))
        missed.push(`${name}, ${row.State} → ${found ? found.name : "not found"}`);
    }
    expect(rows.length).toBeGreaterThan(15_000);
    expect(missed).toEqual([]);
  });

  it("finds the consolidated cities and the names people use that no Census place carries", () => {
    const census = loadEmbeddedCensus();
    const geocoder = new Geocoder(census.places, census.aliases);
    expect(geocoder.find("Nashville", "TN")?.name).toBe("Nashville-Davidson");
    expect(geocoder.find("Indianapolis", "IN")?.name).toBe("Indianapolis");
    expect(geocoder.find("Louisville", "KY")?.name).toBe("Louisville/Jefferson County");
    expect(geocoder.find("Honolulu", "HI")).toMatchObject({ state: "HI" });
    expect(geocoder.find("Edison", "NJ")).toMatchObject({ name: "Edison", population: 0 });
    expect(geocoder.find("Brooklyn", "NY")).toMatchObject({ name: "Brooklyn" });
  });
});
