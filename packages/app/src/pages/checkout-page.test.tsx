import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeRoute, fakeApi, signedIn, signedOut } from "../test/fake-api";
import { analysisFixture } from "../test/fixtures";
import { held } from "../test/held";
import { paymentConfig } from "../test/premium-fixtures";
import { findToast, renderApp, toasts } from "../test/render-app";

// Stripe.js cannot load here (no network): each test says what `loadStripe` answers.
const stripeJs = vi.hoisted(() => ({
  loadStripe: (_key: string): Promise<unknown> =>
    Promise.reject(new Error("Failed to load Stripe.js")),
}));
vi.mock("@stripe/stripe-js/pure", () => ({
  loadStripe: (key: string) => stripeJs.loadStripe(key),
}));

vi.mock("../lib/basemap", () => import("../test/basemap-stub"));

beforeEach(() => {
  stripeJs.loadStripe = () => Promise.reject(new Error("Failed to load Stripe.js"));
});

const demoConfig = paymentConfig();

const stripeConfig = { ...demoConfig, mode: "stripe", publishableKey: "pk_test_bis123" } as const;

function checkoutRoutes(extra: Record<string, FakeRoute> = {}, config: object = demoConfig) {
  return {
    ...signedIn,
    "GET /api/analyses/an_123": { status: 200, body: analysisFixture() },
    "GET /api/config/payments": { status: 200, body: config },
    ...extra,
  };
}

describe("/checkout/:analysisId", () => {
  it('shows "Loading checkout..." while the analysis and the configuration load', async () => {
    const gate = held();
    fakeApi(
      checkoutRoutes({
        "GET /api/analyses/an_123": async () => {
          await gate.promise;
          return { status: 200, body: analysisFixture() };
        },
      }),
    );
    renderApp("/checkout/an_123");
    expect(await screen.findByText("Loading checkout...")).toBeTruthy();
    gate.release();
    expect(await screen.findByRole("heading", { name: "Order Summary" })).toBeTruthy();
    expect(screen.queryByText("Loading checkout...")).toBeNull();
  });

  it('says "Analysis Not Found" for an unknown analysis or another user\'s', async () => {
    fakeApi(
      checkoutRoutes({
        "GET /api/analyses/theirs": {
          status: 404,
          body: { code: "ANALYSIS_NOT_FOUND", message: "Analysis not found" },
        },
      }),
    );
    renderApp("/checkout/theirs");
    expect(await screen.findByRole("heading", { name: "Analysis Not Found" })).toBeTruthy();
    expect(screen.getByText("The requested analysis could not be found.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(screen.queryByRole("button", { name: "Complete Demo Purchase" })).toBeNull();
  });

  it("shows the order summary, the price from the configuration and the guarantee", async () => {
    fakeApi(checkoutRoutes({}, { ...demoConfig, amount: 123456 }));
    renderApp("/checkout/an_123");
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(within(summary).getByText("Premium Market Intelligence")).toBeTruthy();
    expect(within(summary).getByText("HVAC · Austin, TX")).toBeTruthy();
    const included = within(summary)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(included).toEqual([
      "Keyword research with search volume, CPC and a PPC budget (modeled estimates)",
      "Competition analysis with competitors, ratings, reviews, the market leader and opportunities",
      "A professional PDF report",
      "Lifetime access to this analysis",
    ]);
    expect(within(summary).queryByText("Not available yet")).toBeNull();
    expect(within(summary).getByText("$1,234.56")).toBeTruthy();
    expect(screen.getByText("30-Day Satisfaction Guarantee")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Checkout", level: 1 })).toBeTruthy();
  });

  it("goes back to the analysis it came from", async () => {
    fakeApi(checkoutRoutes());
    renderApp("/checkout/an_123");
    const back = await screen.findByRole("link", { name: "Back to Analysis" });
    expect(back.getAttribute("href")).toBe("/analysis/an_123");
    expect(screen.queryByRole("link", { name: "Back to Dashboard" })).toBeNull();
  });

  it("sells and prices only what can be delivered; the rest is 'not available yet'", async () => {
    fakeApi(checkoutRoutes({}, paymentConfig(["competitionAnalysis"])));
    renderApp("/checkout/an_123");
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(within(summary).queryByText(/^Competition analysis with competitors/)).toBeNull();
    expect(
      within(summary).getByText(
        "Keyword research with search volume, CPC and a PPC budget (modeled estimates)",
      ),
    ).toBeTruthy();
    expect(within(summary).getByText("Not available yet")).toBeTruthy();
    expect(within(summary).getByText("Competition analysis is not available yet")).toBeTruthy();
    // The package without competition costs less: $499 + $100.
    expect(within(summary).getByText("$599.00")).toBeTruthy();
    expect(within(summary).queryByText("$300.00")).toBeNull();
    expect(document.body.textContent).not.toMatch(/on this server|integration|BIS_|provider/i);
    // Keyword research can be delivered: the package is still for sale.
    expect(screen.getByRole("button", { name: "Complete Demo Purchase" })).toBeTruthy();
  });

  it("takes no payment when nothing premium can be delivered, and says why", async () => {
    const api = fakeApi(
      checkoutRoutes({}, paymentConfig(["keywordResearch", "competitionAnalysis"])),
    );
    renderApp("/checkout/an_123");
    expect(
      await screen.findByRole("heading", { name: "Premium is not available right now" }),
    ).toBeTruthy();
    expect(
      screen.getByText(/so there is nothing to pay\s+for\. Nothing has been charged/),
    ).toBeTruthy();
    expect(screen.getByText("Keyword research is not available yet")).toBeTruthy();
    expect(screen.getByText("Competition analysis is not available yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Complete Demo Purchase" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Order Summary" })).toBeNull();
    const links = screen.getAllByRole("link", { name: "Back to Analysis" });
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/analysis/an_123",
      "/analysis/an_123",
    ]);
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("says plainly in demo mode that no card is charged, and completes the demo purchase", {
    timeout: 15_000,
  }, async () => {
    let paid = false;
    const confirm = held();
    const api = fakeApi(
      checkoutRoutes({
        "GET /api/analyses/an_123": () => ({
          status: 200,
          body: analysisFixture({ isPaid: paid }),
        }),
        "POST /api/payments/demo/confirm": async () => {
          await confirm.promise;
          paid = true;
          return {
            status: 200,
            body: {
              id: "pay_1",
              userId: "u1",
              analysisId: "an_123",
              provider: "demo",
              providerPaymentId: "demo_1",
              amount: 89900,
              currency: "usd",
              status: "succeeded",
              createdAt: "2025-03-05T10:00:00.000Z",
              refundedAt: null,
            },
          };
        },
      }),
    );
    const { user } = renderApp("/checkout/an_123");
    const banner = await screen.findByRole("region", {
      name: "Demo checkout — no card is charged",
    });
    // Said once, in a customer's words: no keys, no configuration.
    expect(banner.textContent).toBe("Demo checkout — no card is charged");
    expect(screen.getByText("$899.00")).toBeTruthy();

    // Issue 24: the checkout never flashes "Already purchased" on its way to the results.
    let flashed = false;
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes("Already purchased")) flashed = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await user.click(screen.getByRole("button", { name: "Complete Demo Purchase" }));
    const pending = await screen.findByRole("button", { name: "Processing Payment..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    confirm.release();

    // The results page is loaded lazily on the way back: allow for a slow, shared machine.
    expect(
      await toasts().findByText("Payment Successful", { exact: true }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      screen.getByText("Thank you for your purchase! Your premium analysis is now available."),
    ).toBeTruthy();
    observer.disconnect();
    expect(flashed).toBe(false);
    expect(api.calls.find((c) => c.path === "/api/payments/demo/confirm")?.body).toEqual({
      analysisId: "an_123",
    });
    // Back on the results page, the parameter gone, the promo gone; Stripe never loaded.
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe("/analysis/an_123"),
    );
    expect(await screen.findByRole("heading", { name: "Austin, TX", level: 1 })).toBeTruthy();
    expect(screen.queryByText("Complete Your Market Intelligence")).toBeNull();
    expect(api.calls.some((c) => c.path === "/api/create-payment-intent")).toBe(false);
  });

  it('answers a failed demo confirmation with "Payment Failed" and the server\'s message', async () => {
    fakeApi(
      checkoutRoutes({
        "POST /api/payments/demo/confirm": {
          status: 500,
          body: { code: "INTERNAL", message: "Payments are unavailable right now" },
        },
      }),
    );
    const { user } = renderApp("/checkout/an_123");
    await user.click(await screen.findByRole("button", { name: "Complete Demo Purchase" }));
    expect(await findToast("Payment Failed")).toBeTruthy();
    expect(screen.getAllByText("Payments are unavailable right now").length).toBeGreaterThan(0);
    expect(window.location.pathname).toBe("/checkout/an_123");
    expect(screen.getByRole("button", { name: "Complete Demo Purchase" })).toBeTruthy();
  });

  it('says "Already purchased" for a paid analysis, with the way to its results', async () => {
    const api = fakeApi(
      checkoutRoutes({
        "GET /api/analyses/an_123": { status: 200, body: analysisFixture({ isPaid: true }) },
      }),
    );
    renderApp("/checkout/an_123");
    expect(await screen.findByRole("heading", { name: "Already purchased" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Your Results" }).getAttribute("href")).toBe(
      "/analysis/an_123",
    );
    expect(screen.queryByRole("button", { name: "Complete Demo Purchase" })).toBeNull();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it('answers 401 with "Authentication Required", then goes to /signin after 1.5 s', async () => {
    fakeApi(
      checkoutRoutes({
        "GET /api/analyses/an_123": signedOut,
      }),
    );
    renderApp("/checkout/an_123");
    expect(await findToast("Authentication Required")).toBeTruthy();
    expect(screen.getAllByText("Please sign in to complete your purchase.").length).toBeGreaterThan(
      0,
    );
    const shown = Date.now();
    expect(window.location.pathname).toBe("/checkout/an_123");
    await waitFor(() => expect(window.location.pathname).toBe("/signin"), { timeout: 3000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1400);
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it('answers SESSION_REQUIRED on the demo confirmation with "Authentication Required"', async () => {
    // The server's answer to a call without a session: the decision is on its code.
    fakeApi(
      checkoutRoutes({
        "POST /api/payments/demo/confirm": {
          status: 401,
          body: { code: "SESSION_REQUIRED", message: "Please sign in to continue" },
        },
      }),
    );
    const { user } = renderApp("/checkout/an_123");
    await user.click(await screen.findByRole("button", { name: "Complete Demo Purchase" }));
    expect(await findToast("Authentication Required")).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/signin"), { timeout: 3000 });
  });
});

/* ------------------------------------------------------------------ Stripe mode */

type Handler = (event: unknown) => void;

/** Just enough of Stripe.js for @stripe/react-stripe-js to mount a Payment Element. */
function fakeStripe(confirmResult: unknown) {
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    update: vi.fn(),
    off: vi.fn(),
    on: vi.fn((event: string, handler: Handler) => {
      if (event === "ready") setTimeout(() => handler({ elementType: "payment" }), 0);
    }),
  };
  const elements = { create: vi.fn(() => element), update: vi.fn(), getElement: vi.fn() };
  return {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(async () => confirmResult),
    _elements: elements,
  };
}

describe("/checkout/:analysisId in Stripe mode", () => {
  it('shows "Payment Setup Failed" when Stripe.js cannot load', async () => {
    const keys: string[] = [];
    stripeJs.loadStripe = (key) => {
      keys.push(key);
      return Promise.reject(new Error("Failed to load Stripe.js"));
    };
    const api = fakeApi(
      checkoutRoutes(
        {
          "POST /api/create-payment-intent": {
            status: 200,
            body: { clientSecret: "pi_1_secret_x" },
          },
        },
        stripeConfig,
      ),
    );
    renderApp("/checkout/an_123");
    expect(await findToast("Payment Setup Failed")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Payment Setup Failed" })).toBeTruthy();
    expect(screen.getAllByText("Unable to initialize payment. Please try again.").length).toBe(2);
    // The key is the server's, never one built into the app.
    expect(keys).toEqual(["pk_test_bis123"]);
    expect(api.calls.find((c) => c.path === "/api/create-payment-intent")?.body).toEqual({
      analysisId: "an_123",
    });
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it('shows "Payment Setup Failed" when the intent cannot be created', async () => {
    stripeJs.loadStripe = async () => fakeStripe({});
    fakeApi(
      checkoutRoutes(
        {
          "POST /api/create-payment-intent": {
            status: 502,
            body: { code: "UPSTREAM_FAILED", message: "Stripe is unavailable" },
          },
        },
        stripeConfig,
      ),
    );
    renderApp("/checkout/an_123");
    expect(await findToast("Payment Setup Failed")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Payment Setup Failed" })).toBeTruthy();
  });

  it("shows the analysis as already purchased when the server answers 409", async () => {
    let reads = 0;
    fakeApi(
      checkoutRoutes(
        {
          "GET /api/analyses/an_123": () => {
            reads += 1;
            return { status: 200, body: analysisFixture({ isPaid: reads > 1 }) };
          },
          "POST /api/create-payment-intent": {
            status: 409,
            body: { code: "ANALYSIS_ALREADY_PAID", message: "This analysis is already paid for." },
          },
        },
        stripeConfig,
      ),
    );
    renderApp("/checkout/an_123");
    expect(await screen.findByRole("heading", { name: "Already purchased" })).toBeTruthy();
  });

  it('renders the Payment Element and answers a declined card with "Payment Failed"', async () => {
    const stripe = fakeStripe({
      error: { type: "card_error", message: "Your card was declined." },
    });
    stripeJs.loadStripe = async () => stripe;
    fakeApi(
      checkoutRoutes(
        {
          "POST /api/create-payment-intent": {
            status: 200,
            body: { clientSecret: "pi_1_secret_x" },
          },
        },
        stripeConfig,
      ),
    );
    const { user } = renderApp("/checkout/an_123");
    const pay = await screen.findByRole("button", { name: "Pay $899.00" });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: "pi_1_secret_x" }),
    );
    expect(stripe._elements.create).toHaveBeenCalledWith("payment", expect.anything());
    expect(screen.getByText(/^Test checkout — no real card is charged/)).toBeTruthy();

    await user.click(pay);
    expect(await findToast("Payment Failed")).toBeTruthy();
    expect(screen.getByText("Your card was declined.")).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe._elements,
      confirmParams: {
        return_url: `${window.location.origin}/analysis/an_123?payment_success=true`,
      },
    });
    expect(screen.getByRole("button", { name: "Pay $899.00" })).toBeTruthy();
  });
});
