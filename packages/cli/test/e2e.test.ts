/**
 * End to end: the BUILT `bis` binary as a person or a script runs it — login against a real
 * server, a 25-row batch with 2 bad rows, --resume, --json, Ctrl-C, and a run on a real
 * pseudo-terminal (tmux) that shows the progress bar and leaves a clean final frame.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { PRIMARY_RADIUS, SECONDARY_RADIUS } from "@bis/sdk";
import { startTestServer, type TestServer } from "@bis/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchCsv, CITIES, PASSWORD, tokenFor, verifiedAccount } from "./support.js";

const packageDir = path.resolve(import.meta.dirname, "..");
const BIN = path.join(packageDir, "dist", "cli.js");

let bis: TestServer;
let work: string;
let env: Record<string, string>;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bis_(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: work,
      env: { ...env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}

/** The newest modification time under a directory (to rebuild a stale binary). */
function newestSource(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    }),
  );
}

beforeAll(async () => {
  if (!existsSync(BIN) || newestSource(path.join(packageDir, "src")) > statSync(BIN).mtimeMs) {
    const built = spawnSync("pnpm", ["exec", "tsup"], { cwd: packageDir, stdio: "inherit" });
    if (built.status !== 0)
      throw new Error("Could not build the bis binary (pnpm -F @bis/cli build)");
  }
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent" });
  work = mkdtempSync(path.join(tmpdir(), "bis-e2e-"));
  // A clean environment: no inherited BIS_* and no CI (Ink draws only the last frame under CI).
  env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: work,
    XDG_CONFIG_HOME: path.join(work, "config"),
    BIS_URL: bis.url,
  };
});

afterAll(async () => {
  await bis?.close();
});

describe("the bis binary", () => {
  it("prints help with examples and its version, quickly", async () => {
    const help = await bis_(["batch", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Examples:");
    expect(help.stdout).toContain("--resume");
    // The defaults the help states are the SDK's (written in at build time).
    const analyzeHelp = (await bis_(["analyze", "--help"])).stdout;
    const { min, max } = PRIMARY_RADIUS;
    expect(analyzeHelp).toContain(`${min}–${max} miles (default: "${PRIMARY_RADIUS.default}")`);
    expect(analyzeHelp).toContain(`(default: "${SECONDARY_RADIUS.default}")`);
    const version = await bis_(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const unknown = await bis_(["analyze", "--city", "Austin"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/required option '--state <ST>' not specified/);
  });

  it("analyzes with --zips: CSV on stdout, or in the --out file", async () => {
    const email = await verifiedAccount(bis, "Zed");
    const token = { BIS_TOKEN: await tokenFor(bis, email, PASSWORD) };
    const header = "zip,place,state,opportunity_score,reasons,population,housing_units";
    const piped = await bis_(["analyze", "--city", "Austin", "--state", "TX", "--zips"], {
      env: token,
    });
    expect(piped.code).toBe(0);
    expect(piped.stdout.startsWith(header)).toBe(true);
    expect(piped.stdout.split("\n")[1]).toMatch(/^7\d{4},/);
    expect(piped.stderr).toMatch(/^Austin, TX: \d+ ZIP areas/);

    const saved = await bis_(
      ["analyze", "--city", "Austin", "--state", "TX", "--zips", "-o", "zips.csv"],
      { env: token },
    );
    expect(saved.code).toBe(0);
    expect(saved.stdout).toContain("Saved ");
    expect(readFileSync(path.join(work, "zips.csv"), "utf8")).toBe(piped.stdout);
    const help = await bis_(["analyze", "--help"]);
    expect(help.stdout).toContain("--zips");

    // bis zips <id>: the table of the top N (saying of how many), and CSV / XLSX / JSON of every
    // row, or of the top N with --limit, each saying how many it holds.
    const id = (piped.stderr.match(/[0-9a-f]{8}-[0-9a-f-]{27}/) ?? [])[0] ?? "";
    expect(id).not.toBe("");
    const total = piped.stdout.trimEnd().split("\n").length - 1;
    const shown = await bis_(["zips", id, "--limit", "5"], { env: token });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`top 5 of ${total} by opportunity score`);
    expect(shown.stdout).toContain(`Every one: bis zips ${id} --all`);
    expect(shown.stdout).toMatch(/\b7\d{4}\b/);
    const json = await bis_(["zips", id, "--limit", "5", "--format", "json"], { env: token });
    expect(json.code).toBe(0);
    const rows = (JSON.parse(json.stdout) as { rows: { zip: string; score: number }[] }).rows;
    expect(rows).toHaveLength(5);
    expect([...rows].sort((a, b) => b.score - a.score)).toEqual(rows);
    for (const row of rows) expect(shown.stdout).toContain(row.zip);
    const csv = await bis_(["zips", id, "--limit", "5", "--format", "csv"], { env: token });
    const lines = csv.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(rows.map((r) => r.zip));
    expect(piped.stdout.split("\n").slice(0, 6).join("\n")).toBe(lines.join("\n"));
    expect(csv.stderr).toContain(`Wrote the top 5 of ${total} ZIP areas`);
    const everyCsv = await bis_(["zips", id, "--format", "csv"], { env: token });
    expect(everyCsv.stdout).toBe(piped.stdout);
    expect(everyCsv.stderr).toBe(`Wrote all ${total} ZIP areas to stdout (CSV).\n`);
    const xlsx = await bis_(["zips", id, "--format", "xlsx", "-o", "zips.xlsx"], { env: token });
    expect(xlsx.code).toBe(0);
    expect(xlsx.stdout).toBe(`Wrote all ${total} ZIP areas to zips.xlsx (XLSX).\n`);
    expect(readFileSync(path.join(work, "zips.xlsx")).subarray(0, 2).toString()).toBe("PK");
    for (const limit of ["0", "abc"]) {
      const bad = await bis_(["zips", id, "--limit", limit], { env: token });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(
        `Error: --limit must be a whole number from 1 to 9999 (got "${limit}")`,
      );
    }
    const pdf = await bis_(["zips", id, "--format", "pdf"], { env: token });
    expect(pdf.code).toBe(1);
    expect(pdf.stderr).toMatch(/'pdf' is invalid. Allowed choices are csv, xlsx, json/);
    expect(pdf.stderr).not.toMatch(/at .*\.js:\d+/);
  }, 180_000);

  it("logs in, runs a batch with bad rows, resumes, and speaks JSON", async () => {
    const email = await verifiedAccount(bis, "Eve");
    const login = await bis_(["login", "--email", email, "--password-stdin"], {
      input: `${PASSWORD}\n`,
    });
    expect(login.stderr).toBe("");
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`as ${email}`);
    const config = path.join(work, "config", "bis", "config.json");
    expect(statSync(config).mode & 0o777).toBe(0o600);

    const { csv, badLines } = batchCsv();
    writeFileSync(path.join(work, "cities.csv"), csv);

    const first = await bis_(["batch", "cities.csv", "--out", "results.csv"]);
    expect(first.code).toBe(2);
    const results = readFileSync(path.join(work, "results.csv"), "utf8").trim().split("\n");
    expect(results).toHaveLength(1 + 23);
    for (const line of badLines)
      expect(first.stderr).toMatch(new RegExp(`line ${line}\\b.*FAILED`));
    expect(first.stderr).toContain("23 succeeded, 2 failed");
    expect(first.stdout).toBe("");

    const resumed = await bis_(["batch", "cities.csv", "--out", "results.csv", "--resume"]);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain("Resuming: 23 of 25 rows are already in results.csv");
    expect(readFileSync(path.join(work, "results.csv"), "utf8").trim().split("\n")).toHaveLength(
      24,
    );

    const json = await bis_(["batch", "-", "--json"], { input: csv });
    expect(json.code).toBe(2);
    const rows = JSON.parse(json.stdout);
    expect(rows).toHaveLength(23);
    expect(rows[0]).toMatchObject({ industry: "HVAC", analysisId: expect.any(String) });

    const whoami = await bis_(["whoami", "--json"]);
    expect(JSON.parse(whoami.stdout)).toMatchObject({
      user: { email },
      tokenSource: "config file",
    });
    const list = await bis_(["analyses", "list", "--json"]);
    expect(JSON.parse(list.stdout).length).toBeGreaterThanOrEqual(46);

    const logout = await bis_(["logout"]);
    expect(logout.code).toBe(0);
    expect(existsSync(config)).toBe(false);
    const after = await bis_(["analyses", "list"]);
    expect(after.code).toBe(1);
    expect(after.stderr).toBe("Error: Not signed in.\nHint: Run `bis login` or set BIS_TOKEN.\n");
  });

  it("compares analyses: a batch with --compare, the ranked table, --json, --save, CSV and XLSX", {
    timeout: 120_000,
  }, async () => {
    const email = await verifiedAccount(bis, "Cleo");
    const token = { BIS_TOKEN: await tokenFor(bis, email, PASSWORD) };
    writeFileSync(path.join(work, "texas.csv"), "city,state\nAustin,TX\nWaco,TX\nTyler,TX\n");

    const batch = await bis_(
      ["batch", "texas.csv", "--out", "texas.csv.out", "--format", "csv", "--compare"],
      {
        env: token,
      },
    );
    expect(batch.stderr).toContain("3 succeeded");
    expect(batch.code).toBe(0);
    // The ranked table, after the batch, on stdout (the results are in the file).
    const lines = batch.stdout.split("\n");
    const header = lines.findIndex((l) => /#\s+Market\s+Score\s+Demand/.test(l));
    expect(header).toBeGreaterThanOrEqual(0);
    const ranked = lines.slice(header + 2, header + 5).map((l) => l.trim());
    for (const city of ["Austin, TX", "Waco, TX", "Tyler, TX"])
      expect(ranked.some((l) => l.includes(city))).toBe(true);
    expect(ranked[0]).toMatch(/^1\s/);
    expect(batch.stdout).toMatch(/Would need the premium steps \(keyword research[a-z ]*\): /);
    // Printed, not saved.
    expect(batch.stdout).toContain("Not saved: add --save to keep this comparison");

    const ids = readFileSync(path.join(work, "texas.csv.out"), "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(",")[5] ?? "");
    // --json twice: the same ranking, and nothing left behind.
    for (let i = 0; i < 2; i++) {
      const json = await bis_(["compare", ...ids, "--json"], { env: token });
      expect(json.code).toBe(0);
      const parsed = JSON.parse(json.stdout);
      expect(parsed.analysisIds).toEqual(ids);
      expect(parsed.id).toBe("");
      expect(parsed.ranking.map((r: { rank: number }) => r.rank)[0]).toBe(1);
      expect(parsed.markets).toHaveLength(3);
    }
    const none = await bis_(["comparisons", "list", "--json"], { env: token });
    expect(JSON.parse(none.stdout)).toEqual([]);

    const csv = await bis_(["compare", ...ids, "--format", "csv"], { env: token });
    expect(csv.code).toBe(0);
    expect(csv.stdout.startsWith("Figure,Best,")).toBe(true);
    expect(csv.stdout).toContain("\nHouseholds,");

    const unsavedXlsx = await bis_(["compare", ...ids, "--format", "xlsx", "--out", "t.xlsx"], {
      env: token,
    });
    expect(unsavedXlsx.code).toBe(1);
    expect(unsavedXlsx.stderr).toContain("Add --save");

    const kept = await bis_(["compare", ...ids, "--save", "--name", "Texas", "--json"], {
      env: token,
    });
    expect(kept.code).toBe(0);
    expect(JSON.parse(kept.stdout).id).toMatch(/^[0-9a-f-]{36}$/);
    const xlsx = await bis_(
      ["compare", ...ids, "--save", "--format", "xlsx", "--out", "texas.xlsx"],
      { env: token },
    );
    expect(xlsx.code).toBe(0);
    expect(readFileSync(path.join(work, "texas.xlsx")).subarray(0, 2).toString()).toBe("PK");

    // Two saved, the ones asked for with --save; newest first.
    const saved = await bis_(["comparisons", "list", "--json"], { env: token });
    expect(saved.code).toBe(0);
    const listed = JSON.parse(saved.stdout) as { id: string; name: string; locations: string[] }[];
    expect(listed).toHaveLength(2);
    expect(listed[1]?.name).toBe("Texas");
    expect(listed[1]?.locations.sort()).toEqual(["Austin, TX", "Tyler, TX", "Waco, TX"]);
    const table = await bis_(["comparisons", "list", "--limit", "1"], { env: token });
    expect(table.stdout).toMatch(/Id\s+Name\s+Markets\s+Created/);
    expect(table.stdout).toContain(listed[0]?.id ?? "?");
    expect(table.stdout).toContain("Showing 1 of 2 comparisons.");

    const one = await bis_(["compare", ids[0] ?? ""], { env: token });
    expect(one.code).toBe(1);
    expect(one.stderr).toContain("Give 2 to 10 analysis ids (got 1).");
    const theirs = await bis_(["compare", ids[0] ?? "", "not-an-analysis"], { env: token });
    expect(theirs.code).toBe(1);
    expect(theirs.stderr).toContain("Analysis not found");
  });

  it("stops on Ctrl-C and leaves a valid JSON file that --resume completes", async () => {
    const email = await verifiedAccount(bis, "Ian");
    await bis_(["login", "--email", email, "--password-stdin"], { input: `${PASSWORD}\n` });
    const csv = ["city,state,primary,secondary"];
    for (const radius of [5, 10, 20, 30]) {
      for (const [city, state] of CITIES) csv.push(`${city},${state},${radius},${radius + 10}`);
    }
    writeFileSync(path.join(work, "many.csv"), `${csv.join("\n")}\n`);

    const child: ChildProcess = spawn(
      process.execPath,
      [BIN, "batch", "many.csv", "--out", "many.json", "--concurrency", "1"],
      { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await new Promise<void>((resolve) => {
      child.stderr?.on("data", (c) => {
        stderr += c;
        if (/\[\s*5\/92\]/.test(stderr)) resolve();
      });
    });
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr).toContain("Stopping: no new rows");
    const partial = JSON.parse(readFileSync(path.join(work, "many.json"), "utf8"));
    expect(partial.length).toBeGreaterThanOrEqual(5);
    expect(partial.length).toBeLessThan(92);

    const rest = await bis_(["batch", "many.csv", "--out", "many.json", "--resume"]);
    expect(rest.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(work, "many.json"), "utf8"))).toHaveLength(92);
  });

  it("prompts for email and a masked password on a terminal (tmux)", async () => {
    const email = await verifiedAccount(bis, "Pam");
    const home = path.join(work, "prompt-config");
    const socket = `bis-cli-prompt-${process.pid}`;
    const tm = (...args: string[]) =>
      spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
    const screen = () => tm("capture-pane", "-p", "-t", "bis").stdout;
    const waitFor = async (text: string) => {
      for (let i = 0; i < 200 && !screen().includes(text); i++)
        await new Promise((r) => setTimeout(r, 50));
      return screen();
    };
    const command = `env -u CI PATH='${env.PATH}' HOME='${work}' XDG_CONFIG_HOME='${home}' BIS_URL='${bis.url}' '${process.execPath}' '${BIN}' login; echo "EXIT=$?"; sleep 60`;
    try {
      expect(tm("new-session", "-d", "-s", "bis", "-x", "100", "-y", "20", command).status).toBe(0);
      expect(await waitFor("Email:")).toContain("Email:");
      tm("send-keys", "-t", "bis", "-l", email);
      tm("send-keys", "-t", "bis", "Enter");
      await waitFor("Password:");
      tm("send-keys", "-t", "bis", "-l", PASSWORD);
      expect(await waitFor("••••••••••")).not.toContain(PASSWORD);
      tm("send-keys", "-t", "bis", "Enter");
      const done = await waitFor("EXIT=");
      expect(done).toContain(`Signed in to ${bis.url} as ${email}`);
      expect(done).toContain("EXIT=0");
      expect(JSON.parse(readFileSync(path.join(home, "bis", "config.json"), "utf8")).email).toBe(
        email,
      );
    } finally {
      tm("kill-server");
    }
  });

  it("shows a progress bar on a terminal and leaves a clean final frame (tmux)", async () => {
    const tmux = spawnSync("tmux", ["-V"], { encoding: "utf8" });
    expect(
      tmux.status,
      "This test needs tmux (Debian: apt-get install tmux); `npm test` installs it.",
    ).toBe(0);
    const email = await verifiedAccount(bis, "Tia");
    await bis_(["login", "--email", email, "--password-stdin"], { input: `${PASSWORD}\n` });
    const csv = ["city,state,primary,secondary"];
    for (const radius of [5, 10, 15]) {
      for (const [city, state] of CITIES) csv.push(`${city},${state},${radius},${radius + 5}`);
    }
    csv.splice(10, 0, "Atlantisville,TX,10,15"); // line 11 fails
    writeFileSync(path.join(work, "tty.csv"), `${csv.join("\n")}\n`);
    const total = csv.length - 1;

    const socket = `bis-cli-test-${process.pid}`;
    const raw = path.join(work, "tty.raw");
    const tm = (...args: string[]) =>
      spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
    const vars = Object.entries(env)
      .map(([k, v]) => `${k}='${v}'`)
      .join(" ");
    const command = `sleep 0.5; env -u CI ${vars} '${process.execPath}' '${BIN}' batch tty.csv --out tty.csv.out --format csv --concurrency 1; echo "EXIT=$?"; sleep 60`;
    try {
      expect(
        tm("new-session", "-d", "-s", "bis", "-x", "120", "-y", "30", "-c", work, command).status,
      ).toBe(0);
      tm("pipe-pane", "-o", "-t", "bis", `cat >> '${raw}'`);
      let screen = "";
      for (let i = 0; i < 600 && !screen.includes("EXIT="); i++) {
        await new Promise((r) => setTimeout(r, 50));
        screen = tm("capture-pane", "-p", "-t", "bis").stdout;
      }
      expect(screen).toContain("EXIT=2");

      // While it ran, the terminal got a bar with counts, rate and ETA.
      const stream = stripVTControlCharacters(readFileSync(raw, "utf8"));
      expect(stream).toMatch(/█*░+ \d+\/\d+ rows/);
      expect(stream).toMatch(/rows\/s {2}ETA /);

      // The final frame: the failed row above, one summary line, no bar left behind.
      const lines = screen.split("\n").filter((l) => l.trim() !== "");
      expect(
        lines.filter((l) => l.startsWith("✗ line 11 (Atlantisville, TX): 422: ")),
      ).toHaveLength(1);
      const done = lines.filter((l) => l.startsWith("Done:"));
      expect(done).toHaveLength(1);
      expect(done[0]).toContain(`Done: ${total}/${total} rows — ${total - 1} succeeded, 1 failed`);
      expect(screen).not.toMatch(/[█░]/);
      expect(screen).not.toContain("ETA");
      expect(readFileSync(path.join(work, "tty.csv.out"), "utf8").trim().split("\n")).toHaveLength(
        total,
      );
    } finally {
      tm("kill-server");
    }
  });
});
