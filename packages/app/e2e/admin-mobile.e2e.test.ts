/**
 * The administration panel on a phone, in a real browser against the real server, at
 * 375 px: with every table filled (users, past searches, the analyses' breakdowns, providers,
 * deliverables, payments, log entries, the audit trail, partners and leads), no table is wider
 * than the screen on any tab — each row is a card whose values keep their column's name — and
 * no tab has a serious or critical accessibility violation. The Logs tab's audit view
 * (`?view=audit`) is dropped from the address on leaving the tab.
 *
 * Steps share one administrator page and run in order.
 */
import { request } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, blocking, describe as describeViolations } from "./axe.js";
import { type E2EEnv, getEnv } from "./harness.js";
import { overflowsHorizontally, STEP_TIMEOUT, visible } from "./support.js";

const PHONE = { width: 375, height: 812 } as const;
/** A long origin, as partners have: it must wrap inside its card. */
const ORIGIN = "http://127.0.0.1:9";

let env: E2EEnv;
let page: Page;

const url = (path: string) => new URL(path, env.baseUrl).toString();

/** A call from the signed-in browser (same origin, cookies); throws on a failed call. */
async function post(path: string, body: unknown, method = "POST"): Promise<unknown> {
  const answer = await page.evaluate(
    async ({ path, body, method }) => {
      const res = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { path, body, method },
  );
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.text ? JSON.parse(answer.text) : null;
}

/** A lead sent the way the widget sends it: from the partner's origin, with its key. */
function sendLead(partnerKey: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url("/api/widget/leads"),
      {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          "Content-Type": "application/json",
          "X-BIS-Partner-Key": partnerKey,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(
      JSON.stringify({
        name: "Lee Homeowner",
        email: "lee.homeowner.with.a.long.address@example.com",
        consent: true,
      }),
    );
  });
}

/** Waits until no section of the open tab is still loading. */
async function loaded() {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[role="tabpanel"] [role="status"][aria-label^="Loading"]')
        .length === 0 && document.body.textContent?.includes("Loading deliverables") === false,
  );
}

/**
 * The tables on the page that do not fit the screen sideways: the table itself, or any of its
 * cells (a value pushed out of its card), reaches past the window's right edge or scrolls.
 */
function tablesOutOfView(): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const table of document.querySelectorAll("table")) {
      const name = table.closest("[aria-label]")?.getAttribute("aria-label") ?? "a table";
      const box = table.getBoundingClientRect();
      const region = table.parentElement;
      if (box.left < 0 || box.right > width + 0.5) out.push(`${name}: ${box.left}..${box.right}`);
      else if (region && region.scrollWidth > region.clientWidth + 1)
        out.push(`${name}: scrolls ${region.scrollWidth} > ${region.clientWidth}`);
      for (const cell of table.querySelectorAll("tbody td, tbody th")) {
        const r = cell.getBoundingClientRect();
        if (r.width > 0 && (r.left < 0 || r.right > width + 0.5)) {
          out.push(`${name}: ${cell.getAttribute("data-label") ?? "row header"} ${r.right}`);
          break;
        }
      }
    }
    return out;
  });
}

const TABS = [
  // [tab value, tab name, tables it must show]
  ["users", "User Management", ["Users"]],
  ["searches", "Past Searches", ["Analyses table"]],
  ["analyses", "Analyses", ["Analyses by industry", "Analyses by state"]],
  ["system", "System", ["Providers", "Deliverables and their providers", "Payment records"]],
  ["api-keys", "API Keys", []],
  ["settings", "Settings", []],
  ["logs", "Logs", ["Log entries"]],
  ["partners", "Partners", ["Partners", "Leads"]],
] as const;

beforeAll(async () => {
  env = getEnv();
  const context = await env.browser.newContext({
    baseURL: env.baseUrl,
    viewport: PHONE,
    // axe is injected as a script tag, which the app's Content-Security-Policy forbids.
    bypassCSP: true,
  });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(url("/"));

  // The first administrator, an analysis bought in demo mode, a partner with a lead, a setting.
  await post("/api/admin/setup", {
    email: `phone-admin-${Date.now()}@example.com`,
    password: "Phone#2024a",
    firstName: "Pat",
    lastName: "Phone",
  });
  const analyzed = (await post("/api/market-analysis/analyze", {
    city: "Austin",
    state: "TX",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
  })) as { analysis: { id: string } };
  await post("/api/payments/demo/confirm", { analysisId: analyzed.analysis.id });
  const partner = (await post("/api/admin/partners", {
    name: "Cool Supply Company of Greater Austin",
    allowedOrigins: [ORIGIN],
    dailyQuota: 100,
  })) as { partner: { publicKey: string } };
  expect(await sendLead(partner.partner.publicKey)).toBe(201);
  await post(
    "/api/admin/settings",
    { landingPageVideoUrl: "https://www.youtube.com/watch?v=phone42" },
    "PATCH",
  );
}, 60_000);

afterAll(async () => {
  await page?.context().close();
});

describe("the admin panel at 375 px", () => {
  for (const [value, name, tables] of TABS) {
    it(`${name}: no table is wider than the screen, no serious violation`, {
      timeout: STEP_TIMEOUT,
    }, async () => {
      await page.goto(url(`/admin?tab=${value}`));
      const panel = page.getByRole("tabpanel").first();
      for (const table of tables)
        await visible(panel.getByRole("region", { name: table, exact: true }));
      await loaded();
      expect(await tablesOutOfView(), name).toEqual([]);
      expect(await overflowsHorizontally(page), name).toBe(false);
      const violations = blocking(await axeViolations(page));
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  }

  it("Logs, audit trail: no table is wider than the screen", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.goto(url("/admin?tab=logs&view=audit"));
    await visible(page.getByRole("region", { name: "Audit trail entries" }));
    await loaded();
    expect(await tablesOutOfView()).toEqual([]);
    expect(await overflowsHorizontally(page)).toBe(false);
  });

  it("a card names each value and keeps the row's actions in view", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.goto(url("/admin?tab=partners"));
    const partners = page.getByRole("region", { name: "Partners", exact: true });
    const row = partners.locator("tbody tr").first();
    await visible(row);
    const key = row.locator('td[data-label="Public key"]');
    expect(await key.evaluate((td) => getComputedStyle(td, "::before").content)).toBe(
      '"Public key"',
    );
    const revoke = row.getByRole("button", { name: /^Revoke / });
    const box = await revoke.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    // The header row is left to screen readers: it takes no room above the cards.
    const head = await partners.locator("thead").boundingBox();
    expect(head?.height ?? 0).toBeLessThan(2);
  });

  it("Past Searches keeps its select-all box in view above the cards", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.goto(url("/admin?tab=searches"));
    const all = page.getByRole("checkbox", { name: "Select all analyses" });
    await visible(all);
    await all.check();
    await visible(page.getByText("1 of 1 selected"));
  });
});

describe("the Logs tab's audit view in the address", () => {
  it("is kept while on the Logs tab and dropped on leaving it", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.goto(url("/admin?tab=logs"));
    await page.getByRole("tab", { name: "Audit Trail" }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "audit");
    await visible(page.getByRole("region", { name: "Audit trail entries" }));

    await page.getByRole("tab", { name: "System", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "system");
    expect(new URL(page.url()).search).toBe("?tab=system");

    // Back on Logs: the server logs, not the audit trail.
    await page.getByRole("tab", { name: "Logs", exact: true }).click();
    await visible(page.getByRole("region", { name: "Log entries" }));
    expect(new URL(page.url()).search).toBe("?tab=logs");
    expect(await page.getByRole("region", { name: "Audit trail entries" }).count()).toBe(0);
  });
});
