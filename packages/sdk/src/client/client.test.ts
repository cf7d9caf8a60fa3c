/**
 * The typed client over a fake fetch: what each kind of call sends, what it resolves to and how
 * it fails. Pins the behaviour the app, the CLI and the server tests rely on.
 */
import { describe, expect, it } from "vitest";
import type { Endpoint } from "../api/endpoint.js";
import { allEndpoints, endpoints } from "../api/endpoints.js";
import { BisApiError } from "../errors.js";
import { allPages, createClient } from "./client.js";

interface Seen {
  url: string;
  init: RequestInit;
}

/** A client whose fetch answers `reply(url)` and records every call. */
function clientAnswering(reply: (url: string, init: RequestInit) => Response) {
  const seen: Seen[] = [];
  const client = createClient({
    baseUrl: "http://bis.test",
    fetch: async (url, init) => {
      seen.push({ url, init });
      return reply(url, init);
    },
  });
  return { client, seen };
}

const user = {
  id: "u1",
  email: "dana@example.com",
  firstName: "Dana",
  lastName: null,
  isAdmin: false,
  profileImageUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

const adminUser = { ...user, emailVerified: true, analysisCount: 2 };

const headers = (init: RequestInit) => init.headers as Record<string, string>;

describe("the client's surface", () => {
  it("offers the same resources and calls", () => {
    const { client } = clientAnswering(() => new Response(null, { status: 204 }));
    const surface = Object.fromEntries(
      Object.entries(client)
        .filter(([name]) => name !== "transport")
        .map(([name, resource]) => [name, Object.keys(resource).sort()]),
    );
    expect(surface).toEqual({
      auth: ["changePassword", "login", "logout", "register", "updateProfile", "user"],
      account: [
        "analysisBrand",
        "brand",
        "confirmEmailChange",
        "forgotPassword",
        "requestEmailChange",
        "resetPassword",
        "revokeOtherSessions",
        "sessions",
      ],
      settings: ["public", "videos"],
      config: ["mapsKey"],
      analyses: [
        "analyze",
        "delete",
        "get",
        "list",
        "page",
        "rerun",
        "zipAreas",
        "zipAreasCsv",
        "zipAreasCsvPath",
        "zipAreasXlsx",
        "zipAreasXlsxPath",
      ],
      comparisons: ["create", "export", "exportPath", "get", "list", "page"],
      payments: ["config", "confirmDemo", "createIntent"],
      premium: ["competition", "keywords", "report", "reportPath"],
      admin: [
        "analyses",
        "analysesPage",
        "analytics",
        "apiKeys",
        "assignPartnerMember",
        "audit",
        "auditPage",
        "bulkDeleteAnalyses",
        "confirmPartnerMember",
        "createPartner",
        "deleteApiKey",
        "deleteUser",
        "leads",
        "leadsPage",
        "logs",
        "partnerBrand",
        "partnerMembers",
        "partnerMembersPage",
        "logsPage",
        "partners",
        "partnersPage",
        "paymentsPage",
        "payments",
        "prices",
        "refundPayment",
        "removePartnerBrand",
        "revokePartner",
        "saveApiKey",
        "saveMapsKey",
        "savePartnerBrand",
        "setAdmin",
        "settings",
        "setup",
        "setupStatus",
        "system",
        "testApiKey",
        "unassignPartnerMember",
        "updatePartner",
        "updatePrices",
        "updateSettings",
        "users",
        "usersPage",
      ].sort(),
      dev: ["outbox"],
      tokens: ["create", "list", "page", "renew", "revoke"],
      widget: ["analyze", "lead", "manifest"],
    });
    expect(client.transport.baseUrl).toBe("http://bis.test");
  });
});

/**
 * The calls of the table no client method sends, each with who calls it instead. Every other
 * entry must be reached by the client (below).
 */
const NOT_FROM_THE_CLIENT = new Map<Endpoint, string>([
  [endpoints.auth.verifyEmail, "the link of the verification email"],
  [endpoints.account.brandLogo, "an <img> of the app and the PDF report"],
  [endpoints.site.health, "load balancers"],
  [endpoints.site.ready, "load balancers"],
  [endpoints.site.outlines, "the app's map, which reads the JSON as it is"],
  [endpoints.analyses.getByMarketPath, "the specification's path of `analyses.get`"],
  [endpoints.payments.stripeWebhook, "Stripe"],
  [endpoints.admin.devLogs, "the specification's log call; the admin panel uses `admin.logs`"],
]);

describe("the client and the endpoint table", () => {
  it("sends every call of the table but those others make, each from the table's entry", async () => {
    const { client } = clientAnswering(() => new Response(null, { status: 500 }));
    const sent = new Set<Endpoint>();
    const call = client.transport.call.bind(client.transport);
    (client.transport as { call: unknown }).call = (endpoint: Endpoint, ...rest: unknown[]) => {
      sent.add(endpoint);
      return (call as (e: Endpoint, ...r: unknown[]) => Promise<unknown>)(endpoint, ...rest);
    };
    const resources = Object.entries(client).filter(([name]) => name !== "transport");
    for (const [, resource] of resources) {
      for (const [name, method] of Object.entries(resource as Record<string, unknown>)) {
        const args = name === "export" ? [["csv"], ["xlsx"], ["pdf"]] : [[]];
        for (const extra of args) {
          try {
            await (method as (...a: unknown[]) => unknown)("id-1", ...extra);
          } catch {
            // A fake 500, or a path builder given a dummy: only the call sent matters here.
          }
        }
      }
    }
    const expected = allEndpoints.filter((e) => !NOT_FROM_THE_CLIENT.has(e));
    const missing = expected.filter((e) => !sent.has(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    expect([...sent].every((e) => allEndpoints.includes(e))).toBe(true);
    expect([...sent].filter((e) => NOT_FROM_THE_CLIENT.has(e))).toEqual([]);
  });
});

describe("a call that may find nothing", () => {
  it("resolves the signed-out session (401) to null without reading a schema", async () => {
    const { client, seen } = clientAnswering(() =>
      Response.json({ code: "UNAUTHORIZED", message: "Not signed in" }, { status: 401 }),
    );
    await expect(client.auth.user()).resolves.toBeNull();
    expect(seen[0]?.url).toBe("http://bis.test/api/auth/user");
    expect(seen[0]?.init.credentials).toBe("include");
  });

  it("parses the signed-in user", async () => {
    const { client } = clientAnswering(() => Response.json(user));
    await expect(client.auth.user()).resolves.toEqual(user);
  });

  it("raises the BisApiError of any other failure", async () => {
    const { client } = clientAnswering(() =>
      Response.json({ code: "INTERNAL", message: "Database down" }, { status: 500 }),
    );
    const error = await client.auth.user().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BisApiError);
    expect(error).toMatchObject({ status: 500, code: "INTERNAL", serverMessage: "Database down" });
  });

  it("rejects an answer that breaks the contract", async () => {
    const { client } = clientAnswering(() => Response.json({ id: 7 }));
    await expect(client.auth.user()).rejects.toThrow();
  });

  it("resolves an unconfigured map key (404) to null", async () => {
    const { client } = clientAnswering((url) =>
      url.endsWith("/google-maps-key")
        ? Response.json({ code: "NOT_FOUND", message: "none" }, { status: 404 })
        : Response.json({}),
    );
    await expect(client.config.mapsKey()).resolves.toBeNull();
  });

  it("passes the caller's abort signal on", async () => {
    const { client, seen } = clientAnswering(() => Response.json(user));
    const controller = new AbortController();
    await client.auth.user(controller.signal);
    controller.abort();
    expect(seen[0]?.init.signal?.aborted).toBe(true);
  });
});

describe("calls that are not JSON", () => {
  it("reads the ZIP areas CSV as text, asking for text/csv", async () => {
    const { client, seen } = clientAnswering(() => new Response("zip,population\n78701,1\n"));
    await expect(client.analyses.zipAreasCsv("an 1")).resolves.toBe("zip,population\n78701,1\n");
    expect(seen[0]?.url).toBe("http://bis.test/api/analyses/an%201/zip-areas.csv");
    expect(headers(seen[0]?.init ?? {}).Accept).toBe("text/csv");
  });

  it("reads the PDF report as bytes", async () => {
    const { client, seen } = clientAnswering(() => new Response(new Uint8Array([37, 80, 68, 70])));
    const bytes = await client.premium.report("an_1");
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([37, 80, 68, 70]);
    expect(seen[0]?.url).toBe("http://bis.test/api/analyses/an_1/report.pdf");
  });

  it("reads a comparison's exports as bytes, asking for their type", async () => {
    const { client, seen } = clientAnswering(() => new Response(new Uint8Array([80, 75])));
    const bytes = await client.comparisons.export("c 1", "xlsx");
    expect([...bytes]).toEqual([80, 75]);
    expect(seen[0]?.url).toBe("http://bis.test/api/comparisons/c%201/export.xlsx");
    expect(client.comparisons.exportPath("c1", "csv")).toBe("/api/comparisons/c1/export.csv");
    expect(client.comparisons.exportPath("c1", "pdf")).toBe("/api/comparisons/c1/report.pdf");
  });

  it("raises a failed report or CSV like every call", async () => {
    const { client } = clientAnswering(() =>
      Response.json({ code: "PAYMENT_REQUIRED", message: "Premium required" }, { status: 402 }),
    );
    await expect(client.premium.report("an_1")).rejects.toMatchObject({
      status: 402,
      code: "PAYMENT_REQUIRED",
    });
    await expect(client.analyses.zipAreasCsv("an_1")).rejects.toMatchObject({ status: 402 });
  });

  it("resolves a call without an answer body to undefined", async () => {
    const { client, seen } = clientAnswering(() => new Response(null, { status: 204 }));
    await expect(client.auth.logout()).resolves.toBeUndefined();
    expect(seen[0]?.init.method).toBe("POST");
  });
});

describe("lists and envelopes", () => {
  it("asks for a page and resolves to its items", async () => {
    const { client, seen } = clientAnswering(() =>
      Response.json({ users: [adminUser], nextCursor: "c2", total: 3, limit: 1 }),
    );
    await expect(client.admin.users({ limit: 1, cursor: "c1" })).resolves.toEqual([adminUser]);
    expect(seen[0]?.url).toBe("http://bis.test/api/admin/users?limit=1&cursor=c1");
    await expect(client.admin.usersPage()).resolves.toEqual({
      items: [adminUser],
      nextCursor: "c2",
      total: 3,
      limit: 1,
    });
    expect(seen[1]?.url).toBe("http://bis.test/api/admin/users");
  });

  it("collects every page with allPages", async () => {
    const { client, seen } = clientAnswering((url) =>
      url.includes("cursor=")
        ? Response.json({ users: [{ ...adminUser, id: "u2" }], nextCursor: null })
        : Response.json({ users: [adminUser], nextCursor: "next" }),
    );
    const all = await allPages((q) => client.admin.usersPage(q), 1);
    expect(all.map((u) => u.id)).toEqual(["u1", "u2"]);
    expect(seen.map((s) => s.url)).toEqual([
      "http://bis.test/api/admin/users?limit=1",
      "http://bis.test/api/admin/users?limit=1&cursor=next",
    ]);
  });

  it("unwraps a keyed list and filters by query", async () => {
    const entry = {
      id: "3f2a9c1d0b7e4a65-000000000001",
      instanceId: "3f2a9c1d0b7e4a65",
      level: "warn",
      time: "2025-01-01T00:00:00.000Z",
      message: "slow",
      requestId: null,
      context: {},
    };
    const { client, seen } = clientAnswering(() => Response.json({ entries: [entry] }));
    const logs = await client.admin.logs({ level: "warn", limit: 5 });
    expect(logs).toEqual([entry]);
    expect(seen[0]?.url).toBe("http://bis.test/api/admin/logs?level=warn&limit=5");
  });

  it("unwraps a { key: item } answer", async () => {
    const { client } = clientAnswering(() => Response.json({ available: true }));
    await expect(client.admin.setupStatus()).resolves.toEqual({ available: true });
  });
});

describe("the widget's calls", () => {
  it("carry the partner key and never cookies", async () => {
    const { client, seen } = clientAnswering(() =>
      Response.json({
        version: "0.1.0",
        path: "/widget/0.1.0/bis-widget.js",
        integrity: "sha384-x",
      }),
    );
    await client.widget.manifest();
    expect(seen[0]?.init.credentials).toBe("omit");
    await client.widget.lead("pk_1", {} as never).catch(() => undefined);
    expect(headers(seen[1]?.init ?? {})["X-BIS-Partner-Key"]).toBe("pk_1");
    expect(seen[1]?.init.credentials).toBe("omit");
  });
});
