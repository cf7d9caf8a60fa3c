#!/usr/bin/env node
/**
 * The README's two commands, for a machine that has only Node ≥ 20 and npm:
 *   npm start  → installs and builds when the lockfile or sources changed since the last time
 *                (scripts/lib/build-stamp.mjs), starts BIS on embedded defaults, prints the URL
 *   npm test   → installs everything (pnpm, Chromium, poppler, tmux, PostgreSQL), builds, typechecks, lints
 *                (Biome, import layers, duplicates, file size, pointers, API paths), runs every test
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildFingerprint, installFingerprint, recordStamp, upToDate } from "./lib/build-stamp.mjs";
import { postgresBinDir } from "./lib/postgres.mjs";
import { SERVER_NODE_ARGS } from "./lib/server-node-args.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PNPM_VERSION = "10.34.9";
const command = process.argv[2];

function log(message) {
  process.stdout.write(`\n▶ ${message}\n`);
}

function fail(message) {
  process.stderr.write(`\n✖ ${message}\n`);
  process.exit(1);
}

/** Runs a command in the repository, inheriting the terminal; exits on failure. */
function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.error) fail(`${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`${[cmd, ...args].join(" ")} failed (exit ${result.status})`);
}

function works(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** better-sqlite3 compiles from source: node-gyp must find Node's headers locally. */
function nativeBuildEnv() {
  const env = {};
  if (!process.env.npm_config_nodedir) {
    const prefix = path.resolve(path.dirname(process.execPath), "..");
    if (existsSync(path.join(prefix, "include/node/node.h"))) env.npm_config_nodedir = prefix;
  }
  return env;
}

function ensurePnpm() {
  const version = works("pnpm", ["--version"]);
  if (version?.startsWith("10.")) return;
  log(`Installing pnpm ${PNPM_VERSION} (npm install -g pnpm@${PNPM_VERSION})`);
  const global = spawnSync("npm", ["install", "-g", `pnpm@${PNPM_VERSION}`], { stdio: "inherit" });
  if (global.status === 0 && works("pnpm", ["--version"])?.startsWith("10.")) return;
  fail(
    `pnpm 10 is needed and could not be installed globally. Install it with: npm install -g pnpm@${PNPM_VERSION}`,
  );
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((c) => c && existsSync(c));
}

/** Browser tests drive Debian's Chromium; install it when missing and we may. */
function ensureChromium() {
  if (chromiumPath()) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && works("apt-get", ["--version"]) !== null) {
    log("Installing Chromium from Debian's packages (apt-get install chromium)");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
    if (chromiumPath()) return;
  }
  fail(
    "Browser tests need Chromium. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to its binary.",
  );
}

/** The PDF report test renders pages with poppler's pdftoppm; install it when missing and we may. */
function ensurePoppler() {
  if (works("pdftoppm", ["-v"]) !== null) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && works("apt-get", ["--version"]) !== null) {
    log("Installing poppler-utils from Debian's packages (apt-get install poppler-utils)");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "poppler-utils"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
    if (works("pdftoppm", ["-v"]) !== null) return;
  }
  fail(
    "The PDF report tests need pdftoppm. Install poppler-utils (Debian: sudo apt-get install poppler-utils; macOS: brew install poppler).",
  );
}

/**
 * The server's PostgreSQL test project (server-pg) starts a throwaway cluster with the server
 * binaries (initdb, pg_ctl) of Debian's postgresql package; install it when missing and we may.
 */
function ensurePostgres() {
  if (postgresBinDir()) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && works("apt-get", ["--version"]) !== null) {
    log("Installing PostgreSQL from Debian's packages (apt-get install postgresql)");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
    if (postgresBinDir()) return;
  }
  fail(
    "The PostgreSQL tests need the PostgreSQL server binaries (initdb, pg_ctl). Install them (Debian: sudo apt-get install postgresql; macOS: brew install postgresql) or set PG_BIN to their directory.",
  );
}

/** The CLI's terminal test runs `bis` inside tmux (a real pseudo-terminal); install it when missing and we may. */
function ensureTmux() {
  if (works("tmux", ["-V"]) !== null) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && works("apt-get", ["--version"]) !== null) {
    log("Installing tmux from Debian's packages (apt-get install tmux)");
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "tmux"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
    if (works("tmux", ["-V"]) !== null) return;
  }
  fail(
    "The CLI's terminal test needs tmux. Install it (Debian: sudo apt-get install tmux; macOS: brew install tmux).",
  );
}

function install() {
  log("Installing dependencies (pnpm install --frozen-lockfile)");
  run("pnpm", ["install", "--frozen-lockfile"], nativeBuildEnv());
}

function build() {
  log("Building packages (sdk, server, app, cli)");
  run("pnpm", ["-r", "build"]);
}

/** Installs and builds only what changed since the last `npm start` (see lib/build-stamp.mjs). */
function installAndBuildIfChanged() {
  const installed = installFingerprint(root);
  const fresh = !existsSync(path.join(root, "node_modules/.pnpm"));
  if (fresh || !upToDate(root, "install", installed)) {
    ensurePnpm();
    install();
    recordStamp(root, "install", installed);
  }
  // Taken before building: a source edited while the build runs is built next time.
  const sources = buildFingerprint(root);
  if (!upToDate(root, "build", sources)) {
    ensurePnpm();
    build();
    recordStamp(root, "build", sources);
  } else {
    log("Dependencies and build are up to date (no install, no build)");
  }
}

function start() {
  const began = Date.now();
  installAndBuildIfChanged();
  const env = { NODE_ENV: "production", BIS_DATA_DIR: path.join(root, "data"), ...process.env };
  // The server's stdout is a pipe to this script: say what the terminal is. Readable lines in a
  // terminal, JSON lines otherwise (a log collector, a file).
  if (!env.BIS_LOG_FORMAT) env.BIS_LOG_FORMAT = process.stdout.isTTY ? "pretty" : "json";
  if (process.stdout.isTTY && env.FORCE_COLOR === undefined) env.FORCE_COLOR = "1";
  const port = env.PORT ?? "3000";
  log(`Starting BIS on embedded defaults (data in ${env.BIS_DATA_DIR})`);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, path.join(root, "packages/server/dist/cli.js"), "start"],
    {
      cwd: root,
      stdio: ["inherit", "pipe", "inherit"],
      env,
    },
  );
  let announced = false;
  child.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    if (!announced && chunk.toString().includes("BIS is running")) {
      announced = true;
      const url = env.BIS_BASE_URL ?? `http://localhost:${port}`;
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      process.stdout.write(
        `\n  BIS is running at ${url} (${seconds} s after npm start)\n  (Ctrl-C stops it; mail is printed here until SMTP_URL is set)\n\n`,
      );
    }
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
}

/** Prints the plain closing line CI reads: "N passed, N failed". */
function summarize(resultsFile) {
  if (!existsSync(resultsFile)) return;
  const results = JSON.parse(readFileSync(resultsFile, "utf8"));
  const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  process.stdout.write(
    `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}\n`,
  );
  rmSync(resultsFile, { force: true });
}

function test() {
  ensurePnpm();
  ensureChromium();
  ensurePoppler();
  ensureTmux();
  ensurePostgres();
  install();
  build();
  log("Typechecking every package");
  run("pnpm", ["-r", "typecheck"]);
  log("Lint and format check (Biome)");
  run("pnpm", ["exec", "biome", "check", "."]);
  log("Imports point down only (dependency-cruiser, .dependency-cruiser.cjs)");
  run("pnpm", ["run", "--silent", "lint:imports"]);
  log(
    "No repeated code (jscpd), no source file over 500 lines, no comment pointing to an issue, no API path outside the endpoint table (scripts/check-source.mjs)",
  );
  run("pnpm", ["run", "--silent", "lint:duplicates"]);
  run("pnpm", ["run", "--silent", "lint:size"]);
  run("pnpm", ["run", "--silent", "lint:pointers"]);
  run("pnpm", ["run", "--silent", "lint:api-paths"]);
  log("Running every test: unit, integration, browser (Vitest)");
  const resultsFile = path.join(root, ".vitest-results.json");
  const result = spawnSync(
    "pnpm",
    [
      "exec",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${resultsFile}`,
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromiumPath() } },
  );
  summarize(resultsFile);
  process.exit(result.status ?? 1);
}

if (command === "start") start();
else if (command === "test") test();
else fail("usage: node scripts/bis.mjs start|test");
