/**
 * Command handlers called directly — no argv, no process streams — against a real BIS server
 * with a temporary database.
 */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipAreasCsv } from "@bis/sdk";
import { createNodeClient } from "@bis/sdk/node";
import { startTestServer, type TestServer } from "@bis/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminCmd from "../src/commands/admin.js";
import * as analysesCmd from "../src/commands/analyses.js";
import * as analyzeCmd from "../src/commands/analyze.js";
import * as authCmd from "../src/commands/auth.js";
import * as batchCmd from "../src/commands/batch.js";
import * as premiumCmd from "../src/commands/premium.js";
import { configFile } from "../src/config.js";
import { CliError, SIGN_IN_HINT } from "../src/errors.js";
import {
  ADMIN_PASSWORD,
  batchCsv,
  bufferIo,
  firstAdmin,
  PASSWORD,
  tokenFor,
  verifiedAccount,
} from "./support.js";

let bis: TestServer;
let adminEmail: string;
let adminToken: string;
let userEmail: string;
let userToken: string;
let work: string;

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the command to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

beforeAll(async () => {
  bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_LOGIN_RATE_LIMIT: "100" });
  adminEmail = await firstAdmin(bis);
  adminToken = await tokenFor(bis, adminEmail, ADMIN_PASSWORD);
  userEmail = await verifiedAccount(bis, "Uma");
  userToken = await tokenFor(bis, userEmail, PASSWORD);
  work = mkdtempSync(path.join(tmpdir(), "bis-cli-work-"));
});

afterAll(async () => {
  await bis?.close();
});

const as = (token: string) => ({ server: bis.url, token });

describe("login, whoami, logout", () => {
  it("creates a token from email + BIS_PASSWORD and saves it readable by its owner only", async () => {
    const email = await verifiedAccount(bis, "Lena");
    const io = bufferIo({ env: { BIS_PASSWORD: PASSWORD } });
    expect(await authCmd.login({ server: bis.url, email, name: "laptop" }, io)).toBe(0);
    expect(io.out()).toContain(`Signed in to ${bis.url} as ${email}`);

    const file = configFile(io.env);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved).toMatchObject({ server: bis.url, email });
    expect(saved.token).toMatch(/^bis_/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    // The saved token is used when nothing overrides it.
    const who = bufferIo({ configHome: io.configHome });
    await authCmd.whoami({ json: true }, who);
    const answer = JSON.parse(who.out());
    expect(answer).toMatchObject({ server: bis.url, tokenSource: "config file" });
    expect(answer.user.email).toBe(email);

    const list = bufferIo({ configHome: io.configHome });
    await authCmd.tokensList({}, list);
    expect(list.out()).toContain("laptop");
    expect(list.out()).toContain("active (this one)");

    // Logout revokes it on the server and removes the file.
    const out = bufferIo({ configHome: io.configHome });
    expect(await authCmd.logout({}, out)).toBe(0);
    expect(out.out()).toContain("Token revoked");
    expect(existsSync(file)).toBe(false);
    const revoked = await failure(
      authCmd.whoami({ server: bis.url, token: saved.token }, bufferIo()),
    );
    expect(revoked.message).toMatch(/invalid or revoked/);
    expect(revoked.hint).toContain("bis login");
  });

  it("shows when a token expires (an administrator's in 90 days) and renews it with the password", async () => {
    const io = bufferIo({ env: { BIS_PASSWORD: ADMIN_PASSWORD } });
    await authCmd.login({ server: bis.url, email: adminEmail, name: "admin box" }, io);
    const in90 = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(io.out()).toContain(`The token expires ${in90}: renew it with \`bis tokens renew\`.`);

    const list = bufferIo({ configHome: io.configHome });
    await authCmd.tokensList({}, list);
    expect(list.out()).toContain("Expires");
    expect(list.out()).toContain(in90);

    const saved = JSON.parse(readFileSync(configFile(io.env), "utf8"));
    const renew = bufferIo({ configHome: io.configHome, env: { BIS_PASSWORD: ADMIN_PASSWORD } });
    await authCmd.tokensRenew({ id: saved.tokenId, days: "30" }, renew);
    const in30 = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(renew.out()).toContain(in30);
    const bad = await failure(authCmd.tokensRenew({ id: saved.tokenId, days: "0" }, renew));
    expect(bad.message).toBe("--days must be a whole number from 1 to 365.");
  });

  it("reads the password from stdin with --password-stdin", async () => {
    const email = await verifiedAccount(bis, "Pia");
    const io = bufferIo({ stdin: `${PASSWORD}\nignored\n` });
    await authCmd.login({ server: bis.url, email, passwordStdin: true, json: true }, io);
    const result = JSON.parse(io.out());
    expect(result).toMatchObject({ server: bis.url, email });
  });

  it("saves a given --token after checking it", async () => {
    const io = bufferIo();
    await authCmd.login({ server: bis.url, token: userToken }, io);
    expect(JSON.parse(readFileSync(configFile(io.env), "utf8")).token).toBe(userToken);
    const bad = await failure(authCmd.login({ server: bis.url, token: "bis_nope" }, bufferIo()));
    expect(bad.message).toMatch(/invalid or revoked/);
  });

  it("never prompts without a terminal, and says what to give instead", async () => {
    const error = await failure(authCmd.login({ server: bis.url }, bufferIo()));
    expect(error.message).toMatch(/Email is needed and prompts are off/);
    expect(error.hint).toMatch(/--email/);
    const wrong = await failure(
      authCmd.login(
        { server: bis.url, email: userEmail },
        bufferIo({ env: { BIS_PASSWORD: "Wrong-1!" } }),
      ),
    );
    expect(wrong.message).toBe("Invalid email or password");
    expect(wrong.hint).toMatch(/email and password/);
  });

  it("says how to sign in when there is no token", async () => {
    const error = await failure(analysesCmd.list({ server: bis.url }, bufferIo()));
    expect(error.message).toBe("Not signed in.");
    expect(error.hint).toBe("Run `bis login` or set BIS_TOKEN.");
  });

  it("says where the server should be when it cannot reach it", async () => {
    const error = await failure(
      analysesCmd.list({ server: "http://127.0.0.1:9", token: userToken }, bufferIo()),
    );
    expect(error.message).toContain("Could not reach the BIS server at http://127.0.0.1:9");
    expect(error.hint).toMatch(/--server or BIS_URL/);
  });
});

describe("analyze and analyses", () => {
  let analysisId: string;

  it("prints a readable summary: figures with source and grade, top cities, services", async () => {
    const io = bufferIo();
    expect(await analyzeCmd.run({ ...as(userToken), city: "Austin", state: "tx" }, io)).toBe(0);
    const out = io.out();
    expect(out).toMatch(/Austin, TX — HVAC, 10 \/ 15 mi/);
    expect(out).toMatch(/Population in range:\s+[\d,]+\s+\((measured|modeled) \[1\]\)/);
    expect(out).toMatch(/Households:\s+[\d,]+\s+\((measured|modeled) \[\d\]\)/);
    // Each figure's source, listed once.
    expect(out).toMatch(/\n\[1\] .*(GeoNames|Census)/);
    expect(out).toMatch(/Market revenue \/ year:\s+\$[\d,]+/);
    // The local market profile, each row with its grade and footnoted source.
    expect(out).toContain("Local market profile");
    expect(out).toMatch(
      /Heating degree days:\s+[\d,]+ \([\d.]+× U\.S\.\)\s+\((measured|modeled) \[\d+\]\)/,
    );
    expect(out).toMatch(/Cooling degree days:\s+[\d,]+ \([\d.]+× U\.S\.\)/);
    expect(out).toMatch(/Heating fuel:\s+(gas|electricity) \d+%/);
    expect(out).toMatch(/Contractors in range:\s+[\d,]+.*\(measured \[\d+\]\)/);
    expect(out).toContain("Top cities");
    expect(out).toContain("Services");
    expect(out).toMatch(/AC Replacement|Furnace|Heat Pump/i);
    expect(io.err()).toBe("");
  });

  it("prints JSON only with --json", async () => {
    const io = bufferIo();
    await analyzeCmd.run(
      { ...as(userToken), city: "Dallas", state: "TX", primary: "5", secondary: "20", json: true },
      io,
    );
    const analysis = JSON.parse(io.out());
    expect(analysis).toMatchObject({
      location: expect.stringContaining("Dallas"),
      primaryRadius: 5,
    });
    expect(analysis.marketAnalysisData.serviceBreakdown.length).toBeGreaterThan(0);
    // The record as stored, its local market profile included.
    expect(analysis.marketAnalysisData.localMarket).toMatchObject({
      climate: { heatingDegreeDays: expect.any(Number), coolingDegreeDays: expect.any(Number) },
      contractors: { establishments: expect.any(Number) },
    });
    analysisId = analysis.id;
  });

  it("analyzes Washington, DC (--state DC)", async () => {
    const io = bufferIo();
    const dc = { city: "Washington", state: "DC", primary: "5", secondary: "10", json: true };
    expect(await analyzeCmd.run({ ...as(userToken), ...dc }, io)).toBe(0);
    const analysis = JSON.parse(io.out());
    expect(analysis).toMatchObject({ location: "Washington, DC", primaryRadius: 5 });
    expect(analysis.marketAnalysisData.target).toMatchObject({ name: "Washington", state: "DC" });
    expect(analysis.marketAnalysisData.households).toBeGreaterThan(0);
  });

  it("lists the ZIP areas as CSV with --zips: on stdout, or in the --out file", async () => {
    const io = bufferIo();
    expect(
      await analyzeCmd.run({ ...as(userToken), city: "Austin", state: "TX", zips: true }, io),
    ).toBe(0);
    const lines = io.out().trimEnd().split("\n");
    const header = lines[0] ?? "";
    expect(header.startsWith("zip,place,state,opportunity_score,reasons,population,")).toBe(true);
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.find((l) => l.startsWith("78701,"))).toMatch(/^78701,Austin,TX,\d+,/);
    expect(lines.some((l) => l.includes(",secondary,"))).toBe(true);
    // Only the CSV is on stdout; the counts go to stderr.
    const count = lines.length - 1;
    expect(io.err()).toMatch(
      new RegExp(
        `^Austin, TX: ${count} ZIP areas \\(\\d+ primary, \\d+ secondary\\) in range; analysis `,
      ),
    );

    // The same rows as the API's, written by the SDK's zipAreasCsv.
    const id = io.err().match(/analysis (\S+)\.$/m)?.[1] ?? "";
    const client = createNodeClient({ baseUrl: bis.url, token: userToken, cookies: false });
    try {
      const byScore = { sort: "score" } as const;
      expect(io.out()).toBe(zipAreasCsv((await client.analyses.zipAreas(id, byScore)).rows));
      expect(io.out()).toBe(await client.analyses.zipAreasCsv(id, byScore));
    } finally {
      await client.close();
    }

    const file = bufferIo({ cwd: work });
    await analyzeCmd.run(
      { ...as(userToken), city: "Austin", state: "TX", zips: true, out: "austin-zips.csv" },
      file,
    );
    const saved = readFileSync(path.join(work, "austin-zips.csv"), "utf8");
    expect(saved.split("\n")[0]).toBe(header);
    expect(saved.trimEnd().split("\n")).toHaveLength(count + 1);
    // The summary as usual, with the ZIP counts, and where the CSV went.
    expect(file.out()).toMatch(/ZIP areas in range:\s+\d+\s+\(\d+ primary, \d+ secondary\)/);
    expect(file.out()).toContain(`Saved ${count} ZIP areas (`);
    expect(file.out()).toContain("to austin-zips.csv.");

    const json = bufferIo({ cwd: work });
    await analyzeCmd.run(
      { ...as(userToken), city: "Austin", state: "TX", zips: true, out: "z.csv", json: true },
      json,
    );
    expect(JSON.parse(json.out()).marketAnalysisData.zipAreas.count).toBe(count);
    expect(json.err()).toContain(`Saved ${count} ZIP areas`);
    expect(readFileSync(path.join(work, "z.csv"), "utf8")).toBe(saved);
  });

  it("refuses --zips with --json on stdout, and --out without --zips, before calling", async () => {
    const both = await failure(
      analyzeCmd.run(
        {
          server: "http://127.0.0.1:9",
          token: "bis_x",
          city: "Austin",
          state: "TX",
          zips: true,
          json: true,
        },
        bufferIo(),
      ),
    );
    expect(both.message).toMatch(/--json and --zips/);
    expect(both.hint).toMatch(/--zips --out zips\.csv/);
    const alone = await failure(
      analyzeCmd.run(
        { server: "http://127.0.0.1:9", token: "bis_x", city: "Austin", state: "TX", out: "z.csv" },
        bufferIo(),
      ),
    );
    expect(alone.message).toMatch(/--out is where --zips writes/);
  });

  it("rejects bad input before calling, and turns an unknown city into a hint", async () => {
    const radius = await failure(
      analyzeCmd.run(
        { ...as(userToken), city: "Austin", state: "TX", primary: "30", secondary: "10" },
        bufferIo(),
      ),
    );
    expect(radius.message).toBe("Secondary radius must be at least the primary radius");
    const unknown = await failure(
      analyzeCmd.run({ ...as(userToken), city: "Austn", state: "TX" }, bufferIo()),
    );
    expect(unknown.message).toMatch(/Austn.*Did you mean .*Austin/);
    expect(unknown.hint).toMatch(/spelling/);
  });

  it("lists and shows analyses; only administrators delete them", async () => {
    const list = bufferIo();
    await analysesCmd.list({ ...as(userToken), json: true }, list);
    const ids = JSON.parse(list.out()).map((a: { id: string }) => a.id);
    expect(ids).toContain(analysisId);

    const table = bufferIo();
    await analysesCmd.list(as(userToken), table);
    expect(table.out()).toMatch(/Id\s+Location\s+Industry/);
    expect(table.out()).toContain(analysisId);

    const show = bufferIo();
    await analysesCmd.show({ ...as(userToken), id: analysisId }, show);
    expect(show.out()).toContain(`Analysis:`);
    expect(show.out()).toContain(analysisId);

    const missing = await failure(analysesCmd.show({ ...as(userToken), id: "nope" }, bufferIo()));
    expect(missing.hint).toMatch(/bis analyses list/);

    const denied = await failure(
      analysesCmd.remove({ ...as(userToken), ids: [analysisId] }, bufferIo()),
    );
    expect(denied.message).toMatch(/Only administrators can delete analyses/);

    const deleted = bufferIo();
    expect(
      await analysesCmd.remove({ ...as(adminToken), ids: [analysisId], json: true }, deleted),
    ).toBe(0);
    expect(JSON.parse(deleted.out())).toEqual({ deletedCount: 1 });
  });
});

describe("premium steps", () => {
  it("runs keywords and competition and saves the PDF report (administrator)", async () => {
    const run = bufferIo();
    await analyzeCmd.run({ ...as(adminToken), city: "Austin", state: "TX", json: true }, run);
    const id = JSON.parse(run.out()).id as string;

    const kw = bufferIo();
    await premiumCmd.keywords({ ...as(adminToken), id }, kw);
    expect(kw.out()).toContain("Keyword research — ");
    expect(kw.out()).toMatch(/Total keywords:\s+[\d,]+/);
    expect(kw.out()).toMatch(/With search volume \(≥ 10 \/ mo\):\s+[\d,]+/);
    // Austin's service area has more cities than the model researches: the cap is said.
    expect(kw.out()).toMatch(/Limited to the first 15 of [\d,]+ cities by the BIS keyword model/);

    const comp = bufferIo();
    await premiumCmd.competition({ ...as(adminToken), id, json: true }, comp);
    expect(JSON.parse(comp.out())).toHaveProperty("competition");

    const file = path.join(work, "austin.pdf");
    const report = bufferIo({ cwd: work });
    await premiumCmd.report({ ...as(adminToken), id, output: "austin.pdf" }, report);
    expect(report.out()).toContain("Saved the report to austin.pdf");
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("explains a 402 to a user who has not bought the package", async () => {
    const run = bufferIo();
    await analyzeCmd.run({ ...as(userToken), city: "Austin", state: "TX", json: true }, run);
    const id = JSON.parse(run.out()).id as string;
    const error = await failure(premiumCmd.keywords({ ...as(userToken), id }, bufferIo()));
    expect(error.hint).toMatch(/premium package/);
  });
});

describe("administration", () => {
  it("lists users, promotes and demotes by email, shows analytics", async () => {
    const email = await verifiedAccount(bis, "Max");
    const list = bufferIo();
    await adminCmd.usersList({ ...as(adminToken), json: true }, list);
    expect(JSON.parse(list.out()).map((u: { email: string }) => u.email)).toContain(email);

    const promote = bufferIo();
    await adminCmd.setAdmin({ ...as(adminToken), user: email, isAdmin: true }, promote);
    expect(promote.out()).toContain(`${email} is now an administrator`);
    const demote = bufferIo();
    await adminCmd.setAdmin({ ...as(adminToken), user: email, isAdmin: false, json: true }, demote);
    expect(JSON.parse(demote.out())).toMatchObject({ email, isAdmin: false });

    const stats = bufferIo();
    await adminCmd.analytics(as(adminToken), stats);
    expect(stats.out()).toMatch(/Users:\s+\d+/);

    const notAdmin = await failure(adminCmd.usersList(as(userToken), bufferIo()));
    expect(notAdmin.message).toBe("Administrator privileges required.");
    expect(notAdmin.hint).toMatch(/administrator account/);
  });

  it("deletes a user: asks to type the email, or --yes", async () => {
    const email = await verifiedAccount(bis, "Del");
    const refused = await failure(
      adminCmd.usersDelete({ ...as(adminToken), user: email }, bufferIo()),
    );
    expect(refused.hint).toMatch(/--yes/);
    const io = bufferIo();
    await adminCmd.usersDelete({ ...as(adminToken), user: email, yes: true }, io);
    expect(io.out()).toContain(`Deleted ${email}`);
    const gone = await failure(
      adminCmd.usersDelete({ ...as(adminToken), user: email, yes: true }, bufferIo()),
    );
    expect(gone.message).toBe(`No user "${email}".`);
  });

  it("gets and sets settings", async () => {
    const url = "https://videos.example.com/cli.mp4";
    await adminCmd.settingsSet(
      { ...as(adminToken), key: "landingPageVideoUrl", value: url },
      bufferIo(),
    );
    const one = bufferIo();
    await adminCmd.settingsGet({ ...as(adminToken), key: "landingPageVideoUrl", json: true }, one);
    expect(JSON.parse(one.out())).toEqual({ landingPageVideoUrl: url });
    const all = bufferIo();
    await adminCmd.settingsGet(as(adminToken), all);
    expect(all.out()).toMatch(/premiumOfferVideoUrl:\s+\(not set\)/);
    const unknown = await failure(
      adminCmd.settingsSet({ ...as(adminToken), key: "nope", value: "x" }, bufferIo()),
    );
    expect(unknown.hint).toMatch(/landingPageVideoUrl/);
  });

  it("creates, lists and revokes widget partners", async () => {
    const created = bufferIo();
    await adminCmd.partnersCreate(
      { ...as(adminToken), name: "Cool Air Co", origin: ["https://coolair.example"], json: true },
      created,
    );
    const partner = JSON.parse(created.out());
    expect(partner.webhookSecret).toBeTruthy();
    const list = bufferIo();
    await adminCmd.partnersList(as(adminToken), list);
    expect(list.out()).toContain("Cool Air Co");
    const revoked = bufferIo();
    await adminCmd.partnersRevoke(
      { ...as(adminToken), id: partner.partner.id, json: true },
      revoked,
    );
    expect(JSON.parse(revoked.out())).toMatchObject({ active: false });
  });
});

/** A TCP proxy to `target` whose close drops every connection at once (a server gone away). */
async function tcpProxy(target: string): Promise<{ url: string; close(): void }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  };
  const proxy = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close() {
      proxy.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe("batch", () => {
  it("runs every row, reports bad rows by line, exits 2, and --resume adds nothing", async () => {
    const { csv, badLines } = batchCsv();
    const input = path.join(work, "cities.csv");
    writeFileSync(input, csv);
    const out = path.join(work, "results.csv");

    const io = bufferIo({ cwd: work });
    const code = await batchCmd.run(
      { ...as(userToken), file: "cities.csv", out: "results.csv" },
      io,
    );
    expect(code).toBe(2);
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(lines[0]).toBe(
      "city,state,industry,primary,secondary,analysis_id,location,market_size,households,avg_revenue,population_grade,revenue_grade,data_source,total_revenue,busiest_month,revenue_jan,revenue_feb,revenue_mar,revenue_apr,revenue_may,revenue_jun,revenue_jul,revenue_aug,revenue_sep,revenue_oct,revenue_nov,revenue_dec",
    );
    // Each row's 12 months sum to its yearly revenue, and name its busiest month.
    for (const line of lines.slice(1)) {
      const cells = line.split(",").slice(-14);
      const months = cells.slice(2).map(Number);
      expect(months.reduce((a, b) => a + b, 0)).toBe(Number(cells[0]));
      expect(cells[1]).toMatch(
        /^(January|February|March|April|May|June|July|August|September|October|November|December)$/,
      );
    }
    expect(lines).toHaveLength(1 + 23);
    for (const line of badLines) expect(io.err()).toMatch(new RegExp(`line ${line} .*FAILED`));
    expect(io.err()).toMatch(/line 6 Nowhere, \(no state\): FAILED: Please select a state/);
    expect(io.err()).toMatch(/line 15 Atlantisville, TX: FAILED: 422/);
    expect(io.err()).toMatch(/Done: 25\/25 rows — 23 succeeded, 2 failed/);
    expect(io.out()).toBe("");

    const again = bufferIo({ cwd: work });
    expect(await batchCmd.run({ ...as(userToken), file: input, out, resume: true }, again)).toBe(2);
    expect(again.err()).toContain("Resuming: 23 of 25 rows are already in");
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(24);

    const refused = await failure(batchCmd.run({ ...as(userToken), file: input, out }, bufferIo()));
    expect(refused.hint).toMatch(/--resume .* --force/);
  });

  it("writes a JSON array, to a file or stdout, and exits 0 when every row succeeds", async () => {
    const csv = "state,city\nTX,Austin\nCO,Denver\n";
    const io = bufferIo({ stdin: csv });
    expect(await batchCmd.run({ ...as(userToken), file: "-", json: true }, io)).toBe(0);
    const rows = JSON.parse(io.out());
    expect(rows.map((r: { city: string }) => r.city).sort()).toEqual(["Austin", "Denver"]);
    expect(rows[0]).toMatchObject({ industry: "HVAC", primary: 10, secondary: 15 });
    expect(rows[0].analysisId).toBeTruthy();

    const file = path.join(work, "two.json");
    const toFile = bufferIo({ stdin: csv });
    await batchCmd.run(
      { ...as(userToken), file: "-", out: file, json: true, primary: 5, secondary: 5 },
      toFile,
    );
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(2);
    expect(JSON.parse(toFile.out())).toMatchObject({
      total: 2,
      succeeded: 2,
      failed: 0,
      format: "json",
    });
  });

  it("stops on Ctrl-C, waits for rows in flight and leaves valid JSON that --resume completes", async () => {
    const { csv } = batchCsv();
    const input = path.join(work, "interrupt.csv");
    writeFileSync(input, csv);
    const out = path.join(work, "interrupt.json");

    const io = bufferIo();
    const running = batchCmd.run({ ...as(userToken), file: input, out, concurrency: 2 }, io);
    // Interrupt once the first rows are written.
    for (let i = 0; i < 200 && !/\[\s*3\/25\]/.test(io.err()); i++)
      await new Promise((r) => setTimeout(r, 10));
    io.interrupt();
    expect(await running).toBe(130);
    expect(io.err()).toMatch(/Stopping: no new rows/);
    expect(io.err()).toMatch(/rerun with --resume/);
    const partial = JSON.parse(readFileSync(out, "utf8"));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(23);

    const resumed = bufferIo();
    expect(await batchCmd.run({ ...as(userToken), file: input, out, resume: true }, resumed)).toBe(
      2,
    );
    const all = JSON.parse(readFileSync(out, "utf8"));
    expect(all).toHaveLength(23);
    expect(new Set(all.map((r: { city: string }) => r.city)).size).toBe(23);
  });

  /** Runs a 25-row batch one row at a time and calls `midway` once three rows are done. */
  async function batchBrokenMidway(
    server: { url: string },
    token: string,
    name: string,
    midway: () => Promise<void>,
  ) {
    const input = path.join(work, `${name}.csv`);
    writeFileSync(input, batchCsv().csv);
    const out = path.join(work, `${name}.json`);
    const io = bufferIo();
    const running = batchCmd.run(
      { server: server.url, token, file: input, out, concurrency: 1 },
      io,
    );
    for (let i = 0; i < 1000 && !/\[\s*3\/25\]/.test(io.err()); i++)
      await new Promise((r) => setTimeout(r, 10));
    await midway();
    const error = await failure(running);
    return { error, io, written: JSON.parse(readFileSync(out, "utf8")) as unknown[] };
  }

  it("stops when the server refuses the token midway: exit 1 with the sign-in hint, output kept valid", async () => {
    const token = await tokenFor(bis, await verifiedAccount(bis, "Rex"), PASSWORD);
    const { error, io, written } = await batchBrokenMidway(bis, token, "revoked", async () => {
      const client = createNodeClient({ baseUrl: bis.url, token, cookies: false });
      try {
        const current = (await client.tokens.list()).find((t) => t.current);
        await client.tokens.revoke(current?.id ?? "");
      } finally {
        await client.close();
      }
    });
    expect(error.message).toBe("The server refused the token: Invalid or revoked API token");
    expect(error.hint).toBe(SIGN_IN_HINT);
    expect(io.err()).toMatch(/Interrupted: \d+\/25 rows/);
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThan(23);
  });

  it("stops when the server goes away midway, after retrying: exit 1, rerun with --resume", async () => {
    const proxy = await tcpProxy(bis.url);
    const { error, written } = await batchBrokenMidway(proxy, userToken, "lost", async () =>
      proxy.close(),
    );
    expect(error.message).toBe(`Lost the BIS server at ${proxy.url}.`);
    expect(error.hint).toBe("When it is back, rerun with --resume to continue.");
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThan(23);
  });

  it("explains a CSV without the needed columns", async () => {
    const error = await failure(
      batchCmd.run(
        { ...as(userToken), file: "-" },
        bufferIo({ stdin: "town,region\nAustin,TX\n" }),
      ),
    );
    expect(error.message).toMatch(/no city and state columns/);
    expect(error.hint).toMatch(/city,state,industry,primary,secondary/);
  });
});
