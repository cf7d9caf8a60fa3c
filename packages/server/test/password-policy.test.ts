/**
 * Issue 12, defect 8: one password policy. A password change is held to registration's five
 * rules, with registration's messages.
 */
import { MESSAGES, passwordChangeRequestSchema, registerPasswordSchema } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, startTestServer, type TestServer } from "./support/index.js";
import { signInCookie, TEST_PASSWORD, verifiedAccount } from "./support/sessions.js";

let bis: TestServer;
const opened: NodeClient[] = [];

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await bis?.close();
});

describe("a new password", () => {
  it("is refused unless it meets every registration rule, with registration's messages", async () => {
    const { client, email } = await verifiedAccount(bis, "Val");
    opened.push(client);
    for (const [newPassword, message] of [
      ["aaaaaa", MESSAGES.passwordMin8],
      ["aaaaaaaa", MESSAGES.passwordUppercase],
      ["AAAAAAAA", MESSAGES.passwordLowercase],
      ["Abcdefgh", MESSAGES.passwordNumber],
      ["Abcdefg1", MESSAGES.passwordSpecial],
    ] as const) {
      const error = await errorOf(
        client.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword }),
      );
      expect(error.status).toBe(400);
      expect(error.serverMessage).toBe(message);
    }
    // Nothing changed: the old password still signs in.
    await signInCookie(bis, email, TEST_PASSWORD);
    await client.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: "Abcdefg1!" });
    await signInCookie(bis, email, "Abcdefg1!");
  });

  it("uses the very schema registration uses", () => {
    for (const candidate of ["aaaaaa", "Abcdefg1", "Abcdefg1!", "x".repeat(129)]) {
      const change = passwordChangeRequestSchema.safeParse({
        currentPassword: "old",
        newPassword: candidate,
      });
      const register = registerPasswordSchema.safeParse(candidate);
      expect(change.success).toBe(register.success);
      expect(change.error?.issues.map((i) => i.message)).toEqual(
        register.error?.issues.map((i) => i.message),
      );
    }
  });
});
