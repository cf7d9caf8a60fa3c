import { describe, expect, it } from "vitest";
import { Grid } from "./derive-census-geo.js";
import { zctaPlaceName } from "./derive-census-names.js";

const place = (geoid: string, name: string, county: string, population: number, lat: number) => ({
  key: geoid,
  geoid,
  name,
  state: "AZ",
  kind: "C1",
  county,
  population,
  housingUnits: null,
  landArea: 1,
  lat,
  lon: -112,
});
const places = [
  place("0455000", "Phoenix", "04013", 1_600_000, 33.45),
  place("0400001", "Small CDP", "04013", 900, 33.0),
  place("0400002", "Big CDP", "04013", 5_000, 33.01),
  place("0400003", "Other County Town", "04021", 50_000, 33.0),
];
const byGeoid = new Map(places.map((p) => [p.geoid, p]));
const grid = new Grid(places);
const county = { Name: "Maricopa County" };
const zcta = (primaryPlace: string, lat: number, landArea = "10") => ({
  "Primary Place": primaryPlace,
  "Primary County": "04013",
  Latitude: String(lat),
  Longitude: "-112",
  "Land Area": landArea,
});

describe("zctaPlaceName", () => {
  it("names the Census primary place first", () => {
    expect(zctaPlaceName(zcta("0455000", 33.0), county, byGeoid, grid)).toBe("Phoenix");
  });
  it("else the largest place of the primary county within the ZIP's equivalent radius", () => {
    expect(zctaPlaceName(zcta("", 33.0), county, byGeoid, grid)).toBe("Big CDP");
  });
  it("else Unincorporated {county}", () => {
    expect(zctaPlaceName(zcta("", 34.5), county, byGeoid, grid)).toBe(
      "Unincorporated Maricopa County",
    );
  });
});
