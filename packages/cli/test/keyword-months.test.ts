/**
 * `bis keywords <id> --out kw.csv` against a real BIS server: the keyword table with each
 * keyword's peak month and its searches in every month, the same rows as the printed table.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestServer, type TestServer } from "@bis/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as analyzeCmd from "../src/commands/analyze.js";
import * as premiumCmd from "../src/commands/premium.js";
import { CliError } from "../src/errors.js";
import { ADMIN_PASSWORD, bufferIo, firstAdmin, tokenFor } from "./support.js";

let bis: TestServer;
let token: string;
let work: string;

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "100" });
  token = await tokenFor(bis, await firstAdmin(bis), ADMIN_PASSWORD);
  work = mkdtempSync(path.join(tmpdir(), "bis-cli-keywords-"));
});

afterAll(async () => {
  await bis?.close();
});

describe("bis keywords --out", () => {
  it("writes the keywords with their peak month and searches in every month", async () => {
    const run = bufferIo();
    await analyzeCmd.run({ server: bis.url, token, city: "Phoenix", state: "AZ", json: true }, run);
    const id = JSON.parse(run.out()).id as string;

    const kw = bufferIo({ cwd: work });
    await premiumCmd.keywords({ server: bis.url, token, id, out: "kw.csv" }, kw);
    expect(kw.out()).toMatch(/Saved [\d,]+ keywords with their searches by month to kw\.csv/);
    expect(kw.out()).toContain("PPC budget by month");
    const [header, ...lines] = readFileSync(path.join(work, "kw.csv"), "utf8")
      .trimEnd()
      .split("\n");
    expect(header).toContain("peak_month,searches_jan,");
    expect(lines.length).toBeGreaterThan(50);
    for (const line of lines) {
      const cells = line.split(",");
      const months = cells.slice(-13, -1).map(Number);
      expect(months.reduce((a, b) => a + b, 0)).toBe(Number(cells[3]) * 12);
      expect(cells.at(-1)).toBe("modeled");
    }
    const acRepair = lines.find((l) => l.startsWith("ac repair phoenix,"))?.split(",") ?? [];
    expect(["June", "July", "August"]).toContain(acRepair[7]);
  });

  it("refuses an empty --out before any call", async () => {
    const error = await premiumCmd
      .keywords({ server: bis.url, token, id: "x", out: " " }, bufferIo())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
  });
});
