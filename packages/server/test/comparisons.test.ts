/**
 * Comparisons through the API: saving one (2–10 of your analyses, with clear
 * messages otherwise), reading it back ranked by the SDK's rule, who may see it, analyses
 * deleted since, and its exports — CSV, XLSX read back with exceljs, and the PDF report
 * (text checked with pdf.js, page 1 rendered and not blank).
 */
import {
  COMPARISON_MESSAGES,
  type Comparison,
  compareMarkets,
  comparisonCellText,
  comparisonMarket,
} from "@bis/sdk";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeMarkets } from "../../sdk/src/models/comparison.fixture.js";
import { renderComparisonReportBuffer } from "../src/report/comparison-report.js";
import {
  analysisFor,
  errorOf,
  paidAnalysisFor,
  type ServerWithUsers,
  startWithUsers,
} from "./support/index.js";
import { ink, pageTexts, renderPage } from "./support/pdf.js";

let s: ServerWithUsers;
let ids: { austin: string; dallas: string; waco: string };
let saved: Comparison;

beforeAll(async () => {
  s = await startWithUsers("Cora");
  ids = {
    austin: await paidAnalysisFor(s.owner),
    dallas: await analysisFor(s.owner, { city: "Dallas" }),
    waco: await analysisFor(s.owner, { city: "Waco", primaryRadius: 5, secondaryRadius: 20 }),
  };
  await s.owner.premium.keywords(ids.austin);
  saved = await s.owner.comparisons.create({
    analysisIds: [ids.waco, ids.austin, ids.dallas],
    name: "Texas expansion",
  });
});

afterAll(async () => {
  await s?.close();
});

describe("POST /api/comparisons", () => {
  it("saves the analyses in the order chosen, with each market's figures", async () => {
    expect(saved.analysisIds).toEqual([ids.waco, ids.austin, ids.dallas]);
    expect(saved.name).toBe("Texas expansion");
    expect(saved.markets.map((m) => m.location)).toEqual(["Waco, TX", "Austin, TX", "Dallas, TX"]);
    expect(saved.missing).toEqual([]);
    const austin = saved.markets[1];
    expect(austin?.isPaid).toBe(true);
    expect(austin?.cells.population?.status).toBe("value");
    expect(austin?.cells.population?.grade).toMatch(/measured|modeled/);
    expect(austin?.cells.keywordVolume?.status).toBe("value");
    // Paid, keyword research run, competition analysis not: "Not run yet".
    expect(austin?.cells.competitorCount?.status).toBe("notRun");
    expect(saved.markets[0]?.cells.averageCpc?.status).toBe("locked");
    expect(saved.markets[0]?.target?.name).toBe("Waco");
  });

  it("refuses fewer than 2, more than 10 and repeated analyses, with the reason", async () => {
    const one = await errorOf(s.owner.comparisons.create({ analysisIds: [ids.austin] }));
    expect(one.status).toBe(400);
    expect(one.serverMessage).toBe(COMPARISON_MESSAGES.tooFew);
    const eleven = Array.from({ length: 11 }, (_, i) => `id-${i}`);
    const many = await errorOf(s.owner.comparisons.create({ analysisIds: eleven }));
    expect(many.status).toBe(400);
    expect(many.serverMessage).toBe(COMPARISON_MESSAGES.tooMany);
    const twice = await errorOf(
      s.owner.comparisons.create({ analysisIds: [ids.austin, ids.austin] }),
    );
    expect(twice.serverMessage).toBe(COMPARISON_MESSAGES.duplicate);
  });

  it("answers 404 for an analysis that does not exist or is someone else's", async () => {
    const unknown = await errorOf(
      s.owner.comparisons.create({ analysisIds: [ids.austin, "no-such-analysis"] }),
    );
    expect([unknown.status, unknown.code]).toEqual([404, "ANALYSIS_NOT_FOUND"]);
    expect(unknown.serverMessage).toBe("Analysis not found");
    const theirs = await errorOf(
      s.other.comparisons.create({ analysisIds: [ids.austin, ids.dallas] }),
    );
    expect(theirs.status).toBe(404);
    // An administrator may compare anyone's analyses.
    const byAdmin = await s.admin.comparisons.create({ analysisIds: [ids.austin, ids.dallas] });
    expect(byAdmin.markets).toHaveLength(2);
  });
});

describe("GET /api/comparisons/{id}", () => {
  it("answers the owner and an administrator, and 404 to anyone else", async () => {
    expect((await s.owner.comparisons.get(saved.id)).id).toBe(saved.id);
    expect((await s.admin.comparisons.get(saved.id)).markets).toHaveLength(3);
    const other = await errorOf(s.other.comparisons.get(saved.id));
    expect(other.status).toBe(404);
    expect(other.serverMessage).toBe(COMPARISON_MESSAGES.notFound);
    expect((await errorOf(s.owner.comparisons.get("nope"))).status).toBe(404);
  });

  it("ranks the markets with the SDK's rule", async () => {
    const table = compareMarkets((await s.owner.comparisons.get(saved.id)).markets);
    const scores = table.markets.map((m) => m.score?.score ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(table.needPremium.map((m) => m.location).sort()).toEqual(["Dallas, TX", "Waco, TX"]);
    expect(table.stepsToRun.map((x) => x.steps)).toEqual([["Competition analysis"]]);
  });

  it("lists an analysis deleted since as missing and keeps the others", async () => {
    const gone = await analysisFor(s.owner, { city: "Tyler" });
    const c = await s.owner.comparisons.create({ analysisIds: [ids.dallas, gone] });
    await s.owner.analyses.delete(gone);
    const read = await s.owner.comparisons.get(c.id);
    expect(read.markets.map((m) => m.location)).toEqual(["Dallas, TX"]);
    expect(read.missing).toEqual([gone]);
  });
});

describe("GET /api/comparisons", () => {
  it("lists only your own comparisons, newest first, with their markets' locations", async () => {
    const latest = await s.owner.comparisons.create({ analysisIds: [ids.dallas, ids.waco] });
    const mine = await s.owner.comparisons.page();
    expect(mine.items[0]).toEqual({
      id: latest.id,
      name: null,
      createdAt: latest.createdAt,
      analysisCount: 2,
      locations: ["Dallas, TX", "Waco, TX"],
    });
    expect(mine.items.find((c) => c.id === saved.id)).toMatchObject({
      name: "Texas expansion",
      analysisCount: 3,
      locations: ["Waco, TX", "Austin, TX", "Dallas, TX"],
    });
    expect(mine.total).toBe(mine.items.length);
    // An administrator may open anyone's comparison, but lists only their own.
    expect((await s.other.comparisons.list()).map((c) => c.id)).not.toContain(saved.id);
    expect((await s.admin.comparisons.list()).map((c) => c.id)).not.toContain(saved.id);
  });

  it("pages with ?limit and a cursor, and counts an analysis deleted since", async () => {
    const gone = await analysisFor(s.owner, { city: "Temple" });
    const c = await s.owner.comparisons.create({ analysisIds: [gone, ids.austin] });
    await s.owner.analyses.delete(gone);
    const first = await s.owner.comparisons.page({ limit: 1 });
    expect(first.items).toEqual([
      expect.objectContaining({ id: c.id, analysisCount: 2, locations: ["Austin, TX"] }),
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await s.owner.comparisons.page({ limit: 1, cursor: first.nextCursor ?? "" });
    expect(second.items[0]?.id).not.toBe(c.id);
    expect(second.total).toBe(first.total);
    const bad = await errorOf(s.owner.comparisons.page({ cursor: "nope" }));
    expect(bad.status).toBe(400);
  });
});

describe("exports", () => {
  it("CSV: one column per market with its grade, the best market of each row named", async () => {
    const bytes = await s.owner.comparisons.export(saved.id, "csv");
    const csv = new TextDecoder().decode(bytes);
    const lines = csv.trim().split("\n");
    const table = compareMarkets(saved.markets);
    expect(lines[0]).toBe(
      `Figure,Best,${table.markets.map((m) => `"${m.location}","${m.location} grade"`).join(",")}`,
    );
    expect(lines[1]?.startsWith("Rank,,1,")).toBe(true);
    const households = lines.find((l) => l.startsWith("Households,"));
    const best = table.rows.find((r) => r.row.key === "households");
    const winner = table.markets[best?.best.indexOf(true) ?? -1]?.location;
    expect(households?.startsWith(`Households,"${winner}",`)).toBe(true);
    expect(csv).toContain("Premium");
    expect(csv).toContain("Not run yet");
  });

  it("XLSX: read back with exceljs, the same figures as numbers with their formats", async () => {
    const bytes = await s.owner.comparisons.export(saved.id, "xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Comparison");
    expect(sheet).toBeDefined();
    const table = compareMarkets(saved.markets);
    expect(sheet?.getRow(1).getCell(1).value).toBe("Market Comparison Report");
    const header = sheet?.getRow(3);
    expect(header?.getCell(3).value).toBe(table.markets[0]?.location);
    expect(header?.getCell(4).value).toBe(`${table.markets[0]?.location} grade`);
    let households: ExcelJS.Row | undefined;
    sheet?.eachRow((row) => {
      if (row.getCell(1).value === "Households") households = row;
    });
    const value = households?.getCell(3).value;
    expect(typeof value).toBe("number");
    expect(value).toBe(table.markets[0]?.cells.households?.value);
    expect(households?.getCell(3).numFmt).toBe("#,##0");
    expect(households?.getCell(4).value).toMatch(/measured|modeled/);
    const sources = book.getWorksheet("Sources");
    expect(sources?.getRow(2).getCell(1).value).toBe(table.markets[0]?.location);
  });

  it("PDF: the markets ranked, their figures and map, sources; page 1 has ink", async () => {
    const bytes = await s.owner.comparisons.export(saved.id, "pdf");
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pages = await pageTexts(bytes);
    const text = pages.join(" ");
    expect(pages[0]).toContain("Market Comparison Report");
    expect(pages[0]).toContain("Texas expansion");
    for (const city of ["Austin, TX", "Dallas, TX", "Waco, TX"]) expect(text).toContain(city);
    expect(text).toContain("Key Figures");
    expect(text).toContain("Sources and Methodology");
    expect(text).toContain("Would need the premium steps");
    expect(text).toMatch(/Comparison [0-9a-f-]{36} · Page 1 of \d+/);
    const first = ink(renderPage(bytes, 1));
    expect(first.nonWhite).toBeGreaterThan(0.02);
  });

  it("exports 404 to anyone but the owner and administrators", async () => {
    for (const format of ["csv", "xlsx", "pdf"] as const)
      expect((await errorOf(s.other.comparisons.export(saved.id, format))).status).toBe(404);
  });
});

describe("the comparison report from fixtures", () => {
  it("prints every market's figures as the SDK writes them and draws the map in colour", async () => {
    const markets = threeMarkets().map(comparisonMarket);
    const comparison: Comparison = {
      id: "c-fixture",
      userId: "user-1",
      name: null,
      analysisIds: markets.map((m) => m.analysisId),
      createdAt: "2026-11-01T12:00:00.000Z",
      markets,
      missing: ["a-gone"],
    };
    const bytes = await renderComparisonReportBuffer(comparison, {
      generatedAt: new Date("2026-11-02T10:00:00Z"),
    });
    const pages = await pageTexts(bytes);
    const text = pages.join(" ");
    const table = compareMarkets(markets);
    const households = table.rows.find((r) => r.row.key === "households");
    if (!households) throw new Error("no households row");
    for (const c of households.cells) expect(text).toContain(comparisonCellText(households.row, c));
    expect(text).toContain("Polar Air Austin");
    // Ranked by each market's one score (no second, "like for like" number); Tyler's rests on
    // demand only, and the report says which inputs it lacks.
    expect(text).not.toMatch(/like for like/i);
    expect(pages[0]).toMatch(new RegExp(`#1 ${table.markets[0]?.location}`));
    expect(text).toContain("Ranked by each market's opportunity score");
    expect(text).toContain(
      "Scored on demand only; competition and cost to acquire need the premium steps",
    );
    expect(text).toContain("1 analysis of this comparison was deleted");
    const mapPage = pages.findIndex((p) => p.startsWith("Map") || p.includes(" Map "));
    expect(mapPage).toBeGreaterThan(0);
    expect(ink(renderPage(bytes, mapPage + 1)).coloured).toBeGreaterThan(0.003);
  });
});
