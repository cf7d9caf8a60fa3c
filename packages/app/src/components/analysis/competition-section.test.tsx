/**
 * Section 3, Competition Analysis, as the specification has it: the results with the leader
 * highlighted, the sample-data banner, the not-available text, the start card's states, and
 * every toast with its timing.
 */

import { NOT_OFFERED_DETAIL } from "@bis/sdk";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  LEADER_FIXTURE_EXPECTED,
  leaderFixture,
} from "../../../../sdk/src/models/view-models.fixture";
import { useCompetitionAnalysis } from "../../hooks/use-premium";
import { toastStore } from "../../hooks/use-toast";
import { createQueryClient } from "../../lib/api";
import { analysisRoute, fakeApi, signedIn } from "../../test/fake-api";
import { analysisFixture } from "../../test/fixtures";
import { held } from "../../test/held";
import { allDone, competitionData, keywordsDone, paymentConfig } from "../../test/premium-fixtures";
import { findSection, findToast, renderApp, toasts } from "../../test/render-app";
import { recordToasts } from "../../test/toast-log";

vi.mock("../../lib/basemap", () => import("../../test/basemap-stub"));

afterEach(() => {
  vi.useRealTimers();
});

const section = () => findSection(/^Competition Analysis/);

describe("competition analysis results", () => {
  it("starts collapsed, then shows the overview, the table with the leader, opportunities and recommendations", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(allDone()) });
    const { user } = renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
    expect(within(toggle).getByText("3 competitors")).toBeTruthy();
    await user.click(toggle);
    expect(panel.hidden).toBe(false);

    const body = within(panel);
    const figure = (label: string) =>
      within(body.getByText(label, { selector: "dt" }).parentElement as HTMLElement);
    expect(figure("Total Competitors").getByText("3")).toBeTruthy();
    expect(figure("Market Leader").getByText("Lone Star Air")).toBeTruthy();
    expect(figure("Average Rating").getByText("4.4")).toBeTruthy();
    expect(figure("Market Saturation").getByText("High")).toBeTruthy();

    const table = body.getByRole("table", { name: "Competitors" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "Lone Star Air",
      "Hill Country Heating",
      "Capital Duct Co.",
    ]);
    const [leader, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(leader.getAttribute("data-leader")).toBe("true");
    expect(leader.className).toContain("bg-amber-50");
    expect(within(leader).getByText("Market Leader")).toBeTruthy();
    expect(within(leader).getByText("4.8")).toBeTruthy();
    expect(within(leader).getByText("1,250")).toBeTruthy();
    expect(within(leader).getByText("AC repair and replacement")).toBeTruthy();
    expect(second.getAttribute("data-leader")).toBeNull();
    expect(within(second).getByText("Top 3")).toBeTruthy();
    expect(within(third).getAllByText("N/A")).toHaveLength(2);

    expect(body.getByRole("heading", { name: "Opportunities" })).toBeTruthy();
    expect(body.getByText("Few competitors offer maintenance plans.")).toBeTruthy();
    expect(body.getByRole("heading", { name: "Recommendations" })).toBeTruthy();
    expect(body.getByText("Ask every customer for a review.")).toBeTruthy();
    expect(body.queryByText("Sample data")).toBeNull();
  });

  it("shows the leader the PDF report shows for the same analysis, once (shared fixture)", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(allDone({ competitionAnalysisData: leaderFixture() })),
    });
    const { user } = renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    await user.click(toggle);
    const card = within(panel).getByText("Market Leader", { selector: "dt" }).parentElement;
    expect(within(card as HTMLElement).getByText(LEADER_FIXTURE_EXPECTED.name)).toBeTruthy();
    const rows = within(within(panel).getByRole("table", { name: "Competitors" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((r) => r.getAttribute("data-leader") === "true")).toEqual(
      rows.map((_, i) => i === LEADER_FIXTURE_EXPECTED.index),
    );
  });

  it('defaults the market saturation to "Medium" and shows the saturation metric', async () => {
    const data = competitionData({
      marketSaturation: "",
      saturationMetric: {
        competitorsPer10kHouseholds: 3.24,
        thresholds: { low: 2, high: 6 },
      },
    });
    fakeApi({ ...signedIn, ...analysisRoute(allDone({ competitionAnalysisData: data })) });
    const { user } = renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    await user.click(toggle);
    const saturation = within(
      within(panel).getByText("Market Saturation").parentElement as HTMLElement,
    );
    expect(saturation.getByText("Medium")).toBeTruthy();
    expect(
      saturation.getByText("3.2 competitors per 10,000 households (Low below 2, High from 6)"),
    ).toBeTruthy();
  });

  it('labels sample competitors with a "Sample data" banner', async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(allDone({ competitionAnalysisData: competitionData({ sampleData: true }) })),
    });
    const { user } = renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    await user.click(toggle);
    const banner = within(panel).getByRole("note", { name: "Sample data" });
    expect(within(banner).getByText(/demonstration data, not real businesses/)).toBeTruthy();
  });

  it("labels sample data when only the competitors' source says so", async () => {
    const data = competitionData();
    data.competitors = data.competitors.map((c) => ({ ...c, source: "sample" as const }));
    fakeApi({ ...signedIn, ...analysisRoute(allDone({ competitionAnalysisData: data })) });
    const { user } = renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    await user.click(toggle);
    expect(within(panel).getByRole("note", { name: "Sample data" })).toBeTruthy();
  });

  it("says no competitors were found when the providers found none (the report says the same)", async () => {
    const data = competitionData({ competitors: [], totalCompetitors: 0 });
    fakeApi({ ...signedIn, ...analysisRoute(allDone({ competitionAnalysisData: data })) });
    const { user } = renderApp("/analysis/an_123");
    const { toggle, panel } = await section();
    await user.click(toggle);
    expect(within(panel).getByText("No competitors found within the primary radius.")).toBeTruthy();
    expect(within(panel).queryByRole("table")).toBeNull();
  });

  it('says "Competition analysis data not available" for a step marked complete without data, and keeps the button', async () => {
    fakeApi({ ...signedIn, ...analysisRoute(allDone({ competitionAnalysisData: null })) });
    renderApp("/analysis/an_123");
    const { panel } = await section();
    expect(within(panel).getByText("Competition analysis data not available")).toBeTruthy();
    expect(
      within(panel).getByText(
        "The last run left no data. Start Competition Analysis to run it again.",
      ),
    ).toBeTruthy();
    expect(panel.textContent).not.toContain("Requires Competition Analyzer BIS integration");
    expect(within(panel).queryByRole("table")).toBeNull();
    const again = within(panel).getByRole("button", { name: "Start Competition Analysis" });
    expect((again as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the competition education video when one is configured", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(allDone()),
      "GET /api/settings/videos": {
        status: 200,
        body: {
          premiumOfferVideoUrl: "",
          keywordEducationVideoUrl: "",
          competitionEducationVideoUrl: "https://vimeo.com/76979871",
          landingPageVideoUrl: "",
        },
      },
    });
    renderApp("/analysis/an_123");
    const video = await screen.findByTitle(
      "Competition analysis education video",
      {},
      { timeout: 5000 },
    );
    expect(video.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871");
    expect(screen.queryByTitle("Keyword research education video")).toBeNull();
  });
});

describe("competition analysis on a server without a competitor provider", () => {
  it("says it is not available yet, in plain words, with no button", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(keywordsDone()),
      "GET /api/config/payments": { status: 200, body: paymentConfig(["competitionAnalysis"]) },
    });
    renderApp("/analysis/an_123");
    const { panel } = await section();
    expect(
      await within(panel).findByText("Competition analysis is not available yet"),
    ).toBeTruthy();
    expect(within(panel).getByText(NOT_OFFERED_DETAIL)).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Start Competition Analysis" })).toBeNull();
    expect(document.body.textContent).not.toMatch(
      /on this server|integration|BIS_|Google Places or Yelp|administrator/i,
    );
  });

  it("answers a 503 with a failure toast, never success, and then stops offering it", {
    timeout: 15_000,
  }, async () => {
    let configured = true;
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": () => ({ status: 200, body: keywordsDone() }),
      "GET /api/config/payments": () => ({
        status: 200,
        body: paymentConfig(configured ? [] : ["competitionAnalysis"]),
      }),
      "POST /api/analyses/an_123/competition-analysis": () => {
        // The provider's key was removed while the page was open.
        configured = false;
        return {
          status: 503,
          body: {
            code: "UNAVAILABLE",
            message: "Competition analysis is not available yet. Nothing was changed.",
          },
        };
      },
    });
    const log = recordToasts();
    const { user } = renderApp("/analysis/an_123");
    const { panel } = await section();
    await user.click(within(panel).getByRole("button", { name: "Start Competition Analysis" }));
    expect(await findToast("Competition Analysis Failed")).toBeTruthy();
    expect(log.titles()).not.toContain("Competition Analysis Complete");
    // The 503 made the page ask again what the server can deliver: no live button any more.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "/api/config/payments").length).toBeGreaterThan(1),
    );
    expect(
      await within(panel).findByText("Competition analysis is not available yet"),
    ).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Start Competition Analysis" })).toBeNull();
    log.stop();
  });
});

describe("starting competition analysis", () => {
  it("is open and disabled until keyword research is complete", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(analysisFixture({ isPaid: true })) });
    renderApp("/analysis/an_123");
    const { toggle } = await section();
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const start = screen.getByRole("button", { name: "Start Competition Analysis" });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(start.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe("Keyword Research Required: complete keyword research first.");
  });

  it('toasts "Keyword Research Required" when started before keyword research', async () => {
    const api = fakeApi({});
    toastStore.clear();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCompetitionAnalysis(analysisFixture({ isPaid: true })), {
      wrapper,
    });
    act(() => result.current.start());
    const [toast] = toastStore.getState().toasts;
    expect(toast?.title).toBe("Keyword Research Required");
    expect(toast?.description).toBe(
      "Please complete keyword research before starting competition analysis.",
    );
    expect(toast?.variant).toBe("destructive");
    expect(api.calls).toHaveLength(0);
  });

  it("toasts Starting, Complete, then Competition Analysis Ready 2 s later, and shows the results", async () => {
    const gate = held();
    let done = false;
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": () => ({
        status: 200,
        body: done ? allDone() : keywordsDone(),
      }),
      "POST /api/analyses/an_123/competition-analysis": async () => {
        await gate.promise;
        done = true;
        return { status: 200, body: { analysis: allDone() } };
      },
    });
    renderApp("/analysis/an_123");
    const start = await screen.findByRole("button", { name: "Start Competition Analysis" });
    expect((start as HTMLButtonElement).disabled).toBe(false);
    const recorded = recordToasts();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });

    fireEvent.click(start);
    expect(await findToast("Starting Competition Analysis")).toBeTruthy();
    expect(toasts().getByText("Analyzing competitive landscape for Austin, TX")).toBeTruthy();
    const busy = screen.getByRole("button", { name: "Analyzing competitors..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST")).toBe(true));

    gate.release();
    expect(await findToast("Competition Analysis Complete")).toBeTruthy();
    expect(
      toasts().getByText("Successfully analyzed competitive landscape. Refreshing data..."),
    ).toBeTruthy();
    expect(toasts().queryByText("Competition Analysis Ready")).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await findToast("Competition Analysis Ready")).toBeTruthy();

    recorded.stop();
    expect(recorded.titles()).toEqual([
      "Starting Competition Analysis",
      "Competition Analysis Complete",
      "Competition Analysis Ready",
    ]);
    const [, complete, ready] = recorded.log;
    expect((ready?.at ?? 0) - (complete?.at ?? 0)).toBe(2000);

    // The section shows the results (it stays open: the user just ran it), and the progress
    // dashboard the real counts.
    const { panel } = await section();
    expect(await within(panel).findByRole("table", { name: "Competitors" })).toBeTruthy();
    const progress = screen.getByRole("region", { name: "Progress" });
    expect(within(progress).getByText("Competitors").nextElementSibling?.textContent).toBe("3");
    expect(within(progress).getByText("Lone Star Air")).toBeTruthy();
    expect(within(progress).queryByText("Pending analysis")).toBeNull();
    expect(screen.getByRole("region", { name: "Opportunity Score" })).toBeTruthy();
  });

  it('answers the server\'s 400 "Keyword Research Required" with that toast and a refetch', async () => {
    const api = fakeApi({
      ...signedIn,
      ...analysisRoute(keywordsDone()),
      "POST /api/analyses/an_123/competition-analysis": {
        status: 400,
        body: {
          code: "KEYWORD_RESEARCH_REQUIRED",
          message: "Please complete keyword research before starting competition analysis.",
        },
      },
    });
    const { user } = renderApp("/analysis/an_123");
    await user.click(await screen.findByRole("button", { name: "Start Competition Analysis" }));
    expect(await findToast("Keyword Research Required")).toBeTruthy();
    const reads = () =>
      api.calls.filter((c) => c.method === "GET" && c.path === "/api/analyses/an_123").length;
    await waitFor(() => expect(reads()).toBe(2));
  });

  it("decides the toast's title on the code KEYWORD_RESEARCH_REQUIRED, not on the words", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(keywordsDone()),
      "POST /api/analyses/an_123/competition-analysis": {
        status: 400,
        body: { code: "KEYWORD_RESEARCH_REQUIRED", message: "Keywords first, please." },
      },
    });
    const { user } = renderApp("/analysis/an_123");
    await user.click(await screen.findByRole("button", { name: "Start Competition Analysis" }));
    expect(await findToast("Keyword Research Required")).toBeTruthy();
    expect(toasts().getByText("Keywords first, please.")).toBeTruthy();
  });

  it('toasts "Competition Analysis Failed" with the server\'s message', async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(keywordsDone()),
      "POST /api/analyses/an_123/competition-analysis": {
        status: 503,
        body: {
          code: "UNAVAILABLE",
          message: "Competition analysis data not available: no competitor provider is configured.",
        },
      },
    });
    const { user } = renderApp("/analysis/an_123");
    await user.click(await screen.findByRole("button", { name: "Start Competition Analysis" }));
    expect(await findToast("Competition Analysis Failed")).toBeTruthy();
    expect(
      toasts().getByText(
        "Competition analysis data not available: no competitor provider is configured.",
      ),
    ).toBeTruthy();
    const again = await screen.findByRole("button", { name: "Start Competition Analysis" });
    expect((again as HTMLButtonElement).disabled).toBe(false);
  });
});
