/**
 * Issue 12, defect 7: a name is one line and at most 50 characters, and no name ever puts a
 * link or text of its own into a mail BIS sends.
 */
import { MESSAGES } from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existingAccountMail, greeting, verificationMail } from "../src/email/templates.js";
import { errorOf, startTestServer, type TestServer } from "./support/index.js";
import { TEST_PASSWORD, uniqueEmail, verifiedAccount } from "./support/sessions.js";

let bis: TestServer;
const opened: NodeClient[] = [];

function client(): NodeClient {
  const c = createNodeClient({ baseUrl: bis.url });
  opened.push(c);
  return c;
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await bis?.close();
});

const INJECTED = "Dana\n\nYour account is locked. Visit https://evil.example/unlock";

describe("names", () => {
  it("refuses a name with a line break, or over 50 characters, at registration; no mail goes out", async () => {
    for (const [firstName, message] of [
      [INJECTED, MESSAGES.nameOneLine],
      ["Dana\u2028Visit evil.example", MESSAGES.nameOneLine],
      ["D".repeat(51), MESSAGES.nameTooLong],
    ] as const) {
      const email = uniqueEmail("inject");
      const error = await errorOf(
        client().auth.register({
          firstName,
          lastName: "Tester",
          email,
          password: TEST_PASSWORD,
          username: email,
        }),
      );
      expect(error.status).toBe(400);
      expect(error.serverMessage).toBe(message);
      expect(bis.mailbox.all().some((m) => m.to === email)).toBe(false);
    }
    const email = uniqueEmail("fifty");
    await client().auth.register({
      firstName: "D".repeat(50),
      lastName: "Tester",
      email,
      password: TEST_PASSWORD,
      username: email,
    });
    expect((await bis.mailbox.waitFor(email)).text).toContain(`Hi ${"D".repeat(50)},`);
  });

  it("refuses the same names on a profile update", async () => {
    const { client: c, email } = await verifiedAccount(bis, "Uma");
    opened.push(c);
    const broken = await errorOf(
      c.auth.updateProfile({ firstName: "Uma\r\nhttps://evil.example", lastName: "T", email }),
    );
    expect(broken.status).toBe(400);
    expect(broken.serverMessage).toBe(MESSAGES.nameOneLine);
    const long = await errorOf(
      c.auth.updateProfile({ firstName: "Uma", lastName: "T".repeat(51), email }),
    );
    expect(long.serverMessage).toBe(MESSAGES.nameTooLong);
  });
});

describe("mail greetings", () => {
  it("never write a link or a line break from a stored name into a mail", () => {
    for (const name of [
      INJECTED,
      "Dana www.evil.example",
      "Dana evil.example/unlock",
      "Dana mailto:help@evil.example",
    ]) {
      for (const mail of [
        verificationMail("d@example.com", name, "http://bis.example/api/auth/verify-email?token=t"),
        existingAccountMail("d@example.com", name, "http://bis.example/signin"),
      ]) {
        expect(mail.text).not.toMatch(/evil|locked/);
        expect(mail.html).not.toMatch(/evil|locked/);
        expect(mail.text.split("\n")[0]).toBe("Hi,");
      }
    }
  });

  it("greet ordinary names as they are", () => {
    expect(greeting("Dana")).toBe("Hi Dana,");
    expect(greeting("J.R.")).toBe("Hi J.R.,");
    expect(greeting("Zoë Anne")).toBe("Hi Zoë Anne,");
    expect(greeting("  Dana\tMaria ")).toBe("Hi Dana Maria,");
    expect(greeting(null)).toBe("Hi,");
    expect(greeting("x".repeat(51))).toBe("Hi,");
  });
});
