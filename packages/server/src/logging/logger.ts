/**
 * The server's pino logger: JSON lines to stdout at the configured level (BIS_LOG_LEVEL), and
 * the same lines into the in-memory ring buffer of the admin Logs tab, which keeps info and
 * above even when stdout prints less (and debug or trace when stdout prints those).
 */
import type { LogLevel } from "@bis/sdk";
import pino, { type Logger } from "pino";
import { createLogBuffer, LEVEL_VALUES, type LogBuffer, registerLogBuffer } from "./log-buffer.js";

export function createServerLogger(
  level: string,
  options: { buffer?: LogBuffer; stdout?: pino.DestinationStream } = {},
): Logger {
  const buffer = options.buffer ?? createLogBuffer();
  const printed = level in LEVEL_VALUES ? (level as LogLevel) : null;
  const buffered: LogLevel =
    printed && LEVEL_VALUES[printed] < LEVEL_VALUES.info ? printed : "info";
  const streams: pino.StreamEntry[] = [{ level: buffered, stream: buffer }];
  if (printed) streams.push({ level: printed, stream: options.stdout ?? pino.destination(1) });
  const logger = pino({ level: buffered, base: { service: "bis" } }, pino.multistream(streams));
  registerLogBuffer(logger, buffer);
  return logger;
}
