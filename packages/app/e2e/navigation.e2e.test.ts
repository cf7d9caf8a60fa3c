/**
 * Navigation in a real browser, at 1280 and 375 px: the same header on every signed-in screen
 * (the BIS mark, "Dashboard", the user's menu — Admin Panel only for administrators), no screen
 * repeating Profile or Sign Out, the document title of each screen, the menu by keyboard, signing
 * out from the menu; deleting an analysis from the dashboard; "Modify Analysis" and running again
 * leaving one analysis, not two; and axe-core finding no serious or critical violation on the
 * dashboard with the menu or the delete confirmation open.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import {
  NAV_TIMEOUT,
  newAccount,
  openAccountMenu,
  overflowsHorizontally,
  runAnalysis,
  STEP_TIMEOUT,
  signOutFromMenu,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

const member = newAccount("nav", "Robin", "Member");
const admin = { email: `nav-admin-${Date.now()}@example.com`, firstName: "Ada" };
const WIDTHS = [1280, 375] as const;

let env: E2EEnv;
let page: Page;
let adminPage: Page;
let austinPath = "";

const url = (path: string) => new URL(path, env.baseUrl).toString();
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** The signed-in user's analyses as the server has them. */
async function myAnalyses(p: Page): Promise<{ total: number; locations: string[] }> {
  return p.evaluate(async () => {
    const body = await (await fetch("/api/analyses?limit=200")).json();
    return {
      total: body.total as number,
      locations: (body.analyses as { location: string }[]).map((a) => a.location),
    };
  });
}

/** Serious and critical axe-core violations on the page as it is now. */
async function axeViolations(p: Page): Promise<string[]> {
  // evaluate() runs outside the page's Content-Security-Policy, which forbids inline scripts.
  await p.evaluate(axeSource);
  return p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResult> } })
      .axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
    }
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter(
        (v) => v.impact === "serious" || v.impact === "critical" || v.id === "landmark-unique",
      )
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
}

/** The header of the screen on view: Dashboard, the user's menu, no per-screen account buttons. */
async function expectSignedInHeader(p: Page, firstName: string) {
  const banner = p.getByRole("banner");
  await visible(banner.getByRole("link", { name: "BIS home" }));
  await visible(banner.getByRole("link", { name: "Dashboard", exact: true }));
  const button = banner.getByRole("button", { name: firstName, exact: true });
  await visible(button);
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  // No screen repeats the menu's items as buttons or links of its own.
  expect(await p.getByRole("button", { name: "Sign Out", exact: true }).count()).toBe(0);
  expect(await p.getByRole("link", { name: "Profile", exact: true }).count()).toBe(0);
  expect(await p.getByRole("link", { name: "Admin Panel", exact: true }).count()).toBe(0);
  // The whole header fits the viewport (the menu button is not pushed off-screen).
  const box = await button.boundingBox();
  const width = p.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  expect(await overflowsHorizontally(p)).toBe(false);
}

describe("navigation", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
    adminPage = await newPage();
  });

  afterAll(async () => {
    await page?.context().close();
    await adminPage?.context().close();
  });

  it("signs up a member who runs an analysis, and the first administrator", {
    timeout: 90_000,
  }, async () => {
    await signUpVerified(page, env, member);
    austinPath = await runAnalysis(page, "Austin", "TX");

    await adminPage.goto(url("/"));
    const status = await adminPage.evaluate(async (email) => {
      const response = await fetch("/api/admin/setup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email,
          password: "Admin-pass-1",
          firstName: "Ada",
          lastName: "Admin",
        }),
      });
      return response.status;
    }, admin.email);
    expect(status).toBeLessThan(300);
    await adminPage.goto(url("/dashboard"));
    await visible(adminPage.getByRole("heading", { name: "Welcome, Ada!" }));
  });

  for (const width of WIDTHS) {
    it(`shows the same header and the right title on every signed-in screen at ${width} px`, {
      timeout: 60_000,
    }, async () => {
      await page.setViewportSize({ width, height: 800 });
      const id = austinPath.split("/").pop() ?? "";
      const screens: { path: string; ready: () => Promise<void>; title: string }[] = [
        {
          path: "/dashboard",
          ready: () => visible(page.getByRole("heading", { name: "Welcome, Robin!" })),
          title: "Dashboard — BIS",
        },
        {
          path: "/market-analysis",
          ready: () => visible(page.getByRole("button", { name: "Start Market Analysis" })),
          title: "New market analysis — BIS",
        },
        {
          path: austinPath,
          ready: () => visible(page.getByRole("heading", { name: "Austin, TX", level: 1 })),
          title: "Austin, TX — Market analysis — BIS",
        },
        {
          path: `/checkout/${id}`,
          ready: () => visible(page.getByRole("heading", { name: "Checkout", level: 1 })),
          title: "Checkout — BIS",
        },
        {
          path: "/profile",
          ready: () => visible(page.getByRole("heading", { name: "Account Settings" })),
          title: "Account Settings — BIS",
        },
        {
          path: "/dev-admin",
          ready: () => visible(page.getByRole("heading", { name: "Development Admin" })),
          title: "Development Admin — BIS",
        },
      ];
      for (const screen of screens) {
        await page.goto(url(screen.path));
        await screen.ready();
        await expectSignedInHeader(page, member.firstName);
        expect(await page.title(), screen.path).toBe(screen.title);
      }

      // The administrator's header, on the admin panel.
      await adminPage.setViewportSize({ width, height: 800 });
      await adminPage.goto(url("/admin"));
      await visible(adminPage.getByRole("heading", { name: "Administration Panel", level: 1 }));
      await expectSignedInHeader(adminPage, admin.firstName);
      expect(await adminPage.title()).toBe("Administration Panel — BIS");

      // An unknown path: its own title.
      await page.goto(url("/no/such/page"));
      await visible(page.getByRole("heading", { name: "404 Page Not Found" }));
      expect(await page.title()).toBe("Page not found — BIS");
    });

    it(`offers Admin Panel only to administrators, and works by keyboard, at ${width} px`, {
      timeout: STEP_TIMEOUT,
    }, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url("/profile"));
      await visible(page.getByRole("heading", { name: "Account Settings" }));
      const button = page.getByRole("banner").getByRole("button", { name: member.firstName });
      await button.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: member.firstName });
      await visible(menu);
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Profile", "Sign Out"]);
      // The open menu fits the phone's width.
      const box = await menu.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
        "Profile",
      );
      await page.keyboard.press("ArrowDown");
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
        "Sign Out",
      );
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

      // A click outside closes it too.
      await button.click();
      await visible(menu);
      await page.mouse.click(8, 780);
      await menu.waitFor({ state: "detached" });

      // The administrator's menu has Admin Panel, and it opens the panel.
      await adminPage.setViewportSize({ width, height: 800 });
      await adminPage.goto(url("/dashboard"));
      const adminMenu = await openAccountMenu(adminPage, admin.firstName);
      expect(await adminMenu.getByRole("menuitem").allTextContents()).toEqual([
        "Profile",
        "Admin Panel",
        "Sign Out",
      ]);
      await adminMenu.getByRole("menuitem", { name: "Admin Panel" }).click();
      await waitForPath(adminPage, "/admin");
    });
  }

  it("keeps Past Searches' Load button on screen at 375 px, with unique landmarks", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await adminPage.setViewportSize({ width: 375, height: 800 });
    await adminPage.goto(url("/admin"));
    await adminPage.getByRole("tab", { name: "Past Searches", exact: true }).click();
    const table = adminPage.getByRole("region", { name: "Analyses table" });
    const load = table.getByRole("link", { name: "Load Austin, TX" });
    await visible(load);
    const box = await load.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const violations = await axeViolations(adminPage);
    expect(violations.filter((v) => v.startsWith("landmark-unique"))).toEqual([]);
  });

  it("finds no serious or critical accessibility violation with the menu open, at both widths", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url("/dashboard"));
      await visible(
        page
          .getByRole("region", { name: "Your Analyses" })
          .getByText("Austin, TX", { exact: true }),
      );
      expect(await axeViolations(page), `dashboard at ${width} px`).toEqual([]);
      await openAccountMenu(page, member.firstName);
      expect(await axeViolations(page), `menu open at ${width} px`).toEqual([]);
      await page.keyboard.press("Escape");
    }
  });

  it("deletes an analysis from the dashboard after a confirmation, at 375 px", {
    timeout: 60_000,
  }, async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url("/dashboard"));
    await runAnalysis(page, "Dallas", "TX");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url("/dashboard"));
    const list = page.getByRole("region", { name: "Your Analyses" });
    await visible(list.getByText("Dallas, TX", { exact: true }));
    expect((await myAnalyses(page)).total).toBe(2);

    const remove = list.getByRole("button", { name: /^Delete analysis of Dallas, TX/ });
    // Every action of a row stays on screen at 375 px.
    for (const action of [
      remove,
      list.getByRole("link", { name: /^View analysis of Dallas, TX/ }),
      list.getByRole("link", { name: /^Buy Premium for the Dallas, TX/ }),
    ]) {
      const box = await action.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete the Dallas, TX analysis?" });
    await visible(dialog);
    await visible(dialog.getByText(/This cannot be undone/));
    expect(await axeViolations(page), "delete confirmation").toEqual([]);
    // The safe choice first; Escape backs out.
    expect(
      await dialog
        .getByRole("button", { name: "Cancel" })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await myAnalyses(page)).total).toBe(2);

    await remove.click();
    await dialog.getByRole("button", { name: "Delete Analysis" }).click();
    await visible(toastIn(page, "Analysis deleted"));
    await list
      .getByText("Dallas, TX", { exact: true })
      .waitFor({ state: "detached", timeout: NAV_TIMEOUT });
    await visible(list.getByText("Austin, TX", { exact: true }));
    expect(await myAnalyses(page)).toEqual({ total: 1, locations: ["Austin, TX"] });
    expect(await overflowsHorizontally(page)).toBe(false);
  });

  it('leaves one analysis after "Modify Analysis" and running again', {
    timeout: 60_000,
  }, async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url("/market-analysis"));
    await page.getByLabel("Target City").fill("Waco");
    await page.getByLabel("Target State").selectOption("TX");
    await page.getByLabel("Service Industry").selectOption("HVAC");
    await page.getByRole("button", { name: "Start Market Analysis" }).click();
    // Stage 2 says what the market size counts; then the user steps back before it moves on.
    await visible(page.getByText(/^People living within 15 miles of Waco, TX$/), 25_000);
    await page.getByRole("button", { name: "Modify Analysis" }).click();
    await page.getByLabel("Target City").fill("Temple");
    await page.getByRole("button", { name: "Start Market Analysis" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/analysis/"), { timeout: 25_000 });
    await visible(page.getByRole("heading", { name: "Temple, TX", level: 1 }));
    expect(await page.title()).toBe("Temple, TX — Market analysis — BIS");
    await expect
      .poll(async () => (await myAnalyses(page)).locations, { timeout: NAV_TIMEOUT })
      .toEqual(["Temple, TX", "Austin, TX"]);
  });

  it("signs out from the menu at 375 px", { timeout: STEP_TIMEOUT }, async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url("/profile"));
    await visible(page.getByRole("heading", { name: "Account Settings" }));
    await signOutFromMenu(page, member.firstName);
    const banner = page.getByRole("banner");
    await visible(banner.getByRole("link", { name: "Sign In", exact: true }));
    await visible(banner.getByRole("link", { name: "Get Started" }));
    expect(await banner.getByRole("link", { name: "Dashboard", exact: true }).count()).toBe(0);
  });
});
