/**
 * `bis analyze --monthly` against a real BIS server: the market's year printed as revenue and
 * jobs tables whose rows sum to the year, where the months come from, and the same months in the
 * `--json` record.
 */
import { startTestServer, type TestServer } from "@bis/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as analyzeCmd from "../src/commands/analyze.js";
import { ADMIN_PASSWORD, bufferIo, firstAdmin, tokenFor } from "./support.js";

let bis: TestServer;
let token: string;

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "100" });
  token = await tokenFor(bis, await firstAdmin(bis), ADMIN_PASSWORD);
});

afterAll(async () => {
  await bis?.close();
});

describe("bis analyze --monthly", () => {
  it("prints revenue and jobs by month for each service, summing to the year", async () => {
    const io = bufferIo();
    await analyzeCmd.run(
      { server: bis.url, token, city: "Minneapolis", state: "MN", monthly: true },
      io,
    );
    const out = io.out();
    expect(out).toContain("The market's year");
    expect(out).toMatch(/Busiest month \w+ \(\d+ % of the year's revenue\)/);
    expect(out).toContain("MINNEAPOLIS-ST.PAUL, MN first-order station");
    const jobsTable = out.slice(out.lastIndexOf("\nJobs "));
    const line = jobsTable.split("\n").find((l) => /^\s*Furnace Repair\s+\d/.test(l));
    expect(line).toBeDefined();
    const numbers = (line ?? "")
      .replace(/^\s*Furnace Repair/, "")
      .trim()
      .split(/\s+/)
      .map((v) => Number(v.replace(/,/g, "")));
    expect(numbers).toHaveLength(13);
    expect(numbers.slice(0, 12).reduce((a, b) => a + b, 0)).toBe(numbers[12]);
  });

  it("carries the same months in the --json record", async () => {
    const io = bufferIo();
    await analyzeCmd.run(
      { server: bis.url, token, city: "Phoenix", state: "AZ", json: true, monthly: true },
      io,
    );
    const record = JSON.parse(io.out());
    const seasons = record.marketAnalysisData.seasons;
    expect(seasons.shape.name).toBe("PHOENIX");
    const breakdown = record.marketAnalysisData.serviceBreakdown as { annualJobs: number }[];
    seasons.services.forEach((s: { jobs: number[] }, i: number) => {
      expect(s.jobs.reduce((a, b) => a + b, 0)).toBe(breakdown[i]?.annualJobs);
    });
  });
});
