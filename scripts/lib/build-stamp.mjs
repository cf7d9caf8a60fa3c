/**
 * `npm start` installs and builds only when something changed since the last time it did
 * (a second start skips both): a fingerprint of what each step reads, kept under node_modules/.bis/ (ignored by
 * git, and gone with node_modules, which then needs the install anyway).
 *
 * - install: the lockfile, the workspace file and every package.json;
 * - build: the install's inputs plus every file under packages/<name>/ that a build reads —
 *   all but node_modules, dist, tests and test output — by path, size and modification time
 *   (a walk of about 1,500 files takes a few tens of milliseconds; a changed file changes its
 *   mtime), and the build's outputs must exist.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const SKIP_DIRS = new Set(["node_modules", "dist", "coverage", "test-results", "e2e", "test"]);
const ROOT_FILES = ["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", "tsconfig.base.json"];
/** What the server needs to start: its own build, the SDK's and the app's. */
export const BUILD_OUTPUTS = [
  "packages/sdk/dist/index.js",
  "packages/server/dist/cli.js",
  "packages/app/dist/index.html",
  "packages/cli/dist",
];

function packageDirs(root) {
  const dir = path.join(root, "packages");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name));
}

function hashFiles(root, files, withContent) {
  const hash = createHash("sha256");
  for (const file of files) {
    const rel = path.relative(root, file);
    if (!existsSync(file)) {
      hash.update(`${rel}\0missing\n`);
      continue;
    }
    if (withContent) hash.update(`${rel}\0`).update(readFileSync(file)).update("\n");
    else {
      const { size, mtimeMs } = statSync(file);
      hash.update(`${rel}\0${size}\0${mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") && entry.name !== ".env") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(full, out);
    } else if (!/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".tsbuildinfo")) {
      out.push(full);
    }
  }
  return out;
}

/** The install's fingerprint: lockfile, workspace and package manifests, by content. */
export function installFingerprint(root) {
  const manifests = packageDirs(root).map((d) => path.join(d, "package.json"));
  return hashFiles(root, [...ROOT_FILES.map((f) => path.join(root, f)), ...manifests], true);
}

/** The build's fingerprint: the install's and every source file's path, size and mtime. */
export function buildFingerprint(root) {
  const sources = packageDirs(root).flatMap((d) => walk(d, []).sort());
  return `${installFingerprint(root)}:${hashFiles(root, sources, false)}`;
}

const stampFile = (root, step) => path.join(root, "node_modules/.bis", `${step}.stamp`);

/** Whether `step` ran with this fingerprint (and, for the build, its outputs are there). */
export function upToDate(root, step, fingerprint) {
  const file = stampFile(root, step);
  if (!existsSync(file) || readFileSync(file, "utf8") !== fingerprint) return false;
  return step !== "build" || BUILD_OUTPUTS.every((o) => existsSync(path.join(root, o)));
}

export function recordStamp(root, step, fingerprint) {
  const file = stampFile(root, step);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, fingerprint);
}
