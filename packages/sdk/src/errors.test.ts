import { describe, expect, it } from "vitest";
import { createTransport } from "./client/transport.js";
import { BisApiError, ERROR_STATUS, errorFromResponse, errorMessage } from "./errors.js";

describe("errorFromResponse", () => {
  it("formats the message as '<status>: <body text>' (§8) and keeps status, code and server message", () => {
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

  it("maps every code to a 4xx or 5xx status", () => {
    for (const status of Object.values(ERROR_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
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
