/**
 * The administration panel in a real browser against the real server: the first
 * administrator is created on /admin-setup; a standard user signs up, runs two analyses and is
 * turned away from /admin with "Access Denied"; the administrator promotes that user, bulk-deletes
 * their searches, sets the landing video (which the landing page then shows), and saves and tests
 * a Census API key against a local fake Census API — the test request is made by the server,
 * never by the browser. The panel works at 360 px, its tables as stacked cards.
 *
 * Steps share pages and run in order; each starts where the previous one ended.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage, setServerEnv } from "./harness.js";
import {
  newAccount,
  openAccountMenu,
  overflowsHorizontally,
  STEP_TIMEOUT,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

/* ------------------------------------------------------------------ a fake Census Data API */

const GOOD_KEY = "census-e2e-key-1234";
const censusRequests: { url: string; userAgent: string }[] = [];

/**
 * Answers like api.census.gov: the table (header row first, numbers as strings) for the good
 * key; for any other key the redirect to its invalid-key page that the real API answers.
 */
const census = createServer((req: IncomingMessage, res) => {
  const url = new URL(req.url ?? "/", "http://census.test");
  censusRequests.push({ url: url.toString(), userAgent: String(req.headers["user-agent"]) });
  if (!url.pathname.endsWith("/acs/acs5")) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    return;
  }
  if (url.searchParams.get("key") !== GOOD_KEY) {
    res.writeHead(302, { Location: "/data/invalid_key.html" }).end();
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json;charset=utf-8" }).end(
    JSON.stringify([
      ["NAME", "B01003_001E", "state"],
      ["Texas", "29000000", "48"],
    ]),
  );
});
census.listen(0, "127.0.0.1");
await once(census, "listening");
const censusUrl = `http://127.0.0.1:${(census.address() as AddressInfo).port}`;
// The server of this file asks the fake for Census data (e2e/setup.ts starts it with this).
setServerEnv({ CENSUS_API_URL: censusUrl });

/* ------------------------------------------------------------------ the journey */

const admin = newAccount("admin", "Ada", "Admin");
const member = newAccount("member", "Morgan", "Member");
const VIDEO = "https://www.youtube.com/watch?v=e2eVideo42";
const VIDEO_EMBED = "https://www.youtube.com/embed/e2eVideo42";

let env: E2EEnv;
let adminPage: Page;
let memberPage: Page;

const url = (path: string) => new URL(path, env.baseUrl).toString();

/** Accepts the next browser confirmation and returns its text. */
function acceptNextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      const text = dialog.message();
      void dialog.accept().then(() => resolve(text));
    });
  });
}

async function openTab(page: Page, name: string) {
  const tab = page.getByRole("tab", { name, exact: true });
  await tab.click();
  await page.waitForFunction(
    (tabName) =>
      [...document.querySelectorAll('[role="tab"]')].some(
        (t) => t.textContent === tabName && t.getAttribute("aria-selected") === "true",
      ),
    name,
  );
}

/** Runs a market analysis through the API from the signed-in browser (same origin, cookies). */
async function analyze(page: Page, city: string, state: string): Promise<number> {
  return page.evaluate(
    async (body) => {
      const res = await fetch("/api/market-analysis/analyze", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { city, state, industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 },
  );
}

describe("administration panel", () => {
  beforeAll(async () => {
    env = getEnv();
    adminPage = await newPage();
    memberPage = await newPage();
    // No video provider is reachable here: keep the browser from trying.
    for (const page of [adminPage, memberPage])
      await page
        .context()
        .route(/youtube\.com|ytimg\.com|googlevideo\.com/, (route) =>
          route.abort("internetdisconnected"),
        );
  });

  afterAll(async () => {
    await adminPage?.context().close();
    await memberPage?.context().close();
    census.close();
  });

  it("creates the first administrator on /admin-setup", { timeout: STEP_TIMEOUT }, async () => {
    await adminPage.goto(url("/admin-setup"));
    await visible(adminPage.getByRole("button", { name: "Create Admin Account" }));
    await adminPage.getByLabel("Email", { exact: true }).fill(admin.email);
    await adminPage.getByLabel("Password", { exact: true }).fill(admin.password);
    await adminPage.getByLabel("First Name", { exact: true }).fill(admin.firstName);
    await adminPage.getByLabel("Last Name", { exact: true }).fill(admin.lastName);
    await adminPage.getByRole("button", { name: "Create Admin Account" }).click();
    await waitForPath(adminPage, "/dashboard");
    const menu = await openAccountMenu(adminPage, admin.firstName);
    await visible(menu.getByRole("menuitem", { name: "Admin Panel" }));
    await adminPage.keyboard.press("Escape");
  });

  it("signs up a standard user who runs two analyses", { timeout: 60_000 }, async () => {
    await signUpVerified(memberPage, env, member);
    expect(await analyze(memberPage, "Austin", "TX")).toBeLessThan(300);
    expect(await analyze(memberPage, "Dallas", "TX")).toBeLessThan(300);
  });

  it('turns the standard user away from /admin: "Access Denied", then home', {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await memberPage.goto(url("/admin"));
    await visible(toastIn(memberPage, "Access Denied"));
    await visible(
      memberPage
        .getByRole("region", { name: "Notifications (F8)" })
        .getByText("Administrator privileges required."),
    );
    expect(await memberPage.getByRole("tablist").count()).toBe(0);
    await waitForPath(memberPage, "/");
    await visible(memberPage.getByRole("heading", { name: `Welcome, ${member.firstName}!` }));
    // The server refuses the admin calls as well.
    const status = await memberPage.evaluate(async () => (await fetch("/api/admin/users")).status);
    expect(status).toBe(403);
  });

  it("opens the panel with its summary cards, the seven tabs and Partners", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const menu = await openAccountMenu(adminPage, admin.firstName);
    await menu.getByRole("menuitem", { name: "Admin Panel" }).click();
    await waitForPath(adminPage, "/admin");
    await visible(adminPage.getByRole("heading", { name: "Administration Panel", level: 1 }));
    const status = adminPage.getByRole("region", { name: "System Status" });
    await visible(status.getByText("Healthy", { exact: true }));
    const users = adminPage.getByRole("region", { name: "Total Users" });
    await visible(users.getByText("2", { exact: true }));
    await visible(
      adminPage.getByRole("region", { name: "Total Analyses" }).getByText("2", { exact: true }),
    );
    // The specification's seven tabs, then BIS's Partners (the widget).
    expect(await adminPage.getByRole("tab").count()).toBe(8);
  });

  it("promotes the standard user to administrator", { timeout: STEP_TIMEOUT }, async () => {
    const own = adminPage.getByRole("switch", { name: `Administrator: ${admin.email}` });
    await visible(own);
    expect(await own.isDisabled()).toBe(true);
    await visible(adminPage.getByText("You cannot change your own admin status", { exact: true }));

    const toggle = adminPage.getByRole("switch", { name: `Administrator: ${member.email}` });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    const question = acceptNextDialog(adminPage);
    await toggle.click();
    expect(await question).toContain(`Make ${member.email} an administrator?`);
    await visible(toastIn(adminPage, "Success"));
    await adminPage.waitForFunction(
      (email) =>
        document
          .querySelector(`[role="switch"][aria-label="Administrator: ${email}"]`)
          ?.getAttribute("aria-checked") === "true",
      member.email,
    );
    // The promoted user finds Admin Panel in their menu on the next visit.
    await memberPage.reload();
    const menu = await openAccountMenu(memberPage, member.firstName);
    await visible(menu.getByRole("menuitem", { name: "Admin Panel" }));
    await memberPage.keyboard.press("Escape");
  });

  it("bulk-deletes the searches after the cannot-be-undone confirmation", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await openTab(adminPage, "Past Searches");
    const table = adminPage.getByRole("region", { name: "Analyses table" });
    await visible(table.getByText("Austin, TX", { exact: true }));
    await visible(table.getByText("Dallas, TX", { exact: true }));
    await visible(table.getByText(member.email).first());

    const all = adminPage.getByRole("checkbox", { name: "Select all analyses" });
    await adminPage.getByRole("checkbox", { name: /^Select Austin, TX/ }).check();
    expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await all.check();
    expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(false);
    await visible(adminPage.getByText("2 of 2 selected"));

    const question = acceptNextDialog(adminPage);
    await adminPage.getByRole("button", { name: "Delete Selected" }).click();
    expect(await question).toBe(
      "Are you sure you want to delete 2 analyses? This action cannot be undone.",
    );
    await visible(toastIn(adminPage, "Success"));
    await visible(adminPage.getByText("No analyses have been run yet."));
    await visible(
      adminPage.getByRole("region", { name: "Total Analyses" }).getByText("0", { exact: true }),
    );
  });

  it("sets the landing video, which the landing page then shows", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await openTab(adminPage, "Settings");
    const field = adminPage.getByLabel("Landing Page Video URL");
    await visible(field);
    await field.fill("javascript:alert(1)");
    await adminPage.getByRole("button", { name: "Save Settings" }).click();
    await visible(adminPage.getByText("Landing page video URL must be an https:// URL, or empty"));
    await field.fill(VIDEO);
    await adminPage.getByRole("button", { name: "Save Settings" }).click();
    await visible(toastIn(adminPage, "Settings Updated"));

    const visitor = await newPage();
    await visitor.context().route(/youtube\.com/, (route) => route.abort("internetdisconnected"));
    await visitor.goto(url("/"));
    const frame = visitor.locator(`iframe[src="${VIDEO_EMBED}"]`);
    await frame.waitFor({ state: "attached" });
    expect(await visitor.getByText("Video Coming Soon").count()).toBe(0);
    await visitor.context().close();
  });

  it("tests and saves a Census key against the local fake provider", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await openTab(adminPage, "API Keys");
    const card = adminPage.getByRole("region", { name: "U.S. Census Data API" });
    await visible(card);
    const input = card.getByLabel("New U.S. Census Data API key");
    const status = card.getByRole("status");

    await card.getByRole("button", { name: "Test", exact: true }).click();
    await visible(toastIn(adminPage, "API Key Required"));
    expect(censusRequests).toHaveLength(0);

    await input.fill("not-a-census-key");
    await card.getByRole("button", { name: "Test", exact: true }).click();
    await visible(toastIn(adminPage, "API Key Test Failed"));
    await adminPage.waitForFunction(
      () => document.querySelector('[data-state="error"][role="status"]') !== null,
    );
    expect(await status.textContent()).toContain("invalid or not yet activated");

    await input.fill(GOOD_KEY);
    await card.getByRole("button", { name: "Test", exact: true }).click();
    await visible(card.getByText("Test passed: Census Data API accepted the key (HTTP 200)"));
    // The server made the requests, with the key; the browser never called the provider.
    expect(censusRequests.map((r) => new URL(r.url).searchParams.get("key"))).toEqual([
      "not-a-census-key",
      GOOD_KEY,
    ]);
    expect(censusRequests.every((r) => r.userAgent === "BIS key test")).toBe(true);

    await card.getByRole("button", { name: "Save", exact: true }).click();
    await visible(toastIn(adminPage, "Success"));
    await visible(card.getByText("Configured", { exact: true }));
    await visible(card.getByText("••••1234", { exact: true }));
    expect(await input.inputValue()).toBe("");
    // Only the last four characters ever reach the browser.
    const listed = await adminPage.evaluate(async () =>
      (await fetch("/api/admin/api-keys")).text(),
    );
    expect(listed).not.toContain(GOOD_KEY);

    await card.getByRole("button", { name: "Test key in use" }).click();
    await visible(card.getByText(/^Passed ·/));
    expect(censusRequests).toHaveLength(3);
  });

  it("shows the system, the logs and the audit trail", { timeout: STEP_TIMEOUT }, async () => {
    await openTab(adminPage, "System");
    await visible(adminPage.getByText("Demo mode (no card is charged)"));
    const providers = adminPage.getByRole("region", { name: "Providers" });
    await visible(providers.getByText("U.S. Census Data API"));

    await openTab(adminPage, "Logs");
    await visible(adminPage.getByRole("heading", { name: "Server Logs" }));
    // The audit trail is the Logs tab's second view.
    await openTab(adminPage, "Audit Trail");
    const audit = adminPage.getByRole("region", { name: "Audit trail entries" });
    await visible(audit.getByText("Granted administrator").first());
    await visible(audit.getByText("Deleted analyses").first());
    await visible(audit.getByText("Changed settings").first());
    await visible(audit.getByText("Saved API key").first());
  });

  it("works at 360 px: tables become cards", { timeout: STEP_TIMEOUT }, async () => {
    await adminPage.setViewportSize({ width: 360, height: 800 });
    for (const tab of ["User Management", "Past Searches", "System", "API Keys", "Logs"]) {
      await openTab(adminPage, tab);
      await adminPage.waitForTimeout(50);
      expect(await overflowsHorizontally(adminPage), tab).toBe(false);
    }
    // The log table's rows are cards: neither the page nor its own box scrolls sideways.
    await openTab(adminPage, "Server Logs");
    const box = adminPage.getByRole("region", { name: "Log entries" });
    await visible(box.locator("tbody tr").first());
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await adminPage.setViewportSize({ width: 1280, height: 900 });
  });

  it("sends a signed-out visitor of /admin to sign in, to come back after", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const visitor = await newPage();
    await visitor.goto(url("/admin"));
    await visible(toastIn(visitor, "Session Expired"));
    // A deep link survives sign-in: /signin?next=/admin.
    await waitForPath(visitor, "/signin");
    expect(new URL(visitor.url()).searchParams.get("next")).toBe("/admin");
    await visitor.context().close();
  });
});
