/**
 * Keyword research by month over HTTP with the embedded model: each listed keyword's 12 months
 * (modeled from the market's service months), its peak month, and the PPC budget by month.
 */
import {
  type Analysis,
  formatNumber,
  formatWholeDollars,
  type KeywordResearchData,
  keywordResearchDataSchema,
  peakMonth,
  ppcBudgetByMonth,
  ppcTable,
} from "@bis/sdk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { renderReportBuffer } from "../src/report/render-report.js";
import { READ_TIME_SEASONS_NOTE } from "../src/services/analysis-seasons.js";
import { paidAnalysisFor, type ServerWithUsers, startWithUsers } from "./support/index.js";
import { pageTexts } from "./support/pdf.js";
import { testEngine } from "./support/postgres.js";

const { analysis: analysisTable } = tablesFor(testEngine());
let { bis, owner, close } = {} as ServerWithUsers;
beforeAll(async () => {
  ({ bis, owner, close } = await startWithUsers("Mona"));
}, 60_000);
afterAll(() => close?.());

const JAN = 0;
const JUL = 6;
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const listed = (data: KeywordResearchData) => [
  ...data.keywordData.primaryKeywords,
  ...data.keywordData.longTailKeywords,
];

const analyses = new Map<string, Analysis>();

async function research(city: string, state: string): Promise<KeywordResearchData> {
  const id = await paidAnalysisFor(owner, { city, state });
  const analysis = await owner.premium.keywords(id);
  const data = analysis.keywordResearchData;
  if (!data) throw new Error("no keyword data");
  analyses.set(city, analysis);
  return data;
}

/** "ac repair {city}": its July searches over its January ones. */
function acRepairRise(data: KeywordResearchData, city: string): number {
  const k = listed(data).find((e) => e.keyword === `ac repair ${city}`);
  const months = k?.monthlySearches ?? [];
  return (months[JUL] ?? 0) / (months[JAN] ?? 1);
}

describe("keyword research by month", () => {
  let phoenix: KeywordResearchData;
  let minneapolis: KeywordResearchData;

  beforeAll(async () => {
    phoenix = await research("Phoenix", "AZ");
    minneapolis = await research("Minneapolis", "MN");
  }, 60_000);

  it("gives every listed keyword 12 months averaging to its volume, graded and sourced", () => {
    for (const data of [phoenix, minneapolis]) {
      expect(keywordResearchDataSchema.parse(data)).toEqual(data);
      const all = listed(data);
      expect(all.length).toBeGreaterThan(50);
      for (const k of all) {
        expect(k.monthlySearches).toHaveLength(12);
        expect(sum(k.monthlySearches ?? [])).toBe(k.searchVolume * 12);
        expect(k.monthlyGrade).toBe("modeled");
        expect(peakMonth(k.monthlySearches)).not.toBeNull();
      }
      expect(data.seasonality?.modeled).toMatchObject({ grade: "modeled" });
      expect(data.seasonality?.modeled?.source).toContain("NOAA");
      expect(data.seasonality?.measured).toBeNull();
    }
  });

  it("AC repair searches peak in summer and rise from January to July (ppcinfo.com: +347 %)", () => {
    expect([5, 6, 7]).toContain(
      peakMonth(listed(phoenix).find((k) => k.keyword === "ac repair phoenix")?.monthlySearches),
    );
    const rises = {
      Phoenix: acRepairRise(phoenix, "phoenix"),
      Minneapolis: acRepairRise(minneapolis, "minneapolis"),
    };
    console.info(
      `AC repair, January → July: ${Object.entries(rises)
        .map(([c, r]) => `${c} +${Math.round((r - 1) * 100)} %`)
        .join(", ")}`,
    );
    for (const rise of Object.values(rises)) expect(rise).toBeGreaterThan(2);
    // Furnace repair searches in Minneapolis peak in the heating months.
    const furnace = listed(minneapolis).find((k) => k.keyword === "furnace repair minneapolis");
    expect([0, 1, 10, 11]).toContain(peakMonth(furnace?.monthlySearches));
  });

  it("spreads the yearly PPC budget over the months, summing exactly", () => {
    for (const data of [phoenix, minneapolis]) {
      const table = ppcTable(data);
      const byMonth = ppcBudgetByMonth(table);
      expect(byMonth?.rowsWithMonths).toBe(table.rows.length);
      expect(byMonth?.yearly).toBe((data.estimatedMonthlyBudget ?? 0) * 12);
      expect(sum(byMonth?.months ?? [])).toBe((data.estimatedMonthlyBudget ?? 0) * 12);
    }
    const phoenixMonths = ppcBudgetByMonth(ppcTable(phoenix))?.months ?? [];
    expect(phoenixMonths[JUL]).toBeGreaterThan(phoenixMonths[JAN] ?? 0);
  });

  it("the PDF shows each keyword's peak month and the same budget by month", async () => {
    const analysis = analyses.get("Phoenix") as Analysis;
    const text = (await pageTexts(await renderReportBuffer(analysis))).join(" ");
    const table = text.slice(text.indexOf("Top Keywords by Search Volume"));
    expect(table).toContain("Peak month");
    const first = ppcTable(phoenix).rows[0];
    expect(table).toContain(`${first?.keyword} ${formatNumber(first?.searchVolume ?? 0)}`);
    const byMonth = ppcBudgetByMonth(ppcTable(phoenix));
    const budget = text.slice(text.indexOf("PPC Budget by Month"));
    expect(budget).toContain(
      [...(byMonth?.months ?? []), byMonth?.yearly ?? 0].map(formatWholeDollars).join(" "),
    );
    expect(text).toContain("Keywords: Searches by month (modeled)");
  });
});

describe("an analysis stored before the market's year", () => {
  it("gets its months when read, saying how, in the PDF too, and its keywords get months", async () => {
    const id = await paidAnalysisFor(owner, { city: "Phoenix", state: "AZ" });
    const market = (await owner.analyses.get(id)).marketAnalysisData;
    if (!market?.assumptions) throw new Error("no market data");
    // As such a record was stored: no months, no weather-share assumptions.
    const { seasons: _months, ...older } = market;
    await bis.server.context.db
      .update(analysisTable)
      .set({
        marketAnalysisData: {
          ...older,
          assumptions: market.assumptions.filter((a) => !a.key.startsWith("season.")),
        },
      })
      .where(eq(analysisTable.id, id));

    const read = (await owner.analyses.get(id)).marketAnalysisData;
    const seasons = read?.seasons;
    expect(seasons?.provenance.method).toContain(READ_TIME_SEASONS_NOTE);
    expect(seasons?.peakMonth).toBe(JUL + 1);
    read?.serviceBreakdown.forEach((entry, i) => {
      expect(sum(seasons?.services[i]?.revenue ?? [])).toBe(entry.estimatedRevenue);
    });
    // The months of a record stored with them are the ones it was stored with.
    expect(seasons?.services.map((s) => s.jobs)).toEqual(
      market.seasons?.services.map((s) => s.jobs),
    );

    // The PDF prints the months computed when read, and says how they were made.
    const report = (await pageTexts(await owner.premium.report(id))).join(" ");
    expect(report).toContain("The market's year");
    expect(report).toContain("Busiest month July");
    expect(report).toContain("computed when the analysis was read");

    const keywords = (await owner.premium.keywords(id)).keywordResearchData;
    if (!keywords) throw new Error("no keyword data");
    for (const k of listed(keywords)) expect(k.monthlySearches).toHaveLength(12);
  }, 60_000);
});
