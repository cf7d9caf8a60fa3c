/**
 * Who this server process is, among the instances on one database: a random id made
 * at start, the host, the process id, the BIS version and the start time. The log entries it
 * writes carry the id, and its row in the `instance` table (services/instances.ts) says it is
 * alive.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface InstanceIdentity {
  /** 16 hex digits; the first 8 are its short form (`shortInstanceId`). */
  id: string;
  hostname: string;
  pid: number;
  version: string;
  startedAt: Date;
}

/** The version in this package's package.json (found from src/ or dist/). */
export function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@bis/server") return pkg.version ?? "0.0.0";
    }
    dir = path.dirname(dir);
  }
  return "0.0.0";
}

export function createInstanceIdentity(now: Date = new Date()): InstanceIdentity {
  return {
    id: randomBytes(8).toString("hex"),
    hostname: hostname(),
    pid: process.pid,
    version: packageVersion(),
    startedAt: now,
  };
}
