/**
 * The SDK client for a command: the server and token chosen by the precedence rules; and the
 * shape most commands share (command → call → render): a session, one result, shown.
 */
import { createNodeClient, type NodeClient, type User } from "@bis/sdk/node";
import { type Resolved, resolveConfig } from "./config.js";
import { CliError, SIGN_IN_HINT, toCliError } from "./errors.js";
import type { GlobalOptions, Io } from "./io.js";
import { createUi, type Doc, type Ui } from "./ui/index.js";

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

/** What a command shows: `data` as JSON with --json, else `doc`; and its exit code (0). */
export interface Shown {
  data: unknown;
  doc: Doc;
  code?: number;
}

/** Runs `get` with a session (and the ui, to prompt), shows what it returns, exits with its code. */
export function respond(
  options: GlobalOptions,
  io: Io,
  get: (session: Session, ui: Ui) => Promise<Shown>,
): Promise<number> {
  const ui = createUi(io, options);
  return withSession(options, io, async (session) => {
    const { data, doc, code = 0 } = await get(session, ui);
    await ui.result(data, doc);
    return code;
  });
}

/** The token's owner; fails with the sign-in hint when the token is invalid or revoked. */
export async function currentUser(client: NodeClient): Promise<User> {
  const user = await client.auth.user();
  if (!user) throw new CliError("Your API token is invalid or revoked.", SIGN_IN_HINT);
  return user;
}
