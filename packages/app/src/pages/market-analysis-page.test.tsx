import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, signedIn } from "../test/fake-api";
import { held } from "../test/held";
import { findToast, renderApp } from "../test/render-app";

async function fillValidForm(user: ReturnType<typeof renderApp>["user"]) {
  await user.type(await screen.findByLabelText("Target City"), "Austin");
  await user.selectOptions(screen.getByLabelText("Target State"), "TX");
  // The industry is left as it starts: the one active profile, HVAC (sent as such below).
}

describe("/market-analysis", () => {
  it("shows the header, the stages, the 50 states and DC, and the radius defaults", async () => {
    fakeApi(signedIn);
    renderApp("/market-analysis");
    expect(
      await screen.findByRole("heading", {
        name: "Step 1: Comprehensive market revenue analysis",
      }),
    ).toBeTruthy();
    const progress = screen.getByRole("navigation", { name: "Analysis progress" });
    expect(within(progress).getByText("Service Area")).toBeTruthy();
    expect(within(progress).getByText("Results")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(screen.getByText("Service Area Configuration")).toBeTruthy();

    const state = screen.getByLabelText("Target State") as HTMLSelectElement;
    const states = [...state.options].filter((o) => o.value !== "");
    expect(states).toHaveLength(51);
    expect(states.find((o) => o.value === "TX")?.textContent).toBe("Texas");
    // The District of Columbia, in alphabetical order between Delaware and Florida.
    const dc = states.findIndex((o) => o.value === "DC");
    expect(states[dc]?.textContent).toBe("District of Columbia");
    expect([states[dc - 1]?.value, states[dc + 1]?.value]).toEqual(["DE", "FL"]);

    const industries = [...(screen.getByLabelText("Service Industry") as HTMLSelectElement).options]
      .filter((o) => o.value !== "")
      .map((o) => o.textContent);
    expect(industries).toEqual([
      "HVAC",
      "Plumbing (Coming Soon)",
      "Electrical (Coming Soon)",
      "Roofing (Coming Soon)",
    ]);

    const primary = screen.getByLabelText("Primary Service Radius") as HTMLInputElement;
    expect([primary.type, primary.min, primary.max, primary.step, primary.value]).toEqual([
      "range",
      "1",
      "50",
      "1",
      "10",
    ]);
    expect(primary.getAttribute("aria-valuetext")).toBe("10 miles");
    const secondary = screen.getByLabelText("Secondary Service Radius") as HTMLInputElement;
    expect([secondary.min, secondary.max, secondary.value]).toEqual(["1", "100", "15"]);
    expect(screen.getByText("15 miles")).toBeTruthy();
  });

  it("validates an empty form with the specification's messages", async () => {
    const api = fakeApi(signedIn);
    const { user } = renderApp("/market-analysis");
    // The industry starts at the one active profile (HVAC); emptied, it has its message too.
    const industry = (await screen.findByLabelText("Service Industry")) as HTMLSelectElement;
    await user.selectOptions(industry, "");
    await user.click(await screen.findByRole("button", { name: "Start Market Analysis" }));
    for (const message of [
      "Please enter a city",
      "Please select a state",
      "Please select an industry",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText("Target City").getAttribute("aria-invalid")).toBe("true");
    expect(api.calls.some((c) => c.path === "/api/market-analysis/analyze")).toBe(false);

    await user.type(screen.getByLabelText("Target City"), "Austin");
    await waitFor(() => expect(screen.queryByText("Please enter a city")).toBeNull());
  });

  it("rejects a secondary radius below the primary one", async () => {
    fakeApi(signedIn);
    const { user } = renderApp("/market-analysis");
    await fillValidForm(user);
    const secondary = screen.getByLabelText("Secondary Service Radius");
    // happy-dom cannot move a slider by keyboard (the browser test does): set its value.
    fireEvent.change(secondary, { target: { value: "1" } });
    expect((secondary as HTMLInputElement).value).toBe("1");
    await waitFor(() => expect(secondary.getAttribute("aria-valuetext")).toBe("1 mile"));
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));
    expect(
      await screen.findByText("Secondary radius must be at least the primary radius"),
    ).toBeTruthy();
  });

  it('says "Coming Soon" and cannot submit for an inactive industry', async () => {
    fakeApi(signedIn);
    const { user } = renderApp("/market-analysis");
    await user.selectOptions(await screen.findByLabelText("Service Industry"), "Plumbing");
    const button = screen.getByRole("button", { name: "Coming Soon" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Start Market Analysis" })).toBeNull();
    await user.selectOptions(screen.getByLabelText("Service Industry"), "HVAC");
    expect(screen.getByRole("button", { name: "Start Market Analysis" })).toBeTruthy();
  });

  it("runs the analysis, shows the results card with N/A, then opens the results page", async () => {
    const gate = held();
    const api = fakeApi({
      ...signedIn,
      "POST /api/market-analysis/analyze": async () => {
        await gate.promise;
        return {
          status: 200,
          body: {
            analysis: { id: "an_42" },
            location: "Austin, TX",
            marketSize: 1_234_567,
            households: 480_000,
            avgRevenue: null,
          },
        };
      },
      "GET /api/analyses/an_42": { status: 404, body: { code: "NOT_FOUND", message: "Not found" } },
    });
    const { user } = renderApp("/market-analysis");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));

    // Pending: the button and the progress card.
    expect(await screen.findByRole("button", { name: "Processing Census Data..." })).toBeTruthy();
    expect(screen.getByText(/may take up to 5 minutes/)).toBeTruthy();
    expect(screen.getByText("HVAC demand modelling")).toBeTruthy();
    expect(screen.getByText("Geographic coverage mapping")).toBeTruthy();
    gate.release();

    expect(await screen.findByRole("heading", { name: "Market Analysis Results" })).toBeTruthy();
    expect(await findToast("Analysis Complete!")).toBeTruthy();
    expect(screen.getByText("Your market analysis has been generated successfully.")).toBeTruthy();
    expect(screen.getByText("Austin, TX")).toBeTruthy();
    expect(screen.getByText("1,234,567")).toBeTruthy();
    // Each figure says what it counts (the market size is people, not households or dollars).
    expect(screen.getByText("People living within 15 miles of Austin, TX")).toBeTruthy();
    expect(screen.getByText("480,000")).toBeTruthy();
    expect(screen.getByText("Households within 15 miles of Austin, TX")).toBeTruthy();
    expect(screen.getByText("Avg. Annual Revenue").nextElementSibling?.textContent).toBe("N/A");
    expect(document.title).toBe("Austin, TX — Market analysis results — BIS");
    expect(screen.getByRole("link", { name: "Continue to Step 2" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(api.calls.find((c) => c.path === "/api/market-analysis/analyze")?.body).toEqual({
      city: "Austin",
      state: "TX",
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
    });

    await waitFor(() => expect(window.location.pathname).toBe("/analysis/an_42"), {
      timeout: 4000,
    });
  });

  it('"Modify Analysis" goes back to the form with its values and stays there', async () => {
    fakeApi({
      ...signedIn,
      "POST /api/market-analysis/analyze": {
        status: 200,
        body: {
          analysis: { id: "an_43" },
          location: "Austin, TX",
          marketSize: 10,
          households: 4,
          avgRevenue: 812.5,
        },
      },
    });
    const { user } = renderApp("/market-analysis");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));
    expect(await screen.findByText("$813")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Modify Analysis" }));
    const city = (await screen.findByLabelText("Target City")) as HTMLInputElement;
    expect(city.value).toBe("Austin");
    expect(screen.queryByRole("heading", { name: "Market Analysis Results" })).toBeNull();
    await new Promise((r) => setTimeout(r, 2300));
    expect(window.location.pathname).toBe("/market-analysis");
  });

  it("replaces the unpaid draft when the user modifies and runs again: one analysis, not two", async () => {
    let next = 0;
    const api = fakeApi({
      ...signedIn,
      "POST /api/market-analysis/analyze": ({ body }) => {
        next += 1;
        const city = (body as { city: string }).city;
        return {
          status: 200,
          body: {
            analysis: { id: `draft_${next}` },
            location: `${city}, TX`,
            marketSize: 10,
            households: 4,
            avgRevenue: 812.5,
          },
        };
      },
      "DELETE /api/analyses/draft_1": { status: 204 },
      "DELETE /api/analyses/draft_2": { status: 204 },
    });
    const { user } = renderApp("/market-analysis");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));
    await screen.findByRole("heading", { name: "Market Analysis Results" });
    // A first run deletes nothing.
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Modify Analysis" }));
    const city = await screen.findByLabelText("Target City");
    await user.clear(city);
    await user.type(city, "Dallas");
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));
    expect(await screen.findByText("People living within 15 miles of Dallas, TX")).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
        "/api/analyses/draft_1",
      ]),
    );
    // Only while unpaid: the server keeps a paid one.
    expect(api.calls.find((c) => c.method === "DELETE")?.query.get("ifUnpaid")).toBe("true");
    // Housekeeping, not news: no "Analysis deleted" toast.
    expect(screen.queryByText("Analysis deleted")).toBeNull();

    // Again, with the same inputs: the second draft goes too.
    await user.click(screen.getByRole("button", { name: "Modify Analysis" }));
    await user.click(await screen.findByRole("button", { name: "Start Market Analysis" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
        "/api/analyses/draft_1",
        "/api/analyses/draft_2",
      ]),
    );
    expect(api.calls.filter((c) => c.path === "/api/market-analysis/analyze")).toHaveLength(3);
  });

  it("keeps the draft when the modified run fails, and deletes nothing on a plain first run", async () => {
    let fail = false;
    const api = fakeApi({
      ...signedIn,
      "POST /api/market-analysis/analyze": () =>
        fail
          ? { status: 500, body: { code: "INTERNAL", message: "Census data unavailable" } }
          : {
              status: 200,
              body: {
                analysis: { id: "draft_1" },
                location: "Austin, TX",
                marketSize: 10,
                households: 4,
                avgRevenue: 812.5,
              },
            },
    });
    const { user } = renderApp("/market-analysis");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));
    await screen.findByRole("heading", { name: "Market Analysis Results" });
    await user.click(screen.getByRole("button", { name: "Modify Analysis" }));
    fail = true;
    await user.click(await screen.findByRole("button", { name: "Start Market Analysis" }));
    expect(await findToast("Analysis Failed")).toBeTruthy();
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(false);
  });

  it("offers the nearest city names for an unknown city", async () => {
    fakeApi({
      ...signedIn,
      "POST /api/market-analysis/analyze": {
        status: 422,
        body: {
          code: "UNKNOWN_CITY",
          message: "Unknown city: Austn, TX",
          details: { suggestions: ["Austin", "Aston"] },
        },
      },
    });
    const { user } = renderApp("/market-analysis");
    await user.type(await screen.findByLabelText("Target City"), "Austn");
    await user.selectOptions(screen.getByLabelText("Target State"), "TX");
    await user.selectOptions(screen.getByLabelText("Service Industry"), "HVAC");
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));

    expect(await findToast("Analysis Failed")).toBeTruthy();
    expect(
      await screen.findByText(/We couldn't find that city in Texas\. Did you mean:/),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Use Austin" }));
    expect((screen.getByLabelText("Target City") as HTMLInputElement).value).toBe("Austin");
    expect(screen.queryByText(/We couldn't find that city/)).toBeNull();
  });

  it("puts the server's validation messages next to their fields", async () => {
    fakeApi({
      ...signedIn,
      "POST /api/market-analysis/analyze": {
        status: 400,
        body: {
          code: "VALIDATION_FAILED",
          message: "Invalid request",
          issues: [{ path: "city", message: "City name is not valid" }],
        },
      },
    });
    const { user } = renderApp("/market-analysis");
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Start Market Analysis" }));
    expect(await findToast("Analysis Failed")).toBeTruthy();
    expect(await screen.findByText("City name is not valid")).toBeTruthy();
  });
});
