#!/usr/bin/env node
/**
 * How fast `npm start` answers (docs/performance.md, "npm start on a built clone"): runs
 * `node scripts/bis.mjs start` on PORT (default 3917), polls GET / every 50 ms until it answers
 * 200, and prints the wall time and the CPU seconds (user + system) the launcher and the server
 * used until then — about the wall time on an idle machine. Linux only (/proc). Stops the server.
 *
 *   node scripts/measure-start.mjs [port]
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const port = process.argv[2] ?? "3917";
const began = Date.now();
const child = spawn(process.execPath, ["scripts/bis.mjs", "start"], {
  env: { ...process.env, PORT: port, BIS_BASE_URL: `http://localhost:${port}` },
  stdio: "ignore",
  detached: true,
});
const ticks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(f[11]) + Number(f[12]);
};
const kids = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    return [];
  }
};
for (;;) {
  try {
    const r = await fetch(`http://localhost:${port}/`);
    if (r.status === 200) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 50));
}
const wall = (Date.now() - began) / 1000;
const pids = [String(child.pid), ...kids(child.pid)];
const cpu = pids.reduce((s, p) => s + ticks(p), 0) / 100;
console.log(
  `wall ${wall.toFixed(2)} s, CPU ${cpu.toFixed(2)} s (launcher + server), load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
);
process.kill(-child.pid, "SIGTERM");
setTimeout(() => process.exit(0), 1000);
