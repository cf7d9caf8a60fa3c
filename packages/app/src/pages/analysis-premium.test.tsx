/**
 * The premium parts of /analysis/{id} around sections 2 and 3: the progress dashboard's real
 * counts, the opportunity score card, and the PDF report link (paid or admin only).
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { analysisRoute, dana, fakeApi, signedIn } from "../test/fake-api";
import { analysisFixture } from "../test/fixtures";
import { allDone, keywordsDone, opportunityScore } from "../test/premium-fixtures";
import { renderApp } from "../test/render-app";

vi.mock("../lib/basemap", () => import("../test/basemap-stub"));

describe("progress dashboard", () => {
  it("shows the real keyword and competitor counts once both steps ran", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(allDone()) });
    renderApp("/analysis/an_123");
    const progress = await screen.findByRole("region", { name: "Progress" });
    const value = (label: string) => within(progress).getByText(label).nextElementSibling;
    expect(value("Total keywords")?.textContent).toBe("9");
    expect(value("PPC keywords")?.textContent).toBe("6");
    expect(value("Competitors")?.textContent).toBe("3");
    expect(value("Market leader")?.textContent).toBe("Lone Star Air");
    expect(within(progress).getAllByText("Done")).toHaveLength(3);
    expect(within(progress).queryByText("Pending analysis")).toBeNull();
    expect(within(progress).queryByText(/Coming Soon|22 keywords/i)).toBeNull();
  });

  it("keeps competition pending while only keyword research ran", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone()) });
    renderApp("/analysis/an_123");
    const progress = await screen.findByRole("region", { name: "Progress" });
    expect(within(progress).getByText("Total keywords")).toBeTruthy();
    expect(within(progress).getAllByText("Pending analysis")).toHaveLength(1);
  });
});

describe("opportunity score", () => {
  it("shows the score and each component's score, weight and detail", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(allDone()) });
    renderApp("/analysis/an_123");
    const card = await screen.findByRole("region", { name: "Opportunity Score" });
    expect(within(card).getByText("72")).toBeTruthy();
    const items = within(card).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    for (const [i, component] of opportunityScore.components.entries()) {
      const item = within(items[i] as HTMLElement);
      expect(item.getByRole("heading", { name: component.label })).toBeTruthy();
      expect(item.getByText(String(component.score))).toBeTruthy();
      expect(item.getByText(`Weight ${Math.round(component.weight * 100)}%`)).toBeTruthy();
      expect(item.getByText(component.detail)).toBeTruthy();
    }
  });

  it("is absent until the server computed one", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(keywordsDone()) });
    renderApp("/analysis/an_123");
    await screen.findByRole("region", { name: "Progress" });
    expect(screen.queryByRole("region", { name: "Opportunity Score" })).toBeNull();
  });
});

describe("PDF report", () => {
  it("offers the download once paid", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(analysisFixture({ isPaid: true })) });
    renderApp("/analysis/an_123");
    const link = await screen.findByRole("link", { name: "Download PDF Report" });
    expect(link.getAttribute("href")).toBe("/api/analyses/an_123/report.pdf");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("is not offered before payment", async () => {
    fakeApi({ ...signedIn, ...analysisRoute(analysisFixture()) });
    renderApp("/analysis/an_123");
    await screen.findByText("Complete Your Market Intelligence");
    expect(screen.queryByRole("link", { name: "Download PDF Report" })).toBeNull();
  });

  it("is offered to an administrator without payment", async () => {
    fakeApi({
      "GET /api/auth/user": { status: 200, body: { ...dana, isAdmin: true } },
      ...analysisRoute(analysisFixture()),
    });
    renderApp("/analysis/an_123");
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Download PDF Report" })).toBeTruthy(),
    );
  });
});

describe("premium promo video", () => {
  it("plays the configured premium offer video", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      "GET /api/settings/videos": {
        status: 200,
        body: {
          premiumOfferVideoUrl: "https://youtu.be/promo42",
          keywordEducationVideoUrl: "",
          competitionEducationVideoUrl: "",
          landingPageVideoUrl: "",
        },
      },
    });
    renderApp("/analysis/an_123");
    const video = await screen.findByTitle("BIS premium services video");
    expect(video.getAttribute("src")).toBe("https://www.youtube.com/embed/promo42");
  });
});
