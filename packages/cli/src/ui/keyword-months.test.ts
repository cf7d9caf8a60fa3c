/** `bis keywords`: each keyword's peak month and the PPC budget by month, as the page and PDF show them. */
import {
  type Analysis,
  type KeywordEntry,
  type KeywordResearchData,
  monthlyVolumes,
  ppcBudgetByMonth,
  ppcTable,
} from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { ppcFixture } from "../../../sdk/src/models/view-models.fixture.js";
import type { Block } from "./doc.js";
import { keywordsDoc } from "./views.js";

const COOLING = [1, 1, 3, 6, 10, 14, 17, 16, 13, 8, 3, 1];

function seasonal(): KeywordResearchData {
  const data = ppcFixture();
  const withMonths = (e: KeywordEntry): KeywordEntry => ({
    ...e,
    monthlySearches: monthlyVolumes(e.searchVolume, COOLING),
    monthlyGrade: "modeled",
  });
  return {
    ...data,
    keywordData: {
      ...data.keywordData,
      primaryKeywords: data.keywordData.primaryKeywords.map(withMonths),
      longTailKeywords: data.keywordData.longTailKeywords.map(withMonths),
    },
    seasonality: {
      measured: null,
      modeled: { source: "NOAA normals", vintage: "1991–2020", grade: "modeled", method: "m" },
    },
  };
}

const tables = (doc: Block[]) =>
  doc.filter((b): b is Extract<Block, { kind: "table" }> => b.kind === "table");
const doc = (data: KeywordResearchData) =>
  keywordsDoc({ location: "Phoenix, AZ", keywordResearchData: data } as Analysis);

describe("bis keywords by month", () => {
  it("shows each keyword's peak month and the budget by month, summing to the year", () => {
    const data = seasonal();
    const [primary, , budget] = tables(doc(data));
    expect(primary?.columns.at(-1)).toMatchObject({ header: "Peak month" });
    expect(primary?.rows.every((r) => r.at(-1) === "July")).toBe(true);
    expect(budget?.rows).toHaveLength(13);
    const byMonth = ppcBudgetByMonth(ppcTable(data));
    const dollars = (s: string | undefined) => Number((s ?? "").replace(/[$,]/g, ""));
    expect(budget?.rows.slice(0, 12).map((r) => dollars(r[1]))).toEqual(byMonth?.months);
    expect(dollars(budget?.rows[12]?.[1])).toBe(ppcTable(data).totalBudget * 12);
    const notes = doc(data).flatMap((b) => (b.kind === "text" ? [b.text] : []));
    expect(notes.some((t) => t.includes("modeled: NOAA normals"))).toBe(true);
  });

  it("has neither on a record without monthly searches", () => {
    const all = tables(doc(ppcFixture()));
    expect(all).toHaveLength(2);
    expect(all[0]?.columns.map((c) => c.header)).not.toContain("Peak month");
  });
});
