/**
 * The typed client over a fake fetch: what each kind of call sends, what it resolves to and how
 * it fails. Pins the behaviour the app, the CLI and the server tests rely on.
 */
import { describe, expect, it } from "vitest";
import { type Endpoint, pathOf } from "../api/endpoint.js";
import { allEndpoints, endpoints } from "../api/endpoints.js";
import { BisApiError } from "../errors.js";
import { allPages, createClient } from "./client.js";
import { methodOf, takesInput } from "./derive.js";

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

describe("the client derived from the endpoint table", () => {
  it("makes every entry a method of its group that sends the entry's method and path", async () => {
    const { client, seen } = clientAnswering(() => new Response(null, { status: 500 }));
    const groups = client as unknown as Record<string, Record<string, unknown>>;
    const expected: string[] = [];
    for (const [group, entries] of Object.entries(endpoints)) {
      for (const [name, entry] of Object.entries(entries as Record<string, Endpoint>)) {
        const method = groups[group]?.[name];
        expect(method, `client.${group}.${name}`).toBeTypeOf("function");
        const names = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
        const params = Object.fromEntries(names.map((n) => [n, `${n}-1`]));
        const input = takesInput(entry) ? [entry.body ? { probe: 1 } : { limit: 5 }] : [];
        // The derived method itself (a named helper may stand in front of it under this name).
        const derived = methodOf(client.transport, entry) as (...a: unknown[]) => Promise<unknown>;
        await derived(...Object.values(params), ...input).catch(() => undefined);
        const query = takesInput(entry) && !entry.body ? "?limit=5" : "";
        expected.push(`${entry.method} http://bis.test${pathOf(entry.path, params)}${query}`);
      }
    }
    expect(seen.map((s) => `${s.init.method} ${s.url}`)).toEqual(expected);
    expect(expected).toHaveLength(allEndpoints.length);
  });

  it("sends a body entry's input as its JSON body, and a signal as the call's", async () => {
    const { client, seen } = clientAnswering(() => Response.json({ id: "t1" }));
    const abort = new AbortController();
    await client.tokens.renew("t 1", { expiresInDays: 30 }, abort.signal).catch(() => undefined);
    expect(seen[0]?.url).toBe("http://bis.test/api/tokens/t%201/renew");
    expect(seen[0]?.init.body).toBe('{"expiresInDays":30}');
    abort.abort();
    expect(seen[0]?.init.signal?.aborted).toBe(true);
  });

  it("keeps the named helpers the app, the CLI and the tests call", () => {
    const { client } = clientAnswering(() => new Response(null, { status: 204 }));
    const helpers = {
      settings: ["public", "videos"],
      config: ["mapsKey"],
      dev: ["outbox"],
      analyses: ["page", "zipAreasCsvPath", "zipAreasXlsxPath"],
      comparisons: ["page", "export", "exportPath"],
      premium: ["reportPath"],
      tokens: ["page"],
      admin: ["usersPage", "logsPage", "partnersPage", "partnerMembersPage"],
    };
    const groups = client as unknown as Record<string, Record<string, unknown>>;
    for (const [group, names] of Object.entries(helpers))
      for (const name of names)
        expect(groups[group]?.[name], `${group}.${name}`).toBeTypeOf("function");
    expect(client.transport.baseUrl).toBe("http://bis.test");
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

  it("resolves an unconfigured map key (MAPS_KEY_MISSING) to null, another 404 to an error", async () => {
    const { client } = clientAnswering((url) =>
      url.endsWith("/google-maps-key")
        ? Response.json({ code: "MAPS_KEY_MISSING", message: "none" }, { status: 404 })
        : Response.json({}),
    );
    await expect(client.config.mapsKey()).resolves.toBeNull();
    const lost = clientAnswering(() =>
      Response.json({ code: "NOT_FOUND", message: "No such route" }, { status: 404 }),
    );
    await expect(lost.client.config.mapsKey()).rejects.toMatchObject({ code: "NOT_FOUND" });
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
    const key = { headers: { "X-BIS-Partner-Key": "pk_1" } };
    await client.widget.lead({} as never, key).catch(() => undefined);
    expect(headers(seen[1]?.init ?? {})["X-BIS-Partner-Key"]).toBe("pk_1");
    expect(seen[1]?.init.credentials).toBe("omit");
  });
});
