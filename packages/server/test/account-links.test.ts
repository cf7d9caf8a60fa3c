/**
 * Issue 27: every account link dies with the state it was issued for. A newer reset link, a
 * completed reset, a password change or an email change revokes the account's other reset and
 * email-change links; confirming an email change re-checks the password it was requested under.
 */
import { ACCOUNT_MESSAGES } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  linkIn,
  me,
  signedInUser,
  startTestServer,
  type TestServer,
  tokenOf,
} from "./support/index.js";

const password = "Cool-Air9!";
let bis: TestServer;
const clients: NodeClient[] = [];
let seq = 0;

function client() {
  const c = createNodeClient({ baseUrl: bis.url });
  clients.push(c);
  return c;
}

async function account() {
  const c = await signedInUser(bis, "Lina");
  clients.push(c);
  return { c, email: (await me(c)).email };
}

/** Asks for a reset link for `email`; answers its token. */
async function resetLink(email: string): Promise<string> {
  await client().account.forgotPassword({ email });
  return tokenOf(linkIn(await bis.mailbox.waitFor(email), "/reset-password"));
}

/** Starts an email change for the signed-in `c` (currently `email`); answers the link's token and the new address. */
async function emailChangeLink(c: NodeClient, email: string, currentPassword = password) {
  seq += 1;
  const newEmail = `moved.${seq}.${Date.now()}@example.com`;
  await c.account.requestEmailChange({ newEmail, currentPassword });
  await bis.mailbox.waitFor(email); // the notice to the current address
  const token = tokenOf(linkIn(await bis.mailbox.waitFor(newEmail), "/confirm-email"));
  return { token, newEmail };
}

const resetRefused = { status: 400, serverMessage: ACCOUNT_MESSAGES.resetInvalidLink };
const changeRefused = { status: 400, serverMessage: ACCOUNT_MESSAGES.emailChangeInvalidLink };

/** Whether `password` signs `email` in. */
async function signsIn(email: string, pass: string): Promise<boolean> {
  return client()
    .auth.login({ email, password: pass })
    .then(() => true)
    .catch(() => false);
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await bis.close();
});

describe("a reset link", () => {
  it("dies when a newer one is issued; the newer one works", async () => {
    const { email } = await account();
    const older = await resetLink(email);
    const newer = await resetLink(email);
    await expect(
      client().account.resetPassword({ token: older, newPassword: "Attack-Pass1!" }),
    ).rejects.toMatchObject(resetRefused);
    expect(await signsIn(email, "Attack-Pass1!")).toBe(false);
    const user = await client().account.resetPassword({ token: newer, newPassword: "New-Pass7!" });
    expect(user.email).toBe(email);
    expect(await signsIn(email, "New-Pass7!")).toBe(true);
  });

  it("dies when a reset is completed, with every other link of the account", async () => {
    const { c, email } = await account();
    const older = await resetLink(email);
    const used = await resetLink(email);
    // A link that outlived its issuing (written before this rule, or by a concurrent request).
    const ctx = await bis.server.context.auth.$context;
    const userId = (await me(c)).id;
    await ctx.internalAdapter.createVerificationValue({
      identifier: "reset-password:planted-earlier-link",
      value: userId,
      expiresAt: new Date(Date.now() + 600_000),
    });
    await client().account.resetPassword({ token: used, newPassword: "New-Pass7!" });
    for (const token of [older, "planted-earlier-link"]) {
      await expect(
        client().account.resetPassword({ token, newPassword: "Attack-Pass1!" }),
      ).rejects.toMatchObject(resetRefused);
    }
    expect(await signsIn(email, "New-Pass7!")).toBe(true);
  });

  it("dies when the password is changed", async () => {
    const { c, email } = await account();
    const token = await resetLink(email);
    await c.auth.changePassword({ currentPassword: password, newPassword: "Changed-Pass2!" });
    await expect(
      client().account.resetPassword({ token, newPassword: "Attack-Pass1!" }),
    ).rejects.toMatchObject(resetRefused);
    expect(await signsIn(email, "Changed-Pass2!")).toBe(true);
  });

  it("dies when the email is changed", async () => {
    const { c, email } = await account();
    const token = await resetLink(email);
    const change = await emailChangeLink(c, email);
    await client().account.confirmEmailChange({ token: change.token });
    await expect(
      client().account.resetPassword({ token, newPassword: "Attack-Pass1!" }),
    ).rejects.toMatchObject(resetRefused);
    expect(await signsIn(change.newEmail, password)).toBe(true);
  });
});

describe("a pending email change", () => {
  it("dies when the password is changed", async () => {
    const { c, email } = await account();
    const { token, newEmail } = await emailChangeLink(c, email);
    await c.auth.changePassword({ currentPassword: password, newPassword: "Changed-Pass2!" });
    await expect(client().account.confirmEmailChange({ token })).rejects.toMatchObject(
      changeRefused,
    );
    expect((await me(c)).email).toBe(email);
    expect(await signsIn(newEmail, "Changed-Pass2!")).toBe(false);
  });

  it("dies when a reset link is issued, and when a reset is completed", async () => {
    const { c, email } = await account();
    const first = await emailChangeLink(c, email);
    const reset = await resetLink(email);
    await expect(client().account.confirmEmailChange({ token: first.token })).rejects.toMatchObject(
      changeRefused,
    );

    // Signed in again with the unchanged password, a change requested before the reset dies with it.
    const again = client();
    await again.auth.login({ email, password });
    const second = await emailChangeLink(again, email);
    await client().account.resetPassword({ token: reset, newPassword: "New-Pass7!" });
    await expect(
      client().account.confirmEmailChange({ token: second.token }),
    ).rejects.toMatchObject(changeRefused);
    expect(await signsIn(email, "New-Pass7!")).toBe(true);
  });

  it("is refused when the password changed since it was requested, however it changed", async () => {
    const { c, email } = await account();
    const { token } = await emailChangeLink(c, email);
    // A password set without going through the account routes (an operator's tool, say).
    const ctx = await bis.server.context.auth.$context;
    const userId = (await me(c)).id;
    await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash("Operator-Set3!"));
    await expect(client().account.confirmEmailChange({ token })).rejects.toMatchObject(
      changeRefused,
    );
    expect(await signsIn(email, "Operator-Set3!")).toBe(true);
  });

  it("a newer request replaces the earlier link; the newer one still works", async () => {
    const { c, email } = await account();
    const earlier = await emailChangeLink(c, email);
    const newer = await emailChangeLink(c, email);
    await expect(
      client().account.confirmEmailChange({ token: earlier.token }),
    ).rejects.toMatchObject(changeRefused);
    const done = await client().account.confirmEmailChange({ token: newer.token });
    expect(done.message).toBe(ACCOUNT_MESSAGES.emailChanged);
    expect((await me(c)).email).toBe(newer.newEmail);
  });
});
