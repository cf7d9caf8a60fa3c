/**
 * The stored form of a market record (src/db/market-record.ts): the city table as column names
 * and one list of values per column. What a reader gets back is exactly the record that was
 * written; records stored in the full form or as rows of values (the forms before) read
 * unchanged; and the stored text is much smaller.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, tablesFor } from "../src/db/database.js";
import { decodeMarketRecord, encodeMarketRecord } from "../src/db/market-record.js";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { createAnalysisService } from "../src/services/analyses.js";
import { createPlaceService } from "../src/services/places/place-service.js";

const { analysis } = tablesFor("sqlite");

const row = (name: string, population: number | null, serviceArea: "primary" | "secondary") => ({
  name,
  state: "TX",
  population,
  housingUnits: population === null ? null : population / 2,
  serviceArea,
  distanceMiles: 3.2,
  lat: 30.1,
  lon: -97.7,
});

const record = {
  requestLocation: "Austin, TX",
  marketSize: 1000,
  cityAnalysis: {
    cityBreakdown: [row("Austin", 900, "primary"), row("Manor", null, "secondary")],
  },
};

describe("encodeMarketRecord / decodeMarketRecord", () => {
  it("stores the city table as a list of values per column, and reads back the same record", () => {
    const stored = encodeMarketRecord(record) as {
      cityAnalysis: { cityColumns: { columns: string[]; values: unknown[][]; decimals: number[] } };
    };
    expect(stored.cityAnalysis).not.toHaveProperty("cityBreakdown");
    const table = stored.cityAnalysis.cityColumns;
    expect(table.columns).toEqual(Object.keys(row("x", 1, "primary")));
    expect(table.values).toEqual([
      ["Austin", "Manor"],
      ["TX", "TX"],
      [900, null],
      [450, null],
      ["primary", "secondary"],
      [32, 32],
      [301, 301],
      [-977, -977],
    ]);
    // Distance, latitude and longitude as whole tenths; the other columns as they are.
    expect(table.decimals).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
    expect(decodeMarketRecord(JSON.parse(JSON.stringify(stored)))).toEqual(record);
  });

  it("scales a column of decimals only when every number reads back as the same double", () => {
    const rows = [
      { lat: 40.7143, distanceMiles: 0, share: 0.1 + 0.2, big: 2 ** 60 + 0.5, note: 1.25 },
      { lat: -74.006, distanceMiles: 12.5, share: 0.5, big: 1, note: "n/a" },
      { lat: 1e-4, distanceMiles: 99.9, share: 0.25, big: 2, note: 2 },
    ];
    const withRows = { cityAnalysis: { cityBreakdown: rows } };
    const stored = encodeMarketRecord(withRows) as {
      cityAnalysis: { cityColumns: { values: unknown[][]; decimals: number[] } };
    };
    // 0.1 + 0.2 needs 17 digits; 2^60 is past the safe integers; a text column is no number.
    expect(stored.cityAnalysis.cityColumns.decimals).toEqual([4, 1, 0, 0, 0]);
    expect(stored.cityAnalysis.cityColumns.values.map((column) => column[0])).toEqual([
      407143,
      0,
      0.1 + 0.2,
      2 ** 60 + 0.5,
      1.25,
    ]);
    expect(decodeMarketRecord(JSON.parse(JSON.stringify(stored)))).toEqual(withRows);
  });

  it("reads back every latitude and longitude written with 4 decimals exactly", () => {
    const rows: { lat: number; lon: number }[] = [];
    for (let i = 0; i < 20_000; i++) {
      rows.push({
        lat: Math.round((Math.random() * 180 - 90) * 1e4) / 1e4,
        lon: Math.round((Math.random() * 360 - 180) * 1e4) / 1e4,
      });
    }
    const withRows = { cityAnalysis: { cityBreakdown: rows } };
    const stored = encodeMarketRecord(withRows) as {
      cityAnalysis: { cityColumns: { decimals: number[] } };
    };
    expect(stored.cityAnalysis.cityColumns.decimals).toEqual([4, 4]);
    expect(decodeMarketRecord(JSON.parse(JSON.stringify(stored)))).toEqual(withRows);
  });

  it("keeps a table whose rows differ in their keys as it is", () => {
    const uneven = {
      cityAnalysis: { cityBreakdown: [row("A", 1, "primary"), { name: "B", population: 2 }] },
    };
    expect(encodeMarketRecord(uneven)).toEqual(uneven);
  });

  it("reads a table stored as rows of values (the form before columns)", () => {
    const stored = {
      requestLocation: "Austin, TX",
      cityAnalysis: {
        cityTable: {
          columns: ["name", "population", "lat"],
          rows: [
            ["Austin", 900, 301],
            ["Manor", null, 302],
          ],
          decimals: [0, 0, 1],
        },
      },
    };
    expect(decodeMarketRecord(stored)).toEqual({
      requestLocation: "Austin, TX",
      cityAnalysis: {
        cityBreakdown: [
          { name: "Austin", population: 900, lat: 30.1 },
          { name: "Manor", population: null, lat: 30.2 },
        ],
      },
    });
  });

  it("leaves a stored table it cannot read as it is", () => {
    // Lists of different lengths, or a column count the names do not match.
    const ragged = {
      cityAnalysis: { cityColumns: { columns: ["a", "b"], values: [[1, 2], [3]] } },
    };
    expect(decodeMarketRecord(ragged)).toEqual(ragged);
    const short = { cityAnalysis: { cityColumns: { columns: ["a", "b"], values: [[1]] } } };
    expect(decodeMarketRecord(short)).toEqual(short);
  });

  it("reads a table stored without decimals (before they were scaled) as it is", () => {
    const stored = {
      cityAnalysis: { cityTable: { columns: ["name", "lat"], rows: [["Austin", 30.2672]] } },
    };
    expect(decodeMarketRecord(stored)).toEqual({
      cityAnalysis: { cityBreakdown: [{ name: "Austin", lat: 30.2672 }] },
    });
  });

  it("reads a record stored in the full form unchanged", () => {
    expect(decodeMarketRecord(record)).toEqual(record);
    expect(decodeMarketRecord(null)).toBeNull();
    expect(encodeMarketRecord({ cityAnalysis: { cityBreakdown: [] } })).toEqual({
      cityAnalysis: { cityBreakdown: [] },
    });
  });
});

describe("a stored analysis of New York, 50/100 mi", () => {
  let database: Database;
  let id: string;
  let written: unknown;
  beforeAll(async () => {
    database = await openDatabase({ engine: "sqlite", file: ":memory:" });
    const places = createPlaceService({
      provider: createEmbeddedProvider(),
      census: loadEmbeddedCensus,
    });
    const service = createAnalysisService({ db: database.db, places });
    const run = await service.analyzeForPartner("partner-1", {
      city: "New York",
      state: "NY",
      industry: "HVAC",
      primaryRadius: 50,
      secondaryRadius: 100,
    });
    ({ id } = run);
    written = JSON.parse(JSON.stringify(run.data));
  }, 30_000);

  afterAll(() => database.close());

  it("reads back through drizzle exactly as computed, with its 200 city rows", async () => {
    const [stored] = await database.db
      .select({ data: analysis.marketAnalysisData })
      .from(analysis)
      .where(eq(analysis.id, id));
    const data = stored?.data as { cityAnalysis: { cityBreakdown: unknown[] } } | undefined;
    expect(data).toEqual(written);
    expect(data?.cityAnalysis.cityBreakdown).toHaveLength(200);
  });

  it("stores its city table in columns, in under 45 % of the table's bytes", () => {
    const { text } = (database.sqlite as NonNullable<Database["sqlite"]>)
      .prepare("select market_analysis_data as text from analysis where id = ?")
      .get(id) as { text: string };
    const record = JSON.parse(text);
    const stored = record.cityAnalysis.cityColumns;
    expect(stored.columns).toHaveLength(8);
    for (const column of stored.values) expect(column).toHaveLength(200);
    // The city table alone (the rest of the record, its months included, is stored as written).
    const table = JSON.stringify((written as { cityAnalysis: unknown }).cityAnalysis).length;
    const storedTable = JSON.stringify(record.cityAnalysis).length;
    expect(storedTable).toBeLessThan(table * 0.45);
    expect(text.length).toBeLessThan(JSON.stringify(written).length);
  });
});
