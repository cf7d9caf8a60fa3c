import { describe, expect, it } from "vitest";
import { csvCell } from "../format.js";
import type { MarketAnalysisData } from "../schemas/market.js";
import type { AtDistance } from "./geo.js";
import type { ZipArea, ZipStock } from "./places.js";
import {
  sortZipRows,
  zipAreaList,
  zipAreaRows,
  zipAreasCsv,
  zipAreasSummary,
} from "./zip-areas.js";

const zip = (code: string, place: string, distanceMiles: number): AtDistance<ZipArea> => ({
  item: {
    zip: code,
    place,
    state: "TX",
    lat: 30,
    lon: -97,
    population: 1000 + Number(code.slice(-2)),
    housingUnits: 400,
    households: 380,
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

  it("writes CSV with a header, one line per ZIP, ZIPs as text", () => {
    const csv = zipAreasCsv(rows).split("\n");
    expect(csv[0]?.startsWith("zip,place,state,opportunity_score,reasons,population")).toBe(true);
    expect(csv[1]?.startsWith("78701,Austin,TX,")).toBe(true);
    expect(csv).toHaveLength(6);
    expect(csv[5]).toBe("");
  });

  it("leaves out zero-population ZIPs (P.O. boxes, business ZIPs)", () => {
    const empty = zip("78799", "Austin", 1);
    empty.item.population = 0;
    expect(zipAreaRows([empty, zip("78701", "Austin", 2)], 10, 15).map((r) => r.zip)).toEqual([
      "78701",
    ]);
  });

  it("leaves out ZIPs without households and counts them (an air force base)", () => {
    const base = zip("85309", "Glendale", 3);
    base.item.households = 0;
    const list = zipAreaList([base, zip("78701", "Austin", 2)], 10, 15);
    expect(list.rows.map((r) => r.zip)).toEqual(["78701"]);
    expect(list.withoutHouseholds).toBe(1);
    expect(zipAreasSummary(list.rows, list.withoutHouseholds)).toEqual({
      count: 1,
      primary: 1,
      secondary: 0,
      withoutHouseholds: 1,
    });
  });

  it("never lists more households than homes: ACS tenure scaled to the ZIP's homes", () => {
    const goodyear = zip("85338", "Goodyear", 3);
    goodyear.item = {
      ...goodyear.item,
      housingUnits: 20_782,
      households: 22_268,
      ownerOccupied: 16_923,
    };
    const [row] = zipAreaRows([goodyear], 10, 15);
    expect(row).toMatchObject({ households: 20_782, ownerOccupied: 15_794 });
    expect(row?.ownerOccupiedShare).toBeCloseTo(16_923 / 22_268, 3);
  });
});

describe("zipAreaRow with stock and an analysis", () => {
  const stock: ZipStock = {
    housingUnits: 1000,
    households: 900,
    builtBefore1980: 600,
    built1980To1999: 300,
    built2000OrLater: 100,
    incomeSum: 900 * 80_000,
    incomeHouseholds: 900,
  };
  const area = zip("02134", "Boston", 3);
  area.item = {
    ...area.item,
    state: "MA",
    housingUnits: 1100,
    households: 1000,
    ownerOccupied: 700,
    contractors: 2,
    perCapitaIncome: 41_300,
    mobileHomeShare: 0.004,
    vacantShare: 0.061,
  };
  const analysis = {
    requestIndustry: "HVAC",
    households: 10_000,
    serviceBreakdown: [
      { serviceId: "ac-replacement", estimatedRevenue: 1_000_000 },
      { serviceId: "ac-repair", estimatedRevenue: 500_000 },
    ],
    localMarket: { housing: { ownerOccupiedShare: 0.7, built2000OrLater: 0.1 } },
  } as unknown as MarketAnalysisData;
  const nearby = () => ({ contractors: 41, households: 20_000 });
  const [row] = zipAreaRows([area], 10, 15, { stock: () => stock, nearby, analysis });

  it("reads households, owners, income and stock of the ZCTA, age of its tracts, contractors near it", () => {
    expect(row).toMatchObject({
      zip: "02134",
      households: 1000,
      ownerOccupied: 700,
      ownerOccupiedShare: 0.7,
      builtBefore1980Share: 0.6,
      medianYearBuilt: "before 1980",
      housingAgeSource: "zip",
      medianIncome: 80_000,
      perCapitaIncome: 41_300,
      mobileHomeShare: 0.004,
      vacantShare: 0.061,
      contractors: 2,
      householdsPerContractor: 500,
      contractorsNearby: 41,
      contractorsNearbyPer10k: 20.5,
    });
  });

  it("says when a ZIP with no tract of its own takes the area's housing age", () => {
    const local = {
      ...analysis,
      localMarket: { housing: { ...analysis.localMarket?.housing, builtBefore1980: 0.45 } },
    } as unknown as MarketAnalysisData;
    const [r] = zipAreaRows([area], 10, 15, { analysis: local });
    expect(r).toMatchObject({ builtBefore1980Share: 0.45, housingAgeSource: "area" });
    const [none] = zipAreaRows([area], 10, 15);
    expect(none).toMatchObject({ builtBefore1980Share: null, housingAgeSource: null });
  });

  it("applies the analysis' dollars per household (same owner and age mix: same rate)", () => {
    expect(row?.revenueByService).toEqual({ "ac-replacement": 100_000, "ac-repair": 50_000 });
    expect(row?.revenue).toBe(150_000);
  });

  it("scales replacements by the ZIP's owner share relative to the analysis'", () => {
    const rented = { ...area, item: { ...area.item, ownerOccupied: 200 } };
    const [r] = zipAreaRows([rented], 10, 15, { stock: () => stock, nearby, analysis });
    expect(r?.revenueByService["ac-repair"]).toBe(50_000);
    expect(r?.revenueByService["ac-replacement"]).toBeLessThan(100_000);
  });

  it("scores 0–100 with components and reasons, the same in the CSV", () => {
    expect(row?.score).toBeGreaterThan(0);
    expect(row?.scoreComponents.map((c) => c.key)).toEqual([
      "households",
      "ownership",
      "housingAge",
      "competition",
      "income",
    ]);
    expect(row?.reasons).toContain("+ 60% of homes built before 1980");
    expect(row?.reasons).toContain("− 41 contractors within 5 miles (20.5 per 10,000 households)");
    expect(row?.reasonGroups?.lowers).toEqual([
      "41 contractors within 5 miles (20.5 per 10,000 households)",
      "1,000 households",
    ]);
    const csv = zipAreasCsv(row ? [row] : []).split("\n");
    expect(csv[0]).toContain("revenue_ac_replacement");
    expect(csv[0]).toContain("score_housing_age");
    expect(csv[1]?.startsWith(`02134,Boston,MA,${row?.score},`)).toBe(true);
  });
});

describe("sortZipRows", () => {
  const rows = zipAreaRows(
    [zip("78745", "Austin", 6), zip("78701", "Austin", 0.5), zip("78610", "Buda", 12)],
    10,
    15,
  );
  it("sorts by a column in its natural direction, or as asked, and limits", () => {
    expect(sortZipRows(rows).map((r) => r.zip)).toEqual(["78701", "78745", "78610"]);
    expect(sortZipRows(rows, { sort: "population" }).map((r) => r.zip)).toEqual([
      "78745",
      "78610",
      "78701",
    ]);
    expect(sortZipRows(rows, { sort: "zip", order: "desc", limit: 2 }).map((r) => r.zip)).toEqual([
      "78745",
      "78701",
    ]);
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
