/** Test helpers: an Io over buffers (no argv, no process streams) and accounts made by mail. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import { createNodeClient } from "@bis/sdk/node";
import { type TestServer, verificationLink } from "@bis/server/testing";
import type { Io } from "../src/io.js";

export interface BufferIo extends Io {
  out(): string;
  err(): string;
  /** Fires the handler the command registered for Ctrl-C. */
  interrupt(): void;
  configHome: string;
}

class Collector extends Writable {
  text = "";
  isTTY = false;
  columns = 100;
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

export function bufferIo(
  options: {
    env?: Record<string, string | undefined>;
    stdin?: string;
    configHome?: string;
    cwd?: string;
  } = {},
): BufferIo {
  const stdout = new Collector();
  const stderr = new Collector();
  const stdin =
    options.stdin === undefined ? new PassThrough() : Readable.from([Buffer.from(options.stdin)]);
  if (options.stdin === undefined) (stdin as PassThrough).end();
  const configHome = options.configHome ?? mkdtempSync(path.join(tmpdir(), "bis-cli-config-"));
  const handlers = new Set<() => void>();
  return {
    stdout,
    stderr,
    stdin,
    env: { HOME: configHome, XDG_CONFIG_HOME: configHome, ...options.env },
    color: false,
    interactive: false,
    cwd: options.cwd ?? process.cwd(),
    onInterrupt(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    interrupt() {
      for (const handler of handlers) handler();
    },
    out: () => stdout.text,
    err: () => stderr.text,
    configHome,
  };
}

export const PASSWORD = "Cool-Air9!";
let seq = 0;

/** Registers an account and follows the verification link in its mail; returns the email. */
export async function verifiedAccount(bis: TestServer, firstName: string): Promise<string> {
  seq += 1;
  const email = `${firstName.toLowerCase()}.cli.${seq}.${Date.now()}@example.com`;
  const client = createNodeClient({ baseUrl: bis.url });
  try {
    await client.auth.register({
      firstName,
      lastName: "Tester",
      email,
      password: PASSWORD,
      username: email,
    });
    const mail = await bis.mailbox.waitFor(email);
    await client.fetch(verificationLink(mail), { method: "GET" });
  } finally {
    await client.close();
  }
  return email;
}

export const ADMIN_PASSWORD = "Admin-pass1";

/** Creates the first administrator; returns the email. */
export async function firstAdmin(bis: TestServer): Promise<string> {
  const email = `admin.cli.${Date.now()}@example.com`;
  const client = createNodeClient({ baseUrl: bis.url });
  try {
    await client.admin.setup({
      email,
      password: ADMIN_PASSWORD,
      firstName: "Ada",
      lastName: "Admin",
    });
  } finally {
    await client.close();
  }
  return email;
}

/** A personal API token for an account. */
export async function tokenFor(bis: TestServer, email: string, password: string): Promise<string> {
  const client = createNodeClient({ baseUrl: bis.url, cookies: false });
  try {
    return (await client.tokens.create({ name: "test", email, password })).token;
  } finally {
    await client.close();
  }
}

/**
 * The 25-row CSV of the end-to-end test: 23 good rows; line 6 fails validation (no state) and
 * line 15 is refused by the server (a city that is not in Texas's place data: 422).
 */
export const CITIES = [
  ["Austin", "TX"],
  ["Dallas", "TX"],
  ["Houston", "TX"],
  ["San Antonio", "TX"],
  ["Denver", "CO"],
  ["Phoenix", "AZ"],
  ["Tucson", "AZ"],
  ["Atlanta", "GA"],
  ["Miami", "FL"],
  ["Orlando", "FL"],
  ["Tampa", "FL"],
  ["Seattle", "WA"],
  ["Portland", "OR"],
  ["Boise", "ID"],
  ["Omaha", "NE"],
  ["Tulsa", "OK"],
  ["Memphis", "TN"],
  ["Nashville", "TN"],
  ["Raleigh", "NC"],
  ["Charlotte", "NC"],
  ["Columbus", "OH"],
  ["Detroit", "MI"],
  ["Chicago", "IL"],
] as const;

export function batchCsv(): { csv: string; badLines: number[] } {
  const lines = ["city,state,industry,primary,secondary"];
  const rows: string[] = CITIES.map(([city, state]) => `${city},${state},HVAC,10,15`);
  // Line numbers count the header as line 1.
  rows.splice(4, 0, "Nowhere,,HVAC,10,15"); // line 6: no state
  rows.splice(13, 0, "Atlantisville,TX,HVAC,10,15"); // line 15: unknown city
  lines.push(...rows);
  return { csv: `${lines.join("\n")}\n`, badLines: [6, 15] };
}
