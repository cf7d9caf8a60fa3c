/** Starts a real BIS server on loopback with a temporary data directory, for tests. */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { type Mailbox, startMailbox } from "./smtp.js";

export interface TestServer {
  url: string;
  dataDir: string;
  mailbox: Mailbox;
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
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    BIS_BASE_URL: `http://127.0.0.1:${port}`,
    BIS_DATA_DIR: dataDir,
    SMTP_URL: mailbox.url,
    // Suites run many analyses per account within a minute; pagination.test.ts tests the cap.
    BIS_ANALYSIS_RATE_LIMIT: "0",
    ...env,
  });
  const server = await startServer(config);
  return {
    url: server.url,
    dataDir,
    mailbox,
    server,
    async close() {
      await server.close();
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
