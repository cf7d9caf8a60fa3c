/**
 * Section 2, Keyword Research, as the specification has it: the results, the PPC table's
 * order, dedupe and formatting, the start card's states, and every toast with its timing.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  PPC_FIXTURE_ROWS,
  PPC_FIXTURE_TOTAL,
  ppcFixture,
} from "../../../../sdk/src/models/view-models.fixture";
import { analysisRoute, dana, fakeApi, signedIn } from "../../test/fake-api";
import { analysisFixture, marketData } from "../../test/fixtures";
import { held } from "../../test/held";
import { keywordData, keywordsDone } from "../../test/premium-fixtures";
import { findSection, findToast, renderApp, toasts } from "../../test/render-app";
import { recordToasts } from "../../test/toast-log";

vi.mock("../../lib/basemap", () => import("../../test/basemap-stub"));

afterEach(() => {
  vi.useRealTimers();
});

const section = () => findSection(/^Keyword Research/);

function ppcTable() {
  return screen.getByRole("table", { name: "PPC Opportunities" });
}

function ppcKeywords() {
  return Array.from(ppcTable().querySelectorAll("tr[data-group]")).map((tr) => [
    // The keyword itself, without the intent label after it.
    tr.querySelector("th")?.firstChild?.textContent,
    tr.getAttribute("data-group"),
  ]);
}

describe("keyword research results", () => {
  it("shows the summary, the PPC table and the recommendations, open by default", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone()) });
    renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    // The subtitle says the real count, not the spec's fixed "188 keywords".
    expect(within(toggle).getByText("9 keywords researched")).toBeTruthy();
    expect(screen.queryByText(/188 keywords/)).toBeNull();

    const body = within(panel);
    const figure = (label: string) =>
      body.getByText(label, { selector: "dt" }).parentElement as HTMLElement;
    expect(within(figure("Total Keywords")).getByText("9")).toBeTruthy();
    expect(
      within(figure("Total Keywords")).getByText(
        "7 with search volume (10 or more searches a month)",
      ),
    ).toBeTruthy();
    expect(within(figure("Avg. Search Volume")).getByText("212")).toBeTruthy();
    expect(within(figure("Avg. CPC")).getByText("$9.68")).toBeTruthy();
    expect(within(figure("Competition Level")).getByText("High")).toBeTruthy();
    // Provenance of search volume and CPC: graded, with the method on opening.
    expect(within(figure("Avg. CPC")).getByText("Modeled")).toBeTruthy();
    expect(
      body.getAllByText("CPC by intent from published HVAC benchmarks").length,
    ).toBeGreaterThan(0);

    // Volume > 0 only, by volume descending; long-tail after, without the primary duplicate.
    expect(ppcKeywords()).toEqual([
      ["hvac austin", "primary"],
      ["ac repair austin", "primary"],
      ["heat pump installation austin", "primary"],
      ["ac tune up cost austin", "longTail"],
      ["emergency ac repair near me", "longTail"],
      ["furnace replacement pflugerville", "longTail"],
    ]);
    expect(within(ppcTable()).queryByText("furnace repair austin")).toBeNull();
    expect(within(ppcTable()).queryByText("AC  Repair Austin")).toBeNull();
    expect(within(ppcTable()).getByText("Long-tail keywords")).toBeTruthy();
    // The intent, when the provider gives one.
    expect(within(ppcTable()).getByText("near me")).toBeTruthy();

    // CPC to 2 decimals, budget = volume × CPC × 0.1 in whole dollars.
    const row = (keyword: string) =>
      within(within(ppcTable()).getByText(keyword).closest("tr") as HTMLElement);
    expect(row("heat pump installation austin").getByText("140")).toBeTruthy();
    expect(row("heat pump installation austin").getByText("$14.26")).toBeTruthy();
    expect(row("heat pump installation austin").getByText("$200")).toBeTruthy();
    expect(row("hvac austin").getByText("880")).toBeTruthy();
    expect(row("hvac austin").getByText("$9.10")).toBeTruthy();
    expect(row("hvac austin").getByText("$801")).toBeTruthy();
    expect(row("furnace replacement pflugerville").getByText("$6.67")).toBeTruthy();
    expect(row("furnace replacement pflugerville").getByText("$10")).toBeTruthy();
    // No stated budget: Σ volume × CPC × 0.1 over the rows, rounded once (as the SDK assembles it).
    expect(body.getByText("$1,660")).toBeTruthy();
    expect(body.getByText("6 keywords with search volume")).toBeTruthy();

    expect(body.getByRole("heading", { name: "Strategic Recommendations" })).toBeTruthy();
    expect(
      body.getByText("Bid on emergency repair keywords first: they convert best."),
    ).toBeTruthy();
    expect(body.queryByRole("button", { name: "Start Keyword Research" })).toBeNull();
    // No video without a configured URL, and no placeholder either.
    expect(body.queryByTitle("Keyword research education video")).toBeNull();
  });

  it("shows the PPC rows the PDF report shows for the same analysis (shared fixture)", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(keywordsDone({ keywordResearchData: ppcFixture() })),
    });
    renderApp("/analysis/an_123");
    const { panel } = await section();
    const cells = Array.from(ppcTable().querySelectorAll("tr[data-group]")).map((tr) => [
      tr.querySelector("th")?.firstChild?.textContent,
      ...Array.from(tr.querySelectorAll("td")).map((td) => td.textContent),
    ]);
    expect(cells).toEqual(PPC_FIXTURE_ROWS);
    expect(within(panel).getByText(PPC_FIXTURE_TOTAL)).toBeTruthy();
  });

  it('defaults the competition level to "Medium"', async () => {
    const data = keywordData();
    data.keywordData.summary.competitionLevel = "";
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone({ keywordResearchData: data })) });
    renderApp("/analysis/an_123");
    const { panel } = await section();
    const level = within(panel).getByText("Competition Level").parentElement;
    expect(within(level as HTMLElement).getByText("Medium")).toBeTruthy();
  });

  it("shows the first 50 keywords, then all of them on request", async () => {
    const data = keywordData();
    data.keywordData.primaryKeywords = Array.from({ length: 60 }, (_, i) => ({
      keyword: `keyword ${i + 1}`,
      searchVolume: 1000 - i,
      cpc: 2,
    }));
    data.keywordData.longTailKeywords = [];
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone({ keywordResearchData: data })) });
    const { user } = renderApp("/analysis/an_123");
    await section();
    expect(ppcKeywords()).toHaveLength(50);
    await user.click(screen.getByRole("button", { name: "Show all 60 keywords" }));
    expect(ppcKeywords()).toHaveLength(60);
    expect(ppcKeywords().at(-1)?.[0]).toBe("keyword 60");
    await user.click(screen.getByRole("button", { name: "Show top 50 keywords" }));
    expect(ppcKeywords()).toHaveLength(50);
  });

  it('says "No keyword research data available" when done without data', async () => {
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone({ keywordResearchData: null })) });
    renderApp("/analysis/an_123");
    expect(await screen.findByText("No keyword research data available")).toBeTruthy();
  });

  it("shows the keyword education video when one is configured", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(keywordsDone()),
      "GET /api/settings/videos": {
        status: 200,
        body: {
          premiumOfferVideoUrl: "",
          keywordEducationVideoUrl: "https://www.youtube.com/watch?v=kw123",
          competitionEducationVideoUrl: "",
          landingPageVideoUrl: "",
        },
      },
    });
    renderApp("/analysis/an_123");
    const video = await screen.findByTitle("Keyword research education video");
    expect(video.getAttribute("src")).toBe("https://www.youtube.com/embed/kw123");
  });
});

describe("starting keyword research", () => {
  it("is disabled until paid, and says why", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(analysisFixture()) });
    renderApp("/analysis/an_123");
    const start = (await screen.findByRole("button", {
      name: "Start Keyword Research",
    })) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(start.getAttribute("aria-describedby")).toBeTruthy();
    const note = document.getElementById(start.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe("Requires Payment: available with the premium package.");
  });

  it("is enabled for an administrator without payment", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: { ...dana, isAdmin: true } },
      ...analysisRoute(analysisFixture()),
    });
    renderApp("/analysis/an_123");
    await screen.findByText("Complete Your Market Intelligence");
    const start = screen.getByRole("button", { name: "Start Keyword Research" });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
  });

  it("toasts Starting, Complete (4 s), then View Your Results 2 s later, and shows the results", async () => {
    const gate = held();
    let done = false;
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": () => ({
        status: 200,
        body: done ? keywordsDone() : analysisFixture({ isPaid: true }),
      }),
      "POST /api/keyword-analysis/analyze": async () => {
        await gate.promise;
        done = true;
        return { status: 200, body: { analysis: keywordsDone() } };
      },
    });
    renderApp("/analysis/an_123");
    const start = await screen.findByRole("button", { name: "Start Keyword Research" });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    const recorded = recordToasts();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });

    fireEvent.click(start);
    expect(await findToast("Starting Keyword Research")).toBeTruthy();
    const cities = marketData().cityAnalysis.cityBreakdown.length;
    expect(toasts().getByText(`Processing ${cities} cities for HVAC industry`)).toBeTruthy();
    // The processing state while the call runs.
    const busy = screen.getByRole("button", { name: "Researching keywords..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ analysisId: "an_123" }),
    );

    const readsBefore = api.calls.filter(
      (c) => c.method === "GET" && c.path === "/api/analyses/an_123",
    ).length;
    gate.release();
    expect(await findToast("Keyword Research Complete")).toBeTruthy();
    expect(toasts().getByText("Processed 9 keywords successfully.")).toBeTruthy();
    expect(toasts().queryByText("View Your Results")).toBeNull();

    await vi.advanceTimersByTimeAsync(2000);
    expect(await findToast("View Your Results")).toBeTruthy();
    // One toast at a time: the follow-up replaced the completion toast.
    expect(toasts().queryByText("Keyword Research Complete")).toBeNull();

    recorded.stop();
    expect(recorded.titles()).toEqual([
      "Starting Keyword Research",
      "Keyword Research Complete",
      "View Your Results",
    ]);
    const [, complete, view] = recorded.log;
    expect(complete?.duration).toBe(4000);
    expect((view?.at ?? 0) - (complete?.at ?? 0)).toBe(2000);

    // The analysis was refetched and section 2 shows the results.
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === "GET" && c.path === "/api/analyses/an_123").length,
      ).toBeGreaterThan(readsBefore),
    );
    expect(await screen.findByRole("table", { name: "PPC Opportunities" })).toBeTruthy();
    const progress = screen.getByRole("region", { name: "Progress" });
    expect(within(progress).getByText("Total keywords").nextElementSibling?.textContent).toBe("9");
    expect(within(progress).getByText("PPC keywords").nextElementSibling?.textContent).toBe("6");
    // Competition analysis can start now.
    const competition = screen.getByRole("button", { name: "Start Competition Analysis" });
    expect((competition as HTMLButtonElement).disabled).toBe(false);
  });

  it('toasts "Keyword Research Failed" with the server\'s message and resets the button', async () => {
    const api = fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture({ isPaid: true })),
      "POST /api/keyword-analysis/analyze": {
        status: 503,
        body: {
          code: "UNAVAILABLE",
          message: "DataForSEO is rate limited. Try again in a minute.",
        },
      },
    });
    const { user } = renderApp("/analysis/an_123");
    const start = await screen.findByRole("button", { name: "Start Keyword Research" });
    await user.click(start);
    expect(await findToast("Keyword Research Failed")).toBeTruthy();
    expect(toasts().getByText("DataForSEO is rate limited. Try again in a minute.")).toBeTruthy();
    const again = await screen.findByRole("button", { name: "Start Keyword Research" });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it('toasts "No Cities Found" and calls nothing when no city can be extracted', async () => {
    const api = fakeApi({
      ...signedIn,
      ...analysisRoute(
        analysisFixture({
          isPaid: true,
          location: "",
          marketAnalysisData: {
            ...marketData(),
            target: undefined,
            requestLocation: "",
            cityAnalysis: { cityBreakdown: [] },
          },
        }),
      ),
    });
    const { user } = renderApp("/analysis/an_123");
    await user.click(await screen.findByRole("button", { name: "Start Keyword Research" }));
    expect(await findToast("No Cities Found")).toBeTruthy();
    expect(toasts().getByText("Unable to extract cities from market analysis data.")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it('uses the server\'s own title, "No Cities Found", when it names one', async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture({ isPaid: true })),
      "POST /api/keyword-analysis/analyze": {
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: "Unable to extract cities from market analysis data.",
          details: { title: "No Cities Found" },
        },
      },
    });
    const { user } = renderApp("/analysis/an_123");
    await user.click(await screen.findByRole("button", { name: "Start Keyword Research" }));
    expect(await findToast("No Cities Found")).toBeTruthy();
    expect(toasts().getByText("Unable to extract cities from market analysis data.")).toBeTruthy();
  });

  it('toasts "Error" / "Analysis ID not found" without an analysis id', async () => {
    const api = fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture({ id: "", isPaid: true })),
    });
    const { user } = renderApp("/analysis/an_123");
    await user.click(await screen.findByRole("button", { name: "Start Keyword Research" }));
    expect(await findToast("Error")).toBeTruthy();
    expect(toasts().getByText("Analysis ID not found")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });
});
