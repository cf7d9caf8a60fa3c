/**
 * `bis zips` as a user meets it, against a real server: a file (CSV, XLSX, JSON) holds every ZIP
 * area unless --limit says otherwise, and the command says how many it wrote ("Wrote all 107 ZIP
 * areas…", "Wrote the top 20 of 107…"); the table shows the top 20 and says "top 20 of 107" and
 * how to see every one; bad flags fail with a message, never a crash.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNodeClient } from "@bis/sdk/node";
import { startTestServer, type TestServer } from "@bis/server/testing";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, type ZipsOptions } from "../src/commands/zips.js";
import { CliError } from "../src/errors.js";
import { bufferIo, PASSWORD, tokenFor, verifiedAccount } from "./support.js";

/** exceljs, the server's own, reads back the workbook the server wrote. */
interface Workbook {
  xlsx: { readFile(file: string): Promise<unknown> };
  getWorksheet(
    name: string,
  ): { rowCount: number; getRow(n: number): { values: unknown } } | undefined;
}
const serverRequire = createRequire(path.resolve(import.meta.dirname, "../../server/package.json"));
const ExcelJS = serverRequire("exceljs") as { Workbook: new () => Workbook };

let bis: TestServer;
let token: string;
let id: string;
let total: number;
let work: string;

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent" });
  token = await tokenFor(bis, await verifiedAccount(bis, "Zia"), PASSWORD);
  const client = createNodeClient({ baseUrl: bis.url, token, cookies: false });
  try {
    const { analysis } = await client.analyses.analyze({
      city: "Phoenix",
      state: "AZ",
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
    });
    id = analysis.id;
    total = (await client.analyses.zipAreas(id)).rows.length;
  } finally {
    await client.close();
  }
  work = mkdtempSync(path.join(tmpdir(), "bis-cli-zips-"));
});

afterAll(async () => {
  await bis?.close();
});

async function zips(options: Partial<ZipsOptions>) {
  const io = bufferIo({ cwd: work });
  const code = await run({ server: bis.url, token, id, ...options }, io);
  return { code, out: io.out(), err: io.err() };
}

/** The data rows of a CSV (the header excepted), parsed: quoted commas and all. */
const csvRows = (text: string) => (parse(text) as string[][]).slice(1);

async function xlsxRows(file: string): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path.join(work, file));
  const sheet = book.getWorksheet("ZIP areas");
  if (!sheet) throw new Error("no ZIP areas sheet");
  return sheet.rowCount - 1;
}

async function refused(options: Partial<ZipsOptions>): Promise<CliError> {
  const error = await zips(options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(1);
  return error as CliError;
}

describe("bis zips: files hold every row unless --limit", () => {
  it("has more ZIP areas than the table's 20 (the case that was cut silently)", () => {
    expect(total).toBeGreaterThan(20);
  });

  it("writes every ZIP area to an XLSX and a CSV, and says how many", async () => {
    const xlsx = await zips({ format: "xlsx", out: "phoenix-zips.xlsx" });
    expect(xlsx.code).toBe(0);
    expect(await xlsxRows("phoenix-zips.xlsx")).toBe(total);
    expect(xlsx.out).toBe(`Wrote all ${total} ZIP areas to phoenix-zips.xlsx (XLSX).\n`);

    const csv = await zips({ format: "csv", out: "phoenix-zips.csv" });
    expect(csvRows(readFileSync(path.join(work, "phoenix-zips.csv"), "utf8"))).toHaveLength(total);
    expect(csv.out).toBe(`Wrote all ${total} ZIP areas to phoenix-zips.csv (CSV).\n`);

    // On stdout the file is all there is; the count goes to stderr.
    const piped = await zips({ format: "csv" });
    expect(csvRows(piped.out)).toHaveLength(total);
    expect(piped.err).toBe(`Wrote all ${total} ZIP areas to stdout (CSV).\n`);

    const json = await zips({ format: "json" });
    expect(JSON.parse(json.out).rows).toHaveLength(total);
    expect(json.err).toBe(`Wrote all ${total} ZIP areas to stdout (JSON).\n`);
  });

  it("writes the top N with --limit, and says it is the top N of how many", async () => {
    const xlsx = await zips({ format: "xlsx", out: "top.xlsx", limit: "20" });
    expect(await xlsxRows("top.xlsx")).toBe(20);
    expect(xlsx.out).toBe(
      `Wrote the top 20 of ${total} ZIP areas by opportunity score (--limit 20) to top.xlsx (XLSX).\n`,
    );

    const csv = await zips({ format: "csv", limit: "5", sort: "households" });
    const rows = csvRows(csv.out);
    expect(rows).toHaveLength(5);
    expect(csv.err).toBe(
      `Wrote the top 5 of ${total} ZIP areas by households (--limit 5) to stdout (CSV).\n`,
    );
    const households = rows.map((r) => Number(r[7]));
    expect([...households].sort((a, b) => b - a)).toEqual(households);

    // A limit above the count is every row, and says so.
    const all = await zips({ format: "csv", limit: "9999" });
    expect(csvRows(all.out)).toHaveLength(total);
    expect(all.err).toBe(`Wrote all ${total} ZIP areas to stdout (CSV).\n`);

    // --top, the older name, still works.
    const top = await zips({ format: "json", top: 3 });
    expect(JSON.parse(top.out).rows).toHaveLength(3);
  });
});

describe("bis zips: the table says what it leaves out", () => {
  it("shows the top 20 of the total and how to see every one", async () => {
    const shown = await zips({});
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(
      `ZIP areas of Phoenix, AZ: top 20 of ${total} by opportunity score`,
    );
    expect(shown.out).toContain(
      `Showing the top 20 of ${total} ZIP areas. Every one: bis zips ${id} --all`,
    );
    expect(shown.out.match(/^\d{5}\b/gm)).toHaveLength(20);
    // Each ZIP's own income and the contractors within reach; reasons with their direction.
    expect(shown.out).toMatch(/Income\s+Revenue\/yr\s+Contr\. 5 mi\s+Miles\s+Why/);
    expect(shown.out).toMatch(/[+−] [\d$][\d,.$%]* /);

    const every = await zips({ all: true });
    expect(every.out).toContain(`ZIP areas of Phoenix, AZ: all ${total} by opportunity score`);
    expect(every.out).not.toContain("Showing the top");
    expect(every.out.match(/^\d{5}\b/gm)).toHaveLength(total);

    const five = await zips({ limit: "5" });
    expect(five.out).toContain(`top 5 of ${total}`);
    expect(five.out.match(/^\d{5}\b/gm)).toHaveLength(5);
  });

  it("prints every row with --json (a script reads it), the top N with --limit", async () => {
    expect(JSON.parse((await zips({ json: true })).out).rows).toHaveLength(total);
    const cut = await zips({ json: true, limit: "20" });
    expect(JSON.parse(cut.out).rows).toHaveLength(20);
    expect(cut.err).toBe(
      `Printed the top 20 of ${total} ZIP areas by opportunity score (--limit 20).\n`,
    );
  });
});

describe("bis zips: bad flags are refused before any call", () => {
  it.each([
    ["0", /--limit must be a whole number from 1 to 9999 \(got "0"\)/],
    ["abc", /--limit must be a whole number from 1 to 9999 \(got "abc"\)/],
    ["2.5", /got "2\.5"/],
    ["10000", /got "10000"/],
    ["-3", /got "-3"/],
    ["", /got ""/],
  ])("--limit %j", async (limit, message) => {
    const error = await refused({ limit, server: "http://127.0.0.1:9" });
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(/Leave it out for every ZIP area/);
  });

  it("refuses an unknown format, sort, and contradicting flags", async () => {
    const offline = { server: "http://127.0.0.1:9" };
    expect((await refused({ ...offline, format: "pdf" })).message).toBe('Unknown format "pdf".');
    expect((await refused({ ...offline, sort: "nope" })).message).toBe('Unknown sort "nope".');
    expect((await refused({ ...offline, all: true, limit: "5" })).message).toMatch(
      /--all and --limit/,
    );
    expect((await refused({ ...offline, limit: "5", top: "6" })).message).toMatch(/disagree/);
    expect((await refused({ ...offline, all: true, format: "csv" })).message).toMatch(
      /--all is for the table/,
    );
    expect((await refused({ ...offline, out: "x.csv" })).message).toMatch(/--out is where/);
  });
});
