/**
 * The stored form of a market record (src/db/market-record.ts): the city table as columns and
 * rows. What a reader gets back is exactly the record that was written; records stored in the
 * full form (before this change) read unchanged; and the stored text is much smaller.
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
  it("stores the city table as columns and rows, and reads back the same record", () => {
    const stored = encodeMarketRecord(record) as {
      cityAnalysis: { cityTable: { columns: string[]; rows: unknown[][] } };
    };
    expect(stored.cityAnalysis).not.toHaveProperty("cityBreakdown");
    expect(stored.cityAnalysis.cityTable.columns).toEqual(Object.keys(row("x", 1, "primary")));
    expect(stored.cityAnalysis.cityTable.rows[1]).toEqual([
      "Manor",
      "TX",
      null,
      null,
      "secondary",
      3.2,
      30.1,
      -97.7,
    ]);
    expect(decodeMarketRecord(JSON.parse(JSON.stringify(stored)))).toEqual(record);
  });

  it("keeps a table whose rows differ in their keys as it is", () => {
    const uneven = {
      cityAnalysis: { cityBreakdown: [row("A", 1, "primary"), { name: "B", population: 2 }] },
    };
    expect(encodeMarketRecord(uneven)).toEqual(uneven);
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

  it("is stored in about 60 % of the bytes of the record", () => {
    const { text } = (database.sqlite as NonNullable<Database["sqlite"]>)
      .prepare("select market_analysis_data as text from analysis where id = ?")
      .get(id) as { text: string };
    const full = JSON.stringify(written).length;
    expect(JSON.parse(text).cityAnalysis.cityTable.rows).toHaveLength(200);
    expect(text.length).toBeLessThan(full * 0.65);
  });
});
