/**
 * The error codes an endpoint answers are the ones its table entry declares (plus the codes
 * every route and its access may answer): outside production the adapter turns an undeclared
 * code into a 500 that names it, so a test that reaches it fails and says which list to fix.
 * And the server says what happened with a specific code, not a generic one told apart by its
 * message.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { allEndpoints, type Endpoint, ERRORS, endpoints, type ServerErrorCode } from "@bis/sdk";
import express from "express";
import { describe, expect, it } from "vitest";
import { ACCESS_ERRORS, allowedErrors, IMPLIED_ERRORS } from "../src/http/endpoint-errors.js";
import { createEndpointRegistry } from "../src/http/endpoints.js";
import { errorHandler } from "../src/http/errors.js";
import { AppError } from "../src/lib/errors.js";
import type { AccountService } from "../src/services/accounts/index.js";
import { type LocalServer, startLocalServer } from "./support/local-server.js";

/** An account service that knows nobody: every caller is signed out. */
const nobody = {
  currentUser: async () => null,
  userForToken: async () => null,
} as unknown as AccountService;

/** One public route (GET /api/admin/setup, which declares no codes) that throws `thrown`. */
let thrown: AppError | undefined;
function serve(checkResponses: boolean, endpoint: Endpoint = endpoints.site.setupStatus) {
  const registry = createEndpointRegistry({ accounts: nobody, checkResponses });
  const routes = registry.routes();
  routes.on(endpoint, () => {
    if (thrown) throw thrown;
    return { available: true } as never;
  });
  const app = express();
  app.use(routes.router);
  app.use(errorHandler);
  return startLocalServer(app);
}

async function call(app: LocalServer, endpoint: Endpoint = endpoints.site.setupStatus) {
  const res = await fetch(`${app.url}${endpoint.path}`);
  return { status: res.status, body: (await res.json()) as { code: string; message: string } };
}

describe("the adapter's check of thrown codes", () => {
  it("fails (500, naming the code and the entry) a code the entry does not declare", async () => {
    const app = await serve(true);
    try {
      thrown = new AppError("ANALYSIS_NOT_FOUND");
      const { status, body } = await call(app);
      expect([status, body.code]).toEqual([500, "INTERNAL"]);
      expect(body.message).toMatch(
        /^GET \/api\/admin\/setup answered ANALYSIS_NOT_FOUND \("Analysis not found"\), which its entry's errors list does not name/,
      );
    } finally {
      thrown = undefined;
      await app.close();
    }
  });

  it("passes the codes every route may answer, and those the entry declares", async () => {
    const app = await serve(true);
    const outbox = await serve(true, endpoints.site.outbox);
    try {
      thrown = new AppError("VALIDATION_FAILED", "Bad field");
      expect(await call(app)).toEqual({
        status: 400,
        body: { code: "VALIDATION_FAILED", message: "Bad field" },
      });
      thrown = new AppError("RATE_LIMITED");
      expect((await call(app)).body.code).toBe("RATE_LIMITED");
      // GET /api/dev/outbox declares DEV_ONLY.
      thrown = new AppError("DEV_ONLY", "The outbox is available in development only");
      expect(await call(outbox, endpoints.site.outbox)).toEqual({
        status: 404,
        body: { code: "DEV_ONLY", message: "The outbox is available in development only" },
      });
    } finally {
      thrown = undefined;
      await Promise.all([app.close(), outbox.close()]);
    }
  });

  it("sends an undeclared code as it is in production (no check)", async () => {
    const app = await serve(false);
    try {
      thrown = new AppError("ANALYSIS_NOT_FOUND");
      expect(await call(app)).toEqual({
        status: 404,
        body: { code: "ANALYSIS_NOT_FOUND", message: "Analysis not found" },
      });
    } finally {
      thrown = undefined;
      await app.close();
    }
  });

  it("lets an entry answer what its access brings: sign-in, administrator, partner key", () => {
    expect(allowedErrors(endpoints.admin.users).has("ADMIN_REQUIRED")).toBe(true);
    expect(allowedErrors(endpoints.analyses.list).has("SESSION_REQUIRED")).toBe(true);
    expect(allowedErrors(endpoints.analyses.list).has("ADMIN_REQUIRED")).toBe(false);
    expect(allowedErrors(endpoints.widget.analyze).has("PARTNER_KEY_UNKNOWN")).toBe(true);
    expect(allowedErrors(endpoints.site.setupStatus).has("SESSION_REQUIRED")).toBe(false);
  });
});

describe("the entries' errors lists", () => {
  const serverCodes = Object.keys(ERRORS).filter(
    (code) => code !== "NETWORK_ERROR" && code !== "GATEWAY_TIMEOUT",
  );

  it("name only codes the server sends, the implied ones included", () => {
    const named = [
      ...IMPLIED_ERRORS,
      ...Object.values(ACCESS_ERRORS).flat(),
      ...allEndpoints.flatMap((e) => e.errors ?? []),
    ];
    expect(named.filter((code) => !serverCodes.includes(code))).toEqual([]);
  });

  it("name the specific code, not the generic one, where the server has one", () => {
    const generic: ServerErrorCode[] = ["NOT_FOUND", "CONFLICT", "BAD_REQUEST"];
    const coarse = allEndpoints.flatMap((e) =>
      (e.errors ?? []).filter((c) => generic.includes(c)).map((c) => `${e.method} ${e.path} ${c}`),
    );
    expect(coarse).toEqual([]);
    expect(endpoints.admin.refundPayment.errors).toEqual(
      expect.arrayContaining(["PAYMENT_NOT_FOUND", "PAYMENT_ALREADY_REFUNDED"]),
    );
    expect(endpoints.auth.changePassword.errors).toContain("PASSWORD_INCORRECT");
  });
});

describe("the server's throws", () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(file);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
    });

  it("say what happened: at most 10 uses of NOT_FOUND, BAD_REQUEST, FORBIDDEN or CONFLICT", () => {
    const uses = sources(src).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/"(NOT_FOUND|BAD_REQUEST|FORBIDDEN|CONFLICT)"/g)].map(
        (m) => `${path.relative(src, file)}: ${m[1]}`,
      ),
    );
    expect(uses.length, uses.join("\n")).toBeLessThanOrEqual(10);
  });
});
