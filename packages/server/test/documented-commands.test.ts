/**
 * Every benchmark command the README and docs/ give runs as written: each documented
 * `pnpm bench:<name> [-- options]` and `node scripts/bench-<name>.mjs [options]` is run with
 * BIS_BENCH_CHECK_ARGS=1, which parses its options and exits before starting a server
 * (scripts/lib/bench-args.mjs). Placeholders (`<other checkout>`) get a value; `[optional]`
 * parts are given.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<
  string,
  string
>;

/** The documented commands, as written between backticks. */
function documentedCommands(): string[] {
  const files = [
    path.join(root, "README.md"),
    ...readdirSync(path.join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => path.join(root, "docs", f)),
  ];
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /`((?:pnpm bench:[a-z]+|node scripts\/bench-[a-z]+\.mjs)[^`]*)`/g,
    ))
      found.add(match[1]?.trim() ?? "");
  }
  return [...found];
}

/** The script and the words after it, as the shell would pass them. */
function argvOf(command: string): { script: string; args: string[] } {
  const words = command
    .replace(/[[\]]/g, "")
    .replace(/<[^>]+>/g, "/tmp/checkout")
    .split(/\s+/)
    .filter(Boolean);
  if (words[0] === "node") return { script: words[1] ?? "", args: words.slice(2) };
  const name = (words[1] ?? "").replace(/^bench:/, "bench:");
  const target = scripts[name] ?? "";
  // "node scripts/bench-analyze.mjs": pnpm runs it with the words after the name, `--` included.
  return { script: target.split(/\s+/)[1] ?? "", args: words.slice(2) };
}

describe("documented benchmark commands", () => {
  const commands = documentedCommands();

  it("finds the benchmark commands the docs give, with and without pnpm's --", () => {
    expect(commands.some((c) => c.startsWith("pnpm bench:analyze -- --duration"))).toBe(true);
    expect(commands.filter((c) => c.startsWith("node scripts/")).length).toBeGreaterThan(0);
  });

  it.each(commands)("`%s` parses its options", (command) => {
    const { script, args } = argvOf(command);
    expect(script, `no script behind ${command}`).toMatch(/^scripts\/bench-[a-z]+\.mjs$/);
    const run = spawnSync(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, BIS_BENCH_CHECK_ARGS: "1" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toBeTypeOf("object");
  });

  it("stops a stray word or an unknown option with the options the script takes", () => {
    const run = spawnSync(
      process.execPath,
      ["scripts/bench-analyze.mjs", "--", "--durashun", "15"],
      { cwd: root, env: { ...process.env, BIS_BENCH_CHECK_ARGS: "1" }, encoding: "utf8" },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--durashun");
    expect(run.stderr).toContain("Options: --duration --connections");
  });
});
