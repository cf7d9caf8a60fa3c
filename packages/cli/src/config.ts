/**
 * Where `bis` finds its server and token. Precedence, highest first:
 *   --server / --token  >  BIS_URL / BIS_TOKEN  >  the config file  >  http://localhost:3000
 * The file is `$XDG_CONFIG_HOME/bis/config.json` (default ~/.config/bis/config.json), mode 600
 * in a directory of mode 700. Its token is only sent to the server it was issued by.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CliError } from "./errors.js";

export const DEFAULT_SERVER = "http://localhost:3000";

export interface StoredConfig {
  server: string;
  token: string;
  /** The token's id on the server, for `bis logout`. */
  tokenId?: string;
  email?: string;
}

export type Source = "flag" | "environment" | "config file" | "default";

export interface Resolved {
  server: string;
  serverSource: Source;
  token: string | undefined;
  tokenSource: Source | undefined;
  file: string;
  stored: StoredConfig | null;
}

export function configFile(env: Record<string, string | undefined>): string {
  const base = env.XDG_CONFIG_HOME?.trim() || path.join(env.HOME || os.homedir(), ".config");
  return path.join(base, "bis", "config.json");
}

/** `http://host:port` without a trailing slash; a clear error for anything else. */
export function normalizeServer(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new CliError(
      `"${url}" is not a server URL.`,
      "Give one like http://localhost:3000 (--server or BIS_URL).",
    );
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new CliError(`"${url}" is not an http(s) URL.`, "Give one like https://bis.example.com.");
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

export function readConfig(file: string): StoredConfig | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<StoredConfig>;
    if (typeof value.server !== "string" || typeof value.token !== "string") return null;
    return value as StoredConfig;
  } catch {
    throw new CliError(`${file} is not valid JSON.`, "Delete it and run `bis login` again.");
  }
}

/** Writes the file atomically, readable by its owner only. */
export function writeConfig(file: string, config: StoredConfig): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

export function removeConfig(file: string): void {
  rmSync(file, { force: true });
}

export function resolveConfig(
  flags: { server?: string; token?: string },
  env: Record<string, string | undefined>,
): Resolved {
  const file = configFile(env);
  const stored = readConfig(file);
  let server: string;
  let serverSource: Source;
  if (flags.server) {
    server = normalizeServer(flags.server);
    serverSource = "flag";
  } else if (env.BIS_URL) {
    server = normalizeServer(env.BIS_URL);
    serverSource = "environment";
  } else if (stored) {
    server = normalizeServer(stored.server);
    serverSource = "config file";
  } else {
    server = DEFAULT_SERVER;
    serverSource = "default";
  }

  let token: string | undefined;
  let tokenSource: Source | undefined;
  if (flags.token) {
    token = flags.token.trim();
    tokenSource = "flag";
  } else if (env.BIS_TOKEN) {
    token = env.BIS_TOKEN.trim();
    tokenSource = "environment";
  } else if (stored && normalizeServer(stored.server) === server) {
    token = stored.token;
    tokenSource = "config file";
  }
  return { server, serverSource, token, tokenSource, file, stored };
}
