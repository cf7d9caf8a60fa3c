import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dana, fakeApi } from "../../test/fake-api";
import { summaryFixture } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = { "GET /api/auth/user": { status: 200, body: dana } } as const;

async function yourAnalyses() {
  return screen.findByRole("region", { name: "Your Analyses" });
}

describe("dashboard: Your Analyses", () => {
  it("lists the analyses newest first with a View link each", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses": {
        status: 200,
        body: {
          analyses: [
            summaryFixture({
              id: "new",
              location: "Dallas, TX",
              createdAt: "2025-05-02T10:00:00Z",
            }),
            summaryFixture({
              id: "old",
              location: "Austin, TX",
              createdAt: "2025-03-04T15:00:00Z",
            }),
          ],
        },
      },
    });
    renderApp("/dashboard");
    const section = await yourAnalyses();
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((li) => within(li).getByText(/, TX$/).textContent)).toEqual([
      "Dallas, TX",
      "Austin, TX",
    ]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText(/HVAC · May 2, 2025/)).toBeTruthy();
    expect(within(first).getByText(/10 mi \/ 15 mi/)).toBeTruthy();
    expect(within(first).getByText(/Market size: [\d,]+ people/)).toBeTruthy();
    const view = within(first).getByRole("link", { name: /^View/ });
    expect(view.getAttribute("href")).toBe("/analysis/new");
  });

  it('shows "No analyses yet" with a Start Analysis button', async () => {
    fakeApi({ ...signedIn, "GET /api/analyses": { status: 200, body: { analyses: [] } } });
    renderApp("/dashboard");
    const section = await yourAnalyses();
    expect(await within(section).findByText("No analyses yet")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Start Analysis" }).getAttribute("href")).toBe(
      "/market-analysis",
    );
  });

  it("shows loading, then an error with a retry", async () => {
    let fail = true;
    fakeApi({
      ...signedIn,
      "GET /api/analyses": () =>
        fail
          ? { status: 500, body: { code: "INTERNAL", message: "Database unavailable" } }
          : { status: 200, body: { analyses: [] } },
    });
    const { user } = renderApp("/dashboard");
    const section = await yourAnalyses();
    expect(within(section).getByText("Loading your analyses...")).toBeTruthy();
    expect(await within(section).findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    await user.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText("No analyses yet")).toBeTruthy();
  });
});
