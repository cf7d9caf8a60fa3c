/**
 * Steps and waits shared by the browser tests: locating toasts, waiting for a path, signing in,
 * and signing up a fresh, verified account through the real mailbox.
 *
 * playwright-core has no `expect`: waits use locator.waitFor / page.waitForURL.
 */
import type { Locator, Page } from "playwright-core";
import { type E2EEnv, verificationLink } from "./harness.js";

export const NAV_TIMEOUT = 10_000;
export const STEP_TIMEOUT = 30_000;

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A new account with an address no other test run uses. */
export function newAccount(prefix: string, firstName = "Dana", lastName = "Tester"): Account {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return {
    firstName,
    lastName,
    email: `${prefix}-${stamp}@example.com`,
    password: "Journey#2024a",
  };
}

export async function visible(locator: Locator, timeout = NAV_TIMEOUT): Promise<void> {
  await locator.waitFor({ state: "visible", timeout });
}

/** A toast, found by its exact title inside the toast viewport. */
export function toastIn(page: Page, title: string): Locator {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByText(title, { exact: true });
}

export async function waitForPath(page: Page, pathname: string, timeout = NAV_TIMEOUT) {
  await page.waitForURL((u) => u.pathname === pathname, { timeout });
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await visible(page.getByRole("button", { name: "Sign In", exact: true }));
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Fills the registration form and submits it (no waiting). */
export async function fillRegistration(page: Page, account: Account, confirm = account.password) {
  await page.getByLabel("First Name", { exact: true }).fill(account.firstName);
  await page.getByLabel("Last Name", { exact: true }).fill(account.lastName);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(confirm);
  await page.getByRole("button", { name: "Create Account & Start Analysis" }).click();
}

/** Opens the verification link of the account's mail; the app lands on the dashboard. */
export async function verifyEmail(page: Page, env: E2EEnv, account: Account): Promise<void> {
  const mail = await env.mailbox.waitFor(account.email, 15_000);
  await page.goto(verificationLink(mail));
  await waitForPath(page, "/dashboard");
  await visible(page.getByRole("heading", { name: `Welcome, ${account.firstName}!` }));
}

/** Registers the account, verifies it from the mail, and ends signed in on the dashboard. */
export async function signUpVerified(page: Page, env: E2EEnv, account: Account): Promise<void> {
  await page.goto(new URL("/register", env.baseUrl).toString());
  await visible(page.getByRole("button", { name: "Create Account & Start Analysis" }));
  await fillRegistration(page, account);
  await visible(page.getByRole("heading", { name: "Registration Successful!" }));
  await verifyEmail(page, env, account);
}

/**
 * Runs the free market analysis for a city from the dashboard's "Start Analysis" and waits until
 * the browser is on its results page; returns that page's path (/analysis/{id}).
 */
export async function runAnalysis(page: Page, city: string, state: string): Promise<string> {
  await page.getByRole("link", { name: "Start Analysis" }).first().click();
  await waitForPath(page, "/market-analysis");
  await page.getByLabel("Target City").fill(city);
  await page.getByLabel("Target State").selectOption(state);
  await page.getByLabel("Service Industry").selectOption("HVAC");
  await page.getByRole("button", { name: "Start Market Analysis" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/analysis/"), { timeout: 25_000 });
  await visible(page.getByText("Completed", { exact: true }));
  return new URL(page.url()).pathname;
}

/** Whether the page scrolls sideways at the current viewport width. */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}

/** Opens the header's account menu (the button with the user's name); returns the open menu. */
export async function openAccountMenu(page: Page, name: string): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name, exact: true }).click();
  const menu = page.getByRole("menu", { name, exact: true });
  await visible(menu);
  return menu;
}

/** Signs out through the header's account menu and waits for the landing page. */
export async function signOutFromMenu(page: Page, name: string): Promise<void> {
  const menu = await openAccountMenu(page, name);
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await visible(toastIn(page, "Logged out"));
  await waitForPath(page, "/");
}

/**
 * Watches the page for `text` from now on (a flash between two screens, which a later look
 * would miss); `seen()` says whether it ever appeared. The page must not reload meanwhile.
 */
export async function watchForText(
  page: Page,
  text: string,
): Promise<{ seen(): Promise<boolean> }> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __bisSeen?: Record<string, boolean> };
    w.__bisSeen = w.__bisSeen ?? {};
    const seen = w.__bisSeen;
    seen[wanted] = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes(wanted)) seen[wanted] = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return {
    seen: () =>
      page.evaluate(
        (wanted) =>
          (window as unknown as { __bisSeen?: Record<string, boolean> }).__bisSeen?.[wanted] ===
          true,
        text,
      ),
  };
}
