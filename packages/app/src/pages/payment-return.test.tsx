/**
 * The return from the checkout: `payment_success=true` proves nothing by itself; only the
 * server's `isPaid` brings "Payment Successful" and unlocks anything.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, signedIn } from "../test/fake-api";
import { analysisFixture, summaryFixture } from "../test/fixtures";
import { renderApp, toasts } from "../test/render-app";

// Poll fast here: three reads, 30 ms apart (the app's own is six, two seconds apart).
vi.mock("../lib/payment-return", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/payment-return")>()),
  PAYMENT_CONFIRMATION: { attempts: 3, intervalMs: 30 },
}));

vi.mock("../lib/basemap", () => import("../test/basemap-stub"));

const UNCONFIRMED = "Payment received — we're confirming it.";

function analysisReads(calls: { method: string; path: string }[]) {
  return calls.filter((c) => c.method === "GET" && c.path === "/api/analyses/an_123").length;
}

describe("payment_success=true on /analysis/{id}", () => {
  it('says "Payment Successful" once the server says paid, then drops the parameter', async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture({ isPaid: true }) },
    });
    renderApp("/analysis/an_123?payment_success=true");
    expect(await toasts().findByText("Payment Successful", { exact: true })).toBeTruthy();
    expect(
      toasts().getByText("Thank you for your purchase! Your premium analysis is now available."),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(window.location.pathname).toBe("/analysis/an_123");
    expect(screen.queryByText("Complete Your Market Intelligence")).toBeNull();
    expect(
      (screen.getByRole("button", { name: "Start Keyword Research" }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it("reads the analysis again until the server confirms", async () => {
    let reads = 0;
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": () => {
        reads += 1;
        return { status: 200, body: analysisFixture({ isPaid: reads >= 3 }) };
      },
    });
    renderApp("/analysis/an_123?payment_success=true");
    expect(await screen.findByText("Confirming your payment...")).toBeTruthy();
    expect(await toasts().findByText("Payment Successful", { exact: true })).toBeTruthy();
    expect(screen.queryByText("Confirming your payment...")).toBeNull();
    expect(screen.queryByText("Complete Your Market Intelligence")).toBeNull();
  });

  it("unlocks nothing while the server has not confirmed, and says so plainly", async () => {
    const api = fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture({ isPaid: false }) },
    });
    renderApp(
      "/analysis/an_123?payment_success=true&payment_intent=pi_1&redirect_status=succeeded",
    );
    expect(await screen.findByText(UNCONFIRMED)).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(toasts().queryByText("Payment Successful")).toBeNull();
    expect(screen.getByText("Complete Your Market Intelligence")).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Start Keyword Research" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    // Both premium steps say why they cannot start.
    expect(
      screen.getAllByText("Requires Payment: available with the premium package."),
    ).toHaveLength(2);
    // Three reads (the page's own shares the first), then it stops asking.
    expect(analysisReads(api.calls)).toBe(3);
  });

  it('says "Payment Failed" when Stripe returns with a failed payment', async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
    });
    renderApp("/analysis/an_123?payment_success=true&redirect_status=failed");
    expect(await toasts().findByText("Payment Failed", { exact: true })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(toasts().queryByText("Payment Successful")).toBeNull();
    expect(screen.getByText("Complete Your Market Intelligence")).toBeTruthy();
  });

  it("shows nothing about payments without the parameter", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture({ isPaid: true }) },
    });
    renderApp("/analysis/an_123");
    expect(await screen.findByRole("heading", { name: "Austin, TX", level: 1 })).toBeTruthy();
    expect(screen.queryByText("Confirming your payment...")).toBeNull();
    expect(toasts().queryByText("Payment Successful")).toBeNull();
  });
});

describe("payment_success=true on /dashboard", () => {
  it("confirms the named analysis and unlocks the premium steps", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses/an_123": { status: 200, body: analysisFixture({ isPaid: true }) },
      "GET /api/analyses": {
        status: 200,
        body: { analyses: [summaryFixture({ isPaid: true })] },
      },
    });
    renderApp("/dashboard?payment_success=true&analysisId=an_123");
    expect(await toasts().findByText("Payment Successful", { exact: true })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(await screen.findByRole("link", { name: "Open Keyword Research" })).toBeTruthy();
  });

  it("without an analysis id only says the payment is being confirmed", async () => {
    fakeApi({
      ...signedIn,
      "GET /api/analyses": { status: 200, body: { analyses: [summaryFixture()] } },
    });
    renderApp("/dashboard?payment_success=true");
    expect(await screen.findByText(UNCONFIRMED)).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(toasts().queryByText("Payment Successful")).toBeNull();
    expect(screen.getAllByText("Requires Payment")).toHaveLength(2);
  });
});
