/**
 * The operator's place import: `importPlacesCsv`, the `import` provider and
 * `bis-server data import`. Fixtures are small synthetic CSVs written to a temp directory.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.js";
import { tablesFor } from "../src/db/database.js";
import { AppError } from "../src/lib/errors.js";
import { footprintMiles, radiusFromArea } from "../src/providers/places/density.js";
import { createImportProvider, importPlacesCsv } from "../src/providers/places/import.js";
import { openTestDatabase, type TestDataLayer, testEngine } from "./support/postgres.js";

const { importedPlace } = tablesFor(testEngine());

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, "../src/cli.ts");
const tsx = path.resolve(here, "../node_modules/.bin/tsx");
const run = promisify(execFile);

const HEADER =
  "GEOID,Name,State,Population,Housing Units,Households,1-unit detached,1-unit attached,Median Household Income,Land Area (sq mi),Latitude,Longitude";
const GOOD = [
  HEADER,
  "4805000,Austin city,TX,900000,405000,360000,225000,18000,71000,320.5,30.27,-97.74",
  '4863500,Round Rock city,TX,"120,000",54000,48000,30000,2400,-666666666,,30.51,-97.68',
  "4035000,Hutto city,tx,30000,,,,,,,30.54,-97.55",
  "4459000,Providence city,RI,190000,80000,70000,,,,18.4,41.82,-71.41",
].join("\n");

let dir: string;
let data: TestDataLayer;
let db: Db;

function csv(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The AppError an import throws (and that the import threw one). */
async function importError(file: string): Promise<AppError> {
  try {
    await importPlacesCsv(db, file);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION_FAILED");
    return error as AppError;
  }
  throw new Error(`importing ${file} did not fail`);
}

function rows() {
  return db.select().from(importedPlace).orderBy(importedPlace.geoid);
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bis-import-"));
  data = await openTestDatabase(path.join(dir, "data"));
  db = data.database.db;
});

afterEach(async () => {
  await data.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("importPlacesCsv", () => {
  it("imports every row of a good file", async () => {
    const file = csv("places.csv", GOOD);
    expect(await importPlacesCsv(db, file)).toEqual({
      file,
      imported: 4,
      states: 2,
      replaced: 0,
      skipped: 0,
    });
    const stored = await rows();
    expect(stored.map((r) => [r.geoid, r.state])).toEqual([
      ["4035000", "TX"], // "tx" upper-cased
      ["4459000", "RI"],
      ["4805000", "TX"],
      ["4863500", "TX"],
    ]);
    expect(stored[2]).toMatchObject({
      name: "Austin",
      population: 900000,
      housingUnits: 405000,
      households: 360000,
      singleFamilyUnits: 243000,
      medianHouseholdIncome: 71000,
      landAreaSqMi: 320.5,
      lat: 30.27,
      lon: -97.74,
      sourceFile: "places.csv",
    });
    // "120,000" is a whole number; the ACS sentinel and empty optional cells are null.
    expect(stored[3]).toMatchObject({ population: 120000, medianHouseholdIncome: null });
    expect(stored[3]?.landAreaSqMi).toBeNull();
    expect(stored[0]).toMatchObject({
      housingUnits: null,
      households: null,
      singleFamilyUnits: null,
    });
    // One unit count missing: no single-family figure rather than half of one.
    expect(stored[1]?.singleFamilyUnits).toBeNull();
  });

  it("matches headers regardless of case, spacing and underscores; reads Gazetteer-style TSV", async () => {
    const file = csv(
      "tolerant.csv",
      [
        "geoid, NAME ,state,POPULATION,housing_units,single_family_units,LAND_AREA_SQ_MI,latitude,LONGITUDE,Extra Column",
        "4805000,Austin,TX,900000,405000,243000,320.5,30.27,-97.74,ignored",
      ].join("\r\n"),
    );
    expect(await importPlacesCsv(db, file)).toMatchObject({ imported: 1, states: 1 });
    expect((await rows())[0]).toMatchObject({
      name: "Austin",
      singleFamilyUnits: 243000,
      landAreaSqMi: 320.5,
    });

    const tsv = csv(
      "gazetteer.txt",
      [
        "USPS\tGEOID\tNAME\tPopulation\tALAND_SQMI\tINTPTLAT\tINTPTLONG                  ",
        "TX\t4805000\tAustin city\t900000\t320.5\t30.27\t-97.74",
      ].join("\n"),
    );
    expect(await importPlacesCsv(db, tsv)).toMatchObject({ imported: 1, replaced: 1 });
    expect((await rows())[0]).toMatchObject({ name: "Austin", state: "TX", lon: -97.74 });
  });

  it("prefers a Short Name column for the place's name", async () => {
    const file = csv(
      "short.csv",
      "GEOID,Name,Short Name,State,Population,Latitude,Longitude\n0100124,City of Abbeville,Abbeville,AL,2231,31.56,-85.25\n",
    );
    await importPlacesCsv(db, file);
    expect((await rows())[0]?.name).toBe("Abbeville");
  });

  it("imports places of DC; skips (and counts) those of Puerto Rico and the territories", async () => {
    const file = csv(
      "national.csv",
      `${GOOD}\n1150000,Washington city,DC,680000,,,,,,,38.9,-77.02\n7276770,San Juan zona urbana,PR,340000,,,,,,,18.4,-66.06\n6608250,Hagatna village,GU,1000,,,,,,,13.47,144.75\n`,
    );
    expect(await importPlacesCsv(db, file)).toMatchObject({ imported: 5, states: 3, skipped: 2 });
    const stored = await rows();
    expect(stored.map((r) => r.state)).toContain("DC");
    expect(stored.map((r) => r.state)).not.toContain("PR");
    expect(stored.find((r) => r.geoid === "1150000")).toMatchObject({
      name: "Washington",
      state: "DC",
    });
    // DC alone is a whole import; by its FIPS code ("11") too.
    const dcOnly = csv(
      "dc.csv",
      `${HEADER}\n1150000,Washington city,11,680000,,,,,,,38.9,-77.02\n`,
    );
    expect(await importPlacesCsv(db, dcOnly)).toMatchObject({ imported: 1, states: 1, skipped: 0 });
    expect((await rows()).map((r) => [r.name, r.state])).toEqual([["Washington", "DC"]]);
    expect(
      (
        await importError(
          csv("pr.csv", `${HEADER}\n7276770,San Juan,PR,340000,,,,,,,18.4,-66.06\n`),
        )
      ).message,
    ).toContain("none of the 1 places is in one of the 50 states or DC");
  });

  it("replaces the previous import on success", async () => {
    await importPlacesCsv(db, csv("a.csv", GOOD));
    const second = csv(
      "b.csv",
      "GEOID,Name,State,Population,Latitude,Longitude\n0820000,Denver city,CO,700000,39.74,-104.99\n",
    );
    expect(await importPlacesCsv(db, second)).toMatchObject({
      imported: 1,
      states: 1,
      replaced: 4,
    });
    expect((await rows()).map((r) => [r.geoid, r.sourceFile])).toEqual([["0820000", "b.csv"]]);
  });
});

describe("importPlacesCsv rejects bad files and imports nothing", () => {
  it("a missing required column", async () => {
    const error = await importError(
      csv("missing.csv", "GEOID,Name,State,Latitude\n4805000,Austin,TX,30.27\n"),
    );
    expect(error.message).toContain('line 1: missing required columns "Population", "Longitude"');
    expect(error.message).toContain('(found: "GEOID", "Name", "State", "Latitude")');
  });

  it("a bad number, naming the line and the column", async () => {
    const error = await importError(
      csv(
        "number.csv",
        `${GOOD}\n4899999,Bad Town,TX,12a,,,,,,,31,-97\n4899998,Worse Town,TX,100,1.5,-3,,,,,31,-97\n`,
      ),
    );
    expect(error.message).toContain('line 6, column "Population": "12a" is not a whole number');
    expect(error.message).toContain('line 7, column "Housing Units": "1.5" is not a whole number');
    expect(error.message).toContain('line 7, column "Households": "-3" must not be negative');
    expect(error.message).toMatch(/^.*number\.csv: 3 errors, nothing was imported:\n/);
    expect(error.details).toMatchObject({ errorCount: 3 });
  });

  it("an unknown state code", async () => {
    const error = await importError(
      csv("state.csv", `${HEADER}\n4805000,Austin,XX,900000,,,,,,,30.27,-97.74\n`),
    );
    expect(error.message).toContain(
      'line 2, column "State": "XX" is not a U.S. state code (two letters, e.g. TX)',
    );
  });

  it("latitude and longitude out of range or not numbers", async () => {
    const error = await importError(
      csv(
        "coords.csv",
        [
          HEADER,
          "4805000,Austin,TX,900000,,,,,,,91,-97.74",
          "4805001,Bastrop,TX,9000,,,,,,,30.1,-197.5",
          "4805002,Cedar Park,TX,77000,,,,,,,north,-97.8",
        ].join("\n"),
      ),
    );
    expect(error.message).toContain('line 2, column "Latitude": 91 is out of range (-90 to 90)');
    expect(error.message).toContain(
      'line 3, column "Longitude": -197.5 is out of range (-180 to 180)',
    );
    expect(error.message).toContain('line 4, column "Latitude": "north" is not a number');
  });

  it("a duplicate GEOID", async () => {
    const error = await importError(
      csv("dupe.csv", `${GOOD}\n4805000,Austin again,TX,1,,,,,,,30,-97\n`),
    );
    expect(error.message).toContain('line 6, column "GEOID": "4805000" already appears on line 2');
  });

  it("empty required cells and rows with the wrong number of fields", async () => {
    const error = await importError(
      csv("cells.csv", `${HEADER}\n,Nameless,TX,5,,,,,,,30,-97\n4805000,Austin,TX\n`),
    );
    expect(error.message).toContain('line 2, column "GEOID": is empty');
    expect(error.message).toContain("line 3: has 3 fields, the header has 12");
  });

  it("an empty file, a header without rows, a missing file, broken quoting", async () => {
    expect((await importError(csv("empty.csv", ""))).message).toContain(
      "the file is empty: expected a header row with GEOID, Name, State, Population, Latitude, Longitude",
    );
    expect((await importError(csv("blank.csv", "\n \n"))).message).toContain("the file is empty");
    expect((await importError(csv("header.csv", `${HEADER}\n`))).message).toContain(
      "the file has a header row but no places",
    );
    expect((await importError(path.join(dir, "nope.csv"))).message).toMatch(
      /nope\.csv: no such file$/,
    );
    expect(
      (await importError(csv("quote.csv", `${HEADER}\n4805000,"Austin,TX,900000,,,,,,,30,-97\n`)))
        .message,
    ).toMatch(/not valid CSV \(Quote Not Closed/);
  });

  it("lists the first 20 errors and counts the rest", async () => {
    const bad = Array.from({ length: 30 }, (_, i) => `48${i},Town ${i},TX,many,,,,,,,30,-97`);
    const error = await importError(csv("many.csv", [HEADER, ...bad].join("\n")));
    const lines = error.message.split("\n");
    expect(lines[0]).toMatch(/many\.csv: 30 errors, nothing was imported:$/);
    expect(lines.filter((l) => l.startsWith("  line "))).toHaveLength(20);
    expect(lines.at(-1)).toBe("  … and 10 more errors");
  });

  it("leaves the previous import intact after a failed one", async () => {
    await importPlacesCsv(db, csv("good.csv", GOOD));
    const before = await rows();
    await importError(csv("bad.csv", `${GOOD}\n4899999,Bad,TX,12a,,,,,,,31,-97\n`));
    await importError(csv("empty.csv", ""));
    expect(await rows()).toEqual(before);
  });
});

describe("import provider", () => {
  it("serves the imported places of the requested states", async () => {
    await importPlacesCsv(db, csv("places.csv", GOOD));
    const data = await createImportProvider({ db }).load(["TX"]);
    expect(data.provider).toBe("import");
    expect(data.places.map((p) => p.name).sort()).toEqual(["Austin", "Hutto", "Round Rock"]);
    const austin = data.places.find((p) => p.id === "4805000");
    expect(austin).toEqual({
      id: "4805000",
      name: "Austin",
      state: "TX",
      lat: 30.27,
      lon: -97.74,
      population: 900000,
      households: 360000,
      housingUnits: 405000,
      singleFamilyUnits: 243000,
      medianHouseholdIncome: 71000,
      footprintMiles: radiusFromArea(320.5),
    });
    // No land area: footprint from population.
    expect(data.places.find((p) => p.id === "4863500")?.footprintMiles).toBe(
      footprintMiles(120000),
    );
    expect(data.provenance.population).toMatchObject({
      source: "Operator import: places.csv",
      grade: "measured",
    });
    expect(data.provenance.households.method).toContain("Households column");
    expect(data.background).toEqual({});
    expect(data.backgroundMethod).toBeNull();
    expect(data.label).toMatch(/^Operator import: places\.csv \(3 places in TX, imported \d{4}-/);

    const both = await createImportProvider({ db }).load(["tx", "RI", "CO"]);
    expect(both.places).toHaveLength(4);
  });

  it("answers UNAVAILABLE when nothing has been imported", async () => {
    await expect(createImportProvider({ db }).load(["TX"])).rejects.toMatchObject({
      code: "UNAVAILABLE",
      status: 503,
      message: "No places have been imported. Run: bis-server data import <file.csv>",
    });
  });
});

describe("bis-server data import", () => {
  /** `bis-server` on the test's database. */
  function bisServer(args: string[]) {
    return run(tsx, [cli, ...args], {
      env: { ...process.env, NODE_ENV: "test", ...data.env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );
  }

  it("imports a file and prints the count, or prints the errors and exits 1", async () => {
    const good = csv("places.csv", GOOD);
    const ok = await bisServer(["data", "import", good]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(`Imported 4 places from ${good} (2 states)\n`);

    const bad = csv("bad.csv", `${GOOD}\n4899999,Bad Town,TX,12a,,,,,,,95,-97\n`);
    const failed = await bisServer(["data", "import", bad]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe("");
    expect(failed.stderr).toContain(`${bad}: 2 errors, nothing was imported:`);
    expect(failed.stderr).toContain('line 6, column "Population": "12a" is not a whole number');
    expect(failed.stderr).toContain('line 6, column "Latitude": 95 is out of range (-90 to 90)');

    // The first import is still there.
    expect(await db.select().from(importedPlace)).toHaveLength(4);
  });
});

/** The shared reference data (us_geo places, 2022 Gazetteer + ACS 2021) when it is present. */
const SHARED_PLACES = path.resolve(here, "../../../../shared/data/census/places.csv");

describe.runIf(existsSync(SHARED_PLACES))(
  "importing a real Census extract (../shared/data)",
  () => {
    it("reports the rows without population, and imports the rest", async () => {
      const error = await importError(SHARED_PLACES);
      const empty = error.message
        .split("\n")
        .filter((l) => l.includes('column "Population": is empty'));
      expect(empty.length).toBeGreaterThan(0);
      expect(await rows()).toEqual([]);

      // Without the rows named in the errors (written to the temp dir, not into the repo).
      const badLines = new Set(
        [...error.message.matchAll(/^ {2}line (\d+),/gm)].map((m) => Number(m[1])),
      );
      expect(badLines.size).toBe(error.details?.errorCount);
      const lines = readFileSync(SHARED_PLACES, "utf8").split(/\r?\n/);
      const kept = lines.filter((l, i) => l !== "" && !badLines.has(i + 1));
      const file = csv("places.csv", kept.join("\n"));
      const started = performance.now();
      const result = await importPlacesCsv(db, file);
      const ms = performance.now() - started;
      expect(result.imported + result.skipped).toBe(kept.length - 1);
      expect(result.states).toBeGreaterThanOrEqual(50);
      console.info(
        `imported ${result.imported} places (${result.states} states, ${result.skipped} skipped outside the 50 states and DC) from the shared extract in ${ms.toFixed(0)} ms`,
      );
    });
  },
);
