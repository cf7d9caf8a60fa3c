import { describe, expect, it } from "vitest";
import { createLogBuffer, logBufferOf } from "./log-buffer.js";
import { createServerLogger } from "./logger.js";

function line(level: number, msg: string, extra: Record<string, unknown> = {}) {
  return `${JSON.stringify({ level, time: Date.UTC(2025, 0, 1), msg, pid: 1, hostname: "h", ...extra })}\n`;
}

describe("log buffer", () => {
  it("keeps the last entries, newest first, and filters by level", () => {
    const buffer = createLogBuffer(3);
    buffer.write(line(30, "one"));
    buffer.write(line(40, "two"));
    buffer.write(line(50, "three"));
    buffer.write(line(30, "four"));
    expect(buffer.entries().map((e) => e.message)).toEqual(["four", "three", "two"]);
    expect(buffer.entries({ level: "warn" }).map((e) => e.message)).toEqual(["three", "two"]);
    expect(buffer.entries({ level: "error" }).map((e) => e.level)).toEqual(["error"]);
    expect(buffer.entries({ limit: 1 }).map((e) => e.message)).toEqual(["four"]);
    expect(buffer.count()).toBe(3);
    expect(buffer.count("warn")).toBe(2);
  });

  it("reads the entries older than a given one, whatever was written since", () => {
    const buffer = createLogBuffer(10);
    for (const msg of ["a", "b", "c", "d"]) buffer.write(line(30, msg));
    const [newest, second] = buffer.entries({ limit: 2 });
    expect([newest?.message, second?.message]).toEqual(["d", "c"]);
    buffer.write(line(30, "e"));
    const next = buffer.entries({ limit: 2, before: second?.seq });
    expect(next.map((e) => e.message)).toEqual(["b", "a"]);
    expect(buffer.entries({ before: 1 })).toEqual([]);
  });

  it("reads pino-http's call line: request id, method, path, status; never pino's own fields", () => {
    const buffer = createLogBuffer();
    buffer.write(
      line(40, "request completed", {
        req: { id: "abc-1", method: "GET", url: "/api/x" },
        res: { statusCode: 404 },
        responseTime: 3,
      }),
    );
    buffer.write(line(50, "boom", { err: { type: "Error", message: "bad", stack: "at …" } }));
    buffer.write("not json\n");
    const [boom, call] = buffer.entries();
    expect(call).toMatchObject({
      level: "warn",
      requestId: "abc-1",
      message: "GET /api/x → 404 in 3 ms",
      time: "2025-01-01T00:00:00.000Z",
      context: { method: "GET", url: "/api/x", statusCode: 404, responseTime: 3 },
    });
    expect(call?.context).not.toHaveProperty("pid");
    expect(boom?.context).toEqual({ err: { type: "Error", message: "bad" } });
  });
});

describe("server logger", () => {
  it("prints at the configured level and buffers info and above whatever it prints", () => {
    const printed: string[] = [];
    const stdout = { write: (s: string) => void printed.push(s) };
    const logger = createServerLogger("warn", { stdout });
    logger.info("quiet");
    logger.warn({ reqId: "r-1" }, "loud");
    expect(printed.map((s) => JSON.parse(s).msg)).toEqual(["loud"]);
    const entries = logBufferOf(logger).entries();
    expect(entries.map((e) => e.message)).toEqual(["loud", "quiet"]);
    expect(entries[0]?.requestId).toBe("r-1");

    const silent = createServerLogger("silent", { stdout });
    silent.info("kept");
    expect(printed).toHaveLength(1);
    expect(
      logBufferOf(silent)
        .entries()
        .map((e) => e.message),
    ).toEqual(["kept"]);
  });
});
