import type { AnalysisSummary } from "@bis/sdk";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FakeReply, fakeApi, signedIn } from "../../test/fake-api";
import { summaryFixture } from "../../test/fixtures";
import { findToast, renderApp, toasts } from "../../test/render-app";

/** The dashboard of a signed-in user whose analyses are these. */
function renderDashboard(analyses: AnalysisSummary[]) {
  fakeApi({ ...signedIn, "GET /api/analyses": { status: 200, body: { analyses } } });
  return renderApp("/dashboard");
}

async function yourAnalyses() {
  return screen.findByRole("region", { name: "Your Analyses" });
}

describe("dashboard: Your Analyses", () => {
  it("lists the analyses newest first with a View link each", async () => {
    renderDashboard([
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
    ]);
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
    renderDashboard([]);
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

describe("dashboard: premium", () => {
  it("marks paid analyses Premium and offers Buy Premium on the others", async () => {
    renderDashboard([
      summaryFixture({ id: "unpaid", location: "Dallas, TX" }),
      summaryFixture({ id: "paid", location: "Austin, TX", isPaid: true }),
    ]);
    const section = await yourAnalyses();
    const items = await within(section).findAllByRole("listitem");
    const [unpaid, paid] = items.map((li) => within(li));
    expect(paid?.getByText("Premium")).toBeTruthy();
    expect(paid?.queryByRole("link", { name: /^Buy Premium/ })).toBeNull();
    expect(unpaid?.queryByText("Premium")).toBeNull();
    expect(unpaid?.getByRole("link", { name: /^Buy Premium/ }).getAttribute("href")).toBe(
      "/checkout/unpaid",
    );
  });

  it("unlocks steps 2 and 3 on the most recent paid analysis", async () => {
    renderDashboard([
      summaryFixture({ id: "newest", location: "Dallas, TX" }),
      summaryFixture({ id: "recent-paid", location: "Austin, TX", isPaid: true }),
      summaryFixture({ id: "old-paid", location: "Waco, TX", isPaid: true }),
    ]);
    const keyword = await screen.findByRole("link", { name: "Open Keyword Research" });
    expect(keyword.getAttribute("href")).toBe("/analysis/recent-paid");
    expect(
      screen.getByRole("link", { name: "Open Competition Analysis" }).getAttribute("href"),
    ).toBe("/analysis/recent-paid");
    expect(screen.getAllByText("Latest premium analysis: Austin, TX")).toHaveLength(2);
    expect(screen.queryByText("Requires Payment")).toBeNull();
  });

  it('keeps steps 2 and 3 at "Requires Payment" without a paid analysis', async () => {
    renderDashboard([summaryFixture()]);
    const section = await yourAnalyses();
    await within(section).findAllByRole("listitem");
    const locked = screen.getAllByRole("button", { name: "Requires Payment" });
    expect(locked).toHaveLength(2);
    expect(locked.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryByRole("link", { name: /^Open / })).toBeNull();
  });

  it("shows the first page with the total, and loads more on request", async () => {
    const all = Array.from({ length: 3 }, (_, i) =>
      summaryFixture({ id: `a${i}`, location: `City ${i}, TX` }),
    );
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses": ({ query }) => {
        const offset = query.get("cursor") === "page2" ? 2 : 0;
        const items = all.slice(offset, offset + 2);
        return {
          status: 200,
          body: {
            analyses: items,
            nextCursor: offset === 0 ? "page2" : null,
            total: all.length,
            limit: 2,
          },
        };
      },
    });
    renderApp("/dashboard");
    const section = await yourAnalyses();
    expect(await within(section).findAllByRole("listitem")).toHaveLength(2);
    expect(within(section).getByText("Showing 2 of 3 analyses")).toBeTruthy();
    const more = within(section).getByRole("button", { name: "Load more" });
    more.focus();
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(3));
    expect(within(section).getByText("Showing 3 of 3 analyses")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Load more" })).toBeNull();
    const pages = api.calls.filter((c) => c.path === "/api/analyses");
    expect(pages.map((c) => c.query.get("cursor"))).toEqual([null, "page2"]);
  });
});

describe("dashboard: deleting an analysis", () => {
  /** A dashboard whose server deletes for real: the list answers without the deleted ones. */
  function renderDeletable(analyses: AnalysisSummary[], deleteReply?: FakeReply) {
    let left = [...analyses];
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses": () => ({ status: 200, body: { analyses: left, total: left.length } }),
      ...Object.fromEntries(
        analyses.map((a) => [
          `DELETE /api/analyses/${a.id}`,
          () => {
            if (deleteReply) return deleteReply;
            left = left.filter((x) => x.id !== a.id);
            return { status: 204 };
          },
        ]),
      ),
    });
    return { api, ...renderApp("/dashboard") };
  }

  it("asks first, naming the market; Cancel (or Escape) keeps it and returns focus", async () => {
    const { api, user } = renderDeletable([
      summaryFixture({ id: "dal", location: "Dallas, TX", createdAt: "2025-05-02T10:00:00Z" }),
    ]);
    const section = await yourAnalyses();
    const remove = await within(section).findByRole("button", {
      name: "Delete analysis of Dallas, TX from May 2, 2025",
    });
    await user.click(remove);
    const dialog = screen.getByRole("alertdialog", { name: "Delete the Dallas, TX analysis?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(within(dialog).getByText(/will be deleted\. This cannot be undone\./)).toBeTruthy();
    expect(within(dialog).queryByText(/You paid for this analysis/)).toBeNull();
    // The safe choice has focus.
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(remove);

    await user.click(remove);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
    expect(within(section).getAllByRole("listitem")).toHaveLength(1);
  });

  it("warns that a paid analysis takes its premium results with it", async () => {
    const { user } = renderDeletable([
      summaryFixture({ id: "aus", location: "Austin, TX", isPaid: true }),
    ]);
    await user.click(await screen.findByRole("button", { name: /^Delete analysis of Austin/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete the Austin, TX analysis?" });
    expect(within(dialog).getByText("You paid for this analysis.")).toBeTruthy();
    expect(
      within(dialog).getByText(/keyword research, competition analysis and PDF report/),
    ).toBeTruthy();
  });

  it("deletes after confirmation: the call, a toast, and the list without it", async () => {
    const { api, user } = renderDeletable([
      summaryFixture({ id: "dal", location: "Dallas, TX" }),
      summaryFixture({ id: "aus", location: "Austin, TX" }),
    ]);
    const section = await yourAnalyses();
    await user.click(
      await within(section).findByRole("button", { name: /^Delete analysis of Dallas/ }),
    );
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete Analysis" }),
    );
    expect(await findToast("Analysis deleted")).toBeTruthy();
    expect(screen.getByText("The Dallas, TX analysis was deleted.")).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(1));
    expect(within(section).queryByText("Dallas, TX")).toBeNull();
    expect(within(section).getByText("Austin, TX")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/api/analyses/dal",
    ]);
    // The row is gone: focus lands on the list's heading, not on the page's start.
    expect(document.activeElement).toBe(
      within(section).getByRole("heading", { name: "Your Analyses" }),
    );
  });

  it('says "Delete failed" with the server\'s message and keeps the analysis', async () => {
    const { user } = renderDeletable([summaryFixture({ id: "dal", location: "Dallas, TX" })], {
      status: 404,
      body: { code: "NOT_FOUND", message: "Analysis not found" },
    });
    const section = await yourAnalyses();
    await user.click(await within(section).findByRole("button", { name: /^Delete analysis of/ }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete Analysis" }),
    );
    expect(await findToast("Delete failed")).toBeTruthy();
    // In the toast itself (Radix also repeats a toast's text in a short-lived announcement).
    expect(toasts().getByText("Analysis not found")).toBeTruthy();
    expect(within(section).getByText("Dallas, TX")).toBeTruthy();
  });
});
