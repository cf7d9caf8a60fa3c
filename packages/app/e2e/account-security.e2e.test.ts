/**
 * Account security in a real browser against the real server, with mail through the real SMTP
 * test server: forgot password → mailed link → new password → every other session
 * ended → signed in; then the confirmed email change from the profile, and the devices list.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import {
  fillSignIn,
  NAV_TIMEOUT,
  newAccount,
  STEP_TIMEOUT,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

const account = newAccount("recover", "Riley", "Recover");
const newPassword = "Recovered#2026";
const newEmail = `moved-${Date.now()}@example.com`;

let env: E2EEnv;
/** The device that signed up and is left signed in. */
let first: Page;
/** The device that forgets the password. */
let second: Page;

const url = (path: string) => new URL(path, env.baseUrl).toString();

/** The BIS link to `path` in a mail's plain text. */
function linkIn(mail: { text: string }, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in:\n${mail.text}`);
  return match[0];
}

async function signedInStatus(page: Page): Promise<number> {
  return (await page.request.get(url("/api/auth/user"))).status();
}

describe("account security", () => {
  beforeAll(async () => {
    env = getEnv();
    first = await newPage();
    second = await newPage();
  });

  afterAll(async () => {
    await first?.context().close();
    await second?.context().close();
  });

  it("signs up on a first device", { timeout: STEP_TIMEOUT }, async () => {
    await signUpVerified(first, env, account);
  });

  it("asks for a reset link from the sign-in page", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await second.goto(url("/signin"));
    await second.getByRole("link", { name: "Forgot password?" }).click();
    await waitForPath(second, "/forgot-password");
    // The address changes before the lazily loaded page replaces the sign-in form (whose Email
    // field has the same label): fill the field once the new page is there.
    await visible(second.getByRole("heading", { name: "Forgot your password?" }));
    await second.getByLabel("Email", { exact: true }).fill(account.email);
    await second.getByRole("button", { name: "Send Reset Link" }).click();
    await visible(second.getByRole("heading", { name: "Check your inbox" }));
    await visible(second.getByText("If an account exists for that address, we've sent a link"));
  });

  it("sets a new password from the mailed link under registration's rules and is signed in", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const mail = await env.mailbox.waitFor(account.email, 15_000);
    expect(mail.subject).toBe("Reset your BIS password");
    await second.goto(linkIn(mail, "/reset-password"));
    await second.getByLabel("New Password", { exact: true }).fill("aaaaaa");
    await second.getByLabel("Confirm New Password", { exact: true }).fill("aaaaaa");
    await second.getByRole("button", { name: "Set New Password" }).click();
    await visible(second.getByText("Password must be at least 8 characters"));

    await second.getByLabel("New Password", { exact: true }).fill(newPassword);
    await second.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
    await second.getByRole("button", { name: "Set New Password" }).click();
    await waitForPath(second, "/dashboard");
    await visible(toastIn(second, "Password reset"));
    await visible(second.getByRole("heading", { name: `Welcome, ${account.firstName}!` }));

    // The first device was signed out; the old password no longer works, the new one does.
    expect(await signedInStatus(first)).toBe(401);
    await first.goto(url("/signin"));
    await fillSignIn(first, account.email, account.password);
    await visible(toastIn(first, "Login failed"));
    await fillSignIn(first, account.email, newPassword);
    await waitForPath(first, "/dashboard");

    // The link worked once.
    await second.goto(linkIn(mail, "/reset-password"));
    await second.getByLabel("New Password", { exact: true }).fill("Another#2026x");
    await second.getByLabel("Confirm New Password", { exact: true }).fill("Another#2026x");
    await second.getByRole("button", { name: "Set New Password" }).click();
    await visible(toastIn(second, "Password reset failed"));
  });

  it("changes the email only when the link mailed to the new address is followed", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await second.goto(url("/profile"));
    await second.getByRole("button", { name: "Change Email" }).click();
    await second.getByLabel("New Email", { exact: true }).fill(newEmail);
    await second.getByLabel("Current Password", { exact: true }).fill(newPassword);
    await second.getByRole("button", { name: "Send Confirmation Link" }).click();
    await visible(second.getByText("Check your inbox"));

    const notice = await env.mailbox.waitFor(account.email, 15_000);
    expect(notice.text).toContain(newEmail);
    const confirm = await env.mailbox.waitFor(newEmail, 15_000);
    // Not changed yet.
    await second.reload();
    await visible(second.getByText(account.email).first());

    await second.goto(linkIn(confirm, "/confirm-email"));
    await waitForPath(second, "/profile");
    await visible(toastIn(second, "Email changed"));
    await visible(second.getByText(newEmail).first(), NAV_TIMEOUT);
  });

  it("lists both devices and signs out everywhere else", { timeout: STEP_TIMEOUT }, async () => {
    const list = second.getByRole("list", { name: "Signed-in devices" });
    await visible(list);
    await visible(list.getByText("This device"));
    expect(await list.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    await second.getByRole("button", { name: "Sign out everywhere else" }).click();
    await visible(toastIn(second, "Signed out everywhere else"));
    await second.waitForFunction(
      () => document.querySelectorAll('[aria-label="Signed-in devices"] > li').length === 1,
    );
    expect(await signedInStatus(first)).toBe(401);
    expect(await signedInStatus(second)).toBe(200);
  });
});
