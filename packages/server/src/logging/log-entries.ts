/**
 * One pino JSON line as a log entry of the admin Logs tab: level, time, message and request id,
 * plus a few small context fields; never headers or bodies (the request serializer in app.ts
 * already leaves them out). Pure: log-store.ts queues the entries and writes them.
 */
import type { LogLevel } from "@bis/sdk";

export const LEVEL_NAMES: Record<number, LogLevel> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};
export const LEVEL_VALUES: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** Fields that are pino's own or shown elsewhere in the entry. */
const OMITTED = new Set([
  "level",
  "time",
  "msg",
  "pid",
  "hostname",
  "service",
  "req",
  "res",
  "reqId",
]);
const MAX_VALUE_CHARS = 500;

function small(value: unknown): unknown {
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string")
    return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
  const text = JSON.stringify(value) ?? "";
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : value;
}

type Line = Record<string, unknown> & {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { id?: unknown; method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
  err?: { type?: unknown; message?: unknown };
};

/** What a line holds for the log: `level` is pino's number; `fields` the context. */
export interface ParsedLogLine {
  time: Date;
  level: number;
  message: string;
  requestId: string | null;
  fields: Record<string, unknown>;
}

export function parseLogLine(line: Line): ParsedLogLine | null {
  const level = line.level ?? 0;
  if (!LEVEL_NAMES[level]) return null;
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) {
    if (OMITTED.has(key) || value === undefined) continue;
    if (key === "err" && value && typeof value === "object") {
      const err = value as { type?: unknown; message?: unknown };
      context.err = { type: err.type, message: small(err.message) };
      continue;
    }
    context[key] = small(value);
  }
  let message = typeof line.msg === "string" ? line.msg : "";
  const req = line.req;
  if (req && typeof req === "object") {
    if (typeof req.method === "string") context.method = req.method;
    if (typeof req.url === "string") context.url = req.url;
    const status = line.res?.statusCode;
    if (typeof status === "number") context.statusCode = status;
    // pino-http's one line per call reads better as the call itself.
    if (typeof status === "number" && typeof req.method === "string") {
      const took = typeof line.responseTime === "number" ? ` in ${line.responseTime} ms` : "";
      message = `${req.method} ${String(req.url ?? "")} → ${status}${took}${message && message !== "request completed" ? ` (${message})` : ""}`;
    }
  }
  const requestId =
    typeof line.reqId === "string"
      ? line.reqId
      : req && typeof req.id === "string"
        ? req.id
        : req && typeof req.id === "number"
          ? String(req.id)
          : null;
  return {
    level,
    time: new Date(typeof line.time === "number" ? line.time : Date.now()),
    message: small(message) as string,
    requestId,
    fields: context,
  };
}

/** The entries of a chunk pino wrote (one JSON line per call; several are read too). */
export function parseLogChunk(chunk: string): ParsedLogLine[] {
  const out: ParsedLogLine[] = [];
  for (const text of chunk.split("\n")) {
    if (!text) continue;
    let parsed: Line;
    try {
      parsed = JSON.parse(text) as Line;
    } catch {
      continue;
    }
    const entry = parseLogLine(parsed);
    if (entry) out.push(entry);
  }
  return out;
}
