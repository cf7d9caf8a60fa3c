import { describe, expect, it } from "vitest";
import type { LocalMarket } from "../schemas/market.js";
import { localMarketSchema } from "../schemas/market.js";
import {
  LOCAL_MARKET_TITLE,
  localMarketRows,
  localMarketRowText,
  localMarketSourceText,
  localMarketSummary,
} from "./local-market-view.js";

const modeled = (source: string) => ({
  source,
  vintage: "ACS 2019–2023",
  grade: "modeled" as const,
  method: "m",
});

/** A Minneapolis-like profile. */
const minneapolis: LocalMarket = localMarketSchema.parse({
  climate: {
    heatingDegreeDays: 7604,
    coolingDegreeDays: 799,
    heatingVsNational: 1.87,
    coolingVsNational: 0.61,
    zone: "6A",
    zoneName: "Cold",
    provenance: modeled("NOAA normals"),
  },
  housing: {
    builtBefore1980: 0.523,
    built1980To1999: 0.262,
    built2000OrLater: 0.215,
    fuel: { gas: 0.62, propane: 0.05, electricity: 0.24, fuelOil: 0, otherOrNone: 0.09 },
    singleFamilyShare: 0.58,
    ownerOccupiedShare: 0.634,
    metroCoverage: 1,
    tractAgeCoverage: 0.984,
    buildings: {
      singleFamily: 0.58,
      units2to4: 0.08,
      units5plus: 0.32,
      mobile: 0.02,
      buildings2to4: 21_450,
      buildings5plus: 6_120,
      centralPlantBuildings: 1_830,
      provenance: modeled("ACS DP04 units in structure"),
    },
    provenance: modeled("ACS DP04"),
    tenureProvenance: modeled("ACS B25003"),
  },
  equipment: {
    title: "Heating and cooling equipment",
    kinds: {
      centralAc: { label: "central AC", share: 0.52 },
      heatPump: { label: "heat pump", share: 0.33 },
      furnace: { label: "furnace", share: 0.24 },
      boiler: { label: "boiler", share: 0.004 },
      roomUnitsOrNone: { label: "room units or none", share: 0.1 },
    },
    provenance: modeled("RECS 2020"),
  },
  prices: {
    wageIndex: 1.28,
    annualWage: 85_811,
    nationalWage: 67_040,
    provenance: modeled("CBP 2021 wages"),
  },
  income: { medianHouseholdIncome: 78400, provenance: modeled("ACS S1901") },
  contractors: {
    establishments: 696,
    householdsPerContractor: 1284,
    countyEstablishments: 712,
    countyEmployment: 6950,
    countyPayroll: 412_300_000,
    provenance: { source: "ZBP 2022", vintage: "2022", grade: "measured", method: "m" },
    countyProvenance: modeled("CBP 2021"),
  },
});

describe("localMarketRows", () => {
  it("formats every figure of the profile, in reading order", () => {
    expect(LOCAL_MARKET_TITLE).toBe("Local market profile");
    expect(localMarketRows(minneapolis).map(localMarketRowText)).toEqual([
      "Heating degree days: 7,604 (1.9× U.S.)",
      "Cooling degree days: 799 (0.6× U.S.)",
      "Climate zone: 6A Cold",
      "Built before 1980: 52%",
      "Built 1980–1999: 26%",
      "Built 2000 or later: 22%",
      "Heating fuel: gas 62%, electricity 24%, other or none 9%, propane 5%",
      "Owner-occupied: 63%",
      "Single-family: 58%",
      "Homes by building: single-family 58% · 2–4 units 8% · 5+ units 32% · mobile homes 2%",
      "Apartment buildings: 21,450 of 2–4 units · 6,120 of 5+ units (1,830 with a central plant: commercial work, not counted)",
      "Housing age from each tract's own homes: 98% of homes (the rest: their county's)",
      "Housing mix from the metro area's tables: 100% of homes (the rest: their state's)",
      "Heating and cooling equipment: central AC 52% · heat pump 33% · furnace 24% · boiler <1% · room units or none 10%",
      "Contractor wages: 1.28× U.S. ($85,811 a year per employee against $67,040): tickets' labour share follows it",
      "Median household income: $78,400",
      "Contractors in range: 696 (1,284 households each)",
      "Contractors, county share: 712 establishments · 6,950 employees · $412.3M payroll a year",
    ]);
  });

  it("keeps each block's grade and source", () => {
    const rows = localMarketRows(minneapolis);
    const by = (key: string) => rows.find((r) => r.key === key);
    expect(by("heatingDegreeDays")?.provenance.source).toBe("NOAA normals");
    expect(by("ownerOccupied")?.provenance.source).toBe("ACS B25003");
    expect(by("singleFamily")?.provenance.source).toBe("ACS DP04");
    expect(by("contractors")?.provenance.grade).toBe("measured");
    expect(by("buildings")?.provenance.source).toBe("ACS DP04 units in structure");
    expect(by("wageIndex")?.provenance.source).toBe("CBP 2021 wages");
    expect(by("countyContractors")?.provenance.grade).toBe("modeled");
    expect(new Set(rows.map((r) => r.group))).toEqual(
      new Set(["climate", "housing", "equipment", "income", "contractors"]),
    );
    const contractors = by("contractors");
    if (!contractors) throw new Error("the contractors row is missing");
    expect(localMarketSourceText(contractors.provenance)).toBe("ZBP 2022; 2022; Measured");
  });

  it("leaves out what is not known: income, zone, tenure, county figures", () => {
    const rows = localMarketRows({
      ...minneapolis,
      climate: { ...minneapolis.climate, zone: null, zoneName: null },
      housing: {
        ...minneapolis.housing,
        ownerOccupiedShare: null,
        singleFamilyShare: null,
        metroCoverage: null,
        tractAgeCoverage: null,
        buildings: null,
      },
      prices: { ...minneapolis.prices, wageIndex: null, annualWage: null } as LocalMarket["prices"],
      income: null,
      contractors: {
        ...minneapolis.contractors,
        establishments: 0,
        householdsPerContractor: null,
        countyEstablishments: null,
        countyEmployment: null,
        countyPayroll: null,
      },
    });
    const keys = rows.map((r) => r.key);
    for (const gone of [
      "climateZone",
      "ownerOccupied",
      "singleFamily",
      "medianHouseholdIncome",
      "countyContractors",
      "metroCoverage",
      "tractAge",
      "buildings",
      "buildingTypes",
    ])
      expect(keys).not.toContain(gone);
    expect(rows.find((r) => r.key === "contractors")?.value).toBe("0");
    expect(rows.find((r) => r.key === "wageIndex")?.value).toBe(
      "U.S. level (too few employees counted here; U.S. $67,040 a year)",
    );
    expect(rows).toHaveLength(9);
  });

  it("reads an older record's equipment (one field per kind) as the record by kind", () => {
    const older = {
      ...minneapolis,
      equipment: {
        provenance: modeled("RECS 2020"),
        centralAc: 0.52,
        heatPump: 0.33,
        furnace: 0.24,
        boiler: 0.004,
        roomUnitsOrNone: 0.1,
      },
    } as unknown as LocalMarket;
    expect(localMarketRows(older).map(localMarketRowText)).toEqual(
      localMarketRows(minneapolis).map(localMarketRowText),
    );
    // The wire schema reads it the same way (the app and the CLI parse what the API answers).
    expect(localMarketSchema.parse(older).equipment).toEqual(minneapolis.equipment);
  });

  it("has no equipment row for an industry without an equipment model", () => {
    const rows = localMarketRows({ ...minneapolis, equipment: null });
    expect(rows.map((r) => r.key)).not.toContain("equipment");
    expect(rows).toHaveLength(localMarketRows(minneapolis).length - 1);
  });

  it("gives nothing for an older record without a profile", () => {
    expect(localMarketRows(undefined)).toEqual([]);
    expect(localMarketRows(null)).toEqual([]);
    expect(localMarketSummary(undefined)).toBeNull();
  });

  it("says the widget's line", () => {
    expect(localMarketSummary(minneapolis)).toBe(
      "Climate: 7,604 heating · 799 cooling degree days · 696 contractors in range",
    );
  });
});
