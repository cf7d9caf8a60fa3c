/**
 * The ZIP areas of an analysis (issue 11) over HTTP: GET /api/analyses/{id}/zip-areas (JSON) and
 * /zip-areas.csv (a CSV attachment), for the owner and administrators only, recomputed from the
 * embedded ZCTAs and consistent with the counts the record keeps.
 */
import { BisApiError, ZIP_CSV_COLUMNS, type ZipAreaRow, zipAreasCsv } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
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

const HEADER = "zip,place,state,population,housing_units,distance_miles,service_area";

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
    expect(answer.provenance).toMatchObject({ grade: "measured" });
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

    // The record keeps the same counts.
    const record = (await owner.analyses.get(analysisId)).marketAnalysisData?.zipAreas;
    const primary = rows.filter((r) => r.serviceArea === "primary").length;
    expect(record).toEqual({ count: rows.length, primary, secondary: rows.length - primary });
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
    expect(lines[0]).toBe(HEADER);
    expect(lines[0]).toBe(ZIP_CSV_COLUMNS.map(([name]) => name).join(","));

    const { rows } = await owner.analyses.zipAreas(analysisId);
    expect(lines).toHaveLength(rows.length + 1);
    expect(text).toBe(zipAreasCsv(rows));
    const downtown = rows.find((r) => r.zip === "78701") as ZipAreaRow;
    expect(lines).toContain(
      [
        "78701",
        downtown.place,
        "TX",
        downtown.population,
        downtown.housingUnits,
        downtown.distanceMiles,
        "primary",
      ].join(","),
    );

    // The SDK's call returns the same text.
    expect(await owner.analyses.zipAreasCsv(analysisId)).toBe(text);
  });

  it("is the owner's and administrators' only", async () => {
    expect((await admin.analyses.zipAreasCsv(analysisId)).startsWith(`${HEADER}\n`)).toBe(true);
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
