/**
 * Comparing markets in the app: selecting analyses on the dashboard (Compare disabled
 * with its reason outside 2–10, then the comparison opens), the comparison page (ranked columns,
 * grades, "Best" in words, premium rows and the premium note, downloads, states), and the
 * several-cities form (each city analysed, then compared).
 */
import { type Comparison, compareMarkets, comparisonMarket } from "@bis/sdk";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { threeMarkets } from "../../../sdk/src/models/comparison.fixture";
import { fakeApi, signedIn } from "../test/fake-api";
import { summaryFixture } from "../test/fixtures";
import { renderApp } from "../test/render-app";

function comparison(overrides: Partial<Comparison> = {}): Comparison {
  const markets = threeMarkets().map(comparisonMarket);
  return {
    id: "cmp-1",
    userId: "user-1",
    name: null,
    analysisIds: markets.map((m) => m.analysisId),
    createdAt: "2026-11-01T12:00:00.000Z",
    markets,
    missing: [],
    ...overrides,
  };
}

const settings = { "GET /api/public/settings": { status: 200, body: {} } };

describe("dashboard: selecting analyses to compare", () => {
  it("keeps Compare disabled with its reason until 2 are selected, then opens the comparison", async () => {
    const analyses = ["Austin, TX", "Waco, TX", "Tyler, TX"].map((location, i) =>
      summaryFixture({ id: `a${i}`, location }),
    );
    const api = fakeApi({
      ...signedIn,
      ...settings,
      "GET /api/analyses": { status: 200, body: { analyses } },
      "POST /api/comparisons": { status: 201, body: comparison() },
      "GET /api/comparisons/cmp-1": { status: 200, body: comparison() },
    });
    renderApp("/dashboard");
    const bar = await screen.findByRole("region", { name: "Compare analyses" });
    const compare = within(bar).getByRole("button", { name: "Compare" }) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    const reason = document.getElementById(compare.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("0 selected · Select at least 2 analyses to compare");

    fireEvent.click(await screen.findByRole("checkbox", { name: /^Select Waco, TX/ }));
    expect(compare.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /^Select Austin, TX/ }));
    expect(compare.disabled).toBe(false);
    expect(reason?.textContent).toBe("2 selected · up to 10");
    fireEvent.click(compare);
    await screen.findByRole("heading", { level: 1, name: "Market Comparison" });
    const post = api.calls.find((c) => c.method === "POST" && c.path === "/api/comparisons");
    // In the order selected.
    expect(post?.body).toEqual({ analysisIds: ["a1", "a0"] });
  });
});

describe("the comparison page", () => {
  it("ranks the markets, carries grades, marks the best value in words and names premium needs", async () => {
    fakeApi({
      ...signedIn,
      ...settings,
      "GET /api/comparisons/cmp-1": { status: 200, body: comparison() },
    });
    renderApp("/comparisons/cmp-1");
    const table = await screen.findByRole("table");
    const headers = within(table).getAllByRole("columnheader");
    expect(headers).toHaveLength(4);
    expect(headers[1]?.textContent).toContain("Rank 1");
    // Ranked by each market's one score (the number its results page shows); Tyler's rests on
    // demand only, and the page says so, without a second score.
    const ranked = compareMarkets(comparison().markets).markets.map((m) => m.location);
    expect(headers.slice(1).map((h) => ranked.find((l) => h.textContent?.includes(l)))).toEqual(
      ranked,
    );
    expect(within(table).queryByText(/like for like/)).toBeNull();
    expect(
      screen.getByText("Ranked by each market's opportunity score; some scores lack inputs:"),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Tyler, TX: Scored on demand only; competition and cost to acquire need the premium steps.",
      ),
    ).toBeTruthy();
    const households = within(table).getByRole("row", { name: /^Households/ });
    const best = within(households).getAllByText("Best");
    expect(best).toHaveLength(1);
    expect(best[0]?.closest("td")?.textContent).toContain("480,000");
    expect(within(households).getAllByText("Modeled").length).toBe(3);
    const cpc = within(table).getByRole("row", { name: /^Average CPC/ });
    expect(within(cpc).getByText("Premium")).toBeTruthy();
    const competitors = within(table).getByRole("row", { name: /^Competitors/ });
    expect(within(competitors).getByText("Not run yet")).toBeTruthy();
    expect(screen.getByText("Would need the premium steps")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: /^Tyler, TX\s?: buy premium$/ }).getAttribute("href"),
    ).toBe("/checkout/a-tyler");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/comparisons/cmp-1/export.csv",
    );
    expect(screen.getByRole("link", { name: "Download XLSX" }).getAttribute("href")).toBe(
      "/api/comparisons/cmp-1/export.xlsx",
    );
    expect(screen.getByRole("link", { name: "PDF report" }).getAttribute("href")).toBe(
      "/api/comparisons/cmp-1/report.pdf",
    );
    await waitFor(() => expect(document.title).toMatch(/ vs .* — Market comparison — BIS$/));
  });

  it("says when the comparison is not found, and when its analyses are gone", async () => {
    fakeApi({
      ...signedIn,
      ...settings,
      "GET /api/comparisons/nope": {
        status: 404,
        body: { code: "COMPARISON_NOT_FOUND", message: "Comparison not found" },
      },
    });
    const first = renderApp("/comparisons/nope");
    expect(await screen.findByRole("heading", { name: "Comparison not found" })).toBeTruthy();
    first.unmount();
    fakeApi({
      ...signedIn,
      ...settings,
      "GET /api/comparisons/cmp-1": {
        status: 200,
        body: comparison({ markets: [], missing: ["a", "b"] }),
      },
    });
    renderApp("/comparisons/cmp-1");
    expect(await screen.findByRole("heading", { name: "No markets left to compare" })).toBeTruthy();
  });
});

describe("analyzing several cities", () => {
  it("validates the cities, analyses each city, then compares them", async () => {
    let n = 0;
    const api = fakeApi({
      ...signedIn,
      ...settings,
      "GET /api/analyses": { status: 200, body: { analyses: [] } },
      "POST /api/market-analysis/analyze": (call) => {
        n += 1;
        const city = (call.body as { city: string }).city;
        return city === "Atlantis"
          ? { status: 422, body: { code: "UNKNOWN_CITY", message: "Unknown city: Atlantis" } }
          : {
              status: 201,
              body: {
                analysis: { id: `m${n}` },
                location: `${city}, TX`,
                marketSize: 1,
                households: 1,
                avgRevenue: 1,
              },
            };
      },
      "POST /api/comparisons": { status: 201, body: comparison() },
      "GET /api/comparisons/cmp-1": { status: 200, body: comparison() },
    });
    renderApp("/compare");
    const cities = await screen.findByLabelText("Cities");
    fireEvent.change(screen.getByLabelText("Target State"), { target: { value: "TX" } });
    fireEvent.change(cities, { target: { value: "Austin" } });
    fireEvent.click(screen.getByRole("button", { name: "Analyze and Compare" }));
    expect(await screen.findByText("Enter at least 2 cities")).toBeTruthy();

    fireEvent.change(cities, { target: { value: "Austin, Atlantis\nWaco" } });
    fireEvent.click(screen.getByRole("button", { name: "Analyze and Compare" }));
    await screen.findByRole("heading", { level: 1, name: "Market Comparison" });
    const analyzed = api.calls.filter((c) => c.path === "/api/market-analysis/analyze");
    expect(analyzed.map((c) => (c.body as { city: string }).city)).toEqual([
      "Austin",
      "Atlantis",
      "Waco",
    ]);
    const post = api.calls.find((c) => c.path === "/api/comparisons");
    expect(post?.body).toEqual({ analysisIds: ["m1", "m3"] });
  });
});
