/**
 * Accounts over HTTP against a real server (temporary data directory, real SMTP server):
 * register → mail → verify → sign in → profile → password → sign out, and the ways it must refuse.
 */
import { BisApiError } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { startTestServer, type TestServer, verificationLink } from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { user } = tablesFor(testEngine());

const password = "Cool-Air9!";
let seq = 0;
function person() {
  seq += 1;
  const email = `dana${seq}.${Date.now()}@example.com`;
  return { firstName: "Dana", lastName: "Reyes", email, password, username: email };
}

let bis: TestServer;
const clients: NodeClient[] = [];
function client() {
  const c = createNodeClient({ baseUrl: bis.url });
  clients.push(c);
  return c;
}

/** Follows a verification link as a browser would on its first hop, keeping the cookie. */
async function openLink(c: NodeClient, link: string) {
  return c.fetch(link, { method: "GET", headers: {} });
}

async function registerAndVerify(c: NodeClient, p = person()) {
  await c.auth.register(p);
  const mail = await bis.mailbox.waitFor(p.email);
  const res = await openLink(c, verificationLink(mail));
  expect(res.status).toBe(302);
  return p;
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await bis.close();
});

describe("the account journey", () => {
  it("registers, verifies by mail, signs in, edits the profile, changes the password and signs out", async () => {
    const c = client();
    const p = person();

    const registered = await c.auth.register(p);
    expect(registered.user).toEqual({ firstName: "Dana", email: p.email });
    expect(registered.message).toMatch(/check your email/i);
    expect(await c.auth.user()).toBeNull();

    const mail = await bis.mailbox.waitFor(p.email);
    expect(mail.subject).toBe("Verify your email address for BIS");
    expect(mail.text).toContain("Hi Dana,");
    const link = verificationLink(mail);
    expect(link.startsWith(`${bis.url}/api/auth/verify-email?token=`)).toBe(true);

    // The link signs the user in and lands on /signin?verified=1, which forwards to the dashboard.
    const verified = await openLink(c, link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/signin?verified=1");
    const me = await c.auth.user();
    expect(me).toMatchObject({
      email: p.email,
      firstName: "Dana",
      lastName: "Reyes",
      isAdmin: false,
      profileImageUrl: null,
    });
    expect(Number.isNaN(Date.parse(me?.createdAt ?? ""))).toBe(false);

    await c.auth.logout();
    expect(await c.auth.user()).toBeNull();

    const user = await c.auth.login({ email: p.email, password });
    expect(user.email).toBe(p.email);
    expect((await c.auth.user())?.id).toBe(user.id);

    const updated = await c.auth.updateProfile({
      firstName: "Dani",
      lastName: "Reyes-Lopez",
      email: p.email,
    });
    expect(updated).toMatchObject({ firstName: "Dani", lastName: "Reyes-Lopez" });
    expect((await c.auth.user())?.firstName).toBe("Dani");

    const wrong = await c.auth
      .changePassword({ currentPassword: "not-it", newPassword: "New-pass6" })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(BisApiError);
    expect(wrong).toMatchObject({
      status: 400,
      code: "PASSWORD_INCORRECT",
      serverMessage: "Current password is incorrect",
    });

    await c.auth.changePassword({ currentPassword: password, newPassword: "New-pass6" });
    expect((await c.auth.user())?.id).toBe(user.id);

    await c.auth.logout();
    expect(await c.auth.user()).toBeNull();
    await expect(c.auth.login({ email: p.email, password })).rejects.toMatchObject({ status: 401 });
    expect((await c.auth.login({ email: p.email, password: "New-pass6" })).id).toBe(user.id);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const c = client();
    const p = await registerAndVerify(c);
    const res = await c.fetch(`${bis.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: p.email, password }),
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("signs out every other session when the password changes", async () => {
    const first = client();
    const p = await registerAndVerify(first);
    const second = client();
    await second.auth.login({ email: p.email, password });
    await first.auth.changePassword({ currentPassword: password, newPassword: "Other-pass1" });
    expect(await second.auth.user()).toBeNull();
    expect((await first.auth.user())?.email).toBe(p.email);
  });

  it("refuses a tampered verification link and sends the browser to /signin with the error", async () => {
    const c = client();
    const p = person();
    await c.auth.register(p);
    const link = verificationLink(await bis.mailbox.waitFor(p.email)).replace(
      /token=([^.&]+)\.([^.&]+)\./,
      "token=$1.x$2.",
    );
    const res = await openLink(c, link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/signin\?verified=1&error=[A-Z_]+$/);
    expect(await c.auth.user()).toBeNull();
  });
});

describe("no account enumeration", () => {
  it("answers a duplicate registration exactly like a new one and mails the owner instead", async () => {
    const p = person();
    const send = (body: unknown) =>
      fetch(`${bis.url}/api/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const first = await send(p);
    await bis.mailbox.waitFor(p.email);
    const second = await send({ ...p, password: "Another-pw1!" });
    expect(second.status).toBe(first.status);
    expect(await second.text()).toBe(
      await first
        .clone()
        .text()
        .catch(() => ""),
    );
    const notice = await bis.mailbox.waitFor(p.email);
    expect(notice.subject).toBe("You already have a BIS account");
    expect(notice.text).not.toMatch(/verify-email/);
  });

  it("uses one message for a wrong email and a wrong password", async () => {
    const c = client();
    const p = await registerAndVerify(c);
    await c.auth.logout();
    const unknown = await c.auth
      .login({ email: `nobody.${Date.now()}@example.com`, password })
      .catch((e) => e);
    const wrongPassword = await c.auth
      .login({ email: p.email, password: "Wrong-pass1!" })
      .catch((e) => e);
    expect(unknown).toMatchObject({
      status: 401,
      code: "INVALID_CREDENTIALS",
      serverMessage: "Invalid email or password",
    });
    expect(wrongPassword.message).toBe(unknown.message);
  });

  it("refuses to sign in before verification and sends a fresh link", async () => {
    const c = client();
    const p = person();
    await c.auth.register(p);
    await bis.mailbox.waitFor(p.email);
    const error = await c.auth.login({ email: p.email, password }).catch((e) => e);
    expect(error).toMatchObject({ status: 403, code: "EMAIL_NOT_VERIFIED" });
    const resent = await bis.mailbox.waitFor(p.email);
    expect(verificationLink(resent)).toContain("callbackURL=%2Fsignin%3Fverified%3D1");
  });
});

describe("bad input never reaches a 500", () => {
  const cases: [string, string, unknown][] = [
    ["POST", "/api/auth/register", {}],
    ["POST", "/api/auth/register", { firstName: 1, lastName: [], email: {}, password: null }],
    [
      "POST",
      "/api/auth/register",
      { firstName: "A", lastName: "B", email: "a@b.co", password: "weak" },
    ],
    [
      "POST",
      "/api/auth/register",
      { firstName: "A", lastName: "B", email: "a@b.co", password: "Cool-Air9!", username: "x@y.z" },
    ],
    ["POST", "/api/auth/login", { email: "nope" }],
    ["POST", "/api/auth/login", []],
    ["POST", "/api/auth/login", "just a string"],
    ["POST", "/api/admin/setup", { email: "a@b.co", password: "123" }],
  ];

  it.each(cases)("%s %s %j answers 400 with messages", async (method, path, body) => {
    const res = await fetch(`${bis.url}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { code: string; message: string; issues?: unknown[] };
    expect(json.code).toBe("VALIDATION_FAILED");
    expect(json.message.length).toBeGreaterThan(0);
  });

  it("answers the spec's messages for an empty registration", async () => {
    const res = await fetch(`${bis.url}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "", lastName: "", email: "", password: "" }),
    });
    const json = (await res.json()) as { issues: { path: string; message: string }[] };
    const messages = json.issues.map((i) => `${i.path}: ${i.message}`);
    expect(messages).toContain("firstName: First name is required");
    expect(messages).toContain("lastName: Last name is required");
    expect(messages).toContain("email: Valid email is required");
    expect(messages).toContain("password: Password must be at least 8 characters");
  });

  it("answers 400 for a body that is not JSON and 413 for one that is too large", async () => {
    const notJson = await fetch(`${bis.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{email:",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ message: "The request body is not valid JSON" });
    const huge = await fetch(`${bis.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "x".repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it("answers 401 for signed-in calls without a session and 404 JSON for unknown API paths", async () => {
    const profile = await fetch(`${bis.url}/api/auth/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "A", lastName: "B", email: "a@b.co" }),
    });
    expect(profile.status).toBe(401);
    const missing = await fetch(`${bis.url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("never changes the email through the profile, and answers the same whether or not it is taken", async () => {
    const a = client();
    const pa = await registerAndVerify(a);
    const b = client();
    const pb = await registerAndVerify(b);
    const errors = [];
    for (const email of [pa.email, `free.${Date.now()}@example.com`]) {
      errors.push(
        await b.auth.updateProfile({ firstName: "B", lastName: "B", email }).catch((e) => e),
      );
    }
    for (const error of errors) {
      expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
      expect(error.serverMessage).toBe(errors[0].serverMessage);
    }
    expect((await b.auth.user())?.email).toBe(pb.email);
  });
});

describe("cross-site writes", () => {
  it("refuses a cookie-bearing write from another origin, and one with no origin at all", async () => {
    const c = client();
    await registerAndVerify(c);
    const cookie = c.cookies.header() ?? "";
    const body = JSON.stringify({ firstName: "Evil", lastName: "Site", email: "evil@example.com" });
    for (const origin of ["https://evil.example", undefined]) {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        Cookie: cookie,
      };
      if (origin) headers.Origin = origin;
      const res = await fetch(`${bis.url}/api/auth/profile`, { method: "PUT", headers, body });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "INVALID_ORIGIN" });
    }
    expect((await c.auth.user())?.firstName).toBe("Dana");
  });

  it("sends security headers", async () => {
    const res = await fetch(`${bis.url}/api/public/settings`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    // No video or map tiles set: which paid items are offered, and the keyword counts.
    expect(Object.keys(await res.json())).toEqual(["premiumOffer", "keywordCounts"]);
  });
});

describe("first administrator", () => {
  it("creates a verified, signed-in administrator once, then answers 403", async () => {
    const c = client();
    expect(await c.admin.setupStatus()).toEqual({ available: true });
    // Registration's password rules, not the specification's 6 characters.
    const weak = await c.admin
      .setup({ email: "weak@example.com", password: "secret", firstName: "W", lastName: "K" })
      .catch((e) => e);
    expect(weak).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(await c.admin.setupStatus()).toEqual({ available: true });
    const admin = await c.admin.setup({
      email: `admin.${Date.now()}@example.com`,
      password: "Admin-pass1",
      firstName: "Ada",
      lastName: "Admin",
    });
    expect(admin.isAdmin).toBe(true);
    expect((await c.auth.user())?.isAdmin).toBe(true);
    expect(await c.admin.setupStatus()).toEqual({ available: false });

    const again = await client()
      .admin.setup({
        email: `second.${Date.now()}@example.com`,
        password: "Admin-pass1",
        firstName: "Eve",
        lastName: "Later",
      })
      .catch((e) => e);
    expect(again).toMatchObject({ status: 403, code: "ADMIN_ALREADY_EXISTS" });
  });

  it("creates exactly one administrator when several setups arrive at once", async () => {
    const fresh = await startTestServer();
    const clients = Array.from({ length: 5 }, () => createNodeClient({ baseUrl: fresh.url }));
    try {
      const results = await Promise.all(
        clients.map((c, i) =>
          c.admin
            .setup({
              email: `race.${i}.${Date.now()}@example.com`,
              password: "Admin-pass1",
              firstName: "Ada",
              lastName: `Racer ${i}`,
            })
            .then(
              (user) => ({ ok: true as const, user }),
              (error: { status?: number; code?: string }) => ({ ok: false as const, error }),
            ),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results) {
        if (!r.ok) expect(r.error).toMatchObject({ status: 403, code: "ADMIN_ALREADY_EXISTS" });
      }
      const admins = await fresh.server.context.db
        .select()
        .from(user)
        .where(eq(user.isAdmin, true));
      expect(admins).toHaveLength(1);
    } finally {
      for (const c of clients) await c.close();
      await fresh.close();
    }
  });

  it("gives registered users no admin rights, whatever the payload says", async () => {
    const c = client();
    const p = person();
    await fetch(`${bis.url}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...p, isAdmin: true }),
    });
    const link = verificationLink(await bis.mailbox.waitFor(p.email));
    await openLink(c, link);
    expect((await c.auth.user())?.isAdmin).toBe(false);
  });
});
