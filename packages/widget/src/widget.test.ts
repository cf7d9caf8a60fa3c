import type { WidgetAnalyzeResponse } from "@bis/sdk";
import { MESSAGES, WIDGET_MESSAGES } from "@bis/sdk/constants";
import { fireEvent, waitFor, within } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NETWORK_MESSAGE } from "./api.js";
import { defineBisWidget, TAG } from "./index.js";

const API = "http://bis.test";

const RESULT: WidgetAnalyzeResponse = {
  analysisId: "an_1",
  location: "Austin, TX",
  marketSize: 1_234_567,
  households: 480_000,
  totalMarketRevenue: 312_400_000,
  avgRevenue: 650,
  citiesInRange: 12,
  topServices: [
    { serviceName: "AC replacement", estimatedRevenue: 98_000_000 },
    { serviceName: "Furnace repair", estimatedRevenue: 41_500_000 },
  ],
  provenance: {
    population: { source: "GeoNames / ACS", vintage: "2024", grade: "modeled" },
    households: { source: "GeoNames / ACS", vintage: "2024", grade: "modeled" },
    revenue: { source: "BIS market model", vintage: "2025", grade: "modeled" },
    places: { source: "Census places in range", vintage: "2021", grade: "measured" },
  },
  reduced: false,
  notice: null,
};

type Reply = { status: number; body?: unknown } | "network" | "pending";

/** Stubs fetch: answers the calls in order, and records them. */
function stubFetch(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init, body: JSON.parse(String(init.body)) });
    const reply = replies.shift() ?? { status: 500 };
    if (reply === "network") throw new TypeError("Failed to fetch");
    if (reply === "pending") return new Promise<Response>(() => {});
    return new Response(reply.body === undefined ? "" : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

function mount(attributes: Record<string, string> = {}) {
  const el = document.createElement(TAG);
  for (const [k, v] of Object.entries({ "partner-key": "pk_test", "api-base": API, ...attributes }))
    if (v !== "") el.setAttribute(k, v);
  document.body.append(el);
  const root = el.shadowRoot as ShadowRoot;
  // Testing Library queries elements, not shadow roots: the widget's one top element.
  const ui = within(root.firstElementChild as HTMLElement);
  /**
   * The control a label names, looked up in this shadow root (getByLabelText resolves `for`
   * through the document, which may find a control of an earlier widget).
   */
  const labelled = (text: string) => {
    const label = ui.getByText(text, { selector: "label" }) as HTMLLabelElement;
    const control = label.htmlFor
      ? root.getElementById(label.htmlFor)
      : label.querySelector("input");
    if (!control) throw new Error(`no control for the label ${text}`);
    return control as HTMLInputElement;
  };
  return { el, root, ui: Object.assign(ui, { labelled }) };
}

/** Collects the widget's events where a host page would listen: on document. */
function listen() {
  const events: CustomEvent[] = [];
  for (const type of ["bis:analysis-complete", "bis:lead", "bis:error"])
    document.addEventListener(type, (e) => events.push(e as CustomEvent));
  return events;
}

type Ui = ReturnType<typeof mount>["ui"];

/** Types into the fields, then lets Preact render (as between two events of a real user). */
async function fill(ui: Ui, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const control = ui.labelled(label);
    control.value = value;
    fireEvent.input(control);
    fireEvent.change(control);
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const submit = (ui: Ui, name: RegExp | string) =>
  fireEvent.submit(ui.getByRole("button", { name }).closest("form") as HTMLFormElement);

async function runAnalysis(ui: Ui) {
  await fill(ui, { City: "Austin", State: "TX" });
  submit(ui, "Start Market Analysis");
  await ui.findByRole("heading", { name: "Market snapshot: Austin, TX" });
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("registration", () => {
  it("defines <bis-market-analysis> once, with an open shadow root", () => {
    const first = customElements.get(TAG);
    expect(first).toBeDefined();
    expect(() => defineBisWidget()).not.toThrow();
    expect(customElements.get(TAG)).toBe(first);
    const { el, root } = mount();
    expect(root.mode).toBe("open");
    expect(el.shadowRoot).toBe(root);
    // The stylesheet lives in the shadow root and resets what the host page would pass down.
    expect(root.querySelector("style")?.textContent).toContain(":host{all:initial");
  });
});

describe("form", () => {
  it("labels every field and shows the spec's messages on an empty submit", async () => {
    stubFetch();
    const { ui } = mount();
    submit(ui, "Start Market Analysis");
    expect(await ui.findByText(MESSAGES.enterCity)).toBeTruthy();
    expect(ui.getByText(MESSAGES.selectState)).toBeTruthy();
    const city = ui.labelled("City");
    expect(city.getAttribute("aria-invalid")).toBe("true");
    expect(city.getAttribute("aria-describedby")).toBe("city-e");
    expect(ui.labelled("Primary radius (miles)").value).toBe("10");
    expect(ui.labelled("Secondary radius (miles)").value).toBe("15");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("checks the radii like the SDK's form schema", async () => {
    stubFetch();
    const { ui } = mount();
    await fill(ui, { City: "Austin", State: "TX", "Primary radius (miles)": "0" });
    await fill(ui, { "Secondary radius (miles)": "150" });
    submit(ui, "Start Market Analysis");
    expect(await ui.findByText(MESSAGES.primaryRadiusRange)).toBeTruthy();
    expect(ui.getByText(MESSAGES.secondaryRadiusRange)).toBeTruthy();
    await fill(ui, { "Primary radius (miles)": "2.5", "Secondary radius (miles)": "15" });
    submit(ui, "Start Market Analysis");
    expect(await ui.findByText(MESSAGES.radiusWholeMiles)).toBeTruthy();
    await fill(ui, { "Primary radius (miles)": "20", "Secondary radius (miles)": "15" });
    submit(ui, "Start Market Analysis");
    expect(await ui.findByText(MESSAGES.secondaryBelowPrimary)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows progress while the analysis runs", async () => {
    stubFetch("pending");
    const { ui } = mount();
    await fill(ui, { City: "Austin", State: "TX" });
    submit(ui, "Start Market Analysis");
    const status = await ui.findByRole("status");
    expect(within(status).getByText("Analyzing the market…")).toBeTruthy();
    expect(status.getAttribute("part")).toBe("progress");
  });
});

describe("result", () => {
  it("calls the widget API with the key and no cookies, shows every figure with its source", async () => {
    const calls = stubFetch({ status: 200, body: RESULT });
    const events = listen();
    const { ui, root } = mount({ "primary-radius": "12", "secondary-radius": "30" });
    await runAnalysis(ui);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(`${API}/api/widget/analyze`);
    expect(call?.init.credentials).toBe("omit");
    const headers = call?.init.headers as Record<string, string>;
    expect(headers["X-BIS-Partner-Key"]).toBe("pk_test");
    expect(call?.body).toEqual({
      city: "Austin",
      state: "TX",
      industry: "HVAC",
      primaryRadius: 12,
      secondaryRadius: 30,
    });

    const text = root.textContent ?? "";
    expect(text).toContain("1,234,567");
    expect(text).toContain("480,000");
    expect(text).toContain("$312M");
    expect(text).toContain("Cities in range12");
    // The cities are counted from places, and say so (not the population's tracts).
    expect(text).toContain("Cities in range12Measured · Census places in range");
    expect(text).toContain("AC replacement: $98M a year");
    expect(ui.getAllByText("Modeled · GeoNames / ACS").length).toBeGreaterThan(0);
    expect(ui.getAllByText("Modeled · BIS market model").length).toBeGreaterThan(0);
    expect(root.querySelector("[part~=result]")).toBeTruthy();
    expect(text).not.toContain(WIDGET_MESSAGES.quotaReduced);

    const cta = ui.getByRole("link", { name: "Get the full report" });
    expect(cta.getAttribute("href")).toBe(`${API}/register?ref=pk_test`);

    const done = events.find((e) => e.type === "bis:analysis-complete");
    expect(done?.detail).toEqual(RESULT);
    expect(done?.bubbles && done.composed).toBe(true);
  });

  it("shows the reduced-mode notice", async () => {
    stubFetch({
      status: 200,
      body: { ...RESULT, reduced: true, notice: null, topServices: [], analysisId: null },
    });
    const { ui, root } = mount();
    await runAnalysis(ui);
    expect(ui.getByText(WIDGET_MESSAGES.quotaReduced).getAttribute("part")).toBe("notice");
    expect(root.textContent).not.toContain("Top services");
  });

  it("uses cta-url when given, and goes back to the form", async () => {
    stubFetch({ status: 200, body: RESULT });
    const { ui } = mount({ "cta-url": "https://partner.example/bis" });
    await runAnalysis(ui);
    expect(ui.getByRole("link", { name: "Get the full report" }).getAttribute("href")).toBe(
      "https://partner.example/bis",
    );
    fireEvent.click(ui.getByRole("button", { name: "New analysis" }));
    expect(await ui.findByRole("button", { name: "Start Market Analysis" })).toBeTruthy();
  });
});

describe("errors", () => {
  it("429: a friendly message in the widget and a bis:error", async () => {
    stubFetch({ status: 429, body: { code: "RATE_LIMITED", message: "Too Many Requests" } });
    const events = listen();
    const { ui } = mount();
    await fill(ui, { City: "Austin", State: "TX" });
    submit(ui, "Start Market Analysis");
    const alert = await ui.findByRole("alert");
    expect(alert.textContent).toBe("Too many requests — please try again in a minute.");
    expect(events.find((e) => e.type === "bis:error")?.detail).toEqual({
      code: "RATE_LIMITED",
      message: WIDGET_MESSAGES.rateLimited,
    });
    // The form stays, filled in, to try again.
    expect(ui.labelled("City").value).toBe("Austin");
  });

  it("a blocked or failed request (e.g. origin not allowed): a clear message", async () => {
    stubFetch("network");
    const events = listen();
    const { ui } = mount();
    await fill(ui, { City: "Austin", State: "TX" });
    submit(ui, "Start Market Analysis");
    expect((await ui.findByRole("alert")).textContent).toBe(NETWORK_MESSAGE);
    expect(events.at(-1)?.detail.code).toBe("NETWORK_ERROR");
  });

  it("the server's message otherwise (e.g. an unknown city)", async () => {
    stubFetch({
      status: 422,
      body: { code: "UNKNOWN_CITY", message: "Austinn is not a place in Texas" },
    });
    const events = listen();
    const { ui } = mount();
    await fill(ui, { City: "Austinn", State: "TX" });
    submit(ui, "Start Market Analysis");
    expect((await ui.findByRole("alert")).textContent).toBe("Austinn is not a place in Texas");
    expect(events.at(-1)?.detail).toEqual({
      code: "UNKNOWN_CITY",
      message: "Austinn is not a place in Texas",
    });
  });
});

describe("attributes", () => {
  it("a missing partner-key: a message, a console warning and a bis:error, no form", async () => {
    const events = listen();
    const { ui } = mount({ "partner-key": "" });
    expect(ui.getByRole("alert").textContent).toContain("partner-key");
    expect(ui.queryByRole("button", { name: "Start Market Analysis" })).toBeNull();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]?.[0])).toContain("partner-key");
    await waitFor(() => expect(events.at(-1)?.detail.code).toBe("INVALID_ATTRIBUTE"));
  });

  it("an unknown industry, and a coming-soon one", () => {
    const unknown = mount({ industry: "Landscaping" });
    expect(unknown.ui.getByRole("alert").textContent).toContain('industry="Landscaping"');
    expect(unknown.ui.queryByRole("button", { name: "Start Market Analysis" })).toBeNull();
    const soon = mount({ industry: "plumbing" });
    expect(soon.ui.getByRole("alert").textContent).toContain("Coming soon: Plumbing");
    expect(mount({ industry: "hvac" }).ui.queryByRole("alert")).toBeNull();
  });

  it("radii out of range: a message and the defaults, the form still works", () => {
    const { ui } = mount({ "primary-radius": "80", "secondary-radius": "abc" });
    const alert = ui.getByRole("alert").textContent ?? "";
    expect(alert).toContain('primary-radius="80" must be 1 to 50 miles; using 10.');
    expect(alert).toContain('secondary-radius="abc" must be 1 to 100 miles; using 15.');
    expect(ui.labelled("Primary radius (miles)").value).toBe("10");
  });

  it("bad api-base, cta-url, theme and default-state never throw", () => {
    const { ui } = mount({
      "api-base": "javascript:alert(1)",
      "cta-url": "javascript:alert(1)",
      theme: "neon",
      "default-state": "Atlantis",
    });
    const alert = ui.getByRole("alert").textContent ?? "";
    for (const name of ["api-base", "cta-url", "theme", "default-state"])
      expect(alert).toContain(`${name}=`);
  });

  it("re-renders on attribute changes, removal included", async () => {
    const { el, ui, root } = mount({ "default-state": "TX" });
    expect(ui.labelled("State").value).toBe("TX");
    el.setAttribute("default-state", "ohio");
    await waitFor(() => expect(ui.labelled("State").value).toBe("OH"));
    el.setAttribute("theme", "dark");
    expect(root.querySelector(".w")?.classList.contains("dk")).toBe(true);
    el.setAttribute("primary-radius", "5");
    await waitFor(() => expect(ui.labelled("Primary radius (miles)").value).toBe("5"));
    el.removeAttribute("partner-key");
    expect(ui.getByRole("alert").textContent).toContain("partner-key");
    el.setAttribute("partner-key", "pk_again");
    expect(ui.queryByRole("alert")).toBeNull();
  });

  it("offers the District of Columbia: default-state by name or code, no problem shown", () => {
    const { ui } = mount({ "default-state": "District of Columbia" });
    const state = ui.labelled("State") as unknown as HTMLSelectElement;
    expect(state.value).toBe("DC");
    expect(ui.queryByRole("alert")).toBeNull();
    const codes = [...state.options].map((o) => o.value).filter(Boolean);
    expect(codes).toHaveLength(51);
    expect(codes.slice(codes.indexOf("DC") - 1, codes.indexOf("DC") + 2)).toEqual([
      "DE",
      "DC",
      "FL",
    ]);
    expect(mount({ "default-state": "dc" }).ui.labelled("State").value).toBe("DC");
  });
});

describe("lead capture", () => {
  it("needs name, email and explicit consent; sends the lead and a bis:lead event", async () => {
    const calls = stubFetch(
      { status: 200, body: RESULT },
      { status: 201, body: { leadId: "ld_1", message: "Thanks! Acme HVAC will be in touch." } },
    );
    const events = listen();
    const { ui } = mount();
    await runAnalysis(ui);

    submit(ui, "Send");
    expect(await ui.findByText(WIDGET_MESSAGES.nameRequired)).toBeTruthy();
    expect(ui.getByText(MESSAGES.validEmail)).toBeTruthy();
    expect(ui.getByText(WIDGET_MESSAGES.consentRequired)).toBeTruthy();

    await fill(ui, { Name: " Dana ", Email: "Dana@Example.com" });
    const consent = ui.labelled("I agree to be contacted about this analysis.");
    expect((consent as HTMLInputElement).checked).toBe(false);
    fireEvent.click(consent);
    await new Promise((resolve) => setTimeout(resolve, 0));
    submit(ui, "Send");
    expect(await ui.findByText("Thanks! Acme HVAC will be in touch.")).toBeTruthy();

    expect(calls[1]?.url).toBe(`${API}/api/widget/leads`);
    expect(calls[1]?.init.credentials).toBe("omit");
    expect(calls[1]?.body).toEqual({
      name: "Dana",
      email: "dana@example.com",
      consent: true,
      analysisId: "an_1",
    });
    const lead = events.find((e) => e.type === "bis:lead");
    expect(lead?.detail).toEqual({ leadId: "ld_1", email: "dana@example.com" });
    expect(lead?.bubbles && lead.composed).toBe(true);
  });
});

describe("the local market line", () => {
  it("shows the server's one-line local market summary, and nothing without one", async () => {
    const line = "Climate: 1,640 heating · 3,130 cooling degree days · 696 contractors in range";
    stubFetch(
      { status: 200, body: { ...RESULT, localMarketSummary: line } },
      { status: 200, body: RESULT },
    );
    const { ui, root } = mount();
    await runAnalysis(ui);
    expect(root.querySelector("[part=local]")?.textContent).toBe(line);
    fireEvent.click(ui.getByRole("button", { name: "New analysis" }));
    await ui.findByRole("button", { name: "Start Market Analysis" });
    await runAnalysis(ui);
    expect(root.querySelector("[part=local]")).toBeNull();
  });
});
