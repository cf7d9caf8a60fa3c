import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseLogChunk } from "./log-entries.js";
import { createServerLogger } from "./logger.js";

function line(level: number, msg: string, extra: Record<string, unknown> = {}) {
  return `${JSON.stringify({ level, time: Date.UTC(2025, 0, 1), msg, pid: 1, hostname: "h", ...extra })}\n`;
}

describe("log lines", () => {
  it("reads pino-http's call line: request id, method, path, status; never pino's own fields", () => {
    const [call, boom, ...rest] = parseLogChunk(
      line(40, "request completed", {
        req: { id: "abc-1", method: "GET", url: "/api/x" },
        res: { statusCode: 404 },
        responseTime: 3,
      }) +
        line(50, "boom", { err: { type: "Error", message: "bad", stack: "at …" } }) +
        "not json\n" +
        line(35, "no such level"),
    );
    expect(rest).toEqual([]);
    expect(call).toMatchObject({
      level: 40,
      requestId: "abc-1",
      message: "GET /api/x → 404 in 3 ms",
      time: new Date("2025-01-01T00:00:00.000Z"),
      fields: { method: "GET", url: "/api/x", statusCode: 404, responseTime: 3 },
    });
    expect(call?.fields).not.toHaveProperty("pid");
    expect(boom?.fields).toEqual({ err: { type: "Error", message: "bad" } });
  });

  it("shortens long values", () => {
    const [entry] = parseLogChunk(line(30, "x".repeat(600), { note: "y".repeat(600) }));
    expect(entry?.message).toHaveLength(501);
    expect(String(entry?.fields.note)).toHaveLength(501);
  });
});

describe("server logger", () => {
  it("prints at the configured level and keeps info and above for the log store whatever it prints", () => {
    const printed: string[] = [];
    const kept: string[] = [];
    const stdout = { write: (s: string) => void printed.push(s) };
    const store = { write: (s: string) => void kept.push(s) };
    const logger = createServerLogger("warn", { stdout, store: store as never });
    logger.info("quiet");
    logger.warn({ reqId: "r-1" }, "loud");
    logger.debug("never");
    expect(printed.map((s) => JSON.parse(s).msg)).toEqual(["loud"]);
    expect(kept.map((s) => JSON.parse(s).msg)).toEqual(["quiet", "loud"]);

    const debug = createServerLogger("debug", { stdout, store: store as never });
    debug.debug("detail");
    expect(JSON.parse(kept.at(-1) ?? "{}").msg).toBe("detail");
  });

  it("prints readable lines when the format is pretty, and still keeps JSON in the store", () => {
    const printed: string[] = [];
    const kept: string[] = [];
    // pino-pretty pipes into its destination: a real stream.
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        printed.push(String(chunk));
        done();
      },
    });
    const store = { write: (s: string) => void kept.push(s) };
    const logger = createServerLogger("info", { stdout, store: store as never, format: "pretty" });
    logger.info({ reqId: "r-2" }, "BIS is running at http://localhost:3000");
    // Colours (ANSI escapes) off, if the terminal asked for them.
    const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
    const text = printed.join("").replace(ansi, "");
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: BIS is running at http:\/\/localhost:3000/);
    expect(text).toContain('"reqId":"r-2"');
    expect(text).not.toContain('"level"');
    expect(JSON.parse(kept.at(-1) ?? "{}").msg).toBe("BIS is running at http://localhost:3000");
  });
});
