/**
 * The comparison's top ZIPs side by side: one list per market, best score first, each
 * ZIP with its reasons, asked of the API with sort=score and a limit.
 */
import { type Comparison, comparisonMarket } from "@bis/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { threeMarkets } from "../../../../sdk/src/models/comparison.fixture";
import { fakeApi, signedIn } from "../../test/fake-api";
import { austinZipRows, zipAreasFixture } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

function comparison(): Comparison {
  const markets = threeMarkets().map(comparisonMarket);
  return {
    id: "cmp-1",
    userId: "user-1",
    name: null,
    analysisIds: markets.map((m) => m.analysisId),
    createdAt: "2026-11-01T12:00:00.000Z",
    markets,
    missing: [],
  };
}

describe("top ZIPs on the comparison page", () => {
  it("lists each market's best ZIPs by score, side by side, with their reasons", async () => {
    const c = comparison();
    const best = [...austinZipRows].sort((a, b) => b.score - a.score);
    const routes = Object.fromEntries(
      c.markets.map((m, i) => [
        `GET /api/analyses/${m.analysisId}/zip-areas`,
        { status: 200, body: zipAreasFixture(i === 2 ? [] : best) },
      ]),
    );
    const api = fakeApi({
      ...signedIn,
      "GET /api/public/settings": { status: 200, body: {} },
      "GET /api/comparisons/cmp-1": { status: 200, body: c },
      ...routes,
    });
    renderApp("/comparisons/cmp-1");
    await screen.findByRole("heading", { name: "Top ZIP areas by opportunity score" });
    const first = c.markets[0];
    const list = await screen.findByRole("region", { name: `Top ZIP areas of ${first?.location}` });
    const items = await within(list).findAllByRole("listitem");
    expect(items.map((li) => li.textContent?.slice(0, 7))).toEqual(
      best.map((z) => `${z.score}${z.zip}`),
    );
    expect(items[0]?.textContent).toContain("+ 84% owner-occupied; + $98,200 per-capita income");
    const last = screen.getByRole("region", { name: `Top ZIP areas of ${c.markets[2]?.location}` });
    expect(await within(last).findByText("No ZIP area in range.")).toBeTruthy();
    const asked = api.calls.filter((call) => call.path.endsWith("/zip-areas"));
    expect(asked).toHaveLength(3);
    for (const call of asked) {
      expect(call.query.get("sort")).toBe("score");
      expect(call.query.get("limit")).toBe("5");
    }
  });
});
