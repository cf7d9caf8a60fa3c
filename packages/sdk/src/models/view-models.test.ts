/**
 * The view models every consumer shows (the results page, the PDF report, the CLI): the PPC
 * table and the market leader, on the fixture their own tests render too.
 */
import { describe, expect, it } from "vitest";
import { formatCpc, formatNumber, formatWholeDollars } from "../format.js";
import type { CompetitionAnalysisData } from "../schemas/competition.js";
import type { KeywordResearchData } from "../schemas/keywords.js";
import { marketLeader } from "./market-leader.js";
import { ppcBudget, ppcTable } from "./ppc-table.js";
import {
  LEADER_FIXTURE_EXPECTED,
  leaderFixture,
  PPC_FIXTURE_ROWS,
  PPC_FIXTURE_TOTAL,
  ppcFixture,
} from "./view-models.fixture.js";

describe("the PPC table", () => {
  it("lists primary keywords by volume, then long-tail ones, volume above 0, each once", () => {
    const table = ppcTable(ppcFixture());
    expect(
      table.rows.map((r) => [
        r.keyword,
        formatNumber(r.searchVolume),
        formatCpc(r.cpc),
        formatWholeDollars(r.budget),
      ]),
    ).toEqual(PPC_FIXTURE_ROWS);
    expect(table.rows.map((r) => r.group)).toEqual([
      "primary",
      "primary",
      "longTail",
      "longTail",
      "longTail",
    ]);
    expect(formatWholeDollars(table.totalBudget)).toBe(PPC_FIXTURE_TOTAL);
  });

  it("filters before it dedupes: a primary keyword without volume hides no long-tail twin", () => {
    const rows = ppcTable(ppcFixture()).rows;
    expect(rows.filter((r) => r.keyword === "heat pump repair")).toEqual([
      {
        keyword: "heat pump repair",
        searchVolume: 60,
        cpc: 15,
        budget: 90,
        intent: "repair",
        competition: null,
        group: "longTail",
        monthlySearches: null,
        monthlyGrade: null,
      },
    ]);
    // The long-tail "AC  Repair Austin" repeats a listed primary keyword: not shown.
    expect(rows.some((r) => r.searchVolume === 9999)).toBe(false);
  });

  it("keeps budgets exact (volume × CPC × 0.1); the total is the result's, else Σ rounded", () => {
    expect(ppcBudget(1300, 12.345)).toBeCloseTo(1604.85, 9);
    const data: KeywordResearchData = { ...ppcFixture(), estimatedMonthlyBudget: 3_000 };
    expect(ppcTable(data).totalBudget).toBe(3_000);
    expect(ppcTable(ppcFixture()).totalBudget).toBe(3_348);
    expect(ppcTable(null)).toEqual({ rows: [], totalBudget: 0 });
  });
});

describe("the market leader", () => {
  it("is the named leader's first listing (a second branch of the name is not)", () => {
    expect(marketLeader(leaderFixture())).toEqual(LEADER_FIXTURE_EXPECTED);
  });

  it("has no row when the named leader is not listed", () => {
    const data: CompetitionAnalysisData = { ...leaderFixture(), marketLeader: "Elsewhere Air" };
    expect(marketLeader(data)).toEqual({ name: "Elsewhere Air", index: -1 });
  });

  it("is the first competitor positioned as leader when the result names none", () => {
    const data = leaderFixture();
    data.marketLeader = null;
    data.competitors = data.competitors.slice(1);
    data.competitors[1] = {
      ...(data.competitors[1] as (typeof data.competitors)[number]),
      position: "Market Leader",
    };
    expect(marketLeader(data)).toEqual({ name: "Hill Country Comfort", index: 1 });
    expect(marketLeader({ marketLeader: null, competitors: [] })).toBeNull();
    expect(marketLeader(null)).toBeNull();
  });
});
