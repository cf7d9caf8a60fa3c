/**
 * API tokens expire: an administrator's in 90 days unless asked otherwise (at most
 * 365, never "never"), shown at creation; an expired token is a 401 that says so; the owner
 * renews a token with a session or the password, never with a token. A token made before its
 * owner was promoted is refused (403) until it carries an administrator's expiry.
 */
import {
  API_TOKEN_EXPIRY,
  type ApiToken,
  adminTokenWithoutExpiryMessage,
  TOKEN_MESSAGES,
  tokenExpiredMessage,
  type User,
} from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { errorOf, me, type ServerWithUsers, startWithUsers } from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { apiToken, user } = tablesFor(testEngine());

const DAY = 86_400_000;
const ADMIN_PASSWORD = "Admin-pass1";
const USER_PASSWORD = "Cool-Air9!";

/** Days from now to `iso`, to a tenth of a day. */
const daysUntil = (iso: string | null) =>
  iso === null ? null : Math.round(((Date.parse(iso) - Date.now()) / DAY) * 10) / 10;

describe("API token expiry", () => {
  let s: ServerWithUsers;
  let admin: User;
  let owner: User;
  const opened: NodeClient[] = [];
  const withToken = (token: string) => {
    const c = createNodeClient({ baseUrl: s.bis.url, token, cookies: false });
    opened.push(c);
    return c;
  };
  const db = () => s.bis.server.context.db;
  /** Moves a token's expiry (or its creation) into the past, as time would. */
  const age = (id: string, fields: Partial<typeof apiToken.$inferInsert>) =>
    db().update(apiToken).set(fields).where(eq(apiToken.id, id));

  beforeAll(async () => {
    s = await startWithUsers("Rita");
    admin = await me(s.admin);
    owner = await me(s.owner);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    await s?.close();
  });

  it("gives an administrator's token 90 days, shown at creation and in the list", async () => {
    const created = await s.admin.tokens.create({ name: "admin laptop" });
    expect(daysUntil(created.expiresAt)).toBe(API_TOKEN_EXPIRY.adminDefaultDays);
    const byPassword = await withToken("bis_unused").tokens.create({
      name: "admin terminal",
      email: admin.email,
      password: ADMIN_PASSWORD,
    });
    expect(daysUntil(byPassword.expiresAt)).toBe(90);
    const listed = (await withToken(byPassword.token).tokens.list()).find(
      (t) => t.id === byPassword.id,
    );
    expect(listed?.expiresAt).toBe(byPassword.expiresAt);
  });

  it("takes another expiry when asked; an administrator's token cannot be unlimited", async () => {
    expect(
      daysUntil((await s.admin.tokens.create({ name: "a", expiresInDays: 7 })).expiresAt),
    ).toBe(7);
    const never = await errorOf(s.admin.tokens.create({ name: "b", expiresInDays: null }));
    expect([never.status, never.serverMessage]).toEqual([400, TOKEN_MESSAGES.adminTokenMustExpire]);
    for (const days of [0, 366, 1.5]) {
      const error = await errorOf(s.owner.tokens.create({ name: "c", expiresInDays: days }));
      expect([error.status, error.serverMessage]).toEqual([400, TOKEN_MESSAGES.expiresInDays]);
    }
    // Another user's token never expires unless asked.
    expect((await s.owner.tokens.create({ name: "d" })).expiresAt).toBeNull();
    expect(
      daysUntil((await s.owner.tokens.create({ name: "e", expiresInDays: 365 })).expiresAt),
    ).toBe(365);
  });

  it("refuses an expired token with a 401 that says when it expired", async () => {
    const created = await s.admin.tokens.create({ name: "soon expired" });
    const cli = withToken(created.token);
    expect((await cli.auth.user())?.id).toBe(admin.id);
    const expiredAt = new Date(Date.now() - 1000);
    await age(created.id, { expiresAt: expiredAt });
    const error = await errorOf(cli.analyses.list());
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe(tokenExpiredMessage(expiredAt.toISOString()));
    expect(error.serverMessage).toMatch(/^This API token expired on \d{4}-\d\d-\d\d: renew it/);
  });

  it("refuses an endless token once its owner is promoted, with a 403 that says how to fix it", async () => {
    // Issue 36: the administrators' rule is checked when a token is used, not only when made.
    const endless = await s.owner.tokens.create({ name: "before promotion", expiresInDays: null });
    expect(endless.expiresAt).toBeNull();
    const yearly = await s.owner.tokens.create({ name: "a year", expiresInDays: 365 });
    const cli = withToken(endless.token);
    expect((await cli.auth.user())?.id).toBe(owner.id);
    await s.admin.admin.setAdmin(owner.id, true);
    try {
      for (const call of [() => cli.admin.users(), () => cli.analyses.list()]) {
        const error = await errorOf(call());
        expect([error.status, error.code, error.serverMessage]).toEqual([
          403,
          "ADMIN_TOKEN_MUST_EXPIRE",
          adminTokenWithoutExpiryMessage(endless.id, endless.prefix),
        ]);
      }
      expect(adminTokenWithoutExpiryMessage(endless.id, endless.prefix)).toMatch(
        /does not expire within 365 days, and an administrator's API token must: renew it with an expiry \(bis tokens renew /,
      );
      // A user's token that expires within the administrators' maximum keeps working.
      expect((await withToken(yearly.token).admin.users()).length).toBeGreaterThan(0);
      // One further off than the maximum (made some other way) is refused too.
      await age(yearly.id, { expiresAt: new Date(Date.now() + 400 * DAY) });
      expect((await errorOf(withToken(yearly.token).admin.users())).status).toBe(403);
      // Renewing gives the endless token an administrator's 90 days; then it works.
      const renewed = await withToken("bis_none").tokens.renew(endless.id, {
        email: owner.email,
        password: USER_PASSWORD,
      });
      expect(daysUntil(renewed.expiresAt)).toBe(API_TOKEN_EXPIRY.adminDefaultDays);
      expect((await cli.admin.users()).length).toBeGreaterThan(0);
    } finally {
      await db().update(user).set({ isAdmin: false }).where(eq(user.id, owner.id));
    }
    // Back to a plain user, a token without expiry is fine again.
    const later = await s.owner.tokens.create({ name: "after", expiresInDays: null });
    expect((await withToken(later.token).auth.user())?.id).toBe(owner.id);
  });

  describe("renewing", () => {
    let created: Awaited<ReturnType<NodeClient["tokens"]["create"]>>;
    beforeAll(async () => {
      created = await s.admin.tokens.create({ name: "to renew" });
      await age(created.id, { expiresAt: new Date(Date.now() - DAY) });
    });

    it("is refused to a token, even a live one: it must not keep itself alive", async () => {
      const live = await s.admin.tokens.create({ name: "live" });
      const error = await errorOf(withToken(live.token).tokens.renew(created.id));
      expect([error.status, error.serverMessage]).toEqual([
        403,
        TOKEN_MESSAGES.tokenCannotRenewTokens,
      ]);
    });

    it("brings an expired token back for 90 days with the password, or as asked with a session", async () => {
      const renewed: ApiToken = await withToken("bis_none").tokens.renew(created.id, {
        email: admin.email,
        password: ADMIN_PASSWORD,
      });
      expect(daysUntil(renewed.expiresAt)).toBe(90);
      expect((await withToken(created.token).auth.user())?.id).toBe(admin.id);
      const shorter = await s.admin.tokens.renew(created.id, { expiresInDays: 30 });
      expect(daysUntil(shorter.expiresAt)).toBe(30);
    });

    it("answers 404 for someone else's token and 409 for a revoked one", async () => {
      const notMine = await errorOf(
        withToken("bis_none").tokens.renew(created.id, {
          email: (await me(s.owner)).email,
          password: USER_PASSWORD,
        }),
      );
      expect(notMine.status).toBe(404);
      await s.admin.tokens.revoke(created.id);
      const revoked = await errorOf(s.admin.tokens.renew(created.id));
      expect([revoked.status, revoked.serverMessage]).toEqual([
        409,
        TOKEN_MESSAGES.revokedCannotRenew,
      ]);
    });
  });
});
