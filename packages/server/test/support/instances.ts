/**
 * Several BIS server processes on one PostgreSQL database, for the multi-instance tests.
 * Each instance is `bis-server start` from source (`node --import tsx src/cli.ts`, one process,
 * so `kill -9` ends the server itself), in production mode with its own port and data directory,
 * and the same DATABASE_URL, BIS_SECRET and BIS_BASE_URL — as behind a load balancer. Every client
 * speaks for BIS_BASE_URL (its Origin), whichever instance its request reaches.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { createTestDatabase, type TestDatabase } from "./postgres.js";
import { freePort } from "./server.js";
import { type Mailbox, startMailbox } from "./smtp.js";

const serverDir = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 120_000;

export interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  /** What the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** False once the process has exited. */
  alive(): boolean;
  /** Sends `signal` and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface InstanceGroup {
  instances: Instance[];
  /**
   * BIS_BASE_URL of every instance: the address users know (a load balancer's, in production;
   * the first instance's here, so mailed links work).
   */
  url: string;
  database: TestDatabase;
  mailbox: Mailbox;
  /**
   * One client per instance (same order) that sends `cookie`, a session signed in anywhere, and
   * BIS_BASE_URL's origin: request `i` of a round robin goes through `clients[i % count]`.
   */
  clientsFor(cookie: string): NodeClient[];
  /** Stops the live instances (SIGTERM), drops the database, closes the mailbox. */
  close(): Promise<void>;
}

async function waitForHealth(instance: Instance, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (!instance.alive())
      throw new Error(`${instance.name} exited while starting:\n${instance.output()}`);
    try {
      if ((await fetch(`${instance.url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${instance.name} did not answer /api/health in time:\n${instance.output()}`);
}

function spawnInstance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bis-${name}-`));
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "start"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BIS_DATA_DIR: dataDir,
      BIS_LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    alive: () => running,
    async kill(signal = "SIGTERM") {
      if (running) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Starts `count` instances at once on a new database of the run's cluster (they apply the
 * migrations together, as a rolling start does). `env` adds to every instance's environment.
 */
export async function startInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<InstanceGroup> {
  const database = await createTestDatabase();
  const mailbox = await startMailbox();
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const baseUrl = `http://127.0.0.1:${ports[0]}`;
  const shared = {
    DATABASE_URL: database.url,
    BIS_SECRET: randomBytes(32).toString("hex"),
    BIS_BASE_URL: baseUrl,
    SMTP_URL: mailbox.url,
    // One account sends hundreds of analyses a minute here; pagination.test.ts tests the cap.
    BIS_ANALYSIS_RATE_LIMIT: "0",
    ...env,
  };
  const instances = ports.map((port, i) => spawnInstance(`instance-${i + 1}`, port, shared));
  const clients: NodeClient[] = [];
  const close = async () => {
    for (const client of clients) await client.close();
    await Promise.all(instances.map((instance) => instance.kill("SIGTERM")));
    await mailbox.close();
    await database.drop();
  };
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    await Promise.all(instances.map((instance) => waitForHealth(instance, deadline)));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    instances,
    url: baseUrl,
    database,
    mailbox,
    clientsFor(cookie) {
      const made = instances.map((instance) =>
        createNodeClient({
          baseUrl: instance.url,
          cookies: false,
          headers: { Origin: baseUrl, Cookie: cookie },
          // Hundreds of requests wait their turn at once here: the default 30 s is for one call.
          timeoutMs: 120_000,
        }),
      );
      clients.push(...made);
      return made;
    },
    close,
  };
}
