/**
 * Administration over HTTP: analytics, users and the admin flag, deletion (with everything a
 * user owns), analyses and bulk deletion, video settings, API keys (encrypted at rest, tested
 * against a local fake of each provider), system, health, logs and the audit trail.
 */
import { ADMIN_MESSAGES, type User } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { createNodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { deriveEncryptionKey, openValue } from "../src/services/api-keys.js";
import { type FakeProviders, startFakeProviders } from "./support/fake-providers.js";
import {
  analysisFor,
  errorOf,
  me,
  paidAnalysisFor,
  signedInAdmin,
  signedInUser,
  startTestServer,
  type TestServer,
} from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { analysis, apiKey, auditLog, payment, session, user } = tablesFor(testEngine());

const KEYS = {
  googleMaps: "AIzaFakeMapsKey-0000000000000000000MAPS",
  census: "census-fake-key-000000000000000000CNSS",
  googlePlaces: "AIzaFakePlacesKey-00000000000000000PLCS",
  yelp: "yelp-fake-key-000000000000000000000000YELP",
  adsDeveloper: "ads-dev-token-0000000000DEVT",
  adsAccess: "ya29.fake-access-token-000000ACCS",
};

let bis: TestServer;
let fake: FakeProviders;
let admin: NodeClient;
let adminUser: User;
let dana: NodeClient;
let danaUser: User;
let signedOut: NodeClient;

beforeAll(async () => {
  fake = await startFakeProviders({
    googleMaps: KEYS.googleMaps,
    census: KEYS.census,
    googlePlaces: KEYS.googlePlaces,
    yelp: KEYS.yelp,
    googleAdsDeveloperToken: KEYS.adsDeveloper,
    googleAdsAccessToken: KEYS.adsAccess,
    googleAdsCustomers: ["1234567890"],
  });
  bis = await startTestServer({
    ...fake.env,
    // An environment variable wins over a stored value.
    GOOGLE_ADS_DEVELOPER_TOKEN: KEYS.adsDeveloper,
  });
  admin = await signedInAdmin(bis);
  adminUser = await me(admin);
  dana = await signedInUser(bis, "Dana");
  danaUser = await me(dana);
  signedOut = createNodeClient({ baseUrl: bis.url });
});

afterAll(async () => {
  await Promise.all([admin?.close(), dana?.close(), signedOut?.close()]);
  await bis?.close();
  await fake?.close();
});

const ctx = () => bis.server.context;

describe("who may call the admin API", () => {
  it("answers 401 signed out and 403 with the spec's message to a standard user", async () => {
    const anonymous = await errorOf(signedOut.admin.users());
    expect([anonymous.status, anonymous.code]).toEqual([401, "SESSION_REQUIRED"]);
    expect(anonymous.serverMessage).toBe("Please sign in to continue");
    const denied = await errorOf(dana.admin.users());
    expect([denied.status, denied.code]).toEqual([403, "ADMIN_REQUIRED"]);
    expect(denied.serverMessage).toBe("Administrator privileges required.");
    // Unknown admin paths do not reveal themselves either.
    const probe = await dana.fetch(`${bis.url}/api/admin/no-such-thing`, { method: "GET" });
    expect(probe.status).toBe(403);
  });
});

describe("analytics", () => {
  it("counts users, analyses and active users; demo purchases are not revenue", async () => {
    const before = await admin.admin.analytics();
    const buyer = await signedInUser(bis, "Buyer");
    const first = await analysisFor(buyer);
    const second = await analysisFor(buyer);
    const paid = await buyer.payments.confirmDemo({ analysisId: first });
    await buyer.payments.confirmDemo({ analysisId: second });
    const price = paid.amount / 100;
    expect(paid.provider).toBe("demo");

    const after = await admin.admin.analytics();
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.activeUsers).toBe(before.activeUsers + 1);
    expect(after.totalAnalyses).toBe(before.totalAnalyses + 2);
    // Revenue counts money: a demo checkout charges no card.
    expect(after.totalRevenue).toBe(before.totalRevenue);
    expect(after.demoPayments).toBe((before.demoPayments ?? 0) + 2);
    expect(after.demoRevenue).toBeCloseTo((before.demoRevenue ?? 0) + 2 * price, 2);

    await admin.admin.refundPayment(paid.id);
    const refunded = await admin.admin.analytics();
    expect(refunded.totalRevenue).toBe(before.totalRevenue);
    expect(refunded.demoPayments).toBe((before.demoPayments ?? 0) + 1);
    expect(refunded.demoRevenue).toBeCloseTo((before.demoRevenue ?? 0) + price, 2);

    // The payments list tells demo purchases from real ones.
    const demo = await admin.admin.payments({ kind: "demo" });
    expect(demo.every((p) => p.provider === "demo")).toBe(true);
    expect(demo.map((p) => p.id)).toContain(paid.id);
    expect(await admin.admin.payments({ kind: "real" })).toEqual([]);
    await buyer.close();
  });
});

describe("users and the admin flag", () => {
  it("lists users with their analysis count, newest first", async () => {
    const users = await admin.admin.users();
    const ids = users.map((u) => u.id);
    expect(ids).toContain(adminUser.id);
    expect(ids).toContain(danaUser.id);
    const row = users.find((u) => u.id === danaUser.id);
    expect(row).toMatchObject({ email: danaUser.email, isAdmin: false, emailVerified: true });
    const times = users.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("promotes a user, whose session can use the admin API at once, and demotes them again", async () => {
    const promoted = await admin.admin.setAdmin(danaUser.id, true);
    expect(promoted.isAdmin).toBe(true);
    expect((await dana.admin.users()).length).toBeGreaterThan(0);
    expect((await dana.auth.user())?.isAdmin).toBe(true);

    const demoted = await admin.admin.setAdmin(danaUser.id, false);
    expect(demoted.isAdmin).toBe(false);
    expect((await errorOf(dana.admin.users())).status).toBe(403);

    const audit = await admin.admin.audit();
    const flags = audit.filter(
      (e) => e.targetId === danaUser.id && e.action.startsWith("user.admin"),
    );
    expect(flags.map((e) => e.action)).toEqual(["user.admin.revoke", "user.admin.grant"]);
    expect(flags[0]).toMatchObject({
      actorId: adminUser.id,
      actorEmail: adminUser.email,
      targetType: "user",
    });
  });

  it("refuses self-demotion and self-deletion, and changes nothing", async () => {
    const demote = await errorOf(admin.admin.setAdmin(adminUser.id, false));
    expect(demote.status).toBe(400);
    expect(demote.serverMessage).toBe("You cannot change your own admin status");
    const remove = await errorOf(admin.admin.deleteUser(adminUser.id));
    expect(remove.status).toBe(400);
    expect(remove.serverMessage).toBe("You cannot delete your own account");
    expect((await me(admin)).isAdmin).toBe(true);
    expect((await admin.admin.analytics()).totalUsers).toBeGreaterThan(0);
  });

  it("never removes the last administrator, even for a caller whose rights just lapsed", async () => {
    // Two administrators demote each other at once: the second change must be refused.
    const second = await signedInUser(bis, "Second");
    const secondUser = await me(second);
    await admin.admin.setAdmin(secondUser.id, true);
    const staleSecond = { ...(await me(second)) };
    await admin.admin.setAdmin(secondUser.id, false);
    const admins = async () =>
      (await ctx().db.select().from(user).where(eq(user.isAdmin, true))).map((u) => u.id);
    expect(await admins()).toEqual([adminUser.id]);
    await expect(ctx().services.admin.setAdmin(staleSecond, adminUser.id, false)).rejects.toThrow(
      ADMIN_MESSAGES.lastAdmin,
    );
    await expect(ctx().services.admin.deleteUser(staleSecond, adminUser.id)).rejects.toThrow(
      ADMIN_MESSAGES.lastAdmin,
    );
    expect(await admins()).toEqual([adminUser.id]);
    await second.close();
  });

  it("answers malformed bodies and unknown users with a clear 4xx", async () => {
    for (const body of [{}, { isAdmin: "yes" }, { isAdmin: 1 }, { isAdmin: null }]) {
      const response = await admin.fetch(`${bis.url}/api/admin/users/${danaUser.id}/admin`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        "isAdmin must be true or false",
      );
    }
    const broken = await admin.fetch(`${bis.url}/api/admin/users/${danaUser.id}/admin`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect((await me(dana)).isAdmin).toBe(false);
    expect((await errorOf(admin.admin.setAdmin("no-such-user", true))).status).toBe(404);
    expect((await errorOf(admin.admin.deleteUser("no-such-user"))).status).toBe(404);
  });

  it("deletes a user with their analyses, payments and sessions; their cookie stops working", async () => {
    const victim = await signedInUser(bis, "Victim");
    const victimUser = await me(victim);
    await paidAnalysisFor(victim);
    const db = ctx().db;
    expect((await db.select().from(session).where(eq(session.userId, victimUser.id))).length).toBe(
      1,
    );
    expect((await db.select().from(payment).where(eq(payment.userId, victimUser.id))).length).toBe(
      1,
    );

    const result = await admin.admin.deleteUser(victimUser.id);
    expect(result).toEqual({ deletedUser: { id: victimUser.id, email: victimUser.email } });

    expect(await db.select().from(user).where(eq(user.id, victimUser.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, victimUser.id))).toEqual([]);
    expect(await db.select().from(analysis).where(eq(analysis.userId, victimUser.id))).toEqual([]);
    expect(await db.select().from(payment).where(eq(payment.userId, victimUser.id))).toEqual([]);
    expect(await victim.auth.user()).toBeNull();
    expect((await errorOf(victim.analyses.list())).status).toBe(401);

    const entry = (await admin.admin.audit()).find((e) => e.action === "user.delete");
    expect(entry).toMatchObject({
      targetId: victimUser.id,
      actorId: adminUser.id,
      detail: { email: victimUser.email, analyses: 1, payments: 1, sessions: 1 },
    });
    await victim.close();
  });
});

describe("analyses", () => {
  it("lists every analysis newest first with the owner's email and step ticks", async () => {
    const id = await analysisFor(dana);
    const list = await admin.admin.analyses();
    expect(list[0]).toMatchObject({
      id,
      userId: danaUser.id,
      userEmail: danaUser.email,
      industry: "HVAC",
      state: "TX",
      marketAnalysisCompleted: true,
      keywordResearchCompleted: false,
      competitionAnalysisCompleted: false,
      isPaid: false,
    });
    expect(list[0]?.marketSize).toBeGreaterThan(0);
  });

  it("bulk-deletes the selected analyses and refuses an empty selection", async () => {
    const a = await analysisFor(dana);
    const b = await analysisFor(dana);
    const keep = await analysisFor(dana);

    const empty = await errorOf(admin.admin.bulkDeleteAnalyses([]));
    expect(empty.status).toBe(400);
    expect(empty.serverMessage).toBe("Please select at least one analysis to delete");
    for (const body of [{}, { analysisIds: "all" }, { analysisIds: [1, 2] }]) {
      const response = await admin.fetch(`${bis.url}/api/admin/analyses/bulk`, {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    }
    expect((await dana.analyses.list()).map((x) => x.id)).toEqual(
      expect.arrayContaining([a, b, keep]),
    );

    const result = await admin.admin.bulkDeleteAnalyses([a, b, "no-such-analysis"]);
    expect(result).toEqual({ deletedCount: 2 });
    const left = (await dana.analyses.list()).map((x) => x.id);
    expect(left).toContain(keep);
    expect(left).not.toContain(a);
    expect(left).not.toContain(b);
    const entry = (await admin.admin.audit()).find((e) => e.action === "analyses.delete");
    expect(entry?.detail).toMatchObject({ count: 2 });
  });
});

describe("settings", () => {
  it("saves video URLs, shows the landing one publicly and all four to signed-in users", async () => {
    const landing = "https://videos.example.com/landing.mp4";
    const saved = await admin.admin.updateSettings({
      landingPageVideoUrl: landing,
      premiumOfferVideoUrl: "https://videos.example.com/premium",
    });
    expect(saved).toMatchObject({ landingPageVideoUrl: landing });
    expect(await signedOut.settings.public()).toMatchObject({ landingPageVideoUrl: landing });
    expect(await dana.settings.videos()).toEqual(saved);
    expect((await errorOf(signedOut.settings.videos())).status).toBe(401);
    expect(await admin.admin.settings()).toEqual(saved);

    const entry = (await admin.admin.audit()).find((e) => e.action === "settings.update");
    expect(entry?.detail).toMatchObject({ landingPageVideoUrl: { from: "", to: landing } });

    // Empty clears it.
    await admin.admin.updateSettings({ premiumOfferVideoUrl: "" });
    expect((await admin.admin.settings()).premiumOfferVideoUrl).toBe("");
  });

  it("refuses anything but an https URL or empty, naming the field, and changes nothing", async () => {
    const before = await admin.admin.settings();
    const bads = ["javascript:alert(1)", "ftp://example.com/v.mp4", "not a url", 42];
    for (const bad of [...bads, "http://videos.example.com/plain.mp4"]) {
      const error = await errorOf(
        admin.admin.updateSettings({ keywordEducationVideoUrl: bad as string }),
      );
      expect(error.status).toBe(400);
      expect(error.serverMessage).toContain("Keyword education video URL");
      expect(error.issues[0]?.path).toBe("keywordEducationVideoUrl");
    }
    // Issue 36 (low e): plain http is refused (BIS's own origin: video-urls.test.ts).
    const plain = await errorOf(
      admin.admin.updateSettings({ landingPageVideoUrl: "http://videos.example.com/v" }),
    );
    expect(plain.serverMessage).toBe("Landing page video URL must be an https:// URL, or empty");
    const unknown = await errorOf(admin.admin.updateSettings({ colour: "red" } as never));
    expect(unknown.status).toBe(400);
    expect(unknown.serverMessage).toContain("colour");
    expect(await admin.admin.settings()).toEqual(before);
  });
});

describe("API keys", () => {
  it("lists every key, configured or not, with its source", async () => {
    const keys = await admin.admin.apiKeys();
    expect(keys.map((k) => k.name)).toEqual([
      "googleMaps",
      "census",
      "googlePlaces",
      "yelp",
      "googleAdsDeveloperToken",
      "googleAdsCustomerId",
      "googleAdsAccessToken",
      "dataforseoLogin",
      "dataforseoPassword",
    ]);
    expect(keys.find((k) => k.name === "yelp")).toMatchObject({
      configured: false,
      source: null,
      last4: null,
    });
    expect(keys.find((k) => k.name === "googleAdsDeveloperToken")).toMatchObject({
      configured: true,
      source: "environment",
      last4: KEYS.adsDeveloper.slice(-4),
      envVar: "GOOGLE_ADS_DEVELOPER_TOKEN",
    });
  });

  it("has no map key until one is saved, then gives it to signed-in users only", async () => {
    expect(await dana.config.mapsKey()).toBeNull();
    const response = await dana.fetch(`${bis.url}/api/config/google-maps-key`, { method: "GET" });
    expect(response.status).toBe(404);

    const empty = await errorOf(admin.admin.saveMapsKey("  "));
    expect(empty.status).toBe(400);
    expect(empty.serverMessage).toBe("API Key Required");

    const saved = await admin.admin.saveMapsKey(KEYS.googleMaps);
    expect(saved.message).toMatch(/saved/i);
    expect(await dana.config.mapsKey()).toEqual({ apiKey: KEYS.googleMaps });
    expect((await errorOf(signedOut.config.mapsKey())).status).toBe(401);
  });

  it("stores keys encrypted and never answers more than the last four characters", async () => {
    const status = await admin.admin.saveApiKey("yelp", KEYS.yelp);
    expect(status).toMatchObject({
      configured: true,
      source: "stored",
      last4: KEYS.yelp.slice(-4),
    });

    const rows = await ctx().db.select().from(apiKey);
    const yelp = rows.find((r) => r.name === "yelp");
    expect(yelp).toBeDefined();
    const stored = JSON.stringify(yelp);
    expect(stored).not.toContain(KEYS.yelp);
    expect(stored).not.toContain(KEYS.yelp.slice(0, 12));
    expect(Buffer.from(yelp?.ciphertext ?? "", "base64").toString("utf8")).not.toContain(
      "yelp-fake",
    );
    // It is the key, sealed with the key derived from the server secret and bound to its name.
    const secret = deriveEncryptionKey(bis.server.context.config.secret);
    expect(openValue(secret, "yelp", yelp as never)).toBe(KEYS.yelp);
    expect(() => openValue(secret, "census", yelp as never)).toThrow();
    // The same value saved twice is sealed with a fresh IV.
    await admin.admin.saveApiKey("yelp", KEYS.yelp);
    const again = (await ctx().db.select().from(apiKey).where(eq(apiKey.name, "yelp")))[0];
    expect(again?.iv).not.toBe(yelp?.iv);
    expect(again?.ciphertext).not.toBe(yelp?.ciphertext);

    // No admin answer carries more than the last four characters.
    for (const path of [
      "/api/admin/api-keys",
      "/api/admin/system",
      "/api/admin/audit",
      "/api/admin/logs",
    ]) {
      const text = await (await admin.fetch(`${bis.url}${path}`, { method: "GET" })).text();
      for (const value of [KEYS.yelp, KEYS.googleMaps, KEYS.adsDeveloper]) {
        expect(text).not.toContain(value.slice(0, -4));
        expect(text).not.toContain(value.slice(-5));
      }
    }
    // The provider reads it at call time.
    expect(ctx().keys.get("yelp")).toBe(KEYS.yelp);
    expect(ctx().keys.source("yelp")).toBe("stored");
  });

  it("refuses an empty value and an unknown key name", async () => {
    const empty = await errorOf(admin.admin.saveApiKey("census", ""));
    expect(empty.status).toBe(400);
    expect(empty.serverMessage).toBe("API Key Required");
    const response = await admin.fetch(`${bis.url}/api/admin/api-keys/stripe`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ value: "sk_live_x" }),
    });
    expect(response.status).toBe(404);
    const missing = await errorOf(admin.admin.testApiKey("googlePlaces"));
    expect(missing.status).toBe(400);
    expect(missing.serverMessage).toBe("API Key Required");
  });

  it("tests a key with a real request from the server, and reports a rejection clearly", async () => {
    const before = fake.requests.length;
    const good = await admin.admin.testApiKey("googlePlaces", KEYS.googlePlaces);
    expect(good).toMatchObject({ ok: true });
    expect(good.message).toContain("Google Places accepted the key");
    const sent = fake.requests.slice(before).find((r) => r.path === "/v1/places:searchText");
    expect(sent?.headers["x-goog-api-key"]).toBe(KEYS.googlePlaces);
    expect(JSON.parse(sent?.body ?? "{}")).toMatchObject({ pageSize: 1 });

    const bad = await admin.admin.testApiKey("googlePlaces", "AIzaWrongKey-000000000000000000");
    expect(bad.ok).toBe(false);
    expect(bad.message).toContain("Google Places rejected the key (HTTP 400)");
    expect(bad.message).toContain("API key not valid");
    expect(bad.message).not.toContain("AIzaWrongKey");

    const census = await admin.admin.testApiKey("census", "census-wrong-key-0000");
    expect(census.ok).toBe(false);
    expect(census.message).toContain("invalid or not yet activated");
    expect((await admin.admin.testApiKey("census", KEYS.census)).ok).toBe(true);

    expect((await admin.admin.testApiKey("googleMaps")).ok).toBe(true);
    const maps = fake.requests.findLast((r) => r.path === "/maps/api/staticmap");
    expect(maps?.headers.referer).toBe(`${bis.url}/`);
    expect((await admin.admin.testApiKey("googleMaps", "AIzaNope-00000000")).message).toContain(
      "Google Maps rejected the key (HTTP 403)",
    );
  });

  it("remembers the last test: of the stored value, and of a tested value that is then saved", async () => {
    const failed = await admin.admin.testApiKey("yelp", "yelp-wrong-0000000000");
    expect(failed.ok).toBe(false);
    expect(failed.message).toContain("Invalid access token");
    // A failed candidate does not mark the stored key.
    expect((await admin.admin.apiKeys()).find((k) => k.name === "yelp")?.lastTestOk).toBeNull();

    const stored = await admin.admin.testApiKey("yelp");
    expect(stored.ok).toBe(true);
    const row = (await ctx().db.select().from(apiKey).where(eq(apiKey.name, "yelp")))[0];
    expect(row).toMatchObject({ lastTestOk: true });
    expect((await admin.admin.apiKeys()).find((k) => k.name === "yelp")).toMatchObject({
      lastTestOk: true,
      lastTestMessage: stored.message,
    });

    // Test first, then save: the saved key shows the passing test.
    await admin.admin.testApiKey("googlePlaces", KEYS.googlePlaces);
    const saved = await admin.admin.saveApiKey("googlePlaces", KEYS.googlePlaces);
    expect(saved).toMatchObject({ lastTestOk: true });
    const system = await admin.admin.system();
    expect(system.providers.find((p) => p.name === "googlePlaces")).toMatchObject({
      configured: true,
      source: "stored",
      lastTestOk: true,
    });
  });

  it("tests composite credentials with their partners, and the environment wins", async () => {
    const withoutAccess = await admin.admin.testApiKey("googleAdsDeveloperToken");
    expect(withoutAccess.ok).toBe(false);
    expect(withoutAccess.message).toContain("also needs the Google Ads access token");

    await admin.admin.saveApiKey("googleAdsAccessToken", KEYS.adsAccess);
    const works = await admin.admin.testApiKey("googleAdsCustomerId", "123-456-7890");
    expect(works.ok).toBe(true);
    expect(works.message).toContain("customer 123-456-7890 is accessible");
    const format = await admin.admin.testApiKey("googleAdsCustomerId", "12345");
    expect(format).toMatchObject({ ok: false });

    const overridden = await admin.admin.saveApiKey(
      "googleAdsDeveloperToken",
      "stored-dev-token-0000",
    );
    expect(overridden).toMatchObject({ source: "environment", last4: KEYS.adsDeveloper.slice(-4) });
    expect(ctx().keys.get("googleAdsDeveloperToken")).toBe(KEYS.adsDeveloper);
    // Removing the stored value leaves the environment's in use.
    const removed = await admin.admin.deleteApiKey("googleAdsDeveloperToken");
    expect(removed).toMatchObject({ configured: true, source: "environment" });
    expect((await errorOf(admin.admin.deleteApiKey("dataforseoLogin"))).status).toBe(404);

    const actions = (await admin.admin.audit())
      .filter((e) => e.targetType === "api-key")
      .map((e) => `${e.action} ${e.targetId}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        "api-key.save yelp",
        "api-key.save googleMaps",
        "api-key.save googleAdsDeveloperToken",
        "api-key.delete googleAdsDeveloperToken",
      ]),
    );
  });

  it("reports a provider that cannot be reached", async () => {
    const unreachable = await startTestServer({ YELP_API_URL: "http://127.0.0.1:9" });
    const client = await signedInAdmin(unreachable);
    const result = await client.admin.testApiKey("yelp", "yelp-anything-000000");
    expect(result.ok).toBe(false);
    expect(result.message).toContain("Yelp Fusion could not be reached (http://127.0.0.1:9)");
    await client.close();
    await unreachable.close();
  });
});

describe("system, logs and audit", () => {
  it("shows version, uptime, database size and migrations, providers and modes", async () => {
    const system = await admin.admin.system();
    expect(system.status).toBe("healthy");
    expect(system.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(system.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(system.database.ok).toBe(true);
    expect(system.database.sizeBytes).toBeGreaterThan(0);
    expect(system.database.migrations.applied).toBe(system.database.migrations.available);
    expect(system.database.migrations.pending).toBe(0);
    expect(system.email.mode).toBe("smtp");
    expect(system.payments.mode).toBe("demo");
    expect(system.places.provider).toBe("embedded");
    expect(system.providers).toHaveLength(9);
    // This server is the one instance on its database, and the one that answered.
    expect(system.instances.map((i) => i.id)).toEqual([system.instanceId]);
    expect(system.instances[0]).toMatchObject({ pid: process.pid, version: system.version });
  });

  it("keeps recent log entries with level, time, message and request id, filterable by level", async () => {
    const missing = await signedOut.fetch(`${bis.url}/api/no-such-route`, {
      method: "GET",
      headers: { "x-request-id": "admin-test-404" },
    });
    expect(missing.status).toBe(404);
    const ok = await signedOut.fetch(`${bis.url}/api/public/settings`, {
      method: "GET",
      headers: { "x-request-id": "admin-test-200" },
    });
    expect(ok.status).toBe(200);
    // A signed-out visit: the app's session probe answers 200 with no user; the 401 an API
    // client gets from GET /api/auth/user is expected, not a warning.
    const probe = await signedOut.fetch(`${bis.url}/api/auth/session`, {
      method: "GET",
      headers: { "x-request-id": "admin-test-session" },
    });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toEqual({ user: null });
    const who = await signedOut.fetch(`${bis.url}/api/auth/user`, {
      method: "GET",
      headers: { "x-request-id": "admin-test-401" },
    });
    expect(who.status).toBe(401);

    const all = await admin.admin.logs();
    const warnings = await admin.admin.logs({ level: "warn" });
    for (const id of ["admin-test-session", "admin-test-401"]) {
      expect(warnings.some((e) => e.requestId === id)).toBe(false);
      expect(all.some((e) => e.requestId === id && e.level === "info")).toBe(true);
    }
    const notFound = warnings.find((e) => e.requestId === "admin-test-404");
    expect(notFound).toMatchObject({ level: "warn" });
    expect(notFound?.message).toContain("GET /api/no-such-route → 404");
    expect(Date.parse(notFound?.time ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(
      warnings.every((e) => e.level === "warn" || e.level === "error" || e.level === "fatal"),
    ).toBe(true);
    expect(warnings.some((e) => e.requestId === "admin-test-200")).toBe(false);
    expect(all.some((e) => e.requestId === "admin-test-200" && e.level === "info")).toBe(true);
    // Newest first, each written by this server (the one instance).
    const times = all.map((e) => e.time);
    expect([...times].sort().reverse()).toEqual(times);
    const { instanceId } = await admin.admin.system();
    expect(all.every((e) => e.instanceId === instanceId)).toBe(true);
    expect(await admin.admin.logs({ limit: 3 })).toHaveLength(3);

    const badLevel = await admin.fetch(`${bis.url}/api/admin/logs?level=loud`, { method: "GET" });
    expect(badLevel.status).toBe(400);
    expect((await errorOf(dana.admin.logs())).status).toBe(403);
  });

  it("pages the log by entry: lines written between two pages never shift the next one", async () => {
    const first = await admin.admin.logsPage({ limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.limit).toBe(3);
    expect(first.total).toBeGreaterThan(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    // This call and the next are logged too: the second page still starts right after the first.
    const second = await admin.admin.logsPage({ limit: 3, cursor: first.nextCursor ?? "" });
    expect(second.items).toHaveLength(3);
    // The second page is the three entries that followed the first page when it was read.
    const now = await admin.admin.logs();
    const at = now.findIndex((e) => e.id === first.items.at(-1)?.id);
    expect(second.items.map((e) => e.id)).toEqual(now.slice(at + 1, at + 4).map((e) => e.id));
    // The level filter holds across pages, and total counts that level only.
    const warnings = await admin.admin.logsPage({ level: "warn", limit: 1 });
    expect(warnings.total).toBe((await admin.admin.logs({ level: "warn" })).length);
    expect(warnings.items.every((e) => e.level !== "info")).toBe(true);

    for (const bad of [
      "nope",
      "bzppp",
      Buffer.from("o:3").toString("base64url"),
      Buffer.from("k:3").toString("base64url"),
    ]) {
      const response = await admin.fetch(`${bis.url}/api/admin/logs?cursor=${bad}`, {
        method: "GET",
      });
      expect(response.status).toBe(400);
    }
    const tooMany = await admin.fetch(`${bis.url}/api/admin/logs?limit=501`, { method: "GET" });
    expect(tooMany.status).toBe(400);
  });

  it("keeps GET /api/logs disabled outside development", async () => {
    const response = await admin.fetch(`${bis.url}/api/logs`, { method: "GET" });
    expect(response.status).toBe(404);
  });

  it("serves GET /api/logs in development to administrators only", async () => {
    const dev = await startTestServer({ NODE_ENV: "development", BIS_LOG_LEVEL: "silent" });
    const devAdmin = await signedInAdmin(dev);
    const devUser = await signedInUser(dev, "Devon");
    try {
      const anon = await fetch(`${dev.url}/api/logs`);
      expect(anon.status).toBe(401);
      const user = await devUser.fetch(`${dev.url}/api/logs`, { method: "GET" });
      expect(user.status).toBe(403);
      const ok = await devAdmin.fetch(`${dev.url}/api/logs?level=info`, { method: "GET" });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([devAdmin.close(), devUser.close()]);
      await dev.close();
    }
  });

  it("lists the audit trail newest first", async () => {
    const entries = await admin.admin.audit();
    expect(entries.length).toBeGreaterThan(5);
    const times = entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const rows = await ctx().db.select().from(auditLog);
    expect(rows.length).toBe(entries.length);
  });

  it("answers the health check, and 503 once the database stops answering", async () => {
    const healthy = await signedOut.fetch(`${bis.url}/api/health`, { method: "GET" });
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: "ok", database: "ok" });

    const spare = await startTestServer();
    await spare.server.context.database.close();
    const failing = await fetch(`${spare.url}/api/health`);
    expect(failing.status).toBe(503);
    expect(await failing.json()).toMatchObject({ status: "unavailable" });
    await spare.server.close().catch(() => undefined);
    await spare.mailbox.close();
  });
});
