#!/usr/bin/env node
/**
 * Two BIS instances on one PostgreSQL database behind a round-robin proxy, on this machine:
 *
 *   pnpm -r build && node examples/multi-instance/start.mjs [--port 3000] [--instances 2]
 *
 * Without DATABASE_URL it starts a throwaway PostgreSQL cluster (scripts/lib/postgres.mjs: initdb
 * in a temporary directory, a free loopback port; needs the PostgreSQL server binaries, e.g.
 * Debian's postgresql package) and removes it on exit; with DATABASE_URL it uses that database
 * and keeps it. Every instance is `node packages/server/dist/cli.js start` with the same
 * DATABASE_URL, BIS_SECRET and BIS_BASE_URL (the proxy's address) and its own PORT. Ctrl-C stops
 * the proxy, the instances (gracefully) and the cluster.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { postgresBinDir, startPostgresCluster } from "../../scripts/lib/postgres.mjs";
import { startRoundRobinProxy } from "./proxy.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverBin = path.join(root, "packages/server/dist/cli.js");

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "3000" },
    instances: { type: "string", default: "2" },
  },
});
const count = Number(values.instances);
if (!Number.isInteger(count) || count < 1) fail("--instances must be a whole number ≥ 1");
if (!existsSync(serverBin)) fail("the server is not built: run `pnpm -r build` first");

function fail(message) {
  process.stderr.write(`multi-instance: ${message}\n`);
  process.exit(2);
}

function say(message) {
  process.stdout.write(`[example] ${message}\n`);
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Prefixes every line a child writes with its name. */
function relay(stream, name) {
  let rest = "";
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
  });
}

async function waitForHealth(url, child) {
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${url} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer /api/health within 2 minutes`);
}

const publicUrl = `http://127.0.0.1:${values.port}`;
let cluster = null;
const children = [];
const dataDirs = [];
let proxy = null;

async function stopEverything() {
  proxy?.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await cluster?.stop();
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say("stopping the proxy, the instances and the database…");
    stopEverything().then(() => process.exit(0));
  });
}

try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (!postgresBinDir())
      fail(
        "no PostgreSQL server binaries found: install them (Debian: apt-get install postgresql) or set DATABASE_URL",
      );
    const started = Date.now();
    cluster = await startPostgresCluster();
    await promisify(execFile)(path.join(postgresBinDir(), "createdb"), [
      ...["-h", cluster.host, "-p", String(cluster.port), "-U", cluster.user, "bis"],
    ]);
    databaseUrl = cluster.urlFor("bis");
    say(`PostgreSQL ${databaseUrl} (throwaway, started in ${(Date.now() - started) / 1000} s)`);
  }
  const shared = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    BIS_SECRET: process.env.BIS_SECRET ?? randomBytes(32).toString("hex"),
    BIS_BASE_URL: publicUrl,
    BIS_TRUST_PROXY: "1",
  };
  const targets = [];
  for (let i = 1; i <= count; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), `bis-instance-${i}-`));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, [serverBin, "start"], {
      cwd: root,
      env: { ...shared, PORT: String(port), BIS_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    relay(child.stdout, `instance-${i}`);
    relay(child.stderr, `instance-${i}`);
    children.push(child);
    targets.push(`http://127.0.0.1:${port}`);
  }
  await Promise.all(targets.map((url, i) => waitForHealth(url, children[i])));
  proxy = await startRoundRobinProxy({ targets, port: Number(values.port) });
  say(`${count} instances (${targets.join(", ")}) on one database`);
  say(`BIS is running at ${publicUrl} (round robin; X-Bis-Instance says which one answered)`);
  say("Ctrl-C stops everything");
} catch (error) {
  process.stderr.write(`multi-instance: ${error.message}\n`);
  await stopEverything();
  process.exit(1);
}
