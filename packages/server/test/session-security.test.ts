/**
 * Issue 12, defect 1: the signed-in user is whoever better-auth verified, never a raw cookie
 * value. A cookie planted beside a real session (another name, or the same name twice) must
 * not become that session; sign-out and a password change end sessions at once.
 */
import type { NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieValue, createSessionCache, signedSessionValue } from "../src/auth/session-cache.js";
import { tablesFor } from "../src/db/database.js";
import { startTestServer, type TestServer } from "./support/index.js";
import { testEngine } from "./support/postgres.js";
import { signInCookie, TEST_PASSWORD, verifiedAccount } from "./support/sessions.js";

const { session } = tablesFor(testEngine());

let bis: TestServer;
const opened: NodeClient[] = [];

async function account(firstName: string) {
  const made = await verifiedAccount(bis, firstName);
  opened.push(made.client);
  return made;
}

function userWith(cookie: string) {
  return fetch(`${bis.url}/api/auth/user`, { headers: { cookie } });
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await bis?.close();
});

describe("the session of a request", () => {
  it("does not let an unchecked cookie of the other name ride on a real session", async () => {
    const { email } = await account("Sam");
    const real = await signInCookie(bis, email);
    const junk = "junk-planted-by-an-attacker";

    // The victim's browser sends a planted cookie first, then the real one.
    const planted = await userWith(`__Secure-better-auth.session_token=${junk}; ${real}`);
    expect(planted.status).toBe(200);
    expect(((await planted.json()) as { email: string }).email).toBe(email);

    // The planted value alone is nobody, on every signed-in call.
    expect((await userWith(`better-auth.session_token=${junk}`)).status).toBe(401);
    expect((await userWith(`__Secure-better-auth.session_token=${junk}`)).status).toBe(401);
    const mint = await fetch(`${bis.url}/api/tokens`, {
      method: "POST",
      headers: {
        cookie: `better-auth.session_token=${junk}`,
        origin: bis.url,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ name: "stolen" }),
    });
    expect(mint.status).toBe(401);
  });

  it("does not let a duplicate cookie of the same name ride on a real session either", async () => {
    const { email } = await account("Sue");
    const real = await signInCookie(bis, email);
    const value = decodeURIComponent(real.slice("better-auth.session_token=".length));
    const forged = encodeURIComponent(`${value.split(".")[0]}.forged-signature`);
    for (const junk of ["junk-1", forged]) {
      await userWith(`better-auth.session_token=${junk}; ${real}`);
      await userWith(`${real}; better-auth.session_token=${junk}`);
      expect((await userWith(`better-auth.session_token=${junk}`)).status).toBe(401);
    }
  });

  it("ends sessions at once on a password change and on sign-out", async () => {
    const { email, client } = await account("Sid");
    const other = await signInCookie(bis, email);
    expect((await userWith(other)).status).toBe(200);
    await client.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: "Warm-Air8?" });
    expect((await userWith(other)).status).toBe(401);

    const again = await signInCookie(bis, email, "Warm-Air8?");
    expect((await userWith(again)).status).toBe(200);
    const out = await fetch(`${bis.url}/api/auth/logout`, {
      method: "POST",
      headers: { cookie: again, origin: bis.url },
    });
    expect(out.status).toBe(204);
    expect((await userWith(again)).status).toBe(401);
  });
});

describe("the memo of verified session cookies", () => {
  it("ends a session at once when its row goes, as when another instance signs it out", async () => {
    const { email } = await account("Sol");
    const real = await signInCookie(bis, email);
    for (let i = 0; i < 3; i++) expect((await userWith(real)).status).toBe(200);
    const token = decodeURIComponent(real.split("=")[1] as string).split(".")[0] as string;
    await bis.server.context.db.delete(session).where(eq(session.token, token));
    expect((await userWith(real)).status).toBe(401);
  });

  it("ends a remembered session when it expires", async () => {
    const { email } = await account("Eve");
    const real = await signInCookie(bis, email);
    for (let i = 0; i < 2; i++) expect((await userWith(real)).status).toBe(200);
    const token = decodeURIComponent(real.split("=")[1] as string).split(".")[0] as string;
    await bis.server.context.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await userWith(real)).status).toBe(401);
  });

  it("remembers only the exact value better-auth signs for the verified session", () => {
    const secret = "s".repeat(32);
    const memo = createSessionCache();
    const signed = signedSessionValue("tok", secret);
    expect(memo.remember("junk", "tok", secret)).toBe(false);
    expect(memo.remember("tok.forged", "tok", secret)).toBe(false);
    expect(
      memo.remember(signedSessionValue("tok", "another-secret-of-32-characters!"), "tok", secret),
    ).toBe(false);
    expect(memo.get("junk")).toBeNull();
    expect(memo.remember(signed, "tok", secret)).toBe(true);
    expect(memo.get(signed)).toBe("tok");
    memo.forget(signed);
    expect(memo.get(signed)).toBeNull();
  });

  it("reads only the cookie of the configured name, the first one, URI-decoded", () => {
    const name = "better-auth.session_token";
    expect(cookieValue(`__Secure-${name}=junk; ${name}=a%2Bb.c%3D`, name)).toBe("a+b.c=");
    expect(cookieValue(`${name}=first; ${name}=second`, name)).toBe("first");
    expect(cookieValue("other=1", name)).toBeNull();
    expect(cookieValue(null, name)).toBeNull();
  });
});
