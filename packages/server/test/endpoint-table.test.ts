/**
 * The server and the SDK's endpoint table agree: every entry of `allEndpoints` has exactly one
 * route, the server has no /api route the table does not list (the widget's CORS preflights
 * aside: OPTIONS on a table path), an endpoint cannot get two routes, and (outside production)
 * an answer that does not match its response schema is a 500, never sent.
 */
import { API_PREFIX, allEndpoints, type Endpoint, endpoints } from "@bis/sdk";
import express, { type Express, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beforeAccess, createEndpointRegistry } from "../src/http/endpoints.js";
import { errorHandler } from "../src/http/errors.js";
import type { AccountService } from "../src/services/accounts/index.js";
import { registeredRoutes, startTestServer, type TestServer } from "./support/index.js";
import { type LocalServer, startLocalServer } from "./support/local-server.js";

const name = (e: Endpoint) => `${e.method} ${e.path}`;

/** An account service that knows nobody: every caller is signed out. */
const nobody = {
  currentUser: async () => null,
  userForToken: async () => null,
} as unknown as AccountService;

describe("the server's routes and the endpoint table", () => {
  let bis: TestServer;
  let routes: string[];

  beforeAll(async () => {
    bis = await startTestServer();
    routes = registeredRoutes(bis.server.server.listeners("request")[0] as unknown as Express);
  });
  afterAll(async () => {
    await bis?.close();
  });

  it("has one route for each entry of the table", () => {
    const counts = new Map<string, number>();
    for (const route of routes) counts.set(route, (counts.get(route) ?? 0) + 1);
    const wrong = allEndpoints
      .map(name)
      .filter((e) => counts.get(e) !== 1)
      .map((e) => `${e}: ${counts.get(e) ?? 0} routes`);
    expect(wrong).toEqual([]);
    // The table names each call once.
    expect(new Set(allEndpoints.map(name)).size).toBe(allEndpoints.length);
  });

  it("has no /api route the table does not list", () => {
    const listed = new Set(allEndpoints.map(name));
    const paths = new Set(allEndpoints.map((e) => e.path));
    const extra = routes.filter(
      (route) =>
        route.split(" ")[1]?.startsWith(`${API_PREFIX}/`) &&
        !listed.has(route) &&
        !(route.startsWith("OPTIONS ") && paths.has(route.slice("OPTIONS ".length))),
    );
    expect(extra).toEqual([]);
  });

  it("refuses a second route for an endpoint, and a start-up with an endpoint missing", () => {
    const registry = createEndpointRegistry({ accounts: nobody, checkResponses: true });
    const first = registry.routes();
    first.on(endpoints.site.setupStatus, () => ({ available: true }));
    expect(() => first.on(endpoints.site.setupStatus, () => ({ available: false }))).toThrow(
      /GET \/api\/admin\/setup has two routes/,
    );
    // Also on another router of the same registry.
    expect(() =>
      registry.routes().on(endpoints.site.setupStatus, () => ({ available: false })),
    ).toThrow(/two routes/);
    expect(registry.registered()).toEqual([endpoints.site.setupStatus]);
    expect(() => registry.assertComplete()).toThrow(
      /Endpoints without a route: .*GET \/api\/health/,
    );
  });
});

describe("the endpoint adapter", () => {
  /** A tiny app with one registry on a local server; `register` adds its routes. */
  function serve(
    checkResponses: boolean,
    register: (routes: ReturnType<ReturnType<typeof createEndpointRegistry>["routes"]>) => void,
  ): Promise<LocalServer> {
    const registry = createEndpointRegistry({ accounts: nobody, checkResponses });
    const routes = registry.routes();
    register(routes);
    const app = express();
    app.use(express.json());
    app.use(routes.router);
    app.use(errorHandler);
    return startLocalServer(app);
  }

  let answer: unknown;
  const setupStatus = (checkResponses: boolean) =>
    serve(checkResponses, (routes) => routes.on(endpoints.site.setupStatus, () => answer as never));

  it("fails (500) an answer that does not match its schema when checking answers", async () => {
    const app = await setupStatus(true);
    try {
      answer = { available: "yes" };
      const bad = await fetch(`${app.url}${endpoints.site.setupStatus.path}`);
      expect(bad.status).toBe(500);
      expect(((await bad.json()) as { code: string }).code).toBe("INTERNAL");
      answer = { available: true };
      const good = await fetch(`${app.url}${endpoints.site.setupStatus.path}`);
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ available: true });
    } finally {
      await app.close();
    }
  });

  it("sends the answer as it is when not checking answers (production)", async () => {
    const app = await setupStatus(false);
    try {
      answer = { available: "yes" };
      const res = await fetch(`${app.url}${endpoints.site.setupStatus.path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ available: "yes" });
    } finally {
      await app.close();
    }
  });

  it("checks access before the middlewares, except those it is told to run first", async () => {
    const ran: string[] = [];
    const mark =
      (label: string): RequestHandler =>
      (_req, _res, next) => {
        ran.push(label);
        next();
      };
    const app = await serve(true, (routes) =>
      routes.on(
        endpoints.auth.updateProfile,
        beforeAccess(mark("before")),
        mark("after"),
        () => undefined,
      ),
    );
    try {
      const res = await fetch(`${app.url}${endpoints.auth.updateProfile.path}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(401);
      expect(ran).toEqual(["before"]);
    } finally {
      await app.close();
    }
  });
});
