/** Verified accounts and raw session cookies, for tests that send cookies by hand. */
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { expect } from "vitest";
import type { TestServer } from "./server.js";
import { verificationLink } from "./smtp.js";

export const TEST_PASSWORD = "Cool-Air9!";

let seq = 0;

/** A fresh address no other test uses. */
export function uniqueEmail(firstName: string): string {
  seq += 1;
  return `${firstName.toLowerCase()}.sec.${seq}.${Date.now()}@example.com`;
}

/** Registers and verifies an account; the client is signed in through its cookie jar. */
export async function verifiedAccount(
  bis: TestServer,
  firstName = "Vera",
): Promise<{ email: string; client: NodeClient }> {
  const email = uniqueEmail(firstName);
  const client = createNodeClient({ baseUrl: bis.url });
  await client.auth.register({
    firstName,
    lastName: "Tester",
    email,
    password: TEST_PASSWORD,
    username: email,
  });
  await client.fetch(verificationLink(await bis.mailbox.waitFor(email)), { method: "GET" });
  return { email, client };
}

/** Signs in with a bare fetch and returns the `name=value` of the session cookie it sets. */
export async function signInCookie(
  bis: TestServer,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const res = await fetch(`${bis.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .find((c) => c.startsWith("better-auth.session_token="));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}
