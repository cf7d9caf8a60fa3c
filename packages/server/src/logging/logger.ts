/**
 * The server's pino logger: JSON lines to stdout at the configured level (BIS_LOG_LEVEL), and
 * the same lines into the log store (log-store.ts: the database, for the admin Logs tab of every
 * instance), which keeps info and above even when stdout prints less (and debug or trace when
 * stdout prints those).
 *
 * On stdout the lines are JSON, or readable ones (`format: "pretty"`, pino-pretty: time, level,
 * message, then the fields) — what BIS_LOG_FORMAT says, by default pretty when stdout is a
 * terminal and JSON otherwise (a log collector, a pipe). The log store always gets JSON.
 */
import type { LogLevel } from "@bis/sdk";
import pino, { type Logger } from "pino";
import pinoPretty from "pino-pretty";
import { LEVEL_VALUES } from "./log-entries.js";
import { createLogStore, type LogStore, registerLogStore } from "./log-store.js";

export function createServerLogger(
  level: string,
  options: {
    store?: LogStore;
    stdout?: pino.DestinationStream;
    format?: "json" | "pretty";
  } = {},
): Logger {
  const store = options.store ?? createLogStore();
  const printed = level in LEVEL_VALUES ? (level as LogLevel) : null;
  const kept: LogLevel = printed && LEVEL_VALUES[printed] < LEVEL_VALUES.info ? printed : "info";
  const streams: pino.StreamEntry[] = [{ level: kept, stream: store }];
  if (printed) streams.push({ level: printed, stream: stdoutStream(options) });
  const logger = pino({ level: kept, base: { service: "bis" } }, pino.multistream(streams));
  registerLogStore(logger, store);
  return logger;
}

function stdoutStream(options: {
  stdout?: pino.DestinationStream;
  format?: "json" | "pretty";
}): pino.DestinationStream {
  if (options.format !== "pretty") return options.stdout ?? pino.destination(1);
  return pinoPretty({
    destination: options.stdout ?? 1,
    sync: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,service",
    singleLine: true,
  });
}
