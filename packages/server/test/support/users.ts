/** Signed-in clients for tests: a verified user (through the real mail) or the first admin. */
import type { User } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import type { TestServer } from "./server.js";
import { verificationLink } from "./smtp.js";

let seq = 0;

export async function signedInUser(bis: TestServer, firstName = "Dana"): Promise<NodeClient> {
  seq += 1;
  const email = `${firstName.toLowerCase()}.${seq}.${Date.now()}@example.com`;
  const client = createNodeClient({ baseUrl: bis.url });
  await client.auth.register({
    firstName,
    lastName: "Tester",
    email,
    password: "Cool-Air9!",
    username: email,
  });
  const mail = await bis.mailbox.waitFor(email);
  await client.fetch(verificationLink(mail), { method: "GET" });
  return client;
}

export async function signedInAdmin(bis: TestServer): Promise<NodeClient> {
  const client = createNodeClient({ baseUrl: bis.url });
  await client.admin.setup({
    email: `admin.${Date.now()}@example.com`,
    password: "admin-pass",
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
