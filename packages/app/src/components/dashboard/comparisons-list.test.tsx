import type { ComparisonSummary } from "@bis/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FakeRoute, fakeApi, signedIn } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

const summary = (over: Partial<ComparisonSummary>): ComparisonSummary => ({
  id: "cmp_1",
  name: null,
  createdAt: "2025-05-02T10:00:00.000Z",
  analysisCount: 2,
  locations: ["Austin, TX", "Dallas, TX"],
  ...over,
});

function renderDashboard(comparisons: FakeRoute) {
  const api = fakeApi({
    ...signedIn,
    "GET /api/analyses": { status: 200, body: { analyses: [] } },
    "GET /api/comparisons": comparisons,
  });
  return { ...renderApp("/dashboard"), api };
}

describe("dashboard: Your Comparisons", () => {
  it("lists saved comparisons newest first, by name or markets, each with a View link", async () => {
    renderDashboard({
      status: 200,
      body: {
        comparisons: [
          summary({ id: "cmp_new", name: "Texas expansion" }),
          summary({
            id: "cmp_old",
            createdAt: "2025-03-04T15:00:00.000Z",
            analysisCount: 3,
            locations: ["Waco, TX", "Tyler, TX"],
          }),
        ],
        nextCursor: null,
        total: 2,
        limit: 20,
      },
    });
    const section = await screen.findByRole("region", { name: "Your Comparisons" });
    const items = within(section).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([
      "Texas expansion",
      "Waco, TX vs Tyler, TX",
    ]);
    expect(within(items[1] as HTMLElement).getByText(/3 markets \(1 deleted since\)/)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("2 markets · May 2, 2025")).toBeTruthy();
    const view = within(items[0] as HTMLElement).getByRole("link", { name: /^View/ });
    expect(view.getAttribute("href")).toBe("/comparisons/cmp_new");
    expect(within(section).getByText("Showing 2 of 2 comparisons")).toBeTruthy();
  });

  it("is not shown before the first comparison", async () => {
    const { api } = renderDashboard({ status: 200, body: { comparisons: [] } });
    expect(await screen.findByText("No analyses yet")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/comparisons")).toBe(true);
    expect(screen.queryByRole("region", { name: "Your Comparisons" })).toBeNull();
  });

  it("says when the list could not be loaded, with a retry", async () => {
    let fail = true;
    const { user } = renderDashboard(() =>
      fail
        ? { status: 500, body: { code: "INTERNAL", message: "Database unavailable" } }
        : { status: 200, body: { comparisons: [summary({})] } },
    );
    const section = await screen.findByRole("region", { name: "Your Comparisons" });
    expect(await within(section).findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    await user.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText("Austin, TX vs Dallas, TX")).toBeTruthy();
  });
});
