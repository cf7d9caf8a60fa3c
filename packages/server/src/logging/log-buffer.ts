/**
 * The recent server log in memory, for the admin Logs tab: a ring buffer of the last entries
 * written by the pino logger (it is one of the logger's destinations, beside stdout). Each
 * entry keeps level, time, message and request id, plus a few small context fields; never
 * headers or bodies (the request serializer in app.ts already leaves them out).
 */
import type { LogEntry, LogLevel } from "@bis/sdk";

export const LOG_BUFFER_CAPACITY = 500;

const LEVEL_NAMES: Record<number, LogLevel> = {
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

export interface LogBuffer {
  /** pino destination: one JSON line per call. */
  write(line: string): void;
  /**
   * Newest first; `level` keeps that level and above; `before` (an entry's `seq`) keeps the
   * entries older than that one (the next page after it: entries written meanwhile do not
   * shift it).
   */
  entries(query?: { level?: LogLevel; limit?: number; before?: number }): LogEntry[];
  /** How many entries the buffer holds at `level` and above. */
  count(level?: LogLevel): number;
  readonly capacity: number;
}

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

function toEntry(seq: number, line: Line): LogEntry | null {
  const level = LEVEL_NAMES[line.level ?? 0];
  if (!level) return null;
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
    seq,
    level,
    time: new Date(typeof line.time === "number" ? line.time : Date.now()).toISOString(),
    message: small(message) as string,
    requestId,
    context,
  };
}

export function createLogBuffer(capacity = LOG_BUFFER_CAPACITY): LogBuffer {
  const ring: (LogEntry | undefined)[] = new Array(capacity);
  let next = 0;
  let seq = 0;
  return {
    capacity,
    write(chunk: string) {
      // pino writes one line per call; be lenient with several.
      for (const text of chunk.split("\n")) {
        if (!text) continue;
        let parsed: Line;
        try {
          parsed = JSON.parse(text) as Line;
        } catch {
          continue;
        }
        const entry = toEntry(seq + 1, parsed);
        if (!entry) continue;
        seq += 1;
        ring[next] = entry;
        next = (next + 1) % capacity;
      }
    },
    entries(query = {}) {
      const min = query.level ? LEVEL_VALUES[query.level] : 0;
      const limit = query.limit ?? capacity;
      const before = query.before ?? Number.POSITIVE_INFINITY;
      const out: LogEntry[] = [];
      for (let i = 1; i <= capacity && out.length < limit; i++) {
        const entry = ring[(next - i + capacity) % capacity];
        if (!entry) break;
        if (entry.seq < before && LEVEL_VALUES[entry.level] >= min) out.push(entry);
      }
      return out;
    },
    count(level) {
      const min = level ? LEVEL_VALUES[level] : 0;
      let n = 0;
      for (const entry of ring) if (entry && LEVEL_VALUES[entry.level] >= min) n += 1;
      return n;
    },
  };
}

/** The buffer a logger made by `createLogger` writes to (an empty one for other loggers). */
const buffers = new WeakMap<object, LogBuffer>();

export function registerLogBuffer(logger: object, buffer: LogBuffer): void {
  buffers.set(logger, buffer);
}

export function logBufferOf(logger: object): LogBuffer {
  let buffer = buffers.get(logger);
  if (!buffer) {
    buffer = createLogBuffer();
    buffers.set(logger, buffer);
  }
  return buffer;
}
