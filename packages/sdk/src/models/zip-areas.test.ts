import { describe, expect, it } from "vitest";
import { csvCell } from "../format.js";
import type { AtDistance } from "./geo.js";
import type { ZipArea } from "./places.js";
import { zipAreaRows, zipAreasCsv, zipAreasSummary } from "./zip-areas.js";

const zip = (code: string, place: string, distanceMiles: number): AtDistance<ZipArea> => ({
  item: {
    zip: code,
    place,
    state: "TX",
    lat: 30,
    lon: -97,
    population: 1000 + Number(code.slice(-2)),
    housingUnits: 400,
  },
  distanceMiles,
});

describe("zipAreaRows", () => {
  const rows = zipAreaRows(
    [
      zip("78745", "Austin", 6.04),
      zip("78701", "Austin", 0.5),
      zip("78664", "Round Rock", 17.6),
      zip("78610", "Buda", 15),
      zip("78702", "Austin", 0.5),
    ],
    10,
    15,
  );

  it("lists the ZCTAs within the secondary radius, nearest first, ZIP breaking ties", () => {
    expect(rows.map((r) => r.zip)).toEqual(["78701", "78702", "78745", "78610"]);
  });

  it("marks primary within the primary radius and rounds distances to a tenth", () => {
    expect(rows.map((r) => r.serviceArea)).toEqual(["primary", "primary", "primary", "secondary"]);
    expect(rows[2]).toMatchObject({ place: "Austin", distanceMiles: 6, population: 1045 });
    expect(zipAreasSummary(rows)).toEqual({ count: 4, primary: 3, secondary: 1 });
  });

  it("writes CSV with a header and one line per ZIP", () => {
    const csv = zipAreasCsv(rows).split("\n");
    expect(csv[0]).toBe("zip,place,state,population,housing_units,distance_miles,service_area");
    expect(csv[1]).toBe("78701,Austin,TX,1001,400,0.5,primary");
    expect(csv).toHaveLength(6);
    expect(csv[5]).toBe("");
  });
});

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks, and defuses spreadsheet formulas", () => {
    expect(csvCell("Winston-Salem")).toBe("Winston-Salem");
    expect(csvCell('Say "hi", all')).toBe('"Say ""hi"", all"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
  });
});
