/**
 * The embeddable widget, server side: partner key + origin allowlist, CORS only for allowed
 * origins, no cookies, rate limits per IP and per partner, the daily quota's reduced mode,
 * leads and their signed webhook deliveries (with retries), the admin partner API with its
 * audit trail, and the served widget file.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Lead,
  type PartnerCreated,
  WIDGET_MESSAGES,
  type WidgetAnalyzeResponse,
} from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { createWidgetService, QUOTA_CACHED_NOTICE } from "../src/services/widget.js";
import { signedInAdmin, startTestServer, type TestServer } from "./support/index.js";
import { testEngine } from "./support/postgres.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.js";

const { analysis } = tablesFor(testEngine());

const SITE = "http://partner-site.test:8080";
const OTHER_SITE = "https://evil.example";
const austin = { city: "Austin", state: "TX", primaryRadius: 10, secondaryRadius: 15 };
const dallas = { city: "Dallas", state: "TX" };

/* -------------------------------------------------------------------- a webhook receiver */

/** The verification a partner does (docs/widget.md). */
function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/* -------------------------------------------------------------------- setup */

let bis: TestServer;
let admin: NodeClient;
let receiver: WebhookReceiver;
let widgetDir: string;
const WIDGET_SOURCE = '(function(){console.log("bis widget test build")})();\n';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  widgetDir = mkdtempSync(path.join(tmpdir(), "bis-widget-dist-"));
  writeFileSync(path.join(widgetDir, "bis-widget.iife.js"), WIDGET_SOURCE);
  bis = await startTestServer({
    BIS_WIDGET_DIST: widgetDir,
    BIS_WEBHOOK_RETRY_DELAYS_MS: "50,100",
    BIS_WEBHOOK_TIMEOUT_MS: "2000",
    // The receiver listens on loopback.
    BIS_ALLOW_PRIVATE_WEBHOOKS: "true",
  });
  admin = await signedInAdmin(bis);
});

afterAll(async () => {
  await admin?.close();
  await bis?.close();
  await receiver?.close();
  rmSync(widgetDir, { recursive: true, force: true });
});

function widgetCall(
  route: "analyze" | "leads",
  options: { key?: string; origin?: string; body?: unknown; headers?: Record<string, string> },
  base = bis.url,
) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.key) headers["X-BIS-Partner-Key"] = options.key;
  if (options.origin) headers.Origin = options.origin;
  return fetch(`${base}/api/widget/${route}`, {
    method: "POST",
    headers: { ...headers, ...options.headers },
    body: JSON.stringify(options.body ?? {}),
  });
}

function corsHeaders(response: Response): string[] {
  return [...response.headers.keys()].filter((h) => h.startsWith("access-control-"));
}

async function createPartner(
  overrides: Partial<Parameters<NodeClient["admin"]["createPartner"]>[0]> = {},
): Promise<PartnerCreated> {
  return admin.admin.createPartner({
    name: "Cool Supply Co",
    allowedOrigins: [SITE],
    ...overrides,
  });
}

async function waitForLead(id: string, done: (lead: Lead) => boolean): Promise<Lead> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await admin.admin.leads()).find((l) => l.id === id);
    if (found && done(found)) return found;
    if (Date.now() > deadline) throw new Error(`lead ${id}: ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/* -------------------------------------------------------------------- admin partner API */

describe("admin partner API", () => {
  it("creates a partner with a public key and a webhook secret shown once, and audits it", async () => {
    const created = await createPartner({
      allowedOrigins: [`${SITE}/`, "https://www.example.com"],
      dailyQuota: 50,
    });
    expect(created.partner.publicKey).toMatch(/^pk_[A-Za-z0-9]{24}$/);
    expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(created.partner).toMatchObject({
      name: "Cool Supply Co",
      allowedOrigins: [SITE, "https://www.example.com"],
      webhookUrl: null,
      hasWebhookSecret: true,
      dailyQuota: 50,
      active: true,
      usageToday: 0,
      leads: 0,
      failedDeliveries: 0,
    });
    const listed = await admin.admin.partners();
    const row = listed.find((p) => p.id === created.partner.id);
    expect(row).toEqual(created.partner);
    expect(JSON.stringify(listed)).not.toContain(created.webhookSecret);

    const updated = await admin.admin.updatePartner(created.partner.id, {
      name: "Cool Supply",
      dailyQuota: 75,
      webhookUrl: receiver.url("/hook"),
    });
    expect(updated.webhookSecret).toBeUndefined();
    expect(updated.partner).toMatchObject({
      name: "Cool Supply",
      dailyQuota: 75,
      webhookUrl: receiver.url("/hook"),
    });
    const rotated = await admin.admin.updatePartner(created.partner.id, {
      rotateWebhookSecret: true,
    });
    expect(rotated.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.webhookSecret).not.toBe(created.webhookSecret);

    const revoked = await admin.admin.revokePartner(created.partner.id);
    expect(revoked.active).toBe(false);

    const audit = (await admin.admin.audit()).filter((e) => e.targetId === created.partner.id);
    expect(audit.map((e) => e.action).sort()).toEqual([
      "partner.create",
      "partner.revoke",
      "partner.update",
      "partner.update",
    ]);
    expect(JSON.stringify(audit)).not.toContain("whsec_");
  });

  it("validates origins, webhook URLs and quotas with clear messages", async () => {
    const attempt = (body: unknown) =>
      admin.fetch(`${bis.url}/api/admin/partners`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const withPath = await attempt({ name: "X", allowedOrigins: ["https://a.example/page"] });
    expect(withPath.status).toBe(400);
    expect((await withPath.json()).message).toMatch(/origin without a path/);
    const none = await attempt({ name: "X", allowedOrigins: [] });
    expect((await none.json()).message).toBe("At least one allowed origin is required");
    const plainHttp = await attempt({
      name: "X",
      allowedOrigins: [SITE],
      webhookUrl: "http://hooks.example.com/x",
    });
    expect((await plainHttp.json()).message).toMatch(/https:\/\//);
    const quota = await attempt({ name: "X", allowedOrigins: [SITE], dailyQuota: 0 });
    expect((await quota.json()).message).toMatch(/between 1 and 1,000,000/);
    const missing = await admin.fetch(`${bis.url}/api/admin/partners/nope`, { method: "DELETE" });
    expect(missing.status).toBe(404);
  });
});

/* -------------------------------------------------------------------- key, origin, CORS */

describe("widget calls: key, origin, CORS, cookies", () => {
  let partner: PartnerCreated;
  beforeAll(async () => {
    partner = await createPartner({ name: "Origin Test" });
  });

  it("answers an allowed origin with CORS headers and stores the analysis with the partner and no user", async () => {
    const response = await widgetCall("analyze", {
      key: partner.partner.publicKey,
      origin: SITE,
      body: austin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(response.headers.get("vary")).toMatch(/Origin/);
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    const result = (await response.json()) as WidgetAnalyzeResponse;
    expect(result).toMatchObject({ reduced: false, notice: null, location: "Austin, TX" });
    expect(result.marketSize).toBeGreaterThan(100_000);
    expect(result.totalMarketRevenue).toBeGreaterThan(0);
    expect(result.topServices).toHaveLength(3);
    expect(result.topServices[0]?.estimatedRevenue).toBeGreaterThanOrEqual(
      result.topServices[2]?.estimatedRevenue ?? 0,
    );
    expect(result.provenance.population?.grade).toMatch(/measured|modeled/);
    expect(result.provenance.places?.source).toMatch(/places whose centre lies within/);
    expect(result.localMarketSummary).toMatch(
      /^Climate: [\d,]+ heating · [\d,]+ cooling degree days · [\d,]+ contractors in range$/,
    );
    const stored = (await bis.server.context.db.select().from(analysis)).find(
      (a) => a.id === result.analysisId,
    );
    expect(stored).toMatchObject({ partnerId: partner.partner.id, userId: null });
    const listed = await admin.admin.partners();
    expect(listed.find((p) => p.id === partner.partner.id)?.usageToday).toBe(1);
  });

  it("refuses other origins, no origin, no key, an unknown key and a revoked partner with 403 and no CORS headers", async () => {
    const key = partner.partner.publicKey;
    const cases: [Parameters<typeof widgetCall>[1], string, string][] = [
      [
        { key, origin: OTHER_SITE, body: austin },
        "PARTNER_ORIGIN_NOT_ALLOWED",
        WIDGET_MESSAGES.originNotAllowed,
      ],
      [{ key, body: austin }, "PARTNER_ORIGIN_REQUIRED", WIDGET_MESSAGES.missingOrigin],
      [{ origin: SITE, body: austin }, "PARTNER_KEY_REQUIRED", WIDGET_MESSAGES.missingKey],
      [
        { key: "pk_unknownunknownunknown0", origin: SITE, body: austin },
        "PARTNER_KEY_UNKNOWN",
        WIDGET_MESSAGES.unknownKey,
      ],
    ];
    for (const [options, code, message] of cases) {
      for (const route of ["analyze", "leads"] as const) {
        const response = await widgetCall(route, options);
        expect(response.status, `${route} ${JSON.stringify(options)}`).toBe(403);
        expect(corsHeaders(response)).toEqual([]);
        expect(await response.json()).toEqual({ code, message });
      }
    }
    const revoked = await createPartner({ name: "Revoked" });
    await admin.admin.revokePartner(revoked.partner.id);
    const response = await widgetCall("analyze", {
      key: revoked.partner.publicKey,
      origin: SITE,
      body: austin,
    });
    expect(response.status).toBe(403);
    expect(corsHeaders(response)).toEqual([]);
    expect((await response.json()).message).toBe(WIDGET_MESSAGES.unknownKey);
  });

  it("answers the preflight with 204 and CORS headers for an allowed origin only", async () => {
    const preflight = (origin?: string) =>
      fetch(`${bis.url}/api/widget/analyze`, {
        method: "OPTIONS",
        headers: {
          ...(origin ? { Origin: origin } : {}),
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type,x-bis-partner-key",
        },
      });
    const allowed = await preflight(SITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(allowed.headers.get("access-control-allow-methods")).toBe("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toBe(
      "Content-Type, X-BIS-Partner-Key",
    );
    expect(Number(allowed.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(allowed.headers.get("vary")).toMatch(/Origin/);
    for (const origin of [OTHER_SITE, undefined]) {
      const refused = await preflight(origin);
      expect(refused.status).toBe(403);
      expect(corsHeaders(refused)).toEqual([]);
    }
  });

  it("never reads nor sets cookies, even when the browser sends the admin's session cookie", async () => {
    const cookie = admin.cookies.header() ?? "";
    expect(cookie).toContain("=");
    for (const route of ["analyze", "leads"] as const) {
      const response = await widgetCall(route, {
        key: partner.partner.publicKey,
        origin: SITE,
        body:
          route === "analyze"
            ? austin
            : { name: "Pat Visitor", email: "pat@example.com", consent: true },
        headers: { Cookie: cookie },
      });
      expect(response.status).toBeLessThan(300);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // A cookie-bearing cross-site write is not refused by the app's origin check either.
    const refused = await widgetCall("leads", {
      key: partner.partner.publicKey,
      origin: OTHER_SITE,
      body: {},
      headers: { Cookie: cookie },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("validates with the app's messages", async () => {
    const response = await widgetCall("analyze", {
      key: partner.partner.publicKey,
      origin: SITE,
      body: { city: "", state: "TX", primaryRadius: 60 },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
    const body = (await response.json()) as { issues: { message: string }[] };
    expect(body.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        "Please enter a city",
        "Primary radius must be between 1 and 50 miles",
      ]),
    );
  });
});

/* -------------------------------------------------------------------- quota: reduced mode */

describe("daily quota", () => {
  it("keeps answering in reduced form once the quota is used up: cached area, else headline figures", async () => {
    const partner = await createPartner({ name: "Tiny Quota", dailyQuota: 1 });
    const key = partner.partner.publicKey;
    const call = async (body: unknown) => {
      const response = await widgetCall("analyze", { key, origin: SITE, body });
      expect(response.status).toBe(200);
      return (await response.json()) as WidgetAnalyzeResponse;
    };
    const full = await call(austin);
    expect(full.reduced).toBe(false);
    expect(full.analysisId).toBeTruthy();

    const cached = await call({ ...austin, city: "austin" });
    expect(cached).toEqual({ ...full, reduced: true, notice: QUOTA_CACHED_NOTICE });

    const headline = await call(dallas);
    expect(headline).toMatchObject({
      analysisId: null,
      location: "Dallas, TX",
      reduced: true,
      notice: "This partner's daily analysis limit is reached; showing headline figures.",
      topServices: [],
      citiesInRange: null,
    });
    expect(headline.marketSize).toBeGreaterThan(100_000);
    expect(headline.households).toBeGreaterThan(0);
    expect(headline.totalMarketRevenue).toBeGreaterThan(0);

    const ctx = bis.server.context;
    const stored = (await ctx.db.select().from(analysis)).filter(
      (a) => a.partnerId === partner.partner.id,
    );
    expect(stored).toHaveLength(1);
    const listed = (await admin.admin.partners()).find((p) => p.id === partner.partner.id);
    expect(listed?.usageToday).toBe(1);

    // After a restart (empty in-memory cache) the partner's stored analysis of the area is used.
    const fresh = createWidgetService({
      db: ctx.db,
      analyses: ctx.services.analyses,
      partners: ctx.services.partners,
      webhooks: ctx.services.webhooks,
    });
    const row = await ctx.services.partners.authorize(key, SITE);
    const fromDb = await fresh.analyze(row, {
      ...austin,
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
    });
    expect(fromDb).toEqual({ ...full, reduced: true, notice: QUOTA_CACHED_NOTICE });
  });

  it("gives the quota back when an analysis fails (unknown city)", async () => {
    const partner = await createPartner({ name: "Refund Quota", dailyQuota: 1 });
    const key = partner.partner.publicKey;
    const bad = await widgetCall("analyze", {
      key,
      origin: SITE,
      body: { city: "Nowhereville Zzz", state: "TX" },
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("access-control-allow-origin")).toBe(SITE);
    const good = await widgetCall("analyze", { key, origin: SITE, body: austin });
    expect(((await good.json()) as WidgetAnalyzeResponse).reduced).toBe(false);
  });
});

/* -------------------------------------------------------------------- leads and webhooks */

describe("leads and webhooks", () => {
  it("stores a lead with its consent flag; consent is required", async () => {
    const partner = await createPartner({ name: "No Webhook" });
    const key = partner.partner.publicKey;
    const refused = await widgetCall("leads", {
      key,
      origin: SITE,
      body: { name: "Sam", email: "sam@example.com", consent: false },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Please agree to be contacted");

    const response = await widgetCall("leads", {
      key,
      origin: SITE,
      body: { name: "Sam", email: "Sam@Example.com", consent: true, analysisId: "not-ours" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
    const { leadId } = (await response.json()) as { leadId: string };
    const lead = (await admin.admin.leads(partner.partner.id))[0];
    expect(lead).toMatchObject({
      id: leadId,
      partnerId: partner.partner.id,
      partnerName: "No Webhook",
      name: "Sam",
      email: "sam@example.com",
      consent: true,
      analysisId: null,
      webhookStatus: "none",
      webhookAttempts: 0,
    });
  });

  it("POSTs the lead to the partner's webhook with a valid signature", async () => {
    const partner = await createPartner({ name: "Hooked", webhookUrl: receiver.url("/ok") });
    const key = partner.partner.publicKey;
    const analyzed = (await (
      await widgetCall("analyze", { key, origin: SITE, body: austin })
    ).json()) as WidgetAnalyzeResponse;
    const response = await widgetCall("leads", {
      key,
      origin: SITE,
      body: {
        name: "Lee Homeowner",
        email: "lee@example.com",
        consent: true,
        analysisId: analyzed.analysisId,
      },
    });
    const { leadId } = (await response.json()) as { leadId: string };
    const lead = await waitForLead(leadId, (l) => l.webhookStatus === "delivered");
    expect(lead).toMatchObject({ webhookAttempts: 1, webhookLastError: null });
    expect(lead.deliveredAt).toBeTruthy();
    expect(lead.analysisId).toBe(analyzed.analysisId);

    const hit = receiver.received.find((r) => r.path === "/ok" && r.body.includes(leadId));
    if (!hit) throw new Error("the receiver got nothing");
    expect(hit.headers["content-type"]).toBe("application/json");
    const signature = String(hit.headers["x-bis-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(partner.webhookSecret, signature, hit.body)).toBe(true);
    expect(verifySignature("whsec_wrong", signature, hit.body)).toBe(false);
    expect(verifySignature(partner.webhookSecret, signature, `${hit.body} `)).toBe(false);
    expect(JSON.parse(hit.body)).toEqual({
      type: "lead.created",
      lead: {
        id: leadId,
        name: "Lee Homeowner",
        email: "lee@example.com",
        consent: true,
        analysisId: analyzed.analysisId,
        createdAt: expect.any(String),
      },
      partner: { id: partner.partner.id, name: "Hooked" },
    });
  });

  it("retries after a 500 and then delivers", async () => {
    receiver.plan("/flaky", [500]);
    const partner = await createPartner({ name: "Flaky", webhookUrl: receiver.url("/flaky") });
    const response = await widgetCall("leads", {
      key: partner.partner.publicKey,
      origin: SITE,
      body: { name: "Flo", email: "flo@example.com", consent: true },
    });
    const { leadId } = (await response.json()) as { leadId: string };
    const lead = await waitForLead(leadId, (l) => l.webhookStatus === "delivered");
    expect(lead.webhookAttempts).toBe(2);
    expect(receiver.received.filter((r) => r.path === "/flaky")).toHaveLength(2);
  });

  it("gives up after every attempt failed and shows the failure to administrators", async () => {
    receiver.plan("/down", [500, 503, 500, 500]);
    const partner = await createPartner({ name: "Down", webhookUrl: receiver.url("/down") });
    const response = await widgetCall("leads", {
      key: partner.partner.publicKey,
      origin: SITE,
      body: { name: "Dee", email: "dee@example.com", consent: true },
    });
    expect(response.status).toBe(201);
    const { leadId } = (await response.json()) as { leadId: string };
    const lead = await waitForLead(leadId, (l) => l.webhookStatus === "failed");
    expect(lead).toMatchObject({ webhookAttempts: 3, deliveredAt: null });
    expect(lead.webhookLastError).toMatch(/^HTTP 500/);
    expect(receiver.received.filter((r) => r.path === "/down")).toHaveLength(3);
    const failed = await admin.admin.leads({ status: "failed" });
    expect(failed.map((l) => l.id)).toContain(leadId);
    const listed = (await admin.admin.partners()).find((p) => p.id === partner.partner.id);
    expect(listed).toMatchObject({ leads: 1, failedDeliveries: 1 });
  });
});

/* -------------------------------------------------------------------- the widget file */

describe("the served widget file", () => {
  it("redirects /widget.js to the versioned path, served for a year with SRI in the manifest", async () => {
    const manifest = await admin.widget.manifest();
    const integrity = `sha384-${createHash("sha384").update(WIDGET_SOURCE).digest("base64")}`;
    expect(manifest.integrity).toBe(integrity);
    expect(manifest.path).toBe(`/widget/${manifest.version}/bis-widget.js`);

    const redirect = await fetch(`${bis.url}/widget.js`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(manifest.path);
    expect(redirect.headers.get("cache-control")).toBe("public, max-age=300");

    const file = await fetch(`${bis.url}${manifest.path}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(WIDGET_SOURCE);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    expect(file.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(file.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(file.headers.getSetCookie()).toEqual([]);

    const stale = await fetch(`${bis.url}/widget/0.0.0-old/bis-widget.js`);
    expect(stale.status).toBe(404);
  });
});

/* -------------------------------------------------------------------- rate limits, absent file */

describe("rate limits (low limits) and a server without the widget built", () => {
  let limited: TestServer;
  let limitedAdmin: NodeClient;
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = mkdtempSync(path.join(tmpdir(), "bis-widget-none-"));
    mkdirSync(path.join(emptyDir, "dist"));
    limited = await startTestServer({
      BIS_WIDGET_DIST: path.join(emptyDir, "dist"),
      BIS_WIDGET_RATE_LIMIT: "3",
      BIS_WIDGET_PARTNER_RATE_LIMIT: "5",
    });
    limitedAdmin = await signedInAdmin(limited);
  });
  afterAll(async () => {
    await limitedAdmin?.close();
    await limited?.close();
    rmSync(emptyDir, { recursive: true, force: true });
  });

  const lead = { name: "Ray", email: "ray@example.com", consent: true };

  /** A lead call from another loopback address (127.0.0.x), i.e. another client IP. */
  function leadFrom(localAddress: string, key: string) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = request(
          `${limited.url}/api/widget/leads`,
          {
            method: "POST",
            localAddress,
            headers: { "Content-Type": "application/json", Origin: SITE, "X-BIS-Partner-Key": key },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString(),
              }),
            );
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify(lead));
      },
    );
  }

  it("answers 429 with the friendly message (and CORS headers) per IP address", async () => {
    const { partner } = await limitedAdmin.admin.createPartner({
      name: "IP limited",
      allowedOrigins: [SITE],
    });
    const call = () => leadFrom("127.0.0.7", partner.publicKey);
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(201);
    const response = await call();
    expect(response.status).toBe(429);
    expect(response.headers["access-control-allow-origin"]).toBe(SITE);
    expect(JSON.parse(response.body)).toEqual({
      code: "RATE_LIMITED",
      message: "Too many requests — please try again in a minute.",
    });
  });

  it("answers 429 per partner across addresses", async () => {
    const { partner } = await limitedAdmin.admin.createPartner({
      name: "Partner limited",
      allowedOrigins: [SITE],
    });
    // Three addresses, two calls each: no address reaches its limit of 3, the partner its 5.
    const statuses: number[] = [];
    for (const address of ["127.0.0.21", "127.0.0.22", "127.0.0.23"])
      for (let i = 0; i < 2; i++)
        statuses.push((await leadFrom(address, partner.publicKey)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const response = await leadFrom("127.0.0.24", partner.publicKey);
    expect(response.status).toBe(429);
    expect(JSON.parse(response.body).message).toBe(WIDGET_MESSAGES.rateLimited);
  });

  it("answers 404 with a clear message when the widget is not built", async () => {
    for (const p of ["/widget.js", "/api/widget/manifest", "/widget/1.0.0/bis-widget.js"]) {
      const response = await fetch(`${limited.url}${p}`, { redirect: "manual" });
      expect(response.status, p).toBe(404);
      expect((await response.json()).message).toMatch(/widget is not built/);
    }
  });
});
