/**
 * The one upstream client against a local HTTP server: what it sends, the answer it gives back,
 * and every failure in the BIS error vocabulary — time limits (headers and body), a body that is
 * not JSON or not the expected shape, 4xx/5xx and rate limits, an unreachable host, and the
 * caller's own cancellation. Messages name the provider and never a secret.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../src/lib/errors.js";
import { createUpstreamClient, type UpstreamClient } from "../src/providers/upstream/client.js";
import { rejectionOf } from "./support/errors.js";
import { type LocalServer, startLocalServer } from "./support/local-server.js";

const LABEL = "Example API";
const SECRET = "sk-example-secret-0000";

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: LocalServer;
const seen: Seen[] = [];
/** Connections the server saw closed before it answered (the client gave up or cancelled). */
let abandoned = 0;

function reply(res: ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      seen.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
      res.on("close", () => {
        if (!res.writableEnded) abandoned += 1;
      });
      switch (url.pathname) {
        case "/ok":
          return reply(res, 200, JSON.stringify({ items: [{ id: "a" }] }), { "x-note": "hi" });
        case "/echo":
          return reply(res, 200, JSON.stringify({ got: JSON.parse(body || "null") }));
        case "/html":
          return reply(res, 200, `<html><body><h1>Oops</h1> key=${SECRET}</body></html>`, {
            "content-type": "text/html",
          });
        case "/empty":
          return reply(res, 200, "");
        case "/status": {
          const status = Number(url.searchParams.get("code"));
          const retry = url.searchParams.get("retry");
          return reply(
            res,
            status,
            url.searchParams.get("body") ?? "",
            retry ? { "retry-after": retry } : {},
          );
        }
        case "/slow-headers":
          return server.later(res, 2_000, () => reply(res, 200, "{}"));
        case "/slow-body":
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"items": [');
          return server.later(res, 2_000, () => res.end("]}"));
        default:
          return reply(res, 404, "{}");
      }
    });
  });
});

afterAll(() => server.close());

const client = (options: Partial<Parameters<typeof createUpstreamClient>[0]> = {}) =>
  createUpstreamClient({ label: LABEL, timeoutMs: 300, ...options });

const failureOf = (promise: Promise<unknown>) => rejectionOf(promise, AppError);

describe("the upstream client", () => {
  it("sends the client's and the request's headers and a JSON body, and gives the answer back", async () => {
    const api = client({ headers: { "user-agent": "BIS test", "x-both": "client" } });
    const got = await api.send({
      url: `${server.url}/echo`,
      method: "POST",
      headers: { "x-both": "request" },
      json: { q: "hvac", n: 2 },
    });
    expect(got.status).toBe(200);
    expect(got.json()).toEqual({ got: { q: "hvac", n: 2 } });
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: "POST", path: "/echo" });
    expect(request?.headers).toMatchObject({
      "user-agent": "BIS test",
      "x-both": "request",
      "content-type": "application/json",
      accept: "application/json",
    });

    const ok = await api.send({ url: new URL(`${server.url}/ok`) });
    expect(seen.at(-1)?.method).toBe("GET");
    expect(ok.header("X-Note")).toBe("hi");
    expect(ok.header("x-absent")).toBe("");
    const schema = z.object({ items: z.array(z.object({ id: z.string() })) });
    expect(ok.parse(schema)).toEqual({ items: [{ id: "a" }] });
  });

  it("answers a body that is not JSON, or not the expected shape, with UPSTREAM_FAILED", async () => {
    const api = client();
    const html = await api.send({ url: `${server.url}/html`, secrets: [SECRET] });
    const notJson = await failureOf(Promise.resolve().then(() => html.json()));
    expect(notJson).toMatchObject({ code: "UPSTREAM_FAILED", status: 502 });
    expect(notJson.message).toBe("Example API returned an answer that is not JSON: Oops key=****");

    const empty = await api.send({ url: `${server.url}/empty` });
    expect(() => empty.json()).toThrow("Example API returned an answer that is not JSON: (empty)");

    const ok = await api.send({ url: `${server.url}/ok` });
    const wrongShape = await failureOf(
      Promise.resolve().then(() => ok.parse(z.object({ items: z.array(z.number()) }))),
    );
    expect(wrongShape.code).toBe("UPSTREAM_FAILED");
    expect(wrongShape.message).toMatch(
      /^Example API returned an unexpected answer \(items\.0: .+\)\.$/,
    );
  });

  it("gives up after its time limit, waiting for the headers or for the body", async () => {
    const api = client({ timeoutAdvice: "Please try again." });
    const started = Date.now();
    const headers = await failureOf(api.send({ url: `${server.url}/slow-headers` }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(headers).toMatchObject({ code: "UPSTREAM_FAILED", status: 502 });
    expect(headers.message).toBe(
      `Example API did not answer within 0.3 s (${server.url}). Please try again.`,
    );

    const body = await failureOf(
      client().send({
        url: `${server.url}/slow-body`,
        what: "the items of TX",
        where: `${server.url}/slow-body`,
      }),
    );
    expect(body.message).toBe(
      `Example API did not answer the request for the items of TX within 0.3 s (${server.url}/slow-body)`,
    );
  });

  it("maps statuses: 429 to RATE_LIMITED (with Retry-After), 4xx refused, 5xx failed", async () => {
    const api = client();
    const answer = (code: number, body = "", retry?: string) => {
      const url = new URL(`${server.url}/status`);
      url.searchParams.set("code", String(code));
      url.searchParams.set("body", body);
      if (retry) url.searchParams.set("retry", retry);
      return api.send({ url });
    };

    const limited = api.failure(await answer(429, "slow down", "30"));
    expect(limited).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(limited.message).toBe(
      "Example API rate limit or quota reached (HTTP 429: slow down). Try again in 30 s.",
    );
    expect(api.failure(await answer(429)).message).toBe(
      "Example API rate limit or quota reached (HTTP 429). Please try again later.",
    );
    const quota = api.failure(await answer(403, "daily quota"), { rateLimited: true });
    expect(quota.code).toBe("RATE_LIMITED");

    const hints = { 401: "Check EXAMPLE_TOKEN.", 403: "Check EXAMPLE_KEY." };
    const unauthorized = api.failure(await answer(401, "bad token"), { keyHint: hints });
    expect(unauthorized).toMatchObject({ code: "UPSTREAM_FAILED", status: 502 });
    expect(unauthorized.message).toBe(
      "Example API refused the request (HTTP 401: bad token). Check EXAMPLE_TOKEN.",
    );
    expect(api.failure(await answer(403), { keyHint: hints }).message).toBe(
      "Example API refused the request (HTTP 403). Check EXAMPLE_KEY.",
    );
    expect(
      api.failure(await answer(404, "<p>no such thing</p>"), { keyHint: "Check it." }).message,
    ).toBe("Example API refused the request (HTTP 404: no such thing).");
    const failed = api.failure(await answer(503, "down"), {
      detail: "UNAVAILABLE: maintenance",
      codes: " [internalError.X]",
    });
    expect(failed).toMatchObject({ code: "UPSTREAM_FAILED", status: 502 });
    expect(failed.message).toBe(
      "Example API failed (HTTP 503: UNAVAILABLE: maintenance) [internalError.X].",
    );
  });

  it("quotes a refusal without the request's secrets, in any form the provider echoes them", async () => {
    const api = client();
    const secret = "sk/with+special=chars";
    const echoed = `bad key ${secret} (${encodeURIComponent(secret)}) in "${JSON.stringify(secret)}"`;
    const url = new URL(`${server.url}/status`);
    url.searchParams.set("code", "401");
    url.searchParams.set("body", echoed);
    const refusal = api.failure(await api.send({ url, secrets: [secret] }));
    expect(refusal.message).toMatch(
      /^Example API refused the request \(HTTP 401: bad key \*\*\*\*/,
    );
    expect(refusal.message).not.toContain(secret);
    expect(refusal.message).not.toContain(encodeURIComponent(secret));
    // A provider's own detail (parsed from its body) is masked too.
    const detailed = api.failure(await api.send({ url, secrets: [secret] }), { detail: echoed });
    expect(detailed.message).not.toContain(secret);
    expect(detailed.message).not.toContain(encodeURIComponent(secret));
  });

  it("says where it could not connect, without the secrets", async () => {
    const error = await failureOf(
      client().send({
        url: `http://127.0.0.1:9/v1?key=${SECRET}`,
        what: "the items of TX",
        secrets: [SECRET],
      }),
    );
    expect(error).toMatchObject({ code: "UPSTREAM_FAILED", status: 502 });
    expect(error.message).toMatch(
      /^Example API could not be reached for the items of TX \(http:\/\/127\.0\.0\.1:9\): ECONNREFUSED/,
    );
    expect(error.message).not.toContain(SECRET);
  });

  it("stops when the caller cancels, with the caller's reason (not a provider failure)", async () => {
    const api: UpstreamClient = client({ timeoutMs: 5_000 });
    const controller = new AbortController();
    const before = abandoned;
    const pending = api.send({ url: `${server.url}/slow-headers`, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("the user left")), 100);
    const started = Date.now();
    const reason = await pending.then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(reason).toBeInstanceOf(Error);
    expect(reason).not.toBeInstanceOf(AppError);
    expect((reason as Error).message).toBe("the user left");
    await expect.poll(() => abandoned).toBe(before + 1);

    const already = AbortSignal.abort(new Error("cancelled before"));
    await expect(api.send({ url: `${server.url}/ok`, signal: already })).rejects.toThrow(
      "cancelled before",
    );
  });
});
