/**
 * Starts a real BIS server on loopback with a temporary data directory, for tests. Under
 * `BIS_TEST_ENGINE=postgres` (the server-pg project) it runs on a fresh PostgreSQL database of
 * the run's cluster (`DATABASE_URL`), dropped again on close; otherwise on SQLite in the data
 * directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { createTestDatabase, type TestDatabase, testEngine } from "./postgres.js";
import { type Mailbox, startMailbox } from "./smtp.js";

export interface TestServer {
  url: string;
  dataDir: string;
  mailbox: Mailbox;
  /** The PostgreSQL database the server runs on (server-pg), else undefined (SQLite). */
  database: TestDatabase | undefined;
  server: RunningServer;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `env` values override the defaults; an empty string unsets one (e.g. `SMTP_URL: ""` → outbox). */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bis-test-"));
  const mailbox = await startMailbox();
  const port = await freePort();
  // A DATABASE_URL in `env` (a database a test made itself) is used as given and left to it.
  const database =
    testEngine() === "postgres" && env.DATABASE_URL === undefined
      ? await createTestDatabase()
      : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    BIS_BASE_URL: `http://127.0.0.1:${port}`,
    BIS_DATA_DIR: dataDir,
    SMTP_URL: mailbox.url,
    // Suites run many analyses per account within a minute; pagination.test.ts tests the cap.
    BIS_ANALYSIS_RATE_LIMIT: "0",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    await mailbox.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    dataDir,
    mailbox,
    database,
    server,
    async close() {
      await server.close();
      await mailbox.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
