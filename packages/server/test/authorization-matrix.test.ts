/**
 * The authorization matrix: every route the server registers × {signed out, user, other user,
 * administrator}, against the expectations table below.
 *
 * The routes are read at run time from the Express router of the running server (walking
 * `app.router.stack` and every mounted router), so a new route cannot escape: when one is not in
 * the table, this test fails and names it. "user" owns the analyses used in paths; "other user"
 * is a different standard user (someone else's analysis answers 404, never 403, so ids reveal
 * nothing); premium steps answer 402 to the owner until paid and 200 to an administrator.
 */
import type { User } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registeredRoutes,
  signedInAdmin,
  signedInUser,
  startTestServer,
  type TestServer,
} from "./support/index.js";

type Role = "anon" | "user" | "other" | "admin";
const ROLES: Role[] = ["anon", "user", "other", "admin"];
type Status = number | number[];

interface Fixtures {
  ids: Record<Role, string | null>;
  emails: Record<Role, string | null>;
  /** Unpaid analysis of "user". */
  analysisId: string;
  /** Another unpaid analysis of "user", which the demo confirmation pays. */
  confirmAnalysisId: string;
  /** An analysis of "other", for the admin bulk delete. */
  throwawayAnalysisId: string;
  /** A demo payment, for the admin refund. */
  paymentId: string;
  /** A user the administrator deletes. */
  victimId: string;
  /** A widget partner, which the administrator changes and revokes. */
  partnerId: string;
  /** A personal API token of "user". */
  tokenId: string;
  /** A comparison of "user"'s two analyses. */
  comparisonId: string;
  /** Unpaid analyses of "user" that each role tries to delete (each its own: a delete is final). */
  deletable: Record<Role, string>;
}

interface Expectation {
  /** The concrete URL path (defaults to the route path, which then has no parameters). */
  path?: (f: Fixtures, role: Role) => string;
  body?: (f: Fixtures, role: Role) => unknown;
  /** The call ends the session (logout): each role uses a fresh session of its own. */
  freshSession?: boolean;
  /** The call ends the role's other sessions: its shared client signs in again afterwards. */
  endsOtherSessions?: boolean;
  /** Registered only in some configurations (the built app's catch-all). */
  optional?: boolean;
  expect: Record<Role, Status>;
}

const everyone = (status: Status): Expectation["expect"] => ({
  anon: status,
  user: status,
  other: status,
  admin: status,
});
const signedIn = (status: Status = 200): Expectation["expect"] => ({
  anon: 401,
  user: status,
  other: status,
  admin: status,
});
const adminOnly = (status: Status = 200): Expectation["expect"] => ({
  anon: 401,
  user: 403,
  other: 403,
  admin: status,
});
/** The owner's analysis: the other user gets 404. */
const ownerOnly = (owner: Status, admin: Status): Expectation["expect"] => ({
  anon: 401,
  user: owner,
  other: 404,
  admin,
});

const austin = {
  state: "TX",
  city: "Austin",
  industry: "HVAC",
  primaryRadius: 10,
  secondaryRadius: 15,
};
const USER_PASSWORD = "Cool-Air9!";
const ADMIN_PASSWORD = "Admin-pass1";

/** Key: "METHOD /full/path" exactly as registered. */
const EXPECTATIONS: Record<string, Expectation> = {
  // ---------------------------------------------------------------- public and accounts
  // better-auth's verification link: without a token it is a bad request.
  "GET /api/auth/verify-email": { expect: everyone(400) },
  // Demo payment mode: no Stripe webhook endpoint.
  "POST /api/webhooks/stripe": { body: () => ({}), expect: everyone(404) },
  "GET /api/auth/user": { expect: signedIn(200) },
  // The app's session probe: 200 for everyone ({ user: null } signed out).
  "GET /api/auth/session": { expect: everyone(200) },
  "POST /api/auth/login": {
    body: () => ({ email: "nobody@example.com", password: "Wrong-pass1!" }),
    expect: everyone(401),
  },
  "POST /api/auth/register": { body: () => ({}), expect: everyone(400) },
  "POST /api/auth/logout": { freshSession: true, expect: everyone(204) },
  "PUT /api/auth/profile": {
    body: (f, role) => ({
      firstName: "Same",
      lastName: "Name",
      email: f.emails[role] ?? "x@example.com",
    }),
    expect: signedIn(200),
  },
  "PUT /api/auth/password": {
    body: () => ({ currentPassword: "Not-the-password1!", newPassword: "Another-pass1!" }),
    expect: signedIn(400),
  },
  // Account security. A wrong current password: 400 for every signed-in role.
  "POST /api/auth/email-change": {
    body: () => ({ newEmail: "moved@example.com", currentPassword: "Not-the-password1!" }),
    expect: signedIn(400),
  },
  // The link itself is the credential: anyone may follow one; a forged one is a bad request.
  "POST /api/auth/email-change/confirm": {
    body: () => ({ token: "forged-token" }),
    expect: everyone(400),
  },
  "POST /api/auth/forgot-password": {
    body: () => ({ email: "nobody@example.com" }),
    expect: everyone(200),
  },
  "POST /api/auth/reset-password": {
    body: () => ({ token: "forged-token", newPassword: "New-Pass7!" }),
    expect: everyone(400),
  },
  // Only the caller's own devices; no route takes another user's id.
  "GET /api/auth/sessions": { expect: signedIn(200) },
  "POST /api/auth/sessions/revoke-others": {
    freshSession: true,
    endsOtherSessions: true,
    expect: signedIn(200),
  },
  "GET /api/public/settings": { expect: everyone(200) },
  // The basemap's state outlines (public data).
  "GET /api/outlines": { path: () => "/api/outlines?states=48,40", expect: everyone(200) },
  "GET /api/admin/setup": { expect: everyone(200) },
  "POST /api/admin/setup": {
    body: () => ({
      email: "late@example.com",
      password: "Late-pass1",
      firstName: "Late",
      lastName: "Admin",
    }),
    expect: everyone(403),
  },
  "GET /api/health": { expect: everyone(200) },
  "GET /api/ready": { expect: everyone(200) },
  // Development helper; absent (404) in production, see the production test below.
  "GET /api/dev/outbox": { expect: everyone(200) },

  // ---------------------------------------------------------------- market analysis
  "POST /api/market-analysis/analyze": { body: () => austin, expect: signedIn(201) },
  "GET /api/market-analysis/:id": {
    path: (f) => `/api/market-analysis/${f.analysisId}`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/analyses": { expect: signedIn(200) },
  "GET /api/analyses/:id": {
    path: (f) => `/api/analyses/${f.analysisId}`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/analyses/:id/zip-areas": {
    path: (f) => `/api/analyses/${f.analysisId}/zip-areas`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/analyses/:id/zip-areas.csv": {
    path: (f) => `/api/analyses/${f.analysisId}/zip-areas.csv`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/analyses/:id/zip-areas.xlsx": {
    path: (f) => `/api/analyses/${f.analysisId}/zip-areas.xlsx`,
    expect: ownerOnly(200, 200),
  },
  // Each role tries its own analysis of "user": the other user gets 404 on one that exists.
  "DELETE /api/analyses/:id": {
    path: (f, role) => `/api/analyses/${f.deletable[role]}`,
    expect: ownerOnly(204, 204),
  },
  "PUT /api/analyses/:id/assumptions": {
    path: (f) => `/api/analyses/${f.analysisId}/assumptions`,
    body: () => ({ assumptions: {} }),
    expect: ownerOnly(200, 200),
  },

  // ---------------------------------------------------------------- comparisons
  // The other user may not compare "user"'s analyses (404, as reading one); an administrator may.
  "POST /api/comparisons": {
    body: (f) => ({ analysisIds: [f.analysisId, f.confirmAnalysisId] }),
    expect: ownerOnly(201, 201),
  },
  "GET /api/comparisons": { expect: signedIn(200) },
  "GET /api/comparisons/:id": {
    path: (f) => `/api/comparisons/${f.comparisonId}`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/comparisons/:id/export.csv": {
    path: (f) => `/api/comparisons/${f.comparisonId}/export.csv`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/comparisons/:id/export.xlsx": {
    path: (f) => `/api/comparisons/${f.comparisonId}/export.xlsx`,
    expect: ownerOnly(200, 200),
  },
  "GET /api/comparisons/:id/report.pdf": {
    path: (f) => `/api/comparisons/${f.comparisonId}/report.pdf`,
    expect: ownerOnly(200, 200),
  },

  // ---------------------------------------------------------------- premium (paid or administrator)
  "GET /api/analyses/:id/report.pdf": {
    path: (f) => `/api/analyses/${f.analysisId}/report.pdf`,
    expect: ownerOnly(402, 200),
  },
  "POST /api/keyword-analysis/analyze": {
    body: (f) => ({ analysisId: f.analysisId }),
    expect: ownerOnly(402, 200),
  },
  // The administrator's keyword research (the row above, registered first) makes this one 200.
  "POST /api/analyses/:id/competition-analysis": {
    path: (f) => `/api/analyses/${f.analysisId}/competition-analysis`,
    body: () => ({}),
    expect: ownerOnly(402, 200),
  },

  // ---------------------------------------------------------------- payments (demo mode)
  "GET /api/config/payments": { expect: everyone(200) },
  // Stripe is not configured: intents are unavailable to everyone signed in.
  "POST /api/create-payment-intent": {
    body: (f) => ({ analysisId: f.analysisId }),
    expect: signedIn(404),
  },
  // Only the owner pays; an administrator is told why not (403).
  "POST /api/payments/demo/confirm": {
    body: (f) => ({ analysisId: f.confirmAnalysisId }),
    expect: ownerOnly(200, 403),
  },
  "GET /api/admin/payments": { expect: adminOnly(200) },
  "GET /api/admin/prices": { expect: adminOnly(200) },
  "PATCH /api/admin/prices": { body: () => ({ pdfReport: 10_000 }), expect: adminOnly(200) },
  "POST /api/admin/payments/:id/refund": {
    path: (f) => `/api/admin/payments/${f.paymentId}/refund`,
    expect: adminOnly(200),
  },

  // ---------------------------------------------------------------- personal API tokens
  // Signed out without email + password: 401 (with them, see tokens.test.ts).
  "POST /api/tokens": { body: () => ({ name: "matrix" }), expect: signedIn(201) },
  "GET /api/tokens": { expect: signedIn(200) },
  // The owner renews (with a session or the password, never a token); anyone else gets 404.
  "POST /api/tokens/:id/renew": {
    path: (f) => `/api/tokens/${f.tokenId}/renew`,
    expect: ownerOnly(200, 404),
  },
  // The owner revokes; another user gets 404; an administrator may revoke anyone's.
  "DELETE /api/tokens/:id": {
    path: (f) => `/api/tokens/${f.tokenId}`,
    expect: ownerOnly(200, 200),
  },

  // ---------------------------------------------------------------- administration
  "GET /api/admin/analytics": { expect: adminOnly(200) },
  "GET /api/admin/users": { expect: adminOnly(200) },
  "PUT /api/admin/users/:userId/admin": {
    path: (f) => `/api/admin/users/${f.ids.other}/admin`,
    body: () => ({ isAdmin: false }),
    expect: adminOnly(200),
  },
  "DELETE /api/admin/users/:userId": {
    path: (f) => `/api/admin/users/${f.victimId}`,
    expect: adminOnly(200),
  },
  "GET /api/admin/analyses": { expect: adminOnly(200) },
  "DELETE /api/admin/analyses/bulk": {
    body: (f) => ({ analysisIds: [f.throwawayAnalysisId] }),
    expect: adminOnly(200),
  },
  "GET /api/admin/settings": { expect: adminOnly(200) },
  "PATCH /api/admin/settings": {
    body: () => ({ landingPageVideoUrl: "https://videos.example.com/matrix.mp4" }),
    expect: adminOnly(200),
  },
  "GET /api/settings/videos": { expect: signedIn(200) },
  "GET /api/admin/api-keys": { expect: adminOnly(200) },
  "PUT /api/admin/api-keys/:name": {
    path: () => "/api/admin/api-keys/census",
    body: () => ({ value: "matrix-census-key-0000" }),
    expect: adminOnly(200),
  },
  // The provider is unreachable here: the test itself answers 200 with ok: false.
  "POST /api/admin/api-keys/:name/test": {
    path: () => "/api/admin/api-keys/census/test",
    body: () => ({}),
    expect: adminOnly(200),
  },
  "DELETE /api/admin/api-keys/:name": {
    path: () => "/api/admin/api-keys/census",
    expect: adminOnly(200),
  },
  "POST /api/admin/save-api-key": {
    body: () => ({ googleMapsApiKey: "AIzaMatrixMapsKey-000000000" }),
    expect: adminOnly(200),
  },
  "GET /api/config/google-maps-key": { expect: signedIn(200) },
  "GET /api/admin/system": { expect: adminOnly(200) },
  "GET /api/admin/logs": { expect: adminOnly(200) },
  "GET /api/admin/audit": { expect: adminOnly(200) },
  // Development only: 404 in any other environment, administrators included.
  "GET /api/logs": { expect: everyone(404) },

  // ---------------------------------------------------------------- embeddable widget
  // Anonymous, authorized by a partner key plus an allowed Origin; cookies are ignored, so
  // every role without them is refused alike (see widget.test.ts for the allowed paths).
  "OPTIONS /api/widget/analyze": { expect: everyone(403) },
  "OPTIONS /api/widget/leads": { expect: everyone(403) },
  "POST /api/widget/analyze": { body: () => austin, expect: everyone(403) },
  "POST /api/widget/leads": {
    body: () => ({ name: "Matrix", email: "matrix@example.com", consent: true }),
    expect: everyone(403),
  },
  // Public; 404 while packages/widget is not built.
  "GET /api/widget/manifest": { expect: everyone([200, 404]) },
  "GET /widget.js": { expect: everyone([302, 404]) },
  // Only the current version is served.
  "GET /widget/:version/bis-widget.js": {
    path: () => "/widget/0.0.0-matrix/bis-widget.js",
    expect: everyone(404),
  },
  "GET /api/admin/partners": { expect: adminOnly(200) },
  "POST /api/admin/partners": {
    body: () => ({ name: "Matrix Partner", allowedOrigins: ["https://matrix.example"] }),
    expect: adminOnly(201),
  },
  "PATCH /api/admin/partners/:id": {
    path: (f) => `/api/admin/partners/${f.partnerId}`,
    body: () => ({ dailyQuota: 5 }),
    expect: adminOnly(200),
  },
  "DELETE /api/admin/partners/:id": {
    path: (f) => `/api/admin/partners/${f.partnerId}`,
    expect: adminOnly(200),
  },
  "GET /api/admin/leads": { expect: adminOnly(200) },
  // Partner brands: administrators only; a user reads their own brand and logo.
  "GET /api/admin/partners/:id/brand": {
    path: (f) => `/api/admin/partners/${f.partnerId}/brand`,
    expect: adminOnly([200, 404]),
  },
  "PUT /api/admin/partners/:id/brand": {
    path: (f) => `/api/admin/partners/${f.partnerId}/brand`,
    body: () => ({ displayName: "Matrix Brand", primaryColor: "#1d4ed8" }),
    expect: adminOnly(200),
  },
  "DELETE /api/admin/partners/:id/brand": {
    path: (f) => `/api/admin/partners/${f.partnerId}/brand`,
    expect: adminOnly([204, 404]),
  },
  "GET /api/admin/partners/:id/members": {
    path: (f) => `/api/admin/partners/${f.partnerId}/members`,
    expect: adminOnly(200),
  },
  // 404 until "other" is a member or asks to be (confirming a confirmed member: 200).
  "POST /api/admin/partners/:id/members/:userId/confirm": {
    path: (f) => `/api/admin/partners/${f.partnerId}/members/${f.ids.other}/confirm`,
    expect: adminOnly([200, 404]),
  },
  "POST /api/admin/partners/:id/members": {
    path: (f) => `/api/admin/partners/${f.partnerId}/members`,
    body: (f) => ({ email: f.emails.other }),
    expect: adminOnly(201),
  },
  "DELETE /api/admin/partners/:id/members/:userId": {
    path: (f) => `/api/admin/partners/${f.partnerId}/members/${f.ids.other}`,
    expect: adminOnly([204, 404]),
  },
  "GET /api/brand": { expect: signedIn(200) },
  "GET /api/analyses/:id/brand": {
    path: (f) => `/api/analyses/${f.analysisId}/brand`,
    expect: ownerOnly(200, 200),
  },
  // Nobody but administrators and the partner's own users sees a logo; this partner has none.
  "GET /api/brands/:partnerId/logo": {
    path: (f) => `/api/brands/${f.partnerId}/logo`,
    expect: { anon: 401, user: 404, other: 404, admin: 404 },
  },

  // ---------------------------------------------------------------- the built app
  "GET /{*splat}": { optional: true, expect: everyone(200) },
};

/* -------------------------------------------------------------------- the matrix */

let bis: TestServer;
let app: Express;

/** Each route the app registers, once (a path registered twice is one row of the matrix). */
const routesOnce = () => [...new Set(registeredRoutes(app))];
const clients = {} as Record<Role, NodeClient>;
const passwords: Record<Role, string> = {
  anon: "",
  user: USER_PASSWORD,
  other: USER_PASSWORD,
  admin: ADMIN_PASSWORD,
};
let fixtures: Fixtures;
const opened: NodeClient[] = [];

async function me(client: NodeClient): Promise<User> {
  const current = await client.auth.user();
  if (!current) throw new Error("not signed in");
  return current;
}

/** A second session of the same account (for calls that end their session). */
async function freshClient(role: Role): Promise<NodeClient> {
  const client = createNodeClient({ baseUrl: bis.url });
  opened.push(client);
  const email = fixtures.emails[role];
  if (email) await client.auth.login({ email, password: passwords[role] });
  return client;
}

beforeAll(async () => {
  const unreachable = "http://127.0.0.1:9";
  bis = await startTestServer({
    CENSUS_API_URL: unreachable,
    GOOGLE_MAPS_API_URL: unreachable,
    GOOGLE_PLACES_API_URL: unreachable,
    YELP_API_URL: unreachable,
    GOOGLE_ADS_API_URL: unreachable,
    DATAFORSEO_API_URL: unreachable,
    // Fresh sessions (logout, sign out everywhere else) sign in more often than the default allows.
    BIS_LOGIN_RATE_LIMIT: "1000",
  });
  const listener = bis.server.server.listeners("request")[0];
  app = listener as unknown as Express;
  clients.admin = await signedInAdmin(bis);
  clients.user = await signedInUser(bis, "Owner");
  clients.other = await signedInUser(bis, "Other");
  clients.anon = createNodeClient({ baseUrl: bis.url });
  opened.push(...Object.values(clients));
  const victim = await signedInUser(bis, "Victim");
  opened.push(victim);

  const users = {
    user: await me(clients.user),
    other: await me(clients.other),
    admin: await me(clients.admin),
  };
  const analysisId = (await clients.user.analyses.analyze(austin)).analysis.id;
  const confirmAnalysisId = (await clients.user.analyses.analyze(austin)).analysis.id;
  const throwawayAnalysisId = (await clients.other.analyses.analyze(austin)).analysis.id;
  const bought = (await clients.other.analyses.analyze(austin)).analysis.id;
  const paid = await clients.other.payments.confirmDemo({ analysisId: bought });
  await clients.admin.admin.saveMapsKey("AIzaMatrixSetupKey-0000000");
  fixtures = {
    ids: { anon: null, user: users.user.id, other: users.other.id, admin: users.admin.id },
    emails: {
      anon: null,
      user: users.user.email,
      other: users.other.email,
      admin: users.admin.email,
    },
    analysisId,
    confirmAnalysisId,
    throwawayAnalysisId,
    paymentId: paid.id,
    victimId: (await me(victim)).id,
    partnerId: (
      await clients.admin.admin.createPartner({
        name: "Matrix Fixture",
        allowedOrigins: ["https://matrix.example"],
      })
    ).partner.id,
    tokenId: (await clients.user.tokens.create({ name: "matrix fixture" })).id,
    comparisonId: (
      await clients.user.comparisons.create({ analysisIds: [analysisId, confirmAnalysisId] })
    ).id,
    deletable: {
      anon: (await clients.user.analyses.analyze(austin)).analysis.id,
      user: (await clients.user.analyses.analyze(austin)).analysis.id,
      other: (await clients.user.analyses.analyze(austin)).analysis.id,
      admin: (await clients.user.analyses.analyze(austin)).analysis.id,
    },
  };
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await bis?.close();
});

describe("authorization matrix", () => {
  it("reads the routes from the router", () => {
    const routes = routesOnce();
    expect(routes).toContain("GET /api/admin/users");
    expect(routes).toContain("POST /api/analyses/:id/competition-analysis");
    expect(routes.length).toBeGreaterThan(30);
  });

  it("has an expectation for every registered route, and no stale ones", () => {
    const routes = routesOnce();
    const missing = routes.filter((r) => !(r in EXPECTATIONS));
    expect(
      missing,
      `Routes missing from the expectations table of authorization-matrix.test.ts:\n  ${missing.join("\n  ")}`,
    ).toEqual([]);
    const stale = Object.keys(EXPECTATIONS).filter(
      (r) => !routes.includes(r) && !EXPECTATIONS[r]?.optional,
    );
    expect(
      stale,
      `Expectations for routes the server no longer registers:\n  ${stale.join("\n  ")}`,
    ).toEqual([]);
  });

  it("expects every /api/admin/* route to be refused to everyone but administrators", () => {
    const open = Object.entries(EXPECTATIONS)
      .filter(([route]) => / \/api\/admin\//.test(route) && !route.endsWith(" /api/admin/setup"))
      .filter(([, e]) => e.expect.anon !== 401 || e.expect.user !== 403 || e.expect.other !== 403)
      .map(([route]) => route);
    expect(
      open,
      `Admin routes the table lets non-administrators call:\n  ${open.join("\n  ")}`,
    ).toEqual([]);
  });

  it("answers every route × role as the table says", async () => {
    const routes = routesOnce().filter((r) => r in EXPECTATIONS);
    const failures: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const expectation = EXPECTATIONS[route] as Expectation;
      const [method, routePath] = route.split(" ") as [string, string];
      for (const role of ROLES) {
        const path = expectation.path
          ? expectation.path(fixtures, role)
          : routePath === "/{*splat}"
            ? "/dashboard"
            : routePath;
        if (path.includes(":") || path.includes("*"))
          throw new Error(`${route}: give the table entry a concrete path`);
        const client = expectation.freshSession ? await freshClient(role) : clients[role];
        const body = expectation.body?.(fixtures, role);
        const response = await client.fetch(`${bis.url}${path}`, {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (expectation.endsOtherSessions && fixtures.emails[role])
          clients[role] = await freshClient(role);
        const wanted = [expectation.expect[role]].flat();
        cells += 1;
        if (!wanted.includes(response.status)) {
          failures.push(
            `${route} as ${role}: expected ${wanted.join(" or ")}, got ${response.status} ${text.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    console.info(
      `authorization matrix: ${routes.length} routes × ${ROLES.length} roles = ${cells} calls`,
    );
  });

  it("turns development-only routes off in production", async () => {
    const production = await startTestServer({
      NODE_ENV: "production",
      BIS_LOG_LEVEL: "silent",
    });
    const admin = await signedInAdmin(production);
    try {
      for (const path of ["/api/logs", "/api/dev/outbox"]) {
        const response = await admin.fetch(`${production.url}${path}`, { method: "GET" });
        expect(response.status, path).toBe(404);
      }
    } finally {
      await admin.close();
      await production.close();
    }
  });
});
