/**
 * Text a database refuses (NUL) is a 400 naming the field, never a 500, on every route the
 * server registers: each path parameter, each body field the endpoint table's schema names (and
 * the common ones for routes outside it), each query value — signed out and as an administrator.
 * The server-pg project runs this file on PostgreSQL, whose text type refuses U+0000.
 */
import { allEndpoints, type Endpoint, loadZodSchema } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registeredRoutes,
  signedInAdmin,
  startTestServer,
  type TestServer,
} from "./support/index.js";

const NUL = String.fromCharCode(0);
const nul = (s: string) => `a${NUL}${s}`;

let bis: TestServer;
let app: Express;
let admin: NodeClient;
let anon: NodeClient;

beforeAll(async () => {
  const unreachable = "http://127.0.0.1:9";
  bis = await startTestServer({
    CENSUS_API_URL: unreachable,
    GOOGLE_MAPS_API_URL: unreachable,
    GOOGLE_PLACES_API_URL: unreachable,
    YELP_API_URL: unreachable,
    GOOGLE_ADS_API_URL: unreachable,
    DATAFORSEO_API_URL: unreachable,
    BIS_LOGIN_RATE_LIMIT: "10000",
    BIS_ANALYSIS_RATE_LIMIT: "0",
  });
  app = bis.server.server.listeners("request")[0] as unknown as Express;
  admin = await signedInAdmin(bis);
  anon = createNodeClient({ baseUrl: bis.url });
}, 60_000);

afterAll(async () => {
  await admin?.close();
  await anon?.close();
  await bis?.close();
});

/** Body fields a route outside the endpoint table may read (better-auth's, the webhook's). */
const COMMON_FIELDS = ["email", "password", "token", "name", "id", "newPassword", "callbackURL"];

/** The top-level keys of a zod object schema (through optional, pipe and default wrappers). */
function keysOf(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  for (let i = 0; i < 6 && s; i++) {
    if (s.shape && typeof s.shape === "object") return Object.keys(s.shape);
    const def = s._zod?.def ?? {};
    s = (def.innerType ?? def.in ?? def.schema) as typeof s;
  }
  return [];
}

async function bodyFields(endpoint: Endpoint | undefined): Promise<string[]> {
  if (!endpoint?.body) return COMMON_FIELDS;
  const keys = keysOf(await loadZodSchema(endpoint.body));
  return keys.length > 0 ? keys : COMMON_FIELDS;
}

const withBody = (method: string) => !["GET", "HEAD", "DELETE", "OPTIONS"].includes(method);

async function call(
  client: NodeClient,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: { code?: string; message?: string } | null }> {
  const response = await client.fetch(`${bis.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

describe("text a database refuses (NUL)", () => {
  it("answers 400 naming the field on sign-in, not 500", async () => {
    const answer = await call(anon, "POST", "/api/auth/login", {
      email: nul("b@example.com"),
      password: "x",
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "email contains a character that cannot be stored (NUL)",
    });
    const id = await call(admin, "GET", "/api/analyses/%00");
    expect(id.status).toBe(400);
    expect(id.json?.message).toBe("The address contains a character that cannot be stored (NUL)");
  });

  it("never answers 5xx on any route, with NUL in each path parameter, body field and query", async () => {
    const routes = [...new Set(registeredRoutes(app))]
      .map((r) => r.split(" ") as [string, string])
      .filter(([method, path]) => path.startsWith("/api/") && method !== "OPTIONS");
    expect(routes.length).toBeGreaterThan(80);
    const byRoute = new Map(allEndpoints.map((e) => [`${e.method} ${e.path}`, e]));
    const failures: string[] = [];
    let calls = 0;
    for (const [method, path] of routes) {
      const verb = method === "ALL" ? "POST" : method;
      const endpoint = byRoute.get(`${verb} ${path}`);
      const fields = await bodyFields(endpoint);
      const body = withBody(verb) ? Object.fromEntries(fields.map((f) => [f, nul(f)])) : undefined;
      const params = path.includes(":");
      const attempts: { path: string; body?: unknown }[] = [
        // NUL in every path parameter.
        ...(params ? [{ path: path.replace(/:[A-Za-z]+/g, "%00"), body }] : []),
        // NUL in every body field (a plausible id in the path).
        ...(body ? [{ path: path.replace(/:[A-Za-z]+/g, "x1"), body }] : []),
        // NUL in the query.
        { path: `${path.replace(/:[A-Za-z]+/g, "x1")}?sort=%00&q=%00&token=%00`, body },
      ];
      for (const client of [anon, admin])
        for (const attempt of attempts) {
          calls++;
          const { status, json } = await call(client, verb, attempt.path, attempt.body);
          if (status >= 500)
            failures.push(`${verb} ${attempt.path} → ${status} ${json?.message ?? ""}`);
          else if (attempt.path.includes("%00") && !attempt.path.includes("?") && status !== 400)
            failures.push(
              `${verb} ${attempt.path} → ${status} (expected 400 for a NUL in the path)`,
            );
        }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  }, 120_000);
});
