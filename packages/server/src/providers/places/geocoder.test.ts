import type { PlaceRecord } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { Geocoder, normalizePlaceName } from "./geocoder.js";

const p = (name: string, state: string, population: number): PlaceRecord => ({
  id: `${name}-${state}`,
  name,
  state,
  lat: 0,
  lon: 0,
  population,
  households: null,
  housingUnits: null,
  singleFamilyUnits: null,
  medianHouseholdIncome: null,
  footprintMiles: 0,
});

const geocoder = new Geocoder([
  p("St. Louis", "MO", 300_000),
  p("Fort Worth", "TX", 900_000),
  p("Austin", "TX", 950_000),
  p("Austin", "MN", 25_000),
  p("Kansas City", "MO", 500_000),
  p("Coeur d'Alene", "ID", 55_000),
  p("San Antonio", "TX", 1_400_000),
  p("San Angelo", "TX", 100_000),
  p("Mount Pleasant", "SC", 90_000),
  p("Houston", "TX", 2_300_000),
  p("Austwell", "TX", 150),
  p("Lexington-Fayette", "KY", 320_000),
  p("Louisville/Jefferson County", "KY", 620_000),
  p("Winston-Salem", "NC", 250_000),
  p("Winston", "NC", 9_000),
]);

describe("normalizePlaceName", () => {
  it.each([
    ["St. Louis", "saint louis"],
    ["ST LOUIS", "saint louis"],
    ["Ft. Worth", "fort worth"],
    ["Mt Pleasant", "mount pleasant"],
    ["Coeur d’Alene", "coeur dalene"],
    ["  san   antonio ", "san antonio"],
    ["Montréal", "montreal"],
  ])("%s → %s", (input, expected) => {
    expect(normalizePlaceName(input)).toBe(expected);
  });
});

describe("Geocoder.find", () => {
  it.each([
    ["austin", "TX", "Austin", "TX"],
    ["AUSTIN", "MN", "Austin", "MN"],
    ["Saint Louis", "MO", "St. Louis", "MO"],
    ["St Louis", "MO", "St. Louis", "MO"],
    ["Ft. Worth", "TX", "Fort Worth", "TX"],
    ["Fort Worth city", "TX", "Fort Worth", "TX"],
    ["Austin town", "TX", "Austin", "TX"],
    ["Kansas City", "MO", "Kansas City", "MO"],
    ["coeur d'alene", "ID", "Coeur d'Alene", "ID"],
  ])("finds %s, %s", (city, state, name, foundState) => {
    expect(geocoder.find(city, state)).toMatchObject({ name, state: foundState });
  });

  it.each([
    ["Lexington", "KY", "Lexington-Fayette"],
    ["Louisville", "KY", "Louisville/Jefferson County"],
    ["Winston-Salem", "NC", "Winston-Salem"],
  ])("finds %s, %s in the consolidated name %s", (city, state, name) => {
    expect(geocoder.find(city, state)?.name).toBe(name);
  });

  it("prefers a place with the exact name over another's alias", () => {
    expect(geocoder.find("Winston", "NC")?.name).toBe("Winston");
  });

  it("prefers the exact name over a larger place whose name is it plus a legal word", () => {
    const g = new Geocoder([p("Clay City", "KY", 1_100), p("Clay", "KY", 1_000)]);
    expect(g.find("Clay", "KY")?.name).toBe("Clay");
    expect(g.find("Clay City", "KY")?.name).toBe("Clay City");
    expect(new Geocoder([p("Boise City", "ID", 230_000)]).find("Boise", "ID")?.name).toBe(
      "Boise City",
    );
  });

  it("tries aliases only after every place name, and they carry no figures", () => {
    const g = new Geocoder(
      [p("Edison", "GA", 1_200)],
      [
        { name: "Edison", state: "NJ", lat: 40.5187, lon: -74.4121, population: 100_000 },
        { name: "Edison", state: "GA", lat: 31.5, lon: -84.7, population: 1_500 },
        { name: "Brooklyn", state: "NY", lat: 40.6501, lon: -73.9496, population: 2_300_000 },
      ],
    );
    expect(g.find("Edison", "GA")).toMatchObject({ id: "Edison-GA", population: 1_200 });
    expect(g.find("edison", "NJ")).toMatchObject({
      name: "Edison",
      lat: 40.5187,
      population: 0,
      housingUnits: null,
    });
    expect(g.find("Brooklyn", "NY")?.name).toBe("Brooklyn");
    expect(g.find("Brooklyn", "NJ")).toBeNull();
  });

  it("looks only in the analysis' own state", () => {
    expect(geocoder.find("Houston", "MO")).toBeNull();
    expect(geocoder.find("Austin", "CA")).toBeNull();
  });
});

describe("Geocoder.suggest", () => {
  it("offers up to five nearest names in that state, closest first", () => {
    const suggestions = geocoder.suggest("San Antonoi", "TX");
    expect(suggestions[0]).toBe("San Antonio");
    expect(suggestions).toContain("San Angelo");
    expect(suggestions.length).toBeLessThanOrEqual(5);
  });

  it("suggests nothing for a name that resembles nothing", () => {
    expect(geocoder.suggest("Zzyzx Qwerty", "TX")).toEqual([]);
  });
});
