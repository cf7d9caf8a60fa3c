import { formatNumber, keywordCities, keywordCountModel, marketKeywordCount } from "@bis/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, signedIn } from "../test/fake-api";
import { analysisFixture, marketData } from "../test/fixtures";
import { held } from "../test/held";
import { paymentConfig, publicSettings } from "../test/premium-fixtures";
import { findToast, renderApp } from "../test/render-app";

vi.mock("../lib/basemap", () => import("../test/basemap-stub"));

describe("/analysis/:id states", () => {
  it("shows the loading state while the analysis loads", async () => {
    const gate = held();
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": async () => {
        await gate.promise;
        return { status: 200, body: analysisFixture() };
      },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByText("Loading analysis results...")).toBeTruthy();
    gate.release();
    expect(await screen.findByRole("heading", { name: "Austin, TX", level: 1 })).toBeTruthy();
  });

  it('says "Failed to load analysis" for an analysis that is not yours', async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/theirs": {
        status: 404,
        body: { code: "NOT_FOUND", message: "Analysis not found" },
      },
    });
    renderApp("/analysis/theirs");
    expect(await screen.findByRole("heading", { name: "Failed to load analysis" })).toBeTruthy();
    expect(screen.getByText("Analysis not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it('says "No analysis results found" when the analysis has no market data', async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": {
        status: 200,
        body: analysisFixture({ marketAnalysisData: null }),
      },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByRole("heading", { name: "Failed to load analysis" })).toBeTruthy();
    expect(screen.getByText("No analysis results found")).toBeTruthy();
  });

  it("shows the four-step page for a bridge-integration analysis", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/config/payments": { status: 200, body: paymentConfig(["competitionAnalysis"]) },
      "GET /api/analyses/an_123": {
        status: 200,
        body: analysisFixture({
          marketAnalysisData: {
            ...marketData(),
            bridgeIntegration: true,
            marketRevenueCalculatorUrl: "https://calculator.example.com/run",
          },
        }),
      },
    });
    renderApp("/analysis/an_123");
    const link = await screen.findByRole("link", { name: /Open Market Revenue Calculator/ });
    expect(link.getAttribute("href")).toBe("https://calculator.example.com/run");
    expect(link.getAttribute("target")).toBe("_blank");
    // What is sold now, at the package's price: competition analysis is not.
    expect(await screen.findByText("Keyword research")).toBeTruthy();
    expect(screen.getByText("PDF report")).toBeTruthy();
    expect(screen.queryByText("Competition analysis")).toBeNull();
    expect(screen.getByText("Premium package: $599.00")).toBeTruthy();
    expect(screen.queryByText("Market Analysis Results")).toBeNull();
  });
});

describe("/analysis/:id completed", () => {
  it("shows the header, progress, section 1 with provenance, premium states and footer", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
      "GET /api/public/settings": { status: 200, body: publicSettings() },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByRole("heading", { name: "Austin, TX", level: 1 })).toBeTruthy();
    expect(screen.getByText("Completed")).toBeTruthy();

    const progress = screen.getByRole("region", { name: "Progress" });
    expect(within(progress).getAllByText("Pending analysis")).toHaveLength(2);
    expect(within(progress).queryByText("Coming Soon")).toBeNull();
    expect(within(progress).queryByText(/22 keywords/)).toBeNull();

    const section = screen.getByRole("button", { name: /Market Analysis Results/ });
    expect(section.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Market Revenue Analysis")).toBeTruthy();
    expect(screen.getByText("Census Demographics")).toBeTruthy();
    expect(screen.getByText("Single Family Homes")).toBeTruthy();
    expect(screen.getByText("Commercial Units")).toBeTruthy();

    // Every figure group carries its grade, with source, vintage and method on opening.
    const data = marketData();
    expect(screen.getAllByText("Measured").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Modeled").length).toBeGreaterThan(4);
    expect(screen.getAllByText(data.provenance?.revenue?.method ?? "?").length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(data.provenance?.commercialUnits?.source ?? "?").length,
    ).toBeGreaterThan(0);

    // City table: a row per city, with its service-area badge.
    const table = screen.getByRole("table", { name: /^Cities in the service area/ });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(data.cityAnalysis.cityBreakdown.length);
    const austin = within(table)
      .getByRole("rowheader", { name: /^Austin/ })
      .closest("tr");
    expect(austin && within(austin).getByText("Primary")).toBeTruthy();
    const pflugerville = within(table)
      .getByRole("rowheader", { name: /^Pflugerville/ })
      .closest("tr");
    expect(pflugerville && within(pflugerville).getByText("Secondary")).toBeTruthy();
    expect(screen.getByText(`${rows.length} cities`)).toBeTruthy();

    // Service cards: whole-percent penetration.
    const acReplacement = screen.getByRole("heading", { name: "AC Replacement" }).closest("li");
    expect(acReplacement).toBeTruthy();
    const ac = data.serviceBreakdown.find((s) => s.serviceName === "AC Replacement");
    expect(
      within(acReplacement as HTMLElement).getByText(
        `${Math.round((ac?.marketPenetration ?? 0) * 100)}%`,
      ),
    ).toBeTruthy();

    // The map: named, described by the city table (its chunk loads lazily: slow under load).
    const map = await screen.findByRole(
      "region",
      { name: /Map of the service area around Austin/ },
      { timeout: 10_000 },
    );
    expect(map.getAttribute("aria-describedby")).toBe(table.parentElement?.parentElement?.id);
    expect(screen.getByText("Primary radius: 10 miles")).toBeTruthy();
    expect(screen.getByText("Secondary radius: 15 miles")).toBeTruthy();

    // Premium sections, not yet run, with their start buttons disabled.
    expect(
      (screen.getByRole("button", { name: "Start Keyword Research" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Start Competition Analysis" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    // Promo while unpaid.
    expect(screen.getByText("Complete Your Market Intelligence")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Learn More About Premium Services" }).getAttribute("href"),
    ).toBe("/checkout/an_123");
    // The keyword count is the keyword model's for this market's cities, not a figure of copy.
    const market = marketData();
    const cities = keywordCities(market).cities.length;
    expect(
      await screen.findByText(
        `${formatNumber(marketKeywordCount(keywordCountModel(), market))} keywords for your services in ${cities} cities of this market`,
      ),
    ).toBeTruthy();
    expect(screen.getByText("Your local competitors, with ratings and reviews")).toBeTruthy();

    expect(screen.getByText("Analysis ID: an_123")).toBeTruthy();
    expect(screen.getByText(/^Generated March 4, 2025/)).toBeTruthy();
  });

  it("collapses and reopens section 1 from its header button", async () => {
    fakeApi({ ...signedIn, "GET /api/analyses/an_123": { status: 200, body: analysisFixture() } });
    const { user } = renderApp("/analysis/an_123");
    const toggle = await screen.findByRole("button", { name: /Market Analysis Results/ });
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel?.hidden).toBe(true);
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panel?.hidden).toBe(false);
  });

  it('says "N of M cities" when the server capped the city rows', async () => {
    const data = marketData();
    const body = analysisFixture({
      marketAnalysisData: {
        ...data,
        marketSummary: data.marketSummary && { ...data.marketSummary, citiesInRange: 240 },
      },
    });
    fakeApi({ ...signedIn, "GET /api/analyses/an_123": { status: 200, body } });
    renderApp("/analysis/an_123");
    expect(
      await screen.findByText(`${data.cityAnalysis.cityBreakdown.length} of 240 cities`),
    ).toBeTruthy();
  });

  it("sorts the city table by a column", async () => {
    fakeApi({ ...signedIn, "GET /api/analyses/an_123": { status: 200, body: analysisFixture() } });
    const { user } = renderApp("/analysis/an_123");
    const cities = await screen.findByRole("region", { name: "City-by-City Breakdown table" });
    const button = within(cities).getByRole("button", { name: "Population" });
    await user.click(button);
    const header = button.closest("th");
    expect(header?.getAttribute("aria-sort")).toBe("descending");
    const names = within(within(cities).getByRole("table"))
      .getAllByRole("rowheader")
      .map((h) => h.textContent);
    expect(names[0]).toBe("Austin, TX");
    expect(names.at(-1)).toBe("Sunset Valley, TX");
    await user.click(button);
    expect(header?.getAttribute("aria-sort")).toBe("ascending");
  });

  it("shows the yellow notice when there is no service breakdown", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": {
        status: 200,
        body: analysisFixture({ marketAnalysisData: { ...marketData(), serviceBreakdown: [] } }),
      },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByText("Service breakdown data not available")).toBeTruthy();
    expect(
      screen.getByText(
        `Debug: services 0, cities ${marketData().cityAnalysis.cityBreakdown.length}, households ${marketData().households?.toLocaleString("en-US")}, industry HVAC.`,
      ),
    ).toBeTruthy();
  });

  it("hides the promo once paid", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture({ isPaid: true }) },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByRole("heading", { name: "Austin, TX", level: 1 })).toBeTruthy();
    expect(screen.queryByText("Complete Your Market Intelligence")).toBeNull();
    // Paid: keyword research can start; competition waits for it.
    const start = screen.getByRole("button", { name: "Start Keyword Research" });
    expect((start as HTMLButtonElement).disabled).toBe(false);
    expect(
      screen.getByText(
        `Researches ${marketData().cityAnalysis.cityBreakdown.length} cities of your service area.`,
      ),
    ).toBeTruthy();
    const competition = screen.getByRole("button", { name: "Start Competition Analysis" });
    expect((competition as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText("Keyword Research Required: complete keyword research first."),
    ).toBeTruthy();
  });
});

async function openAssumptions(user: ReturnType<typeof renderApp>["user"]) {
  const toggle = await screen.findByRole("button", { name: /^Show all \d+ assumptions/ });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  await user.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
}

describe("/analysis/:id assumptions", () => {
  it("lists every assumption with unit, basis and source", async () => {
    fakeApi({ ...signedIn, "GET /api/analyses/an_123": { status: 200, body: analysisFixture() } });
    const { user } = renderApp("/analysis/an_123");
    await openAssumptions(user);
    const data = marketData();
    expect(
      screen.getByText(`All ${data.assumptions?.length} are at their defaults.`, { exact: false }),
    ).toBeTruthy();
    for (const a of data.assumptions ?? []) {
      expect(await screen.findByLabelText(a.label)).toBeTruthy();
    }
    const share = screen.getByLabelText(
      "Households with central air conditioning (not a heat pump)",
    ) as HTMLInputElement;
    const def = data.assumptions?.find((a) => a.key === "share.centralAc");
    expect(Number(share.value)).toBeCloseTo((def?.value ?? 0) * 100, 6);
    expect(screen.getAllByText("Published").length).toBeGreaterThan(0);
  });

  it("re-runs the analysis with the changed values, then shows the new figures", async () => {
    const rerun = analysisFixture({
      marketAnalysisData: marketData({ "ticket.acReplacement": 9000 }),
    });
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
      "PUT /api/analyses/an_123/assumptions": { status: 200, body: rerun },
    });
    const { user } = renderApp("/analysis/an_123");
    await openAssumptions(user);
    const button = (await screen.findByRole("button", {
      name: "Re-run Analysis",
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    const ticket = screen.getByLabelText("Average central AC replacement");
    await user.clear(ticket);
    await user.type(ticket, "9000");
    expect(button.disabled).toBe(false);
    // The server answers with the re-run analysis; the page refetches after it.
    api.calls.length = 0;
    await user.click(button);
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
        assumptions: { "ticket.acReplacement": 9000 },
      }),
    );
    expect(await findToast("Analysis Updated")).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === "GET" && c.path === "/api/analyses/an_123")).toBe(
        true,
      ),
    );
  });

  it("refuses a value outside the assumption's range", async () => {
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
    });
    const { user } = renderApp("/analysis/an_123");
    await openAssumptions(user);
    const share = await screen.findByLabelText(
      "Households heated mainly by a fuel-fired furnace (gas, propane, oil)",
    );
    await user.clear(share);
    await user.type(share, "140");
    expect(await screen.findByText("Enter a number from 0 to 100")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Re-run Analysis" }));
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("resets overridden values to the defaults", async () => {
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": {
        status: 200,
        body: analysisFixture({ marketAnalysisData: marketData({ "lifespan.furnace": 25 }) }),
      },
      "PUT /api/analyses/an_123/assumptions": { status: 200, body: analysisFixture() },
    });
    const { user } = renderApp("/analysis/an_123");
    // Open from the start: the analysis uses a changed value.
    expect(await screen.findByText(/1 of \d+ differ from the defaults/)).toBeTruthy();
    const lifespan = (await screen.findByLabelText(
      "Furnace: years between replacements (U.S.)",
    )) as HTMLInputElement;
    expect(lifespan.value).toBe("25");
    await user.click(screen.getByRole("button", { name: "Reset to defaults" }));
    const def = marketData().assumptions?.find((a) => a.key === "lifespan.furnace");
    expect(lifespan.value).toBe(String(def?.value));
    await user.click(screen.getByRole("button", { name: "Re-run Analysis" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ assumptions: {} }),
    );
  });
});
