/**
 * Issue 12, defect 6: a password change revokes the user's personal API tokens and says so;
 * a token cannot create tokens.
 */
import { TOKEN_MESSAGES } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import { errorOf, startTestServer, type TestServer } from "./support/index.js";
import { testEngine } from "./support/postgres.js";
import { TEST_PASSWORD, verifiedAccount } from "./support/sessions.js";

const { apiToken } = tablesFor(testEngine());

let bis: TestServer;
const opened: NodeClient[] = [];

function client(token?: string): NodeClient {
  const c = createNodeClient({ baseUrl: bis.url, token, cookies: token ? false : undefined });
  opened.push(c);
  return c;
}

async function account(firstName: string) {
  const made = await verifiedAccount(bis, firstName);
  opened.push(made.client);
  return made;
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await bis?.close();
});

describe("personal API tokens and the password", () => {
  it("revokes every token of the user on a password change, and says so", async () => {
    const { email, client: session } = await account("Tom");
    const laptop = await client().tokens.create({ name: "laptop", email, password: TEST_PASSWORD });
    const ci = await session.tokens.create({ name: "ci" });
    const other = await account("Ted");
    const untouched = await other.client.tokens.create({ name: "other user" });
    expect((await client(laptop.token).auth.user())?.email).toBe(email);

    const changed = await session.auth.changePassword({
      currentPassword: TEST_PASSWORD,
      newPassword: "Warm-Air8?",
    });
    expect(changed.message).toBe(
      "Your password has been updated, you were signed out on your other devices, and your 2 API tokens were revoked: create new ones where you need them.",
    );
    for (const t of [laptop, ci]) {
      const error = await errorOf(client(t.token).analyses.list());
      expect(error.status).toBe(401);
      expect(error.serverMessage).toBe(TOKEN_MESSAGES.invalidToken);
    }
    const row = (
      await bis.server.context.db.select().from(apiToken).where(eq(apiToken.id, ci.id))
    )[0];
    expect(row?.revokedAt).toBeInstanceOf(Date);
    // Another user's token lives on; the session that changed the password stays signed in.
    expect((await client(untouched.token).auth.user())?.email).toBe(other.email);
    expect((await session.auth.user())?.email).toBe(email);

    // With no token left, the answer still says what happened.
    const again = await session.auth.changePassword({
      currentPassword: "Warm-Air8?",
      newPassword: "Cold-Air7#",
    });
    expect(again.message).toBe(
      "Your password has been updated and you were signed out on your other devices.",
    );
  });

  it("answers 403 when a token asks for another token", async () => {
    const { email } = await account("Tia");
    const created = await client().tokens.create({ name: "cli", email, password: TEST_PASSWORD });
    const error = await errorOf(client(created.token).tokens.create({ name: "more" }));
    expect(error.status).toBe(403);
    expect(error.serverMessage).toBe(TOKEN_MESSAGES.tokenCannotCreateTokens);
    expect((await client(created.token).tokens.list()).map((t) => t.name)).toEqual(["cli"]);
  });
});
