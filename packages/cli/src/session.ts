/** The SDK client for a command: the server and token chosen by the precedence rules. */
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { type Resolved, resolveConfig } from "./config.js";
import { CliError, SIGN_IN_HINT, toCliError } from "./errors.js";
import type { GlobalOptions, Io } from "./io.js";

export interface Session {
  client: NodeClient;
  config: Resolved;
}

export function openSession(
  options: GlobalOptions,
  io: Io,
  { requireToken = true }: { requireToken?: boolean } = {},
): Session {
  const config = resolveConfig(options, io.env);
  if (requireToken && !config.token) throw new CliError("Not signed in.", SIGN_IN_HINT);
  const client = createNodeClient({
    baseUrl: config.server,
    token: config.token,
    // A token speaks for itself: no cookies.
    cookies: false,
    timeoutMs: 120_000,
  });
  return { client, config };
}

/** Runs `fn` with a session and always closes its connections; SDK errors become CliErrors. */
export async function withSession<T>(
  options: GlobalOptions,
  io: Io,
  fn: (session: Session) => Promise<T>,
  settings?: { requireToken?: boolean },
): Promise<T> {
  const session = openSession(options, io, settings);
  try {
    return await fn(session);
  } catch (error) {
    throw toCliError(error, session.config.server);
  } finally {
    await session.client.close();
  }
}
