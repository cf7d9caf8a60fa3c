/**
 * Each ZIP from its own homes, on the shipped dataset (no ../shared needed): housing age and
 * income of its own, the contractors within reach of its homes, names residents use, counts
 * that can be, and reasons that say which way they push (docs/methodology.md, "ZIP opportunity
 * score").
 */
import type { ZipAreaRow } from "@bis/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { createPlaceService } from "../src/services/places/place-service.js";

const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});

async function zips(city: string, state: string, primary: number, secondary: number) {
  const request = {
    city,
    state,
    industry: "HVAC",
    primaryRadius: primary,
    secondaryRadius: secondary,
  };
  const { target } = await places.locate(city, state, request);
  return places.zipAreas(target.lat, target.lon, primary, secondary, null);
}

const markets: Record<string, { rows: ZipAreaRow[]; withoutHouseholds: number }> = {};
beforeAll(async () => {
  markets.phoenix = await zips("Phoenix", "AZ", 15, 25);
  markets.miami = await zips("Miami", "FL", 10, 15);
  markets.newYork = await zips("New York", "NY", 15, 15);
  markets.boston = await zips("Boston", "MA", 10, 15);
});
const rows = (key: string) => markets[key]?.rows ?? [];
const row = (key: string, zip: string) => {
  const found = rows(key).find((r) => r.zip === zip);
  if (!found) throw new Error(`${zip} not in ${key}`);
  return found;
};

describe("each ZIP from its own homes", () => {
  it("gives ≥ 90 % of a metro's ZIPs their own housing age and income, with distinct values", () => {
    for (const key of Object.keys(markets)) {
      const list = rows(key);
      const share = (f: (r: ZipAreaRow) => boolean) => list.filter(f).length / list.length;
      expect(
        share((r) => r.housingAgeSource === "zip"),
        key,
      ).toBeGreaterThanOrEqual(0.9);
      expect(
        share((r) => r.perCapitaIncome != null),
        key,
      ).toBeGreaterThanOrEqual(0.9);
      // Not one figure per county: Miami's 60-odd ZIPs read 5 incomes on county medians.
      expect(new Set(list.map((r) => r.perCapitaIncome)).size, key).toBeGreaterThan(
        0.7 * list.length,
      );
      expect(new Set(list.map((r) => r.builtBefore1980Share)).size, key).toBeGreaterThan(
        0.7 * list.length,
      );
    }
  });

  it("does not call Pinecrest (33156) low-income", () => {
    const pinecrest = row("miami", "33156");
    expect(pinecrest.perCapitaIncome).toBeGreaterThan(60_000);
    expect(pinecrest.reasons).toMatch(/\+ \$[\d,]+ per-capita income/);
    expect(pinecrest.reasons).not.toMatch(/− \$[\d,]+ (per-capita|county median) income/);
  });

  it("names ZIPs as residents do: Teaneck, Staten Island, Queens", () => {
    expect(row("newYork", "07666").place).toBe("Teaneck");
    expect(row("newYork", "10312").place).toBe("Staten Island");
    expect(row("newYork", "11360").place).toBe("Queens");
    expect(rows("newYork").filter((r) => r.place.startsWith("Unincorporated"))).toEqual([]);
  });

  it("never lists more households than homes, nor a ZIP without households", () => {
    for (const key of Object.keys(markets))
      for (const r of rows(key)) {
        expect(r.households, `${key} ${r.zip}`).toBeGreaterThan(0);
        expect(r.households ?? 0, `${key} ${r.zip}`).toBeLessThanOrEqual(r.housingUnits);
      }
    // Goodyear's 85338: ACS tenure counted more households (22,268) than its homes (20,782).
    expect(row("phoenix", "85338")).toMatchObject({ households: 20_782 });
    // Luke Air Force Base (85309) is left out, and counted.
    expect(rows("phoenix").some((r) => r.zip === "85309")).toBe(false);
    expect(markets.phoenix?.withoutHouseholds).toBeGreaterThanOrEqual(1);
  });

  it("judges a ZIP by the contractors its homes can call, not those at its addresses", () => {
    // Boston's top ZIPs read "0 contractors" at their own addresses; dozens sit within 5 miles.
    const top = [...rows("boston")].sort((a, b) => b.score - a.score).slice(0, 5);
    for (const r of top) expect(r.contractorsNearby, r.zip).toBeGreaterThan(10);
    expect(
      rows("boston").filter((r) => r.contractors === 0 && (r.contractorsNearby ?? 0) > 20).length,
    ).toBeGreaterThan(5);
  });

  it("scores housing age, income and nearby competition, and says which way each pushes", () => {
    for (const key of Object.keys(markets))
      for (const r of rows(key)) {
        const keys = r.scoreComponents.map((c) => c.key);
        expect(keys).toContain("competition");
        if (r.builtBefore1980Share != null) expect(keys).toContain("housingAge");
        if (r.perCapitaIncome != null || r.medianIncome != null) expect(keys).toContain("income");
        if (r.reasons !== "no measure stands out")
          for (const reason of r.reasons.split("; ")) expect(reason).toMatch(/^[+−] .*\d/);
      }
  });
});
