/**
 * Account security over HTTP against a real server and a real SMTP server: the
 * confirmed email change, forgot password, and the signed-in devices.
 */
import { ACCOUNT_MESSAGES } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import {
  linkIn,
  startTestServer,
  type TestServer,
  tokenOf,
  verificationLink,
} from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { verification } = tablesFor(testEngine());

const password = "Cool-Air9!";
let seq = 0;
let bis: TestServer;
const clients: NodeClient[] = [];

function client(userAgent?: string) {
  const c = createNodeClient({
    baseUrl: bis.url,
    ...(userAgent ? { headers: { "User-Agent": userAgent } } : {}),
  });
  clients.push(c);
  return c;
}

async function account(c = client()) {
  seq += 1;
  const email = `sec${seq}.${Date.now()}@example.com`;
  await c.auth.register({ firstName: "Sam", lastName: "Secure", email, password, username: email });
  await c.fetch(verificationLink(await bis.mailbox.waitFor(email)), { method: "GET" });
  return { c, email };
}

/** Moves every pending link whose identifier starts with `prefix` one minute into the past. */
async function expireLinks(prefix: string) {
  await bis.server.context.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(like(verification.identifier, `${prefix}%`));
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await bis.close();
});

describe("email change", () => {
  it("needs the current password, changes only when the link to the new address is followed, once", async () => {
    const { c, email } = await account();
    const newEmail = `moved${seq}.${Date.now()}@example.com`;

    const wrong = await c.account
      .requestEmailChange({ newEmail, currentPassword: "not-it" })
      .catch((e) => e);
    expect(wrong).toMatchObject({
      status: 400,
      code: "PASSWORD_INCORRECT",
      serverMessage: "Current password is incorrect",
    });

    const answer = await c.account.requestEmailChange({ newEmail, currentPassword: password });
    expect(answer.message).toBe(ACCOUNT_MESSAGES.emailChangeRequested);
    const notice = await bis.mailbox.waitFor(email);
    expect(notice.subject).toMatch(/about to change/);
    expect(notice.text).toContain(newEmail);
    const confirm = await bis.mailbox.waitFor(newEmail);
    const link = linkIn(confirm, "/confirm-email");

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await c.auth.user())?.email).toBe(email);
    const other = client();
    await expect(other.auth.login({ email: newEmail, password })).rejects.toMatchObject({
      status: 401,
    });

    const done = await other.account.confirmEmailChange({ token: tokenOf(link) });
    expect(done.message).toBe(ACCOUNT_MESSAGES.emailChanged);
    expect((await c.auth.user())?.email).toBe(newEmail);
    expect((await other.auth.login({ email: newEmail, password })).email).toBe(newEmail);

    // Single use.
    await expect(other.account.confirmEmailChange({ token: tokenOf(link) })).rejects.toMatchObject({
      status: 400,
      serverMessage: ACCOUNT_MESSAGES.emailChangeInvalidLink,
    });
  });

  it("answers the same for a taken address, changes nothing, and tells the taken address' owner", async () => {
    const { email: takenEmail } = await account();
    const { c, email } = await account();
    const answer = await c.account.requestEmailChange({
      newEmail: takenEmail,
      currentPassword: password,
    });
    expect(answer.message).toBe(ACCOUNT_MESSAGES.emailChangeRequested);
    const toOwner = await bis.mailbox.waitFor(takenEmail);
    expect(toOwner.subject).toMatch(/tried to use your email/);
    expect(toOwner.text).not.toContain(email);
    expect(toOwner.text).not.toContain("/confirm-email");
    expect((await bis.mailbox.waitFor(email)).subject).toMatch(/about to change/);
    expect((await c.auth.user())?.email).toBe(email);
  });

  it("refuses API tokens (403) and unknown or forged links (400)", async () => {
    const { c } = await account();
    const { token } = await c.tokens.create({ name: "script" });
    const viaToken = await fetch(`${bis.url}/api/auth/email-change`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ newEmail: "x@example.com", currentPassword: password }),
    });
    expect(viaToken.status).toBe(403);
    expect(await viaToken.json()).toMatchObject({ message: ACCOUNT_MESSAGES.apiTokenNotAllowed });
    for (const [method, route] of [
      ["GET", "/api/auth/sessions"],
      ["POST", "/api/auth/sessions/revoke-others"],
    ] as const) {
      const res = await fetch(`${bis.url}${route}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status, route).toBe(403);
    }
    expect(await c.auth.user()).not.toBeNull();

    await expect(
      client().account.confirmEmailChange({ token: "forged-token" }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe("forgot password", () => {
  it("mails a single-use link; the reset follows registration's rules, ends sessions and tokens, and signs in", async () => {
    const { c, email } = await account();
    const { token: apiToken } = await c.tokens.create({ name: "cli" });
    const browser = client();
    const unknown = await browser.account.forgotPassword({
      email: `nobody.${Date.now()}@example.com`,
    });
    const known = await browser.account.forgotPassword({ email });
    expect(unknown).toEqual(known);
    expect(known.message).toBe(ACCOUNT_MESSAGES.resetRequested);

    const mail = await bis.mailbox.waitFor(email);
    expect(mail.subject).toBe("Reset your BIS password");
    const token = tokenOf(linkIn(mail, "/reset-password"));

    const weak = await browser.account
      .resetPassword({ token, newPassword: "aaaaaa" })
      .catch((e) => e);
    expect(weak).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });

    const user = await browser.account.resetPassword({ token, newPassword: "New-Pass7!" });
    expect(user.email).toBe(email);
    expect((await browser.auth.user())?.email).toBe(email);

    // The old session and the API token are gone; the old password no longer works.
    expect(await c.auth.user()).toBeNull();
    const tokenCall = await fetch(`${bis.url}/api/auth/user`, {
      headers: { Authorization: `Bearer ${apiToken}` },
    });
    expect(tokenCall.status).toBe(401);
    await expect(client().auth.login({ email, password })).rejects.toMatchObject({ status: 401 });
    expect((await client().auth.login({ email, password: "New-Pass7!" })).email).toBe(email);

    // Single use.
    await expect(
      client().account.resetPassword({ token, newPassword: "Other-Pass8!" }),
    ).rejects.toMatchObject({ status: 400, serverMessage: ACCOUNT_MESSAGES.resetInvalidLink });
  });
});

describe("expired links", () => {
  it("refuses an email-change link and a reset link after they expire, and changes nothing", async () => {
    const { c, email } = await account();
    const newEmail = `late${seq}.${Date.now()}@example.com`;
    await c.account.requestEmailChange({ newEmail, currentPassword: password });
    await bis.mailbox.waitFor(email);
    const change = tokenOf(linkIn(await bis.mailbox.waitFor(newEmail), "/confirm-email"));
    await c.account.forgotPassword({ email });
    const reset = tokenOf(linkIn(await bis.mailbox.waitFor(email), "/reset-password"));

    await expireLinks("change-email:");
    await expireLinks("reset-password:");

    await expect(c.account.confirmEmailChange({ token: change })).rejects.toMatchObject({
      status: 400,
      serverMessage: ACCOUNT_MESSAGES.emailChangeInvalidLink,
    });
    await expect(
      c.account.resetPassword({ token: reset, newPassword: "New-Pass7!" }),
    ).rejects.toMatchObject({ status: 400, serverMessage: ACCOUNT_MESSAGES.resetInvalidLink });
    expect((await c.auth.user())?.email).toBe(email);
    expect((await client().auth.login({ email, password })).email).toBe(email);
  });
});

describe("signed-in devices", () => {
  it("lists the user's sessions with browser and system, marks this one, and signs out the others", async () => {
    const firefox =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const safari =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
    const a = client(firefox);
    const { email } = await account(a);
    await a.auth.login({ email, password });
    const b = client(safari);
    await b.auth.login({ email, password });

    const sessions = await b.account.sessions();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: "Safari 17", os: "macOS" });
    expect(
      sessions.some((s) => !s.current && s.browser === "Firefox 128" && s.os === "Windows"),
    ).toBe(true);
    expect(current[0]?.ipAddress).toBe("127.0.0.1");
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    // Someone else sees only their own devices.
    const { c: stranger } = await account();
    const theirs = await stranger.account.sessions();
    expect(theirs.every((s) => !sessions.some((mine) => mine.id === s.id))).toBe(true);

    const result = await b.account.revokeOtherSessions();
    expect(result.revoked).toBeGreaterThanOrEqual(1);
    expect(await a.auth.user()).toBeNull();
    expect((await b.auth.user())?.email).toBe(email);
    expect(await b.account.sessions()).toHaveLength(1);
    expect(await stranger.auth.user()).not.toBeNull();
  });
});

// Last: it uses up this IP's budget for reset requests.
describe("rate limit", () => {
  it("rate-limits reset requests per IP address", async () => {
    const c = client();
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i += 1) {
      status = await c.account
        .forgotPassword({ email: `flood${i}@example.com` })
        .then(() => 200)
        .catch((e) => e.status);
    }
    expect(status).toBe(429);
  });
});
