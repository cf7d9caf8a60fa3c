/** Operating BIS from the shell and without SMTP: `bis-server create-admin`, the mail outbox. */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createNodeClient } from "@bis/sdk/node";
import { describe, expect, it } from "vitest";
import { startTestServer, verificationLink } from "./support/index.js";
import { createTestDatabase, testEngine } from "./support/postgres.js";

const run = promisify(execFile);
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/cli.ts");
const tsx = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../node_modules/.bin/tsx");

function bisServer(args: string[], env: Record<string, string>) {
  return run(tsx, [cli, ...args], { env: { ...process.env, NODE_ENV: "test", ...env } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

describe("bis-server create-admin", () => {
  it("creates the first administrator, who can then sign in, and refuses a second", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bis-cli-"));
    // The command and the server share one database: the SQLite file, or PostgreSQL (server-pg).
    const database = testEngine() === "postgres" ? await createTestDatabase() : undefined;
    const env: Record<string, string> = {
      BIS_DATA_DIR: dataDir,
      BIS_ADMIN_PASSWORD: "Admin-pass1",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const args = [
      "create-admin",
      "--email",
      "Ops@Example.com",
      "--first-name",
      "Ada",
      "--last-name",
      "Ops",
    ];
    const first = await bisServer(args, env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Administrator created: ops@example\.com \(/);

    const bis = await startTestServer({
      BIS_DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const client = createNodeClient({ baseUrl: bis.url });
    try {
      const admin = await client.auth.login({ email: "ops@example.com", password: "Admin-pass1" });
      expect(admin).toMatchObject({ isAdmin: true, firstName: "Ada", lastName: "Ops" });
    } finally {
      await client.close();
      await bis.server.close();
      await bis.mailbox.close();
    }

    const second = await bisServer(
      [...args.slice(0, 2), "other@example.com", ...args.slice(3)],
      env,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("An administrator already exists");
    await database?.drop();
  });

  it("names the bad option", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bis-cli-"));
    const result = await bisServer(
      [
        "create-admin",
        "--email",
        "not-an-email",
        "--first-name",
        "A",
        "--last-name",
        "B",
        "--password",
        "123",
      ],
      { BIS_DATA_DIR: dataDir },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--email: Valid email is required");
    expect(result.stderr).toContain("--password: Password must be at least 8 characters");
  });

  it("stops with a message naming a bad configuration variable", async () => {
    const result = await bisServer(["start"], {
      PORT: "eighty",
      BIS_DATA_DIR: mkdtempSync(path.join(tmpdir(), "bis-cli-")),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PORT: must be a port number");
  });
});

describe("mail without SMTP", () => {
  it("puts the verification mail in the development outbox, with a working link", async () => {
    const bis = await startTestServer({ NODE_ENV: "development", SMTP_URL: "" });
    const client = createNodeClient({ baseUrl: bis.url });
    try {
      const email = `outbox.${Date.now()}@example.com`;
      await client.auth.register({
        firstName: "Olu",
        lastName: "Box",
        email,
        password: "Cool-Air9!",
        username: email,
      });
      const { messages } = await client.dev.outbox();
      expect(messages[0]).toMatchObject({
        to: email,
        subject: "Verify your email address for BIS",
      });
      expect(bis.mailbox.all()).toEqual([]);
      await client.fetch(verificationLink(messages[0] ?? { text: "" }), { method: "GET" });
      expect((await client.auth.user())?.email).toBe(email);
    } finally {
      await client.close();
      await bis.close();
    }
  });
});

describe("readiness for a load balancer", () => {
  it("answers ready once started, and 503 draining while it shuts down (health stays 200)", async () => {
    const bis = await startTestServer();
    try {
      const ready = await fetch(`${bis.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({ status: "ready", database: "ok" });

      bis.server.context.lifecycle.drain();
      const draining = await fetch(`${bis.url}/api/ready`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: "draining" });
      expect((await fetch(`${bis.url}/api/health`)).status).toBe(200);
    } finally {
      await bis.close();
    }
  });
});
