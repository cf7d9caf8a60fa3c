/**
 * The ZIP areas of an analysis over HTTP: GET /api/analyses/{id}/zip-areas (JSON) and
 * /zip-areas.csv (a CSV attachment), for the owner and administrators only, recomputed from the
 * embedded ZCTAs and consistent with the counts the record keeps.
 */
import { BisApiError, type ZipAreaRow, zipAreasCsv } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipAreasFileName } from "../src/routes/analysis-routes.js";
import { analysisFor, type ServerWithUsers, startWithUsers } from "./support/index.js";

// Set in beforeAll.
let { bis, admin, owner, other, close } = {} as ServerWithUsers;
let analysisId: string;
beforeAll(async () => {
  ({ bis, admin, owner, other, close } = await startWithUsers("Zoe"));
  analysisId = await analysisFor(owner);
}, 60_000);
afterAll(() => close?.());

const HEADER_START =
  "zip,place,state,opportunity_score,reasons,population,housing_units,households";

/** The status of a call that must fail. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BisApiError);
  return (error as BisApiError).status;
}

/** A raw GET with the client's session, for headers and status. */
const get = (client: NodeClient, path: string) =>
  client.fetch(`${bis.url}${path}`, { method: "GET" });

describe("GET /api/analyses/:id/zip-areas", () => {
  it("lists the ZIP areas in range, nearest first, with their counts and source", async () => {
    const answer = await owner.analyses.zipAreas(analysisId);
    expect(answer).toMatchObject({ analysisId, location: "Austin, TX" });
    expect(answer.provenance).toMatchObject({ grade: "modeled" });
    expect(answer.provenance.source).toMatch(/Census/);

    const { rows } = answer;
    expect(rows.length).toBeGreaterThan(20);
    const distances = rows.map((r) => r.distanceMiles);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const row of rows) {
      expect(row.zip).toMatch(/^\d{5}$/);
      expect(row.place.length).toBeGreaterThan(0);
      expect(row.distanceMiles).toBeLessThanOrEqual(15);
      // Distances are rounded to a tenth of a mile; the area follows the exact one.
      if (row.serviceArea === "primary") expect(row.distanceMiles).toBeLessThanOrEqual(10.05);
      else expect(row.distanceMiles).toBeGreaterThanOrEqual(9.95);
    }
    // Downtown Austin is there, in the primary area; the suburbs past 10 miles are secondary.
    expect(rows.find((r) => r.zip === "78701")).toMatchObject({
      state: "TX",
      serviceArea: "primary",
    });
    expect(rows.some((r) => r.serviceArea === "secondary")).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.population, 0)).toBeGreaterThan(500_000);

    // The record keeps the same counts, and how many populated ZIPs had no households.
    const record = (await owner.analyses.get(analysisId)).marketAnalysisData?.zipAreas;
    const primary = rows.filter((r) => r.serviceArea === "primary").length;
    expect(record).toEqual({
      count: rows.length,
      primary,
      secondary: rows.length - primary,
      ...(answer.withoutHouseholds ? { withoutHouseholds: answer.withoutHouseholds } : {}),
    });

    // Each ZIP from its own homes: no more households than homes, none without households,
    // its own housing age and income (distinct values), the contractors within reach of it,
    // and reasons that say which way each figure pushes.
    for (const row of rows) {
      expect(row.households).toBeGreaterThan(0);
      expect(row.households ?? 0).toBeLessThanOrEqual(row.housingUnits);
      expect(row.reasons).toMatch(/^(no measure stands out|[+−] .+)$/);
      expect(row.scoreComponents.map((c) => c.key)).toEqual(
        expect.arrayContaining(["housingAge", "income", "competition"]),
      );
    }
    const own = (f: (r: (typeof rows)[number]) => unknown) =>
      rows.filter((r) => f(r) != null).length / rows.length;
    expect(own((r) => (r.housingAgeSource === "zip" ? r : null))).toBeGreaterThanOrEqual(0.9);
    expect(own((r) => r.perCapitaIncome)).toBeGreaterThanOrEqual(0.9);
    expect(new Set(rows.map((r) => r.perCapitaIncome)).size).toBeGreaterThan(rows.length * 0.7);
    expect(new Set(rows.map((r) => r.builtBefore1980Share)).size).toBeGreaterThan(
      rows.length * 0.7,
    );
    expect(rows.every((r) => r.contractorsNearby != null)).toBe(true);
  });

  it("answers an administrator, 404 for another user or an unknown id, 401 signed out", async () => {
    expect((await admin.analyses.zipAreas(analysisId)).analysisId).toBe(analysisId);
    expect(await statusOf(other.analyses.zipAreas(analysisId))).toBe(404);
    expect(await statusOf(owner.analyses.zipAreas("no-such-analysis"))).toBe(404);
    const anonymous = createNodeClient({ baseUrl: bis.url });
    try {
      expect(await statusOf(anonymous.analyses.zipAreas(analysisId))).toBe(401);
    } finally {
      await anonymous.close();
    }
  });
});

describe("GET /api/analyses/:id/zip-areas.csv", () => {
  it("serves the same rows as a CSV attachment named after the location", async () => {
    const response = await get(owner, owner.analyses.zipAreasCsvPath(analysisId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="bis-zip-areas-austin-tx.csv"',
    );
    const text = await response.text();
    const lines = text.trimEnd().split("\n");
    expect(lines[0]?.startsWith(HEADER_START)).toBe(true);
    expect(lines[0]).toContain("revenue_ac_replacement");

    const { rows } = await owner.analyses.zipAreas(analysisId);
    expect(lines).toHaveLength(rows.length + 1);
    expect(text).toBe(zipAreasCsv(rows));
    const downtown = rows.find((r) => r.zip === "78701") as ZipAreaRow;
    expect(lines.some((l) => l.startsWith(`78701,${downtown.place},TX,${downtown.score},`))).toBe(
      true,
    );

    // The SDK's call returns the same text.
    expect(await owner.analyses.zipAreasCsv(analysisId)).toBe(text);
  });

  it("is the owner's and administrators' only", async () => {
    expect((await admin.analyses.zipAreasCsv(analysisId)).startsWith(HEADER_START)).toBe(true);
    expect(await statusOf(other.analyses.zipAreasCsv(analysisId))).toBe(404);
    const denied = await get(other, other.analyses.zipAreasCsvPath(analysisId));
    expect(denied.status).toBe(404);
    expect(denied.headers.get("content-disposition")).toBeNull();
    expect(await statusOf(owner.analyses.zipAreasCsv("no-such-analysis"))).toBe(404);
  });

  it("names files by a plain slug of the location", () => {
    expect(zipAreasFileName("Austin, TX")).toBe("bis-zip-areas-austin-tx.csv");
    expect(zipAreasFileName("Saint-Jérôme, QC")).toBe("bis-zip-areas-saint-jerome-qc.csv");
    expect(zipAreasFileName("  ")).toBe("bis-zip-areas-analysis.csv");
  });
});

describe("ZIP targeting: sort, limit, households, score, exports", () => {
  it("sorts by score (best first), by any column either way, and limits", async () => {
    const { rows } = await owner.analyses.zipAreas(analysisId, { sort: "score", limit: 5 });
    expect(rows).toHaveLength(5);
    const all = (await owner.analyses.zipAreas(analysisId)).rows;
    const best = Math.max(...all.map((r) => r.score));
    expect(rows[0]?.score).toBe(best);
    const scores = rows.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const row of rows) {
      expect(row.score).toBeGreaterThanOrEqual(0);
      expect(row.score).toBeLessThanOrEqual(100);
      expect(row.reasons.length).toBeGreaterThan(0);
      expect(row.scoreComponents.length).toBeGreaterThanOrEqual(3);
    }
    const byHouseholds = (
      await owner.analyses.zipAreas(analysisId, { sort: "households", order: "asc" })
    ).rows;
    const hh = byHouseholds.map((r) => r.households ?? 0);
    expect([...hh].sort((a, b) => a - b)).toEqual(hh);
  });

  it("leaves out zero-population ZIPs and fills in households, owners, revenue, contractors", async () => {
    const { rows } = await owner.analyses.zipAreas(analysisId);
    expect(rows.every((r) => r.population > 0)).toBe(true);
    const downtown = rows.find((r) => r.zip === "78701") as ZipAreaRow;
    expect(downtown.households).toBeGreaterThan(0);
    expect(downtown.ownerOccupied).toBeGreaterThan(0);
    expect(downtown.medianIncome).toBeGreaterThan(30_000);
    expect(downtown.medianYearBuilt).not.toBeNull();
    expect(downtown.revenue).toBeGreaterThan(0);
    expect(Object.keys(downtown.revenueByService)).toContain("ac-replacement");
    // The ZIPs' revenue adds up to about the analysis' (the same dollars per household).
    const analysis = (await owner.analyses.get(analysisId)).marketAnalysisData;
    const total = rows.reduce((a, r) => a + (r.revenue ?? 0), 0);
    const market = analysis?.marketSummary?.totalMarketRevenue ?? 0;
    expect(total / market).toBeGreaterThan(0.7);
    expect(total / market).toBeLessThan(1.3);
  });

  it("refuses bad sort, order and limit with 400", async () => {
    for (const query of [
      "sort=nope",
      "order=up",
      "limit=0",
      "limit=abc",
      "limit=10000",
      "extra=1",
    ]) {
      const response = await get(owner, `/api/analyses/${analysisId}/zip-areas?${query}`);
      expect(response.status, query).toBe(400);
    }
    const csv = await get(owner, `/api/analyses/${analysisId}/zip-areas.csv?limit=-1`);
    expect(csv.status).toBe(400);
  });

  it("serves CSV and XLSX with every column and ZIPs as 5-character text", async () => {
    const csv = await owner.analyses.zipAreasCsv(analysisId, { sort: "score", limit: 3 });
    const lines = csv.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d{5},/);

    const response = await get(owner, owner.analyses.zipAreasXlsxPath(analysisId, { sort: "zip" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="bis-zip-areas-austin-tx.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("ZIP areas");
    if (!sheet) throw new Error("no ZIP areas sheet");
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(csv.split("\n")[0]?.split(","));
    const { rows } = await owner.analyses.zipAreas(analysisId, { sort: "zip" });
    expect(sheet?.rowCount).toBe(rows.length + 1);
    const first = sheet?.getRow(2);
    expect(first?.getCell(1).value).toBe(rows[0]?.zip);
    expect(typeof first?.getCell(1).value).toBe("string");
    expect(first?.getCell(4).value).toBe(rows[0]?.score);
  });

  it("downloads every row unless ?limit= asks, and names a cut file after what it holds", async () => {
    const total = (await owner.analyses.zipAreas(analysisId)).rows.length;
    expect(total).toBeGreaterThan(20);
    const disposition = (r: Response) => r.headers.get("content-disposition");

    const every = await get(owner, owner.analyses.zipAreasCsvPath(analysisId, { sort: "score" }));
    expect(disposition(every)).toBe('attachment; filename="bis-zip-areas-austin-tx.csv"');
    expect((await every.text()).trimEnd().split("\n")).toHaveLength(total + 1);

    const top = await get(
      owner,
      owner.analyses.zipAreasCsvPath(analysisId, { sort: "score", limit: 20 }),
    );
    expect(disposition(top)).toBe(
      `attachment; filename="bis-zip-areas-austin-tx-top-20-of-${total}.csv"`,
    );
    const topText = await top.text();
    expect(topText.trimEnd().split("\n")).toHaveLength(21);
    // The same rows as the first 20 of the list sorted alike.
    const { rows } = await owner.analyses.zipAreas(analysisId, { sort: "score", limit: 20 });
    expect(topText).toBe(zipAreasCsv(rows));

    const xlsx = await get(
      owner,
      owner.analyses.zipAreasXlsxPath(analysisId, { sort: "households", limit: 7 }),
    );
    expect(disposition(xlsx)).toBe(
      `attachment; filename="bis-zip-areas-austin-tx-top-7-of-${total}.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    expect(book.getWorksheet("ZIP areas")?.rowCount).toBe(8);

    // A limit at or above the count is every row, named as such.
    const all = await get(owner, owner.analyses.zipAreasCsvPath(analysisId, { limit: 9999 }));
    expect(disposition(all)).toBe('attachment; filename="bis-zip-areas-austin-tx.csv"');
    expect(zipAreasFileName("Austin, TX", "xlsx", { rows: 20, total: 20 })).toBe(
      "bis-zip-areas-austin-tx.xlsx",
    );
  });

  it("keeps leading zeros (a New England ZIP) in the CSV and the XLSX", async () => {
    const boston = await analysisFor(owner, {
      city: "Boston",
      state: "MA",
      primaryRadius: 5,
      secondaryRadius: 8,
    });
    const csv = await owner.analyses.zipAreasCsv(boston, { limit: 3 });
    for (const line of csv.trimEnd().split("\n").slice(1)) expect(line).toMatch(/^0\d{4},/);
    const bytes = await owner.analyses.zipAreasXlsx(boston, { limit: 3 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const zip = book.getWorksheet("ZIP areas")?.getRow(2).getCell(1).value;
    expect(zip).toMatch(/^0\d{4}$/);
  });
});
