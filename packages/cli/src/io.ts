/**
 * What a command handler may touch of the outside world. The binary passes the process's
 * streams and environment; tests pass buffers and a temporary environment, with no argv.
 */
import type { Readable, Writable } from "node:stream";

export type OutStream = Writable & { isTTY?: boolean; columns?: number };
export type InStream = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  env: Record<string, string | undefined>;
  /** Colors allowed: a terminal, no NO_COLOR, no --no-color. */
  color: boolean;
  /** Prompts allowed: stdin is a terminal and --no-input was not given. */
  interactive: boolean;
  /** Calls `handler` on Ctrl-C (SIGINT) instead of ending the process; returns the remover. */
  onInterrupt(handler: () => void): () => void;
  /** The working directory relative paths are resolved against. */
  cwd: string;
}

/** Options every command accepts (commander's global options). */
export interface GlobalOptions {
  server?: string;
  token?: string;
  json?: boolean;
  /** commander's `--no-color` sets `color: false`. */
  color?: boolean;
  /** commander's `--no-input` sets `input: false`. */
  input?: boolean;
}

/** Colors are off with NO_COLOR (any non-empty value, no-color.org), --no-color, TERM=dumb or no terminal. */
export function colorAllowed(
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined>,
  flag: boolean | undefined,
): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return stream.isTTY === true;
}

export function processIo(options: GlobalOptions = {}): Io {
  const env = process.env;
  const color = colorAllowed(process.stdout, env, options.color);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env,
    color,
    interactive: process.stdin.isTTY === true && options.input !== false,
    onInterrupt(handler) {
      let count = 0;
      const listener = () => {
        count += 1;
        // A second Ctrl-C ends at once, as people expect.
        if (count > 1) process.exit(130);
        handler();
      };
      process.on("SIGINT", listener);
      return () => process.off("SIGINT", listener);
    },
    cwd: process.cwd(),
  };
}
