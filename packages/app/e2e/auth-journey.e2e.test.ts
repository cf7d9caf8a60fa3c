/**
 * The account journey in a real browser against the real server: landing, 404, registration
 * with validation, sign-in before verification, email verification, dashboard, signed-out-only
 * redirects, profile edit, password change, sign out, sign in again, session expiry.
 *
 * Steps share one page and run in order; each step starts where the previous one ended.
 * playwright-core has no `expect`, so waits use locator.waitFor / page.waitForURL and values are
 * checked with Vitest's expect.
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import {
  fillRegistration,
  fillSignIn as fillSignInOn,
  NAV_TIMEOUT,
  newAccount,
  openAccountMenu,
  STEP_TIMEOUT,
  signOutFromMenu,
  toastIn,
  verifyEmail,
  visible,
  waitForPath,
} from "./support.js";

const account = {
  ...newAccount("journey", "Dana", "Journey"),
  newFirstName: "Jordan",
  newPassword: "Changed#2025b",
};

let env: E2EEnv;
let page: Page;

const url = (path: string) => new URL(path, env.baseUrl).toString();
const toast = (title: string): Locator => toastIn(page, title);
const atPath = (pathname: string, timeout = NAV_TIMEOUT) => waitForPath(page, pathname, timeout);
const fillSignIn = (email: string, password: string) => fillSignInOn(page, email, password);

describe("account journey", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("shows the landing page with the video placeholder", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(url("/"));
    await visible(page.getByRole("heading", { name: "Premium Local Market Research" }));
    await visible(page.getByText("Video Coming Soon"));
    await visible(page.getByRole("link", { name: "Start Your Free Market Analysis" }));
  });

  it("answers an unknown path with the 404 page", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(url("/this-page-does-not-exist"));
    await visible(page.getByRole("heading", { name: "404 Page Not Found" }));
  });

  it("validates the registration form", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(url("/register"));
    const submit = page.getByRole("button", { name: "Create Account & Start Analysis" });
    await visible(submit);
    await submit.click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Password must be at least 8 characters",
    ]) {
      await visible(page.getByText(message));
    }

    await fillRegistration(page, account, `${account.password}x`);
    await visible(page.getByText("Passwords don't match"));
  });

  it("registers and shows the success screen", { timeout: STEP_TIMEOUT }, async () => {
    await page.getByLabel("Confirm Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Create Account & Start Analysis" }).click();
    await visible(page.getByRole("heading", { name: "Registration Successful!" }));
    await visible(toast("Account created!"));
    await visible(page.getByText(account.email));
  });

  it("refuses to sign in before the email is verified", { timeout: STEP_TIMEOUT }, async () => {
    await page.goto(url("/signin"));
    await fillSignIn(account.email, account.password);
    await visible(toast("Login failed"));
    expect(new URL(page.url()).pathname).toBe("/signin");
  });

  it("verifies the email from the mail and lands on the dashboard", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await verifyEmail(page, env, account);
    await visible(toast("Email verified"));
  });

  it("shows the pipeline with premium steps locked and no admin button", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    // A default install has no competitor data: keyword research is locked until payment,
    // competition analysis is not offered at all.
    await visible(page.getByText("Competition analysis is not available yet."));
    const locked = page.getByText("Requires Payment");
    await visible(locked.first());
    expect(await locked.count()).toBe(1);
    const menu = await openAccountMenu(page, account.firstName);
    await visible(menu.getByRole("menuitem", { name: "Sign Out" }));
    expect(await menu.getByRole("menuitem", { name: "Admin Panel" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await visible(page.getByRole("heading", { name: "Account Information" }));
    await visible(page.getByText(account.email));
  });

  it("sends a signed-in user from /signin and /register to /dashboard", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    for (const path of ["/signin", "/register"]) {
      await page.goto(url(path));
      await atPath("/dashboard");
      await visible(page.getByRole("heading", { name: `Welcome, ${account.firstName}!` }));
    }
  });

  it("edits the profile", { timeout: STEP_TIMEOUT }, async () => {
    const menu = await openAccountMenu(page, account.firstName);
    await menu.getByRole("menuitem", { name: "Profile" }).click();
    await atPath("/profile");
    await visible(page.getByRole("heading", { name: "Account Settings" }));
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("First Name", { exact: true }).fill(account.newFirstName);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await visible(toast("Profile updated"));
    await visible(page.getByRole("button", { name: "Edit Profile" }));
    await visible(page.getByRole("main").getByText(account.newFirstName, { exact: true }));
    // The header's menu button says the new name at once.
    await visible(page.getByRole("banner").getByRole("button", { name: account.newFirstName }));
  });

  it("refuses a wrong current password, then changes the password", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByLabel("Current Password", { exact: true }).fill("Not-the-password#1");
    await page.getByLabel("New Password", { exact: true }).fill(account.newPassword);
    await page.getByLabel("Confirm New Password", { exact: true }).fill(account.newPassword);
    await page.getByRole("button", { name: "Update Password" }).click();
    await visible(toast("Password change failed"));

    await page.getByLabel("Current Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Update Password" }).click();
    await visible(toast("Password changed"));
    await page.getByLabel("Current Password", { exact: true }).waitFor({
      state: "detached",
      timeout: NAV_TIMEOUT,
    });
  });

  it("signs out to the landing page", { timeout: STEP_TIMEOUT }, async () => {
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await atPath("/dashboard");
    await signOutFromMenu(page, account.newFirstName);
    await visible(page.getByRole("heading", { name: "Premium Local Market Research" }));
  });

  it("signs in with the new password", { timeout: STEP_TIMEOUT }, async () => {
    await page.getByRole("link", { name: "Sign In", exact: true }).click();
    await atPath("/signin");
    await fillSignIn(account.email, account.newPassword);
    await visible(toast("Welcome back!"));
    await atPath("/dashboard");
    await visible(page.getByRole("heading", { name: `Welcome, ${account.newFirstName}!` }));
  });

  it("announces an expired session and goes home after the delay", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.context().clearCookies();
    await page.goto(url("/dashboard"));
    await visible(toast("Session Expired"));
    // The redirect waits REDIRECT_DELAY_MS.default (1 s): the toast comes first, on /dashboard.
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await atPath("/", 5_000);
    await visible(page.getByRole("heading", { name: "Premium Local Market Research" }));
  });
});
