/**
 * Paid deliverables for administrators: the notice on arriving at /admin when one lacks a
 * provider (with how to configure it), none when all have one, and the System tab's list.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminRoutes } from "../../test/admin-fixtures";
import { fakeApi } from "../../test/fake-api";
import { paymentConfig } from "../../test/premium-fixtures";
import { renderApp } from "../../test/render-app";

// The lazy screen is loaded once up front: the first render is then as fast as the others.
await import("../../pages/admin-page");

const notice = () =>
  screen.findByRole("region", { name: /lacks? a provider|uses sample data/ }, { timeout: 5000 });

describe("/admin: paid deliverables without a provider", () => {
  it("says at the top which deliverable lacks a provider and how to configure one", async () => {
    fakeApi({
      ...adminRoutes(),
      "GET /api/config/payments": { status: 200, body: paymentConfig(["competitionAnalysis"]) },
    });
    renderApp("/admin");
    const box = await notice();
    expect(within(box).getByRole("heading", { level: 2 }).textContent).toBe(
      "A paid deliverable lacks a provider",
    );
    const item = within(box).getByText("Competition analysis").closest("li");
    expect(item?.textContent).toBe(
      "Competition analysis (not sold): Add a Google Places or Yelp key in Admin → API Keys (or set GOOGLE_PLACES_API_KEY or YELP_API_KEY).",
    );
    expect(
      within(box).getByText(/customers read "… is not available yet" for the items below/),
    ).toBeTruthy();
    expect(within(box).getByRole("link", { name: "Open API Keys" }).getAttribute("href")).toBe(
      "/admin?tab=api-keys",
    );
    // The notice comes before the tabs.
    const tabs = await screen.findByRole("tablist", { name: "Administration" });
    expect(box.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says the checkout takes no payment when nothing premium can be delivered", async () => {
    fakeApi({
      ...adminRoutes(),
      "GET /api/config/payments": {
        status: 200,
        body: paymentConfig(["keywordResearch", "competitionAnalysis"]),
      },
    });
    renderApp("/admin");
    const box = await notice();
    expect(within(box).getByRole("heading", { level: 2 }).textContent).toBe(
      "2 paid deliverables lack a provider",
    );
    expect(within(box).getByText(/the checkout takes no payment/)).toBeTruthy();
  });

  it("shows no notice when every deliverable has a provider", async () => {
    const api = fakeApi({
      ...adminRoutes(),
      "GET /api/config/payments": { status: 200, body: paymentConfig() },
    });
    renderApp("/admin");
    await screen.findByRole("tablist", { name: "Administration" }, { timeout: 5000 });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === "/api/config/payments")).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: /lacks? a provider|sample data/ })).toBeNull();
  });

  it("lists every deliverable on the System tab with its status, provider and what to do", async () => {
    fakeApi({
      ...adminRoutes(),
      "GET /api/config/payments": { status: 200, body: paymentConfig(["competitionAnalysis"]) },
    });
    renderApp("/admin?tab=system");
    const table = await screen.findByRole(
      "region",
      { name: "Deliverables and their providers" },
      { timeout: 5000 },
    );
    const row = (name: string) =>
      within(table).getByRole("rowheader", { name }).closest("tr") as HTMLElement;
    expect((await within(table).findAllByRole("row")).length).toBe(4);
    expect(within(row("Keyword research")).getByText("Delivered · Modeled")).toBeTruthy();
    expect(within(row("Keyword research")).getByText("BIS embedded keyword model")).toBeTruthy();
    expect(within(row("Competition analysis")).getByText("Not delivered")).toBeTruthy();
    expect(
      within(row("Competition analysis")).getByText(
        "Add a Google Places or Yelp key in Admin → API Keys (or set GOOGLE_PLACES_API_KEY or YELP_API_KEY).",
      ),
    ).toBeTruthy();
    expect(within(row("PDF report")).getByText("Delivered")).toBeTruthy();
    // Priced only when delivered.
    expect(within(row("Keyword research")).getByText("$499.00")).toBeTruthy();
    expect(within(row("Competition analysis")).getByText("Not charged")).toBeTruthy();
  });

  it("sets the price of each deliverable on the System tab", async () => {
    const api = fakeApi({
      ...adminRoutes(),
      "GET /api/config/payments": { status: 200, body: paymentConfig() },
      "PATCH /api/admin/prices": (request) => ({
        status: 200,
        body: {
          keywordResearch: 49_900,
          competitionAnalysis: 30_000,
          pdfReport: 10_000,
          ...(request.body as object),
        },
      }),
    });
    const { user } = renderApp("/admin?tab=system");
    const form = await screen.findByRole("form", { name: "Prices" }, { timeout: 5000 });
    const pdf = await within(form).findByLabelText("PDF report (USD)");
    expect((pdf as HTMLInputElement).value).toBe("100.00");
    await user.clear(pdf);
    await user.type(pdf, "0");
    await user.click(within(form).getByRole("button", { name: "Save Prices" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
        keywordResearch: 49_900,
        competitionAnalysis: 30_000,
        pdfReport: 0,
      }),
    );
  });
});
