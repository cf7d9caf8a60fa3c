/**
 * Personal API tokens: created with a session or with email + password, hashed at rest, usable
 * as `Authorization: Bearer` on every call with the owner's rights, revocable, last-used time.
 */
import { API_TOKEN_PREFIX, BisApiError, TOKEN_MESSAGES } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import {
  createTokenService,
  hashToken,
  LAST_USED_RESOLUTION_MS,
} from "../src/services/accounts/tokens.js";
import { createAuditService } from "../src/services/audit.js";
import {
  signedInAdmin,
  startTestServer,
  type TestServer,
  verificationLink,
} from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { apiToken, auditLog, user } = tablesFor(testEngine());

const PASSWORD = "Cool-Air9!";
const austin = {
  state: "TX",
  city: "Austin",
  industry: "HVAC",
  primaryRadius: 10,
  secondaryRadius: 15,
};

let bis: TestServer;
const opened: NodeClient[] = [];
let seq = 0;

function client(token?: string): NodeClient {
  const c = createNodeClient({ baseUrl: bis.url, token, cookies: token ? false : undefined });
  opened.push(c);
  return c;
}

/** Registers an account and, unless told not to, follows the verification link in its mail. */
async function registered(firstName: string, verify = true): Promise<{ email: string }> {
  seq += 1;
  const email = `${firstName.toLowerCase()}.tokens.${seq}.${Date.now()}@example.com`;
  const c = client();
  await c.auth.register({
    firstName,
    lastName: "Tester",
    email,
    password: PASSWORD,
    username: email,
  });
  const mail = await bis.mailbox.waitFor(email);
  if (verify) await c.fetch(verificationLink(mail), { method: "GET" });
  return { email };
}

async function errorOf(promise: Promise<unknown>): Promise<BisApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BisApiError);
  return error as BisApiError;
}

const db = () => bis.server.context.db;

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "100" });
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await bis?.close();
});

describe("creating a token", () => {
  it("creates one for the signed-in user (session cookie) and shows the secret once", async () => {
    const { email } = await registered("Sean");
    const session = client();
    await session.auth.login({ email, password: PASSWORD });
    const created = await session.tokens.create({ name: "laptop" });
    expect(created.token).toMatch(/^bis_[0-9A-Za-z]{32}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(created.token.length / 2);
    expect(created.name).toBe("laptop");

    const listed = await session.tokens.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: created.id, name: "laptop", prefix: created.prefix });
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it("creates one with email + password and leaves no session behind", async () => {
    const { email } = await registered("Paula");
    const anonymous = client();
    const created = await anonymous.tokens.create({ name: "ci", email, password: PASSWORD });
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(anonymous.cookies.header()).toBeUndefined();
    expect(await anonymous.auth.user()).toBeNull();
    const me = await client(created.token).auth.user();
    expect(me?.email).toBe(email);
  });

  it("refuses a wrong password (401), an unverified email (403) and no credentials (401)", async () => {
    const { email } = await registered("Wanda");
    const anonymous = client();
    const wrong = await errorOf(
      anonymous.tokens.create({ name: "x", email, password: "Not-it-1!" }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe("INVALID_CREDENTIALS");

    const unverified = await registered("Umar", false);
    const refused = await errorOf(
      anonymous.tokens.create({ name: "x", email: unverified.email, password: PASSWORD }),
    );
    expect(refused.status).toBe(403);
    expect(refused.code).toBe("EMAIL_NOT_VERIFIED");

    expect((await errorOf(anonymous.tokens.create({ name: "x" }))).status).toBe(401);
    const half = await errorOf(anonymous.tokens.create({ name: "x", email }));
    expect(half.status).toBe(400);
    expect(half.serverMessage).toBe(TOKEN_MESSAGES.credentialsTogether);
    const unnamed = await errorOf(
      anonymous.tokens.create({ name: " ", email, password: PASSWORD }),
    );
    expect(unnamed.serverMessage).toBe(TOKEN_MESSAGES.nameRequired);
  });

  it("stores only a SHA-256 hash of the token", async () => {
    const { email } = await registered("Hana");
    const created = await client().tokens.create({ name: "hashed", email, password: PASSWORD });
    const row = (await db().select().from(apiToken).where(eq(apiToken.id, created.id)))[0];
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await db().select().from(apiToken));
    expect(everything).not.toContain(created.token);
    expect(everything).not.toContain(created.token.slice(12));
  });
});

describe("using a token", () => {
  let userToken: string;
  let adminToken: string;

  beforeAll(async () => {
    const { email } = await registered("Bea");
    userToken = (await client().tokens.create({ name: "bea", email, password: PASSWORD })).token;
    const admin = await signedInAdmin(bis);
    opened.push(admin);
    adminToken = (await admin.tokens.create({ name: "admin" })).token;
  });

  it("acts with the owner's rights on every call", async () => {
    const bea = client(userToken);
    const me = await bea.auth.user();
    expect(me?.firstName).toBe("Bea");
    const analyzed = await bea.analyses.analyze(austin);
    const list = await bea.analyses.list();
    expect(list.map((a) => a.id)).toContain(analyzed.analysis.id);
    expect((await bea.analyses.get(analyzed.analysis.id)).id).toBe(analyzed.analysis.id);
    // A standard user's token is refused the admin API, as the user is.
    expect((await errorOf(bea.admin.users())).status).toBe(403);
    // Writes without cookies pass the cross-site check whatever the Origin says.
    const write = await fetch(`${bis.url}/api/market-analysis/analyze`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${userToken}`,
        "Content-Type": "application/json",
        Origin: "https://evil.example",
      },
      body: JSON.stringify(austin),
    });
    expect(write.status).toBe(201);
  });

  it("gives an administrator's token the admin API", async () => {
    const admin = client(adminToken);
    const users = await admin.admin.users();
    expect(users.length).toBeGreaterThan(1);
    expect((await admin.admin.analytics()).totalUsers).toBe(users.length);
    const other = await admin.analyses.list();
    expect(Array.isArray(other)).toBe(true);
  });

  it("answers 401 to an unknown token, whatever cookies come with it", async () => {
    const bogus = client(`${API_TOKEN_PREFIX}${"x".repeat(32)}`);
    const failed = await errorOf(bogus.analyses.list());
    expect(failed.status).toBe(401);
    expect(failed.serverMessage).toBe(TOKEN_MESSAGES.invalidToken);
    const raw = await fetch(`${bis.url}/api/auth/user`, {
      headers: { Authorization: "Bearer not-a-bis-token" },
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ message: TOKEN_MESSAGES.invalidToken });
    // Public calls do not look at the caller.
    expect(await bogus.settings.public()).toBeTypeOf("object");
  });

  it("records the last use", async () => {
    const { email } = await registered("Lou");
    const created = await client().tokens.create({ name: "lou", email, password: PASSWORD });
    const lou = client(created.token);
    const before = await lou.tokens.list();
    // Listing is itself a use of the token.
    expect(before[0]?.lastUsedAt).not.toBeNull();
    expect(before[0]?.current).toBe(true);
    const row = (await db().select().from(apiToken).where(eq(apiToken.id, created.id)))[0];
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("writes lastUsedAt at most once a minute", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const service = createTokenService({
      db: db(),
      audit: createAuditService({ db: db() }),
      now: () => now,
    });
    const owner = (await db().select().from(user).limit(1))[0];
    const created = await service.create(owner?.id as string, "clock", { isAdmin: false });
    const lastUsed = async () =>
      (
        await db().select().from(apiToken).where(eq(apiToken.id, created.id))
      )[0]?.lastUsedAt?.getTime();
    await service.resolve(created.token);
    const first = now.getTime();
    expect(await lastUsed()).toBe(first);
    now = new Date(first + LAST_USED_RESOLUTION_MS - 1);
    await service.resolve(created.token);
    expect(await lastUsed()).toBe(first);
    now = new Date(first + LAST_USED_RESOLUTION_MS);
    expect(await service.resolve(created.token)).toMatchObject({ tokenId: created.id });
    expect(await lastUsed()).toBe(now.getTime());
  });
});

describe("revoking a token", () => {
  it("answers 401 once revoked; someone else's token is a 404; an administrator may revoke any", async () => {
    const owner = await registered("Olga");
    const stranger = await registered("Stan");
    const first = await client().tokens.create({
      name: "one",
      email: owner.email,
      password: PASSWORD,
    });
    const second = await client().tokens.create({
      name: "two",
      email: owner.email,
      password: PASSWORD,
    });
    const strangerToken = await client().tokens.create({
      name: "stan",
      email: stranger.email,
      password: PASSWORD,
    });

    // Another user cannot revoke (or even see) it.
    const denied = await errorOf(client(strangerToken.token).tokens.revoke(first.id));
    expect(denied.status).toBe(404);
    expect((await client(strangerToken.token).tokens.list()).map((t) => t.id)).toEqual([
      strangerToken.id,
    ]);

    // The owner revokes it with its sibling token.
    const olga = client(second.token);
    const revoked = await olga.tokens.revoke(first.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await client(first.token).auth.user()).toBeNull();
    const gone = await errorOf(client(first.token).analyses.list());
    expect(gone.status).toBe(401);
    expect(gone.serverMessage).toBe(TOKEN_MESSAGES.invalidToken);
    // Revoking again is harmless; the list keeps it, marked.
    expect((await olga.tokens.revoke(first.id)).revokedAt).toBe(revoked.revokedAt);
    const listed = await olga.tokens.list();
    expect(listed.find((t) => t.id === first.id)?.revokedAt).toBe(revoked.revokedAt);

    // An administrator revokes another user's token; the audit trail says so.
    const admin = client(
      (
        await client().tokens.create({
          name: "adm",
          email: (await firstAdminEmail()) as string,
          password: "Admin-pass1",
        })
      ).token,
    );
    await admin.tokens.revoke(second.id);
    expect((await errorOf(olga.analyses.list())).status).toBe(401);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, second.id));
    expect(audit.map((a) => a.action)).toEqual(["api-token.revoke"]);
  });

  it("dies with its owner", async () => {
    const { email } = await registered("Dora");
    const created = await client().tokens.create({ name: "dora", email, password: PASSWORD });
    const dora = client(created.token);
    const me = await dora.auth.user();
    const admin = client(
      (
        await client().tokens.create({
          name: "adm2",
          email: (await firstAdminEmail()) as string,
          password: "Admin-pass1",
        })
      ).token,
    );
    await admin.admin.deleteUser(me?.id as string);
    expect((await errorOf(dora.analyses.list())).status).toBe(401);
    expect(await db().select().from(apiToken).where(eq(apiToken.id, created.id))).toEqual([]);
  });
});

async function firstAdminEmail(): Promise<string | undefined> {
  const users = (await bis.server.context.services.admin.users({ limit: 200, offset: 0 })).items;
  return users.find((u) => u.isAdmin)?.email;
}

it("limits password attempts like sign-in", async () => {
  const limited = await startTestServer({
    BIS_LOG_LEVEL: "silent",
    BIS_LOGIN_RATE_LIMIT: "2",
    BIS_LOGIN_RATE_WINDOW_MINUTES: "15",
  });
  try {
    const attempt = () =>
      fetch(`${limited.url}/api/tokens`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "x", email: "nobody@example.com", password: "guess-1234" }),
      });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).code).toBe("RATE_LIMITED");
  } finally {
    await limited.close();
  }
});
