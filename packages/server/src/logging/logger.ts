/**
 * The server's pino logger: JSON lines to stdout at the configured level (BIS_LOG_LEVEL), and
 * the same lines into the log store (log-store.ts: the database, for the admin Logs tab of every
 * instance), which keeps info and above even when stdout prints less (and debug or trace when
 * stdout prints those).
 */
import type { LogLevel } from "@bis/sdk";
import pino, { type Logger } from "pino";
import { LEVEL_VALUES } from "./log-entries.js";
import { createLogStore, type LogStore, registerLogStore } from "./log-store.js";

export function createServerLogger(
  level: string,
  options: { store?: LogStore; stdout?: pino.DestinationStream } = {},
): Logger {
  const store = options.store ?? createLogStore();
  const printed = level in LEVEL_VALUES ? (level as LogLevel) : null;
  const kept: LogLevel = printed && LEVEL_VALUES[printed] < LEVEL_VALUES.info ? printed : "info";
  const streams: pino.StreamEntry[] = [{ level: kept, stream: store }];
  if (printed) streams.push({ level: printed, stream: options.stdout ?? pino.destination(1) });
  const logger = pino({ level: kept, base: { service: "bis" } }, pino.multistream(streams));
  registerLogStore(logger, store);
  return logger;
}
