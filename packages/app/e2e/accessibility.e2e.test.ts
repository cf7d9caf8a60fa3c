/**
 * axe-core over every page state in a real browser against the real server, at 1280 and 375 px:
 * the landing page, sign-in, registration and its success screen, forgotten and
 * reset password, the dashboard empty and with analyses, the wizard (form, processing, results
 * card), the results page free and paid (keyword research and sample competitors, a source note
 * open), checkout, profile, every admin tab, the 404 page. Any serious or critical violation
 * fails the state's test and is printed, one offending element per line.
 *
 * Then, at 375 px: the keyword, competitor and city tables keep every column in view (as cards),
 * a source note opens without stretching the figures beside it (and closes on Escape), every
 * admin tab is in view, and the Logs tab pages its entries with the audit trail in a view of its
 * own.
 *
 * One server and three browser contexts (anonymous, a member, the administrator), reused across
 * the steps, which run in order. Contexts bypass the Content-Security-Policy so axe can be
 * injected (STACK.md); the app itself is unchanged.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, blocking, describe as describeViolations } from "./axe.js";
import { type E2EEnv, getEnv, setServerEnv, verificationLink } from "./harness.js";
import {
  fillRegistration,
  newAccount,
  overflowsHorizontally as overflows,
  STEP_TIMEOUT,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

// Keyword research and competitors without outside providers (as premium.e2e.test.ts).
setServerEnv({ BIS_SAMPLE_DATA: "true" });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Per step: generous, as the machine running the suite may be busy. */
const STEP = 60_000;

const admin = newAccount("a11y-admin", "Avery", "Admin");
const member = newAccount("a11y-member", "Quinn", "Member");

let env: E2EEnv;
const contexts: BrowserContext[] = [];
let anon: Page;
let user: Page;
let adminPage: Page;
let analysisPath = "";

const url = (path: string) => new URL(path, env.baseUrl).toString();

async function newContextPage(): Promise<Page> {
  const context = await env.browser.newContext({
    baseURL: env.baseUrl,
    viewport: WIDTHS[0],
    bypassCSP: true,
  });
  context.setDefaultTimeout(20_000);
  // No video provider is reachable here: keep the browser from trying.
  await context.route(/youtube\.com|ytimg\.com|googlevideo\.com|youtube-nocookie\.com/, (route) =>
    route.abort("internetdisconnected"),
  );
  contexts.push(context);
  return context.newPage();
}

/** Two animation frames: the layout after a resize has been painted. */
async function painted(page: Page) {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
}

/**
 * Runs axe on the page at each width (or only the current one with `widths`) and fails on any
 * serious or critical violation, printing them. Leaves the page at 1280 px.
 */
async function audit(
  page: Page,
  state: string,
  widths: readonly (typeof WIDTHS)[number][] = WIDTHS,
) {
  const problems: string[] = [];
  for (const size of widths) {
    await page.setViewportSize(size);
    await painted(page);
    const violations = blocking(await axeViolations(page));
    if (violations.length > 0)
      problems.push(`${state} at ${size.width} px:\n${describeViolations(violations)}`);
  }
  if (widths.length > 1) await page.setViewportSize(WIDTHS[0]);
  if (problems.length > 0) console.error(problems.join("\n\n"));
  expect(problems, problems.join("\n\n")).toEqual([]);
}

/** The page's h1 (or the card title of an auth screen) by its text. */
async function heading(page: Page, name: string | RegExp) {
  await visible(page.getByRole("heading", { name }).first());
}

beforeAll(async () => {
  env = getEnv();
  anon = await newContextPage();
  user = await newContextPage();
  adminPage = await newContextPage();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

describe("accessibility of every page state (axe-core, 1280 and 375 px)", () => {
  it("administrator setup", { timeout: STEP }, async () => {
    await adminPage.goto(url("/admin-setup"));
    await visible(adminPage.getByRole("button", { name: "Create Admin Account" }));
    await audit(adminPage, "administrator setup");
    await adminPage.getByLabel("Email", { exact: true }).fill(admin.email);
    await adminPage.getByLabel("Password", { exact: true }).fill(admin.password);
    await adminPage.getByLabel("First Name", { exact: true }).fill(admin.firstName);
    await adminPage.getByLabel("Last Name", { exact: true }).fill(admin.lastName);
    await adminPage.getByRole("button", { name: "Create Admin Account" }).click();
    await waitForPath(adminPage, "/dashboard");
  });

  it("landing page", { timeout: STEP }, async () => {
    await anon.goto(url("/"));
    await visible(anon.locator("h1"));
    await audit(anon, "landing page");
  });

  it("sign-in", { timeout: STEP }, async () => {
    await anon.goto(url("/signin"));
    await visible(anon.getByRole("button", { name: "Sign In", exact: true }));
    await audit(anon, "sign-in");
  });

  it("sign-in with the form's errors shown", { timeout: STEP }, async () => {
    await anon.getByRole("button", { name: "Sign In", exact: true }).click();
    await visible(anon.locator('[aria-invalid="true"]').first());
    await audit(anon, "sign-in with errors");
  });

  it("404 page", { timeout: STEP }, async () => {
    await anon.goto(url("/no-such-page"));
    await heading(anon, "404 Page Not Found");
    await audit(anon, "404 page");
  });

  it("forgot password, form and sent", { timeout: STEP }, async () => {
    await anon.goto(url("/forgot-password"));
    await heading(anon, "Forgot your password?");
    await audit(anon, "forgot password");
    await anon.getByLabel("Email", { exact: true }).fill(admin.email);
    await anon.getByRole("button", { name: "Send Reset Link" }).click();
    await heading(anon, "Check your inbox");
    await audit(anon, "forgot password, sent");
  });

  it("reset password from the mailed link", { timeout: STEP }, async () => {
    // The administrator may have had other mail: take the reset one.
    let link: string | undefined;
    while (!link) {
      const mail = await env.mailbox.waitFor(admin.email, 15_000);
      link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    }
    await anon.goto(link);
    await heading(anon, "Choose a new password");
    await audit(anon, "reset password");
  });

  it("registration, then its success screen", { timeout: STEP }, async () => {
    await user.goto(url("/register"));
    await visible(user.getByRole("button", { name: "Create Account & Start Analysis" }));
    await audit(user, "registration");
    await fillRegistration(user, member);
    await heading(user, "Registration Successful!");
    await audit(user, "registration success");
  });

  it("dashboard with no analyses", { timeout: STEP }, async () => {
    await user.goto(verificationLink(await env.mailbox.waitFor(member.email, 15_000)));
    await waitForPath(user, "/dashboard");
    await heading(user, `Welcome, ${member.firstName}!`);
    await visible(user.getByText("No analyses yet"));
    await audit(user, "empty dashboard");
  });

  it("wizard: form, processing, results card", { timeout: 2 * STEP }, async () => {
    // The results card moves on to the results page after 2 s: hold that one timer until the
    // card has been checked, at each width in turn (one analysis per width).
    await user.addInitScript(() => {
      const w = window as unknown as { __held: (() => void)[]; __hold: boolean };
      w.__held = [];
      w.__hold = false;
      const original = window.setTimeout;
      window.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
        if (w.__hold && ms === 2000 && typeof fn === "function") {
          w.__held.push(fn);
          return 0;
        }
        return original(fn, ms, ...rest);
      }) as typeof window.setTimeout;
    });
    for (const size of WIDTHS) {
      await user.setViewportSize(size);
      await user.goto(url("/market-analysis"));
      await visible(user.getByRole("button", { name: "Start Market Analysis" }));
      await user.evaluate(() => {
        (window as unknown as { __hold: boolean }).__hold = true;
      });
      await audit(user, "wizard form", [size]);

      await user.getByLabel("Target City").fill("Austin");
      await user.getByLabel("Target State").selectOption("TX");
      await user.getByLabel("Service Industry").selectOption("HVAC");
      // Hold the analysis request while the processing card is checked.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await user.route("**/api/market-analysis/analyze", async (route) => {
        await held;
        await route.continue();
      });
      await user.getByRole("button", { name: "Start Market Analysis" }).click();
      await heading(user, "Processing Census Data...");
      await audit(user, "wizard processing", [size]);
      release();
      await heading(user, "Market Analysis Results");
      await visible(toastIn(user, "Analysis Complete!"), STEP_TIMEOUT);
      await audit(user, "wizard results card", [size]);
      await user.unroute("**/api/market-analysis/analyze");
      await user.evaluate(() => {
        const w = window as unknown as { __held: (() => void)[]; __hold: boolean };
        w.__hold = false;
        for (const fn of w.__held.splice(0)) fn();
      });
      await user.waitForURL((u) => u.pathname.startsWith("/analysis/"), { timeout: 10_000 });
      analysisPath = new URL(user.url()).pathname;
    }
    await user.setViewportSize(WIDTHS[0]);
  });

  it("results page, free", { timeout: STEP }, async () => {
    await user.goto(url(analysisPath));
    await visible(user.getByText("Completed", { exact: true }));
    await visible(user.getByRole("table", { name: /^Cities in the service area/ }));
    await visible(user.getByRole("table", { name: /^ZIP areas in the service area/ }));
    await audit(user, "results page (free)");
  });

  it("results page with a source note open", { timeout: STEP }, async () => {
    const badge = user.locator("summary", { hasText: "Modeled" }).first();
    await badge.click();
    await visible(user.getByText("Grade:").first());
    await audit(user, "results page, source note open");
    await badge.click();
  });

  it("checkout", { timeout: STEP }, async () => {
    const id = analysisPath.split("/").at(-1) ?? "";
    await user.goto(url(`/checkout/${id}`));
    await visible(user.getByRole("button", { name: "Complete Demo Purchase" }));
    await audit(user, "checkout");
  });

  it("results page, paid, with keyword research and competitors", {
    timeout: 90_000,
  }, async () => {
    await user.getByRole("button", { name: "Complete Demo Purchase" }).click();
    await waitForPath(user, analysisPath);
    await visible(user.getByRole("link", { name: "Download PDF Report" }), STEP_TIMEOUT);
    await user.getByRole("button", { name: "Start Keyword Research" }).click();
    await visible(user.getByRole("table", { name: "PPC Opportunities" }), STEP_TIMEOUT);
    await user.getByRole("button", { name: "Start Competition Analysis" }).click();
    await visible(user.getByRole("table", { name: "Competitors" }), STEP_TIMEOUT);
    await audit(user, "results page (paid, every section)");
  });

  it("dashboard with analyses", { timeout: STEP }, async () => {
    await user.goto(url("/dashboard"));
    await heading(user, `Welcome, ${member.firstName}!`);
    await visible(user.getByRole("link", { name: /^View/ }).first());
    await audit(user, "dashboard with analyses");
  });

  it("profile", { timeout: STEP }, async () => {
    await user.goto(url("/profile"));
    await heading(user, "Account Settings");
    await visible(user.getByRole("heading", { name: "Profile Information" }));
    await audit(user, "profile");
  });

  const ADMIN_TABS = [
    ["users", "User Management"],
    ["searches", "Past Searches"],
    ["analyses", "Analyses"],
    ["system", "System"],
    ["api-keys", "API Keys"],
    ["settings", "Settings"],
    ["logs", "Logs"],
    ["partners", "Partners"],
  ] as const;

  for (const [value, label] of ADMIN_TABS) {
    it(`admin panel: ${label} tab`, { timeout: STEP }, async () => {
      await adminPage.goto(url(value === "users" ? "/admin" : `/admin?tab=${value}`));
      await visible(adminPage.getByRole("tab", { name: label, exact: true }));
      const panel = adminPage.getByRole("tabpanel").first();
      await visible(panel);
      // Every section of the tab has loaded (no spinner left).
      await adminPage.waitForFunction(
        () =>
          document.querySelectorAll('[role="tabpanel"] [role="status"][aria-label^="Loading"]')
            .length === 0,
      );
      await audit(adminPage, `admin panel, ${label}`);
    });
  }

  it("admin panel: the Logs tab's audit trail view", { timeout: STEP }, async () => {
    await adminPage.goto(url("/admin?tab=logs&view=audit"));
    await visible(adminPage.getByRole("region", { name: "Audit Trail", exact: true }));
    await adminPage.waitForFunction(
      () => document.querySelectorAll('[role="status"][aria-label^="Loading"]').length === 0,
    );
    await audit(adminPage, "admin panel, Logs, audit trail");
  });
});

/* ------------------------------------------------------------------ phones */

const PHONE = WIDTHS[1];

/** Whether the element lies wholly inside the window, sideways. */
async function withinWidth(page: Page, selector: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

describe("at 375 px", () => {
  it("the keyword table shows every keyword's CPC and budget, as cards", {
    timeout: STEP,
  }, async () => {
    await user.setViewportSize(PHONE);
    await user.goto(url(analysisPath));
    const table = user.getByRole("table", { name: "PPC Opportunities" });
    await visible(table);
    const row = table.locator("tbody tr[data-group]").first();
    for (const label of ["Search Volume", "CPC", "Estimated PPC Budget"]) {
      const cell = row.locator(`td[data-label="${label}"]`);
      expect(await withinWidth(user, cell), label).toBe(true);
    }
    expect(await row.locator('td[data-label="CPC"]').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    // The cell names its column (the header row is left to screen readers here).
    expect(
      await row
        .locator('td[data-label="CPC"]')
        .evaluate((td) => getComputedStyle(td, "::before").content),
    ).toBe('"CPC"');
    // The scroll box is a named region in the Tab order.
    const region = user.getByRole("region", { name: "PPC Opportunities table" });
    expect(await region.getAttribute("tabindex")).toBe("0");
    // The competitors, the cities and the ZIP areas keep every column in view too.
    await user.getByRole("button", { name: /^Competition Analysis/ }).click();
    const competitor = user.getByRole("table", { name: "Competitors" }).locator("tbody tr").first();
    await visible(competitor);
    for (const label of ["Rating", "Reviews", "Position", "Specialization"])
      expect(await withinWidth(user, competitor.locator(`td[data-label="${label}"]`)), label).toBe(
        true,
      );
    const city = user
      .getByRole("table", { name: /^Cities in the service area/ })
      .locator("tbody tr")
      .first();
    const cells = city.locator("td");
    const count = await cells.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) expect(await withinWidth(user, cells.nth(i))).toBe(true);
    await user.setViewportSize(WIDTHS[0]);
  });

  it("a source note opens over the page: the figures beside it keep their height", {
    timeout: STEP,
  }, async () => {
    await user.setViewportSize(WIDTHS[0]);
    const summary = user.getByRole("heading", { name: "Keyword Summary" }).locator("xpath=..");
    const cards = summary.locator("xpath=./dl/div");
    const heights = () => cards.evaluateAll((els) => els.map((el) => el.clientHeight));
    const before = await heights();
    const badge = summary.locator("summary").first();
    await badge.focus();
    await user.keyboard.press("Enter");
    const note = summary.locator("details[open] dl").first();
    await visible(note);
    expect(await heights()).toEqual(before);
    // Escape closes it and leaves focus on the badge.
    await user.keyboard.press("Escape");
    await note.waitFor({ state: "hidden" });
    expect(await badge.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("every admin tab is in view and can be chosen", { timeout: STEP }, async () => {
    await adminPage.setViewportSize(PHONE);
    await adminPage.goto(url("/admin"));
    const tabs = adminPage.getByRole("tablist", { name: "Administration" }).getByRole("tab");
    await visible(tabs.first());
    const count = await tabs.count();
    expect(count).toBe(8);
    for (let i = 0; i < count; i++) expect(await withinWidth(adminPage, tabs.nth(i))).toBe(true);
    await tabs.last().click();
    // The chosen tab is marked once the panel has switched (a busy machine takes a moment).
    const last = (await tabs.last().textContent())?.trim() ?? "";
    await visible(
      adminPage
        .getByRole("tablist", { name: "Administration" })
        .getByRole("tab", { name: last, selected: true }),
    );
    expect(await tabs.last().getAttribute("aria-selected")).toBe("true");
    expect(await overflows(adminPage)).toBe(false);
  });

  it("the Logs tab pages its entries and keeps the audit trail in its own view", {
    timeout: STEP,
  }, async () => {
    await adminPage.goto(url("/admin?tab=logs"));
    const logs = adminPage.getByRole("region", { name: "Log entries" });
    await visible(logs);
    expect(await adminPage.getByRole("region", { name: "Audit Trail", exact: true }).count()).toBe(
      0,
    );
    const rows = logs.locator("tbody tr");
    expect(await rows.count()).toBe(50);
    const shown = adminPage.getByText(/^Showing 50 of [\d,]+ log entries$/);
    await visible(shown);
    const total = Number(
      ((await shown.textContent()) ?? "").replace(/\D+/g, " ").trim().split(" ")[1],
    );
    expect(total).toBeGreaterThan(50);
    // The page is far shorter than the whole log laid out at once (its rows, here cards, at
    // the height the first page's take on average).
    const rowsHeight = await rows.evaluateAll((trs) =>
      trs.reduce((sum, tr) => sum + tr.getBoundingClientRect().height, 0),
    );
    expect(await adminPage.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(
      (rowsHeight / 50) * total,
    );
    await adminPage.getByRole("button", { name: "Load more" }).click();
    await adminPage.waitForFunction(
      () => document.querySelectorAll('[aria-label="Log entries"] tbody tr').length > 50,
    );
    // No entry twice, though the call for the second page was logged in between.
    const seqs = await rows.evaluateAll((trs) => trs.map((tr) => tr.textContent));
    expect(new Set(seqs).size).toBe(seqs.length);

    // The level filter is kept while the audit trail is shown.
    await adminPage.getByLabel("Level").selectOption("warn");
    await adminPage.getByRole("tab", { name: "Audit Trail" }).click();
    await visible(adminPage.getByRole("region", { name: "Audit Trail", exact: true }));
    expect(await logs.count()).toBe(0);
    await adminPage.getByRole("tab", { name: "Server Logs" }).click();
    expect(await adminPage.getByLabel("Level").inputValue()).toBe("warn");
    await adminPage.setViewportSize(WIDTHS[0]);
  });
});
