import { describe, expect, it } from "vitest";
import { allEndpoints } from "./api/endpoints.js";
import { createTransport } from "./client/transport.js";
import {
  BisApiError,
  codeForStatus,
  ERRORS,
  type ErrorCode,
  errorFromFetch,
  errorFromResponse,
  errorMessage,
  hasErrorCode,
  isSignInRequired,
  isStatus,
  KIND_OF_STATUS,
  networkError,
} from "./errors.js";
import { ADMIN_MESSAGES } from "./schemas/admin.js";

const CODES = Object.keys(ERRORS) as ErrorCode[];

describe("errorFromResponse", () => {
  it("formats the message as '<status>: <body text>' and keeps status, code and server message", () => {
    const body = JSON.stringify({
      code: "INVALID_CREDENTIALS",
      message: "Invalid email or password",
    });
    const error = errorFromResponse(401, "Unauthorized", body);
    expect(error).toBeInstanceOf(BisApiError);
    expect(error.message).toBe(`401: ${body}`);
    expect(error.status).toBe(401);
    expect(error.code).toBe("INVALID_CREDENTIALS");
    expect(error.serverMessage).toBe("Invalid email or password");
  });

  it("uses the status text when the body is empty", () => {
    const error = errorFromResponse(503, "Service Unavailable", "");
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.code).toBe("UNAVAILABLE");
  });

  it("keeps a plain-text body and derives the code from the status", () => {
    const error = errorFromResponse(404, "Not Found", "no such thing");
    expect(error.message).toBe("404: no such thing");
    expect(error.code).toBe("NOT_FOUND");
    expect(error.serverMessage).toBe("no such thing");
  });

  it("carries validation issues", () => {
    const body = JSON.stringify({
      code: "VALIDATION_FAILED",
      message: "Please enter a city",
      issues: [{ path: "city", message: "Please enter a city" }],
    });
    const error = errorFromResponse(400, "Bad Request", body);
    expect(error.issues).toEqual([{ path: "city", message: "Please enter a city" }]);
    expect(errorMessage(error, "fallback")).toBe("Please enter a city");
  });

  it("round-trips every code of the table with its status, message and details", () => {
    for (const code of CODES) {
      if (code === "NETWORK_ERROR") continue;
      const { status, message } = ERRORS[code];
      const body = JSON.stringify({ code, message, details: { why: code } });
      const error = errorFromResponse(status, "Status Text", body);
      expect(error, code).toMatchObject({
        status,
        code,
        serverMessage: message,
        message: `${status}: ${body}`,
        details: { why: code },
        issues: [],
      });
    }
  });

  it("keeps UNKNOWN_CITY's suggestions as structured details", () => {
    const body = JSON.stringify({
      code: "UNKNOWN_CITY",
      message: 'We couldn\'t find "Austn" in Texas. Did you mean Austin, Aston?',
      details: { suggestions: ["Austin", "Aston"] },
    });
    const error = errorFromResponse(422, "Unprocessable Entity", body);
    expect(error.code).toBe("UNKNOWN_CITY");
    expect(error.details).toEqual({ suggestions: ["Austin", "Aston"] });
  });

  it("answers a code that is not one of BIS's, or none, with the code of the bare status", () => {
    const odd = errorFromResponse(403, "Forbidden", JSON.stringify({ code: "nope", message: "x" }));
    expect([odd.code, odd.kind, odd.serverMessage]).toEqual(["FORBIDDEN", "FORBIDDEN", "x"]);
    const numeric = errorFromResponse(404, "Not Found", JSON.stringify({ code: 42 }));
    expect([numeric.code, numeric.kind]).toEqual(["NOT_FOUND", "NOT_FOUND"]);
    const html = errorFromResponse(502, "Bad Gateway", `<html>${"x".repeat(400)}</html>`);
    expect([html.code, html.serverMessage]).toEqual(["UPSTREAM_FAILED", "Bad Gateway"]);
    expect(html.message.startsWith("502: <html>")).toBe(true);
  });

  it("keeps a newer server's code and still knows its kind from the status", () => {
    const newer = errorFromResponse(404, "", JSON.stringify({ code: "INVOICE_NOT_FOUND" }));
    expect([newer.code, newer.kind]).toEqual(["INVOICE_NOT_FOUND", "NOT_FOUND"]);
    expect(hasErrorCode(newer, "NOT_FOUND")).toBe(true);
  });

  it("gives a specific code its kind, so a client asking for the generic code still matches", () => {
    const error = errorFromResponse(
      404,
      "Not Found",
      JSON.stringify({ code: "ANALYSIS_NOT_FOUND", message: "Analysis not found" }),
    );
    expect([error.code, error.kind]).toEqual(["ANALYSIS_NOT_FOUND", "NOT_FOUND"]);
    expect(hasErrorCode(error, "ANALYSIS_NOT_FOUND")).toBe(true);
    expect(hasErrorCode(error, "NOT_FOUND")).toBe(true);
    expect(hasErrorCode(error, "COMPARISON_NOT_FOUND")).toBe(false);
  });

  it("reads a failed fetch Response", async () => {
    const response = Response.json(
      { code: "SESSION_REQUIRED", message: "Please sign in to continue" },
      { status: 401, statusText: "Unauthorized" },
    );
    const error = await errorFromFetch(response);
    expect(error).toMatchObject({ status: 401, code: "SESSION_REQUIRED" });
    expect(error.message).toBe(
      '401: {"code":"SESSION_REQUIRED","message":"Please sign in to continue"}',
    );
  });

  it("makes a network failure NETWORK_ERROR with status 0", () => {
    const error = networkError(new TypeError("fetch failed"));
    expect(error).toMatchObject({
      status: 0,
      code: "NETWORK_ERROR",
      message: "0: fetch failed",
      serverMessage: ERRORS.NETWORK_ERROR.message,
    });
  });
});

describe("the error table", () => {
  it("gives every code a 4xx or 5xx status (0 for NETWORK_ERROR) and a default message", () => {
    for (const code of CODES) {
      const { status, message } = ERRORS[code];
      if (code === "NETWORK_ERROR") expect(status).toBe(0);
      else expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.length, code).toBeGreaterThan(0);
    }
  });

  it("keeps the specification's texts as the default messages of the specific codes", () => {
    expect(ERRORS.SESSION_REQUIRED).toEqual({
      status: 401,
      kind: "UNAUTHORIZED",
      message: "Please sign in to continue",
    });
    expect(ERRORS.ADMIN_REQUIRED).toEqual({
      status: 403,
      kind: "FORBIDDEN",
      message: "Administrator privileges required.",
    });
    expect(ADMIN_MESSAGES.forbidden).toBe(ERRORS.ADMIN_REQUIRED.message);
    expect(ERRORS.KEYWORD_RESEARCH_REQUIRED).toEqual({
      status: 400,
      kind: "BAD_REQUEST",
      message: "Please complete keyword research before starting competition analysis.",
    });
    // The specification's words for what customers meet most.
    expect(ERRORS.ANALYSIS_NOT_FOUND.message).toBe("Analysis not found");
    expect(ERRORS.NO_CITIES_FOUND.message).toBe(
      "Unable to extract cities from market analysis data.",
    );
    expect(ERRORS.UNKNOWN_CITY.status).toBe(422);
  });

  it("gives every code a kind: the generic code of its status, which is its own kind", () => {
    for (const code of CODES) {
      const { status, kind } = ERRORS[code];
      expect(kind, code).toBe(codeForStatus(status));
      expect(ERRORS[kind], code).toMatchObject({ status, kind });
    }
    for (const kind of Object.values(KIND_OF_STATUS)) expect(ERRORS[kind].kind).toBe(kind);
  });

  it("tells apart what was not found, refused or conflicting by code, not by message", () => {
    const kinds = ["NOT_FOUND", "BAD_REQUEST", "FORBIDDEN", "CONFLICT"] as const;
    for (const kind of kinds) {
      const specific = CODES.filter((code) => ERRORS[code].kind === kind && code !== kind);
      expect(specific.length, kind).toBeGreaterThanOrEqual(4);
    }
    for (const code of [
      "ANALYSIS_NOT_FOUND",
      "COMPARISON_NOT_FOUND",
      "PARTNER_NOT_FOUND",
      "USER_NOT_FOUND",
      "PASSWORD_INCORRECT",
      "PAYMENT_ALREADY_REFUNDED",
    ])
      expect(Object.hasOwn(ERRORS, code), code).toBe(true);
  });

  it("is where every endpoint's errors list takes its codes from", () => {
    const unknown = allEndpoints.flatMap((e) =>
      (e.errors ?? [])
        .filter((code: string) => !Object.hasOwn(ERRORS, code) || code === "NETWORK_ERROR")
        .map((code) => `${e.method} ${e.path}: ${code}`),
    );
    expect(unknown).toEqual([]);
    expect(allEndpoints.filter((e) => (e.errors ?? []).length > 0).length).toBeGreaterThan(40);
  });

  it("gives a bare status the generic code it always had", () => {
    const expected: Record<number, ErrorCode> = {
      0: "NETWORK_ERROR",
      400: "BAD_REQUEST",
      401: "UNAUTHORIZED",
      402: "PAYMENT_REQUIRED",
      403: "FORBIDDEN",
      404: "NOT_FOUND",
      409: "CONFLICT",
      413: "PAYLOAD_TOO_LARGE",
      415: "UNSUPPORTED_MEDIA_TYPE",
      418: "BAD_REQUEST",
      422: "UNPROCESSABLE",
      429: "RATE_LIMITED",
      500: "INTERNAL",
      502: "UPSTREAM_FAILED",
      503: "UNAVAILABLE",
      504: "GATEWAY_TIMEOUT",
      599: "INTERNAL",
    };
    for (const [status, code] of Object.entries(expected))
      expect(codeForStatus(Number(status)), status).toBe(code);
  });
});

describe("client decisions", () => {
  const answer = (code: ErrorCode, message = "any words") =>
    errorFromResponse(ERRORS[code].status, "", JSON.stringify({ code, message }));

  it("switch on the code, not on the message", () => {
    expect(
      hasErrorCode(answer("ADMIN_REQUIRED", "Nur für Administratoren"), "ADMIN_REQUIRED"),
    ).toBe(true);
    expect(hasErrorCode(answer("FORBIDDEN", ADMIN_MESSAGES.forbidden), "ADMIN_REQUIRED")).toBe(
      false,
    );
    expect(hasErrorCode(new Error("ADMIN_REQUIRED"), "ADMIN_REQUIRED")).toBe(false);
    expect(isStatus(answer("ADMIN_REQUIRED"), 403)).toBe(true);
    expect(isStatus(new Error("403"), 403)).toBe(false);
  });

  it("ask for sign-in on SESSION_REQUIRED or a bare 401, not on wrong credentials", () => {
    expect(isSignInRequired(answer("SESSION_REQUIRED"))).toBe(true);
    expect(isSignInRequired(errorFromResponse(401, "Unauthorized", ""))).toBe(true);
    expect(isSignInRequired(answer("INVALID_CREDENTIALS", "Please sign in to continue"))).toBe(
      false,
    );
    expect(isSignInRequired(answer("ADMIN_REQUIRED"))).toBe(false);
  });
});

describe("transport", () => {
  it("raises a BisApiError with the spec's message for a failed call", async () => {
    const transport = createTransport({
      fetch: async () => new Response("boom", { status: 500, statusText: "Internal Server Error" }),
    });
    await expect(transport.request({ method: "GET", path: "/x" })).rejects.toMatchObject({
      message: "500: boom",
      status: 500,
      code: "INTERNAL",
    });
  });

  it("turns a refused connection into NETWORK_ERROR with a readable message", async () => {
    const transport = createTransport({
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const error = await transport.request({ method: "GET", path: "/x" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "NETWORK_ERROR",
      status: 0,
      serverMessage: "Failed to connect to server",
    });
  });

  it("sends JSON with credentials and parses the body with the schema", async () => {
    let seen: RequestInit | undefined;
    const transport = createTransport({
      baseUrl: "http://bis.test/",
      fetch: async (url, init) => {
        seen = init;
        expect(url).toBe("http://bis.test/api/echo");
        return Response.json({ ok: true });
      },
    });
    const { z } = await import("zod");
    const result = await transport.request({
      method: "POST",
      path: "/api/echo",
      body: { a: 1 },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(result).toEqual({ ok: true });
    expect(seen).toBeDefined();
    const init = seen as RequestInit;
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });
});
