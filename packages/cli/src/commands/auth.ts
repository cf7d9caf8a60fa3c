/**
 * `bis login`, `bis logout`, `bis whoami`, `bis tokens`: personal API tokens. Tokens expire
 * (an administrator's in 90 days by default): login and the list show when, and
 * `bis tokens renew` moves the date with the account's password.
 */
import os from "node:os";
import { hasErrorCode } from "@bis/sdk/constants";
import { allPages, createNodeClient } from "@bis/sdk/node";
import {
  normalizeServer,
  readConfig,
  removeConfig,
  resolveConfig,
  writeConfig,
} from "../config.js";
import { CliError, toCliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { currentUser, respond } from "../session.js";
import { createUi, fields, text, tokensDoc, whoamiDoc } from "../ui/index.js";

interface CredentialOptions extends GlobalOptions {
  email?: string;
  /** Read the password from stdin (first line). */
  passwordStdin?: boolean;
  /** Days until the token expires (default: the server's, 90 for an administrator). */
  days?: string;
}

export interface LoginOptions extends CredentialOptions {
  /** The token's name on the server (default "bis CLI on <host>"). */
  name?: string;
}

/** `--days` as the API's `expiresInDays` (undefined: the server's default). */
function expiresInDays(days: string | undefined): number | undefined {
  if (days === undefined) return undefined;
  const value = Number(days);
  if (!Number.isInteger(value) || value < 1 || value > 365)
    throw new CliError("--days must be a whole number from 1 to 365.", "For example: --days 90");
  return value;
}

/** When a token expires, in words. */
export function expiryText(expiresAt: string | null | undefined): string {
  return expiresAt ? `expires ${expiresAt.slice(0, 10)}` : "never expires";
}

async function readFirstLine(io: Io): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

/** Email (option or prompt) and password (stdin, BIS_PASSWORD or a masked prompt). */
async function readCredentials(
  options: CredentialOptions,
  io: Io,
  ui: ReturnType<typeof createUi>,
): Promise<{ email: string; password: string }> {
  const hint =
    "Give --email, and the password on stdin (--password-stdin) or in BIS_PASSWORD; or --token.";
  const email = options.email ?? (await ui.prompt("Email", { hint }));
  let password: string;
  if (options.passwordStdin) password = await readFirstLine(io);
  else if (io.env.BIS_PASSWORD) password = io.env.BIS_PASSWORD;
  else password = await ui.prompt("Password", { mask: true, hint });
  if (!password) throw new CliError("The password is empty.", hint);
  return { email, password };
}

/**
 * Creates a named token on the server (from email + password, or checks a given --token) and
 * stores `{server, token}` in the config file (mode 600).
 */
export async function login(options: LoginOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  // Only the server is taken from the usual places: the token is the one being made.
  const resolved = resolveConfig({ server: options.server }, { ...io.env, BIS_TOKEN: undefined });
  const server = normalizeServer(resolved.server);
  const client = createNodeClient({ baseUrl: server, token: options.token, cookies: false });
  try {
    let stored: { server: string; token: string; tokenId?: string; email?: string };
    let tokenName: string | undefined;
    let expiresAt: string | null | undefined;
    if (options.token) {
      const user = await client.auth.user();
      if (!user)
        throw new CliError(
          "That token is invalid or revoked.",
          "Create a new one with `bis login`.",
        );
      const current = (await allPages((q) => client.tokens.page(q))).find((t) => t.current);
      tokenName = current?.name;
      expiresAt = current?.expiresAt;
      stored = { server, token: options.token, tokenId: current?.id, email: user.email };
    } else {
      const days = expiresInDays(options.days);
      const { email, password } = await readCredentials(options, io, ui);
      tokenName = options.name ?? `bis CLI on ${os.hostname()}`;
      const created = await client.tokens.create({
        name: tokenName,
        email,
        password,
        ...(days === undefined ? {} : { expiresInDays: days }),
      });
      expiresAt = created.expiresAt;
      stored = {
        server,
        token: created.token,
        tokenId: created.id,
        email: email.trim().toLowerCase(),
      };
    }
    writeConfig(resolved.file, stored);
    await ui.result(
      {
        server,
        email: stored.email,
        tokenId: stored.tokenId ?? null,
        tokenName: tokenName ?? null,
        expiresAt: expiresAt ?? null,
        configFile: resolved.file,
      },
      [
        text(`Signed in to ${server} as ${stored.email}.`, "success"),
        text(`Token ${tokenName ? `"${tokenName}" ` : ""}saved in ${resolved.file}.`, "muted"),
        ...(expiresAt !== undefined
          ? [
              text(
                `The token ${expiryText(expiresAt)}${expiresAt ? ": renew it with `bis tokens renew`." : "."}`,
                "muted",
              ),
            ]
          : []),
      ],
    );
    return 0;
  } catch (error) {
    throw toCliError(error, server);
  } finally {
    await client.close();
  }
}

/** Revokes the token in use on the server and removes the config file that holds it. */
export async function logout(options: GlobalOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const config = resolveConfig(options, io.env);
  if (!config.token) {
    await ui.result({ revoked: false, removed: false }, [text("Not signed in.", "muted")]);
    return 0;
  }
  let revoked = false;
  let warning: string | null = null;
  const client = createNodeClient({ baseUrl: config.server, token: config.token, cookies: false });
  try {
    const tokens = await allPages((q) => client.tokens.page(q));
    const current = tokens.find((t) => t.current);
    if (current) {
      await client.tokens.revoke(current.id);
      revoked = true;
    }
  } catch (error) {
    // Already revoked (refused as signed out) is fine; an unreachable server is worth a warning.
    if (!hasErrorCode(error, "UNAUTHORIZED"))
      warning = `Could not revoke the token on ${config.server}: ${toCliError(error, config.server).message}`;
  } finally {
    await client.close();
  }
  const stored = readConfig(config.file);
  const removed = stored !== null && stored.token === config.token;
  if (removed) removeConfig(config.file);
  if (warning) ui.warn(warning);
  await ui.result({ revoked, removed, configFile: removed ? config.file : null }, [
    text(
      revoked ? `Token revoked on ${config.server}.` : "The token was already invalid.",
      revoked ? "success" : "muted",
    ),
    ...(removed
      ? [text(`Removed ${config.file}.`, "muted")]
      : config.tokenSource !== "config file"
        ? [text(`The token came from the ${config.tokenSource}; unset it there too.`, "warning")]
        : []),
  ]);
  return 0;
}

export function whoami(options: GlobalOptions, io: Io): Promise<number> {
  return respond(options, io, async ({ client, config }) => {
    const user = await currentUser(client);
    return {
      data: { user, server: config.server, tokenSource: config.tokenSource ?? null },
      doc: whoamiDoc(user, config.server, config.tokenSource),
    };
  });
}

export function tokensList(options: GlobalOptions, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const tokens = await allPages((q) => client.tokens.page(q));
    return { data: tokens, doc: tokensDoc(tokens) };
  });
}

export function tokensRevoke(options: GlobalOptions & { id: string }, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const token = await client.tokens.revoke(options.id);
    const doc = [
      fields([
        { label: "Revoked", value: `${token.name} (${token.prefix}…)`, tone: "success" },
        { label: "Id", value: token.id },
      ]),
    ];
    return { data: token, doc };
  });
}

/**
 * Moves a token's expiry (`--days`, else the server's default). The server takes no token for
 * this: the account's email and password are asked as for `bis login`.
 */
export async function tokensRenew(
  options: CredentialOptions & { id: string },
  io: Io,
): Promise<number> {
  const days = expiresInDays(options.days);
  const ui = createUi(io, options);
  const config = resolveConfig(options, io.env);
  const stored = readConfig(config.file);
  const credentials = await readCredentials(
    { ...options, email: options.email ?? stored?.email },
    io,
    ui,
  );
  const client = createNodeClient({ baseUrl: config.server, cookies: false });
  try {
    const token = await client.tokens.renew(options.id, {
      ...credentials,
      ...(days === undefined ? {} : { expiresInDays: days }),
    });
    await ui.result(token, [
      fields([
        { label: "Renewed", value: `${token.name} (${token.prefix}…)`, tone: "success" },
        { label: "Expires", value: token.expiresAt ? token.expiresAt.slice(0, 10) : "never" },
      ]),
    ]);
    return 0;
  } catch (error) {
    throw toCliError(error, config.server);
  } finally {
    await client.close();
  }
}
