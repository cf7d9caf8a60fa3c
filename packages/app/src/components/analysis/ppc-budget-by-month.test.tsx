/**
 * Keyword research by month on the results page: each keyword's peak month and searches by month
 * in the PPC table, and the PPC budget by month (chart and table) summing to the yearly budget.
 */
import {
  type KeywordEntry,
  type KeywordResearchData,
  monthlyVolumes,
  ppcBudgetByMonth,
  ppcTable,
} from "@bis/sdk";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { analysisRoute, fakeApi, signedIn } from "../../test/fake-api";
import { keywordData, keywordsDone } from "../../test/premium-fixtures";
import { findSection, renderApp } from "../../test/render-app";

vi.mock("../../lib/basemap", () => import("../../test/basemap-stub"));

/** Cooling months (July the most) and heating months (December the most). */
const COOLING = [1, 1, 3, 6, 10, 14, 17, 16, 13, 8, 3, 1];
const HEATING = [20, 16, 10, 5, 2, 1, 1, 1, 2, 6, 14, 22];

function withMonths(e: KeywordEntry): KeywordEntry {
  const shape = e.keyword.includes("furnace") ? HEATING : COOLING;
  return { ...e, monthlySearches: monthlyVolumes(e.searchVolume, shape), monthlyGrade: "modeled" };
}

function seasonal(): KeywordResearchData {
  const data = keywordData();
  return {
    ...data,
    keywordData: {
      ...data.keywordData,
      primaryKeywords: data.keywordData.primaryKeywords.map(withMonths),
      longTailKeywords: data.keywordData.longTailKeywords.map(withMonths),
    },
    seasonality: {
      measured: null,
      modeled: {
        source: "BIS keyword model over this market's monthly jobs (NOAA normals)",
        vintage: "1991–2020",
        grade: "modeled",
        method: "The keyword's monthly volume × 12, spread over its services' months",
      },
    },
  };
}

const section = () => findSection(/^Keyword Research/);

describe("keyword research by month", () => {
  it("shows each keyword's peak month with its searches by month, and the budget by month", async () => {
    const data = seasonal();
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone({ keywordResearchData: data })) });
    renderApp("/analysis/an_123");
    const { panel } = await section();
    const table = screen.getByRole("table", { name: "PPC Opportunities" });
    expect(within(table).getByRole("columnheader", { name: "Peak Month" })).toBeTruthy();
    const row = (keyword: string) =>
      Array.from(table.querySelectorAll("tr[data-group]")).find(
        (tr) => tr.querySelector("th")?.firstChild?.textContent === keyword,
      ) as HTMLElement;
    expect(within(row("ac repair austin")).getByText("July")).toBeTruthy();
    expect(within(row("furnace replacement pflugerville")).getByText("December")).toBeTruthy();
    // The searches by month, in words for screen readers: they average to the monthly volume.
    const line = within(row("ac repair austin")).getByRole("img");
    expect(line.getAttribute("aria-label")).toMatch(/^Searches by month: Jan \d+, Feb/);

    const byMonth = ppcBudgetByMonth(ppcTable(data));
    const budget = within(panel).getByTestId("ppc-budget-by-month");
    expect(within(budget).getByText("PPC Budget by Month")).toBeTruthy();
    expect(budget.textContent).toContain("most in July");
    fireEvent.click(within(budget).getByRole("button", { name: "Table" }));
    const cells = Array.from(within(budget).getByRole("table").querySelectorAll("td")).map(
      (td) => td.textContent,
    );
    expect(cells).toHaveLength(13);
    const dollars = (s: string | null) => Number((s ?? "").replace(/[$,]/g, ""));
    expect(cells.slice(0, 12).map(dollars)).toEqual(byMonth?.months);
    expect(cells.slice(0, 12).reduce((s, c) => s + dollars(c), 0)).toBe(dollars(cells[12] ?? ""));
    expect(dollars(cells[12] ?? "")).toBe(ppcTable(data).totalBudget * 12);
    expect(within(budget).getByText("Modeled")).toBeTruthy();
  });

  it("shows neither for a record without monthly searches", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone()) });
    renderApp("/analysis/an_123");
    const { panel } = await section();
    expect(within(panel).queryByText("Peak Month")).toBeNull();
    expect(within(panel).queryByTestId("ppc-budget-by-month")).toBeNull();
  });
});
