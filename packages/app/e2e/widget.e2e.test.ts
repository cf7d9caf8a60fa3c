/**
 * The embeddable widget in a real browser: the example partner page
 * (examples/partner-site) served from a second origin on loopback, with the widget loaded from
 * the BIS server's /widget.js.
 *
 * - From an origin on the partner's allowlist the page runs an analysis, receives
 *   `bis:analysis-complete` on document, and submits a lead that reaches the server and a local
 *   webhook receiver with a valid `X-BIS-Signature`.
 * - From an origin not on the allowlist the widget shows a clear error, and the server answers
 *   that origin without CORS headers.
 * - The host page's stylesheet, which styles every `button` and `input`, does not change the
 *   widget's controls (computed styles inside the shadow root, with and without it).
 * - The administrator sees the partner, its usage and the delivered lead in Admin → Partners.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@bis/server/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import { overflowsHorizontally, STEP_TIMEOUT, visible } from "./support.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const widgetBundle = path.join(root, "packages/widget/dist/bis-widget.iife.js");
const siteServer = path.join(root, "examples/partner-site/serve.mjs");

// The server serves the built widget: without it there is nothing to test.
if (!existsSync(widgetBundle))
  throw new Error(
    "packages/widget/dist/bis-widget.iife.js is missing: run `pnpm -F @bis/widget build` (npm test does it)",
  );

/* ------------------------------------------------------------------ the partner's webhook receiver */

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}
const deliveries: Delivery[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    body += chunk;
  });
  req.on("end", () => {
    deliveries.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});
receiver.listen(0, "127.0.0.1");
await once(receiver, "listening");
const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bis`;

/** Checks `X-BIS-Signature: t=…,v1=…` as docs/widget.md tells partners to. */
function signatureIsValid(header: string, rawBody: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/* ------------------------------------------------------------------ the example partner site */

const sites: ChildProcess[] = [];

/** Starts examples/partner-site/serve.mjs (the README's one command) on a port. */
async function startSite(bis: string, key: string, port: number): Promise<string> {
  const child = spawn(
    process.execPath,
    [siteServer, "--bis", bis, "--key", key, "--port", String(port)],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  sites.push(child);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 10_000;
  while (!output.includes("Partner site:")) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the partner site did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return `http://127.0.0.1:${port}`;
}

/** A raw request from Node with any Origin (browsers do not let a page set it). */
function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/* ------------------------------------------------------------------ the journey */

declare global {
  interface Window {
    bisEvents: { type: string; detail: Record<string, unknown> }[];
  }
}

const WIDGET = "bis-market-analysis";
const NETWORK_MESSAGE =
  "The market analysis service could not be reached from this website. If this is your site, check that its address is on your BIS partner allowlist.";

let env: E2EEnv;
let adminPage: Page;
let partnerKey = "";
let webhookSecret = "";
let allowedSite = "";
let otherSite = "";

/** Fills the widget's form and runs the analysis (Playwright locators pierce the shadow root). */
async function runWidgetAnalysis(page: Page, city: string) {
  const widget = page.locator(WIDGET);
  await visible(widget.getByRole("button", { name: "Start Market Analysis" }));
  await widget.getByLabel("City").fill(city);
  await widget.getByLabel("State").selectOption("TX");
  await widget.getByRole("button", { name: "Start Market Analysis" }).click();
}

const events = (page: Page) => page.evaluate(() => window.bisEvents);

describe("embeddable widget on a partner's site", () => {
  beforeAll(async () => {
    env = getEnv();
    adminPage = await newPage();
    await adminPage.goto(env.baseUrl);

    // The first administrator, then the partner, through the API (from the browser: same origin).
    const allowedPort = await freePort();
    allowedSite = `http://127.0.0.1:${allowedPort}`;
    const created = await adminPage.evaluate(
      async ({ allowedSite, webhookUrl }) => {
        const post = (url: string, body: unknown) =>
          fetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          });
        const setup = await post("/api/admin/setup", {
          email: `widget-admin-${Date.now()}@example.com`,
          password: "Widget#2024a",
          firstName: "Wanda",
          lastName: "Admin",
        });
        if (setup.status !== 201) return { error: `setup ${setup.status}: ${await setup.text()}` };
        const res = await post("/api/admin/partners", {
          name: "Cool Supply Co.",
          allowedOrigins: [allowedSite],
          webhookUrl,
          dailyQuota: 100,
        });
        return res.status === 201
          ? ((await res.json()) as { partner: { publicKey: string }; webhookSecret: string })
          : { error: `create partner ${res.status}: ${await res.text()}` };
      },
      { allowedSite, webhookUrl },
    );
    if ("error" in created) throw new Error(created.error);
    partnerKey = created.partner.publicKey;
    webhookSecret = created.webhookSecret;
    expect(partnerKey).toMatch(/^pk_/);
    expect(webhookSecret).toMatch(/^whsec_/);

    await startSite(env.baseUrl, partnerKey, allowedPort);
    otherSite = await startSite(env.baseUrl, partnerKey, await freePort());
  }, 60_000);

  afterAll(async () => {
    for (const child of sites) {
      if (child.exitCode !== null) continue;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    receiver.close();
  });

  let visitor: Page;

  it("runs an analysis from an allowed origin and emits bis:analysis-complete", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    visitor = await newPage();
    await visitor.goto(allowedSite);
    await runWidgetAnalysis(visitor, "Austin");

    const widget = visitor.locator(WIDGET);
    await visible(widget.getByRole("heading", { name: /^Market snapshot: Austin/ }), 25_000);
    await visitor.waitForFunction(() =>
      window.bisEvents.some((e) => e.type === "bis:analysis-complete"),
    );
    const done = (await events(visitor)).find((e) => e.type === "bis:analysis-complete");
    expect(done?.detail.location).toMatch(/^Austin/);
    expect(done?.detail.reduced).toBe(false);
    expect(typeof done?.detail.households).toBe("number");
    expect(done?.detail.analysisId).toEqual(expect.any(String));

    // Every figure with its source and grade; the call to action carries the partner's key.
    await visible(widget.getByText("Households", { exact: true }));
    expect(await widget.getByText(/^(Modeled|Measured|Sample) · /).count()).toBeGreaterThan(0);
    expect(
      await widget.getByRole("link", { name: "Get the full report" }).getAttribute("href"),
    ).toBe(`${env.baseUrl}/register?ref=${partnerKey}`);
  });

  it("submits a lead that reaches the server and the partner's webhook, signed", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const widget = visitor.locator(WIDGET);
    await widget.getByLabel("Name").fill("Lee Homeowner");
    await widget.getByLabel("Email").fill("lee@example.com");
    await widget.getByLabel("I agree to be contacted about this analysis.").check();
    await widget.getByRole("button", { name: "Send" }).click();
    await visitor.waitForFunction(() => window.bisEvents.some((e) => e.type === "bis:lead"));
    const lead = (await events(visitor)).find((e) => e.type === "bis:lead");
    expect(lead?.detail.email).toBe("lee@example.com");
    const leadId = String(lead?.detail.leadId);
    expect(leadId.length).toBeGreaterThan(0);
    await visible(widget.getByRole("status"));

    // The webhook: delivered in the background, signed with the partner's secret.
    const deadline = Date.now() + 15_000;
    while (deliveries.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const [delivery] = deliveries;
    if (!delivery) throw new Error("the webhook receiver got no delivery within 15 s");
    expect(delivery.headers["x-bis-event"]).toBe("lead.created");
    expect(delivery.headers["x-bis-delivery"]).toBe(leadId);
    expect(
      signatureIsValid(String(delivery.headers["x-bis-signature"]), delivery.body, webhookSecret),
    ).toBe(true);
    expect(
      signatureIsValid(String(delivery.headers["x-bis-signature"]), delivery.body, "whsec_x"),
    ).toBe(false);
    const payload = JSON.parse(delivery.body) as {
      type: string;
      lead: { id: string; email: string; consent: boolean; analysisId: string | null };
    };
    expect(payload.type).toBe("lead.created");
    expect(payload.lead).toMatchObject({ id: leadId, email: "lee@example.com", consent: true });

    // The server stored it, with the delivery.
    const leads = await adminPage.evaluate(async () => {
      const res = await fetch("/api/admin/leads");
      return ((await res.json()) as { leads: { id: string; webhookStatus: string }[] }).leads;
    });
    expect(leads.find((l) => l.id === leadId)?.webhookStatus).toBe("delivered");
  });

  it("works at 320 px without scrolling sideways", { timeout: STEP_TIMEOUT }, async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(allowedSite);
    await visible(page.locator(WIDGET).getByRole("button", { name: "Start Market Analysis" }));
    const overflow = await page.evaluate((tag) => {
      const box = document.querySelector(tag)?.shadowRoot?.firstElementChild as HTMLElement;
      return { inner: box.scrollWidth, outer: box.clientWidth, page: document.body.scrollWidth };
    }, WIDGET);
    expect(overflow.inner).toBeLessThanOrEqual(overflow.outer);
    expect(overflow.page).toBeLessThanOrEqual(320);
  });

  it("from an origin not on the allowlist: a clear error, and no CORS headers", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const page = await newPage();
    await page.goto(otherSite);
    await runWidgetAnalysis(page, "Austin");
    const alert = page.locator(WIDGET).getByRole("alert");
    await visible(alert);
    expect(await alert.textContent()).toBe(NETWORK_MESSAGE);
    await page.waitForFunction(() => window.bisEvents.some((e) => e.type === "bis:error"));
    expect((await events(page)).find((e) => e.type === "bis:error")?.detail.code).toBe(
      "NETWORK_ERROR",
    );

    // What the server answers that origin: the preflight and the call, without CORS headers.
    const url = `${env.baseUrl}/api/widget/analyze`;
    const preflight = await rawRequest(url, "OPTIONS", {
      Origin: otherSite,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type,x-bis-partner-key",
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    const call = await rawRequest(
      url,
      "POST",
      { Origin: otherSite, "Content-Type": "application/json", "X-BIS-Partner-Key": partnerKey },
      JSON.stringify({ city: "Austin", state: "TX" }),
    );
    expect(call.status).toBe(403);
    expect(call.headers["access-control-allow-origin"]).toBeUndefined();
    // …while the allowed origin gets them.
    const allowed = await rawRequest(url, "OPTIONS", {
      Origin: allowedSite,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type,x-bis-partner-key",
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe(allowedSite);
  });

  it("is not changed by the host page's button and input styles", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const page = await newPage();
    await page.goto(allowedSite);
    await visible(page.locator(WIDGET).getByRole("button", { name: "Start Market Analysis" }));

    const styles = () =>
      page.evaluate((tag) => {
        const props = [
          "font-family",
          "font-size",
          "font-style",
          "color",
          "background-color",
          "border-top-style",
          "border-top-width",
          "border-top-left-radius",
          "padding-top",
          "text-transform",
        ];
        const pick = (el: Element | null | undefined) => {
          if (!el) throw new Error("element not found");
          const style = getComputedStyle(el);
          return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
        };
        const shadow = document.querySelector(tag)?.shadowRoot;
        return {
          widgetButton: pick(shadow?.querySelector("button")),
          widgetInput: pick(shadow?.querySelector("input")),
          pageButton: pick(document.querySelector("main > p button")),
        };
      }, WIDGET);

    const withSiteStyles = await styles();
    await page.evaluate(() => {
      (document.getElementById("site-styles") as HTMLStyleElement).disabled = true;
    });
    const withoutSiteStyles = await styles();

    // The stylesheet does style the page's own button…
    expect(withSiteStyles.pageButton["text-transform"]).toBe("uppercase");
    expect(withSiteStyles.pageButton).not.toEqual(withoutSiteStyles.pageButton);
    // …and nothing of the widget's.
    expect(withSiteStyles.widgetButton).toEqual(withoutSiteStyles.widgetButton);
    expect(withSiteStyles.widgetInput).toEqual(withoutSiteStyles.widgetInput);
    expect(withSiteStyles.widgetButton["text-transform"]).toBe("none");
    // The partner's theme (custom properties) does apply: --bis-primary on the button.
    expect(withSiteStyles.widgetButton["background-color"]).toBe("rgb(0, 105, 92)");
  });

  it("shows the partner, its usage and the delivered lead in Admin → Partners", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await adminPage.goto(new URL("/admin?tab=partners", env.baseUrl).toString());
    const partners = adminPage.getByRole("region", { name: "Widget partners" });
    await visible(partners.getByText("Cool Supply Co.", { exact: true }));
    await visible(partners.getByText(partnerKey));
    const leads = adminPage.getByRole("region", { name: "Widget leads" });
    const row = leads.getByRole("row", { name: /lee@example\.com/ });
    await visible(row);
    await visible(row.getByText("Delivered", { exact: true }));

    // At 360 px the tables scroll inside their boxes, not the page.
    await adminPage.setViewportSize({ width: 360, height: 800 });
    await adminPage.waitForTimeout(50);
    expect(await overflowsHorizontally(adminPage)).toBe(false);
  });
});
