/** Signed-in clients for tests: a verified user (through the real mail) or the first admin. */
import type { User } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { startTestServer, type TestServer } from "./server.js";
import { verificationLink } from "./smtp.js";

let seq = 0;

/**
 * `bis`: a test server, or anything with its address and mailbox (several instances, say).
 * `ref`: the partner key of the widget the user came from (`/register?ref=pk_…`).
 */
export async function signedInUser(
  bis: Pick<TestServer, "url" | "mailbox">,
  firstName = "Dana",
  options: { ref?: string; email?: string } = {},
): Promise<NodeClient> {
  seq += 1;
  const email = options.email ?? `${firstName.toLowerCase()}.${seq}.${Date.now()}@example.com`;
  const client = createNodeClient({ baseUrl: bis.url });
  await client.auth.register({
    firstName,
    lastName: "Tester",
    email,
    password: "Cool-Air9!",
    username: email,
    ...(options.ref ? { ref: options.ref } : {}),
  });
  const mail = await bis.mailbox.waitFor(email);
  await client.fetch(verificationLink(mail), { method: "GET" });
  return client;
}

export async function signedInAdmin(bis: Pick<TestServer, "url">): Promise<NodeClient> {
  const client = createNodeClient({ baseUrl: bis.url });
  await client.admin.setup({
    email: `admin.${Date.now()}@example.com`,
    password: "Admin-pass1",
    firstName: "Ada",
    lastName: "Admin",
  });
  return client;
}

/** The user the client is signed in as; the test fails when it is signed out. */
export async function me(client: NodeClient): Promise<User> {
  const current = await client.auth.user();
  if (!current) throw new Error("not signed in");
  return current;
}

/** A test server with a signed-in administrator, an owner and another user ("Otto"). */
export interface ServerWithUsers {
  bis: TestServer;
  admin: NodeClient;
  owner: NodeClient;
  other: NodeClient;
  /** Signs the three clients out and stops the server. */
  close(): Promise<void>;
}

/**
 * Starts a test server (login rate limit raised to 1000 unless `env` says otherwise) with an
 * administrator, an owner named `ownerName` and another user; on a failure on the way, what
 * was started is closed again.
 */
export async function startWithUsers(
  ownerName: string,
  env: Record<string, string> = {},
): Promise<ServerWithUsers> {
  const bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000", ...env });
  let admin: NodeClient | undefined;
  let owner: NodeClient | undefined;
  let other: NodeClient | undefined;
  const close = async () => {
    for (const c of [owner, other, admin]) await c?.close();
    await bis.close();
  };
  try {
    admin = await signedInAdmin(bis);
    owner = await signedInUser(bis, ownerName);
    other = await signedInUser(bis, "Otto");
    return { bis, admin, owner, other, close };
  } catch (error) {
    await close();
    throw error;
  }
}
