/**
 * A fake BIS API behind a stubbed `fetch`, for component tests: routes answer JSON, every call
 * is recorded.
 */
import { vi } from "vitest";

export interface FakeCall {
  method: string;
  path: string;
  /** The query parameters (`?limit=&cursor=` of a paginated list). */
  query: URLSearchParams;
  body: unknown;
}

export type FakeReply = { status: number; body?: unknown };
/** A reply, or a function of the call that returns one (or a promise of one, to hold it back). */
export type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetchStub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call: FakeCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route =
      routes[`${method} ${url.pathname}`] ?? sessionFromUser(routes, method, url.pathname);
    const reply: FakeReply = route
      ? typeof route === "function"
        ? await route(call)
        : route
      : { status: 404, body: { code: "NOT_FOUND", message: "Not found" } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchStub);
  return { calls, fetch: fetchStub };
}

/**
 * GET /api/auth/session, the app's session probe, answered from the test's
 * "GET /api/auth/user" route when it has none of its own: a user → { user }, 401 → { user: null }.
 */
function sessionFromUser(
  routes: Record<string, FakeRoute>,
  method: string,
  path: string,
): FakeRoute | undefined {
  const user = routes["GET /api/auth/user"];
  if (method !== "GET" || path !== "/api/auth/session" || !user) return undefined;
  return async (call) => {
    const reply = typeof user === "function" ? await user(call) : user;
    if (reply.status === 200) return { status: 200, body: { user: reply.body } };
    if (reply.status === 401) return { status: 200, body: { user: null } };
    return reply;
  };
}

export const dana = {
  id: "u1",
  email: "dana@example.com",
  firstName: "Dana",
  lastName: "Reyes",
  isAdmin: false,
  profileImageUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

/** The session route of a signed-in Dana, to spread into a test's routes. */
export const signedIn = { "GET /api/auth/user": { status: 200, body: dana } } as const;

/** The analysis an_123 (the fixtures' id), answered with `body`. */
export const analysisRoute = (body: unknown) => ({
  "GET /api/analyses/an_123": { status: 200, body },
});

export const signedOut: FakeReply = {
  status: 401,
  body: { code: "UNAUTHORIZED", message: "Not signed in" },
};
