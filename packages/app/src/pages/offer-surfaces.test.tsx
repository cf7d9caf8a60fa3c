/**
 * Issue 24, one rule for what is for sale: on a server without a competitor data provider no
 * surface offers competition analysis — the landing card, the dashboard step, the results
 * page's promo and status card — and none names a setting, a server or an integration.
 */

import { comparisonMarket } from "@bis/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { threeMarkets } from "../../../sdk/src/models/comparison.fixture";
import { analysisRoute, fakeApi, signedIn } from "../test/fake-api";
import { analysisFixture, summaryFixture } from "../test/fixtures";
import { keywordsDone, paymentConfig, publicSettings } from "../test/premium-fixtures";
import { renderApp } from "../test/render-app";

vi.mock("../lib/basemap", () => import("../test/basemap-stub"));

const withoutCompetition = {
  "GET /api/config/payments": { status: 200, body: paymentConfig(["competitionAnalysis"]) },
  "GET /api/public/settings": { status: 200, body: publicSettings(["competitionAnalysis"]) },
};
const OPERATOR_WORDS = /on this server|integration|BIS_|_API_KEY|Google Places|Yelp|administrator/i;
const SENTENCE = "Competition analysis is not available yet.";

describe("competition analysis not offered", () => {
  it("on the landing page: the card says so plainly, not PREMIUM", async () => {
    fakeApi({ "GET /api/auth/user": { status: 401, body: {} }, ...withoutCompetition });
    renderApp("/");
    const card = (await screen.findByText(SENTENCE, {}, { timeout: 5000 })).closest("li");
    if (!card) throw new Error("no card");
    expect(within(card).getByText("Competition Analysis")).toBeTruthy();
    expect(within(card).queryByText("PREMIUM")).toBeNull();
    expect(document.body.textContent).not.toMatch(OPERATOR_WORDS);
  });

  it("on the dashboard: the step has no button, even with a paid analysis", async () => {
    fakeApi({
      ...signedIn,
      ...withoutCompetition,
      "GET /api/analyses": { status: 200, body: { analyses: [summaryFixture({ isPaid: true })] } },
    });
    renderApp("/dashboard");
    const step = await screen.findByRole(
      "group",
      { name: "Competition Analysis" },
      { timeout: 5000 },
    );
    expect(await within(step).findByText(SENTENCE)).toBeTruthy();
    expect(within(step).queryByRole("link")).toBeNull();
    expect(within(step).queryByRole("button")).toBeNull();
    const keywords = screen.getByRole("group", { name: "Keyword Research" });
    expect(within(keywords).getByRole("link", { name: "Open Keyword Research" })).toBeTruthy();
  });

  it("on the results page: the promo lists only what is sold, with its price; the status card says so", async () => {
    fakeApi({ ...signedIn, ...withoutCompetition, ...analysisRoute(analysisFixture()) });
    renderApp("/analysis/an_123");
    const promo = (
      await screen.findByText("Complete Your Market Intelligence", {}, { timeout: 5000 })
    ).closest("div.overflow-hidden") as HTMLElement;
    expect(await within(promo).findByText(SENTENCE)).toBeTruthy();
    expect(within(promo).queryByText("Top 20 competitors")).toBeNull();
    expect(within(promo).getByText("$599.00")).toBeTruthy();
    const progress = screen.getByRole("region", { name: "Progress" });
    expect(within(progress).getByText("Not available yet")).toBeTruthy();
    expect(within(progress).queryByText("Pending analysis", { selector: "p" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(OPERATOR_WORDS);
  });

  it("for a paid analysis: no live Start Competition Analysis button", async () => {
    fakeApi({ ...signedIn, ...withoutCompetition, ...analysisRoute(keywordsDone()) });
    renderApp("/analysis/an_123");
    expect(await screen.findByText(SENTENCE.slice(0, -1), {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start Competition Analysis" })).toBeNull();
    const progress = screen.getByRole("region", { name: "Progress" });
    expect(within(progress).getByText(SENTENCE)).toBeTruthy();
  });
});

/** The sentences of the page that name competition analysis without saying it is not available yet. */
function promises(): string[] {
  const text = document.body.textContent ?? "";
  return text
    .split(/(?<=[.!?:])\s*/)
    .filter((s) => /competition analysis/i.test(s) && !/not available yet/i.test(s))
    .map((s) => s.trim());
}

describe("every surface, without competition and with it", () => {
  it("the landing hero and video panel name only what is offered", async () => {
    fakeApi({ "GET /api/auth/user": { status: 401, body: {} }, ...withoutCompetition });
    const first = renderApp("/");
    expect(await screen.findByText(SENTENCE, {}, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByText(/, then adds keyword research when you are ready to grow\.$/),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Our introduction video will showcase the BIS workflow: Market Analysis and Keyword Research.",
      ),
    ).toBeTruthy();
    expect(promises().filter((s) => !/^Competition Analysis/.test(s))).toEqual([]);
    first.unmount();

    fakeApi({
      "GET /api/auth/user": { status: 401, body: {} },
      "GET /api/public/settings": { status: 200, body: publicSettings() },
    });
    renderApp("/");
    // Once the settings answer: the keyword count is the keyword model's.
    expect(
      await screen.findByText(/^Up to [\d,]+ local keywords/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /, then adds keyword research and competition analysis when you are ready to grow\.$/,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Our introduction video will showcase the BIS workflow: Market Analysis, Keyword Research, and Competition Analysis.",
      ),
    ).toBeTruthy();
  });

  it("the comparison page leaves out competition's rows and sells only keyword research", async () => {
    const markets = threeMarkets().slice(0, 2).map(comparisonMarket);
    fakeApi({
      ...signedIn,
      ...withoutCompetition,
      "GET /api/comparisons/cmp-1": {
        status: 200,
        body: {
          id: "cmp-1",
          userId: "u1",
          name: null,
          analysisIds: markets.map((m) => m.analysisId),
          createdAt: "2026-11-01T12:00:00.000Z",
          markets,
          missing: [],
        },
      },
    });
    renderApp("/comparisons/cmp-1");
    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    expect(
      await screen.findByText(
        "Keyword research completes the score and the premium rows of these markets:",
      ),
    ).toBeTruthy();
    expect(within(table).queryByRole("row", { name: /^Competitors/ })).toBeNull();
    expect(within(table).queryByRole("row", { name: /^Market leader/ })).toBeNull();
    expect(within(table).getByRole("row", { name: /^Average CPC/ })).toBeTruthy();
    expect(screen.getAllByText(/competition is not available yet\.$/).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(OPERATOR_WORDS);
  });
});
