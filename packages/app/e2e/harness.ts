/**
 * Browser-test harness: a real SMTP server, the built `bis-server` binary in production mode
 * serving the built app, and Debian's Chromium driven by playwright-core. `e2e/setup.ts`
 * starts one of each per test file; tests use `getEnv()` and `newPage()`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, type Mailbox, startMailbox, verificationLink } from "@bis/server/testing";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export { verificationLink };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const serverBin = path.join(root, "packages/server/dist/cli.js");
const appDist = path.join(root, "packages/app/dist/index.html");

/** The Chromium flags that keep it quiet on a machine with no outside network (STACK.md). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export interface E2EEnv {
  baseUrl: string;
  mailbox: Mailbox;
  browser: Browser;
}

interface Running extends E2EEnv {
  server: ChildProcess;
  dataDir: string;
  contexts: BrowserContext[];
  output: string[];
}

let running: Running | undefined;

/** Server environment this test file asks for (see `setServerEnv`). */
let fileEnv: Record<string, string> = {};

/**
 * Extra environment for the server of this test file (for example a provider's URL pointing at
 * a local fake). Call it at the top level of the test file: `e2e/setup.ts` starts the server
 * with it before the file's tests run. Each file gets its own module instance, so the setting
 * stays with the file that made it.
 */
export function setServerEnv(env: Record<string, string>): void {
  fileEnv = { ...fileEnv, ...env };
}

/** The environment `setServerEnv` collected for this file. */
export function serverEnvOfFile(): Record<string, string> {
  return { ...fileEnv };
}

export function getEnv(): E2EEnv {
  if (!running) throw new Error("The e2e environment is not running (see e2e/setup.ts)");
  return running;
}

/** How a fresh page is opened: its viewport, a saved session, its actions' timeout. */
export interface PageOptions {
  width?: number;
  height?: number;
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
  timeout?: number;
}

/** A fresh browser context (no cookies unless `storageState`) with one page, closed at the end. */
export async function newPage(options: PageOptions = {}): Promise<Page> {
  const env = running;
  if (!env) throw new Error("The e2e environment is not running");
  const context = await env.browser.newContext({
    baseURL: env.baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    storageState: options.storageState,
  });
  context.setDefaultTimeout(options.timeout ?? 10_000);
  env.contexts.push(context);
  return context.newPage();
}

async function waitForHealth(url: string, server: ChildProcess, output: string[]) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`bis-server exited (${server.exitCode}):\n${output.join("")}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bis-server did not answer within 20 s:\n${output.join("")}`);
}

/** What the server of this file has printed so far (its log runs at warn: warnings, errors). */
export function serverOutput(): string {
  return (running?.output ?? []).join("");
}

export async function startE2E(env: Record<string, string> = {}): Promise<E2EEnv> {
  const builds = [
    [serverBin, "pnpm -F @bis/server build"],
    [appDist, "pnpm -F @bis/app build"],
  ] as const;
  for (const [file, build] of builds) {
    if (!existsSync(file))
      throw new Error(
        `${path.relative(root, file)} is missing: run \`${build}\` (npm test does it)`,
      );
  }
  const mailbox = await startMailbox();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bis-e2e-"));
  const output: string[] = [];
  const server = spawn(process.execPath, [serverBin, "start"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BIS_BASE_URL: baseUrl,
      BIS_DATA_DIR: dataDir,
      BIS_LOG_LEVEL: "warn",
      // The widget test's webhook receiver listens on loopback.
      BIS_ALLOW_PRIVATE_WEBHOOKS: "true",
      // Browser suites run many analyses per account within a minute.
      BIS_ANALYSIS_RATE_LIMIT: "0",
      SMTP_URL: mailbox.url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  server.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  await waitForHealth(baseUrl, server, output);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  running = { baseUrl, mailbox, browser, server, dataDir, contexts: [], output };
  return running;
}

export async function stopE2E(): Promise<void> {
  const env = running;
  running = undefined;
  if (!env) return;
  for (const context of env.contexts) await context.close().catch(() => undefined);
  await env.browser.close();
  const exited = new Promise((resolve) => env.server.once("exit", resolve));
  env.server.kill("SIGTERM");
  await exited;
  await env.mailbox.close();
  rmSync(env.dataDir, { recursive: true, force: true });
}
