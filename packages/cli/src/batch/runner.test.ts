/** The batch's orchestration with a fake analysis call, an instant timer and a fake clock. */
import type { MarketAnalysisForm } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { apiError } from "../../test/fakes.js";
import { parseRows } from "./rows.js";
import { type BatchEvent, type BatchPolicy, runBatch } from "./runner.js";

const DEFAULTS = { industry: "HVAC", primary: 10, secondary: 15 };
const CITIES = ["Austin", "Dallas", "Houston", "Waco", "Tyler", "Frisco", "Plano", "Irving"];

/** Rows as a CSV gives them: line 2 onwards, one city each (`""` for an invalid row). */
const rowsOf = (...cities: string[]) =>
  parseRows(["city,state", ...cities.map((c) => `${c},TX`)].join("\n"), DEFAULTS);

type Call = (form: MarketAnalysisForm) => Promise<string>;

/** Runs a batch and records what a person would see: the events, the calls and the waits. */
function start(
  cities: string[],
  analyze: Call,
  policy: Partial<BatchPolicy> = {},
  onEvent: (event: BatchEvent<string>) => void = () => {},
) {
  const events: BatchEvent<string>[] = [];
  const calls: string[] = [];
  const sleeps: number[] = [];
  let clock = 1_000;
  const run = runBatch(
    rowsOf(...cities),
    { concurrency: 2, attempts: 3, ...policy },
    {
      analyze: (form) => {
        calls.push(form.city);
        return analyze(form);
      },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      now: () => {
        clock += 250;
        return clock;
      },
      onEvent: (event) => {
        events.push(event);
        onEvent(event);
      },
    },
  );
  const finished = () =>
    events.flatMap((e) =>
      e.type === "succeeded"
        ? [`ok ${e.row.city}`]
        : e.type === "failed"
          ? [`✗ ${e.row.line}`]
          : [],
    );
  return { run, events, calls, sleeps, finished };
}

/** A call that answers each city when the test says so. */
function controlled() {
  const pending = new Map<string, { resolve: (v: string) => void; reject: (e: unknown) => void }>();
  const call: Call = (form) =>
    new Promise((resolve, reject) => pending.set(form.city, { resolve, reject }));
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    call,
    async answer(city: string) {
      pending.get(city)?.resolve(`result for ${city}`);
      pending.delete(city);
      await flush();
    },
    async refuse(city: string, error: unknown) {
      pending.get(city)?.reject(error);
      pending.delete(city);
      await flush();
    },
    waiting: () => [...pending.keys()],
  };
}

/** A call that fails for each city as scripted (one entry per call), then succeeds. */
function scripted(script: Record<string, unknown[]>): Call {
  return async (form) => {
    const error = script[form.city]?.shift();
    if (error !== undefined) throw error;
    return `result for ${form.city}`;
  };
}

describe("runBatch", () => {
  it("runs every row and reports invalid ones by line without calling the server", async () => {
    const { run, calls, events } = start(["Austin", "", "Dallas"], scripted({}));
    const outcome = await run.done;
    expect(calls).toEqual(["Austin", "Dallas"]);
    expect(outcome).toMatchObject({ succeeded: 2, failed: 1, interrupted: false, fatal: null });
    expect(outcome.failures).toEqual([
      { line: 3, row: "(no city), TX", message: "Please enter a city" },
    ]);
    const austin = events.find((e) => e.type === "succeeded" && e.row.city === "Austin");
    expect(austin).toMatchObject({
      result: "result for Austin",
      form: { city: "Austin", state: "TX", industry: "HVAC", primaryRadius: 10 },
    });
  });

  it("keeps `concurrency` rows in flight, starts them in input order, reports them as they finish", async () => {
    const server = controlled();
    const { run, calls, events, finished } = start(CITIES.slice(0, 5), server.call, {
      concurrency: 2,
    });
    expect(server.waiting()).toEqual(["Austin", "Dallas"]);
    await server.answer("Dallas");
    expect(server.waiting()).toEqual(["Austin", "Houston"]);
    await server.refuse("Houston", apiError(422, "No such city"));
    await server.answer("Austin");
    await server.answer("Waco");
    await server.answer("Tyler");
    const outcome = await run.done;
    expect(calls).toEqual(["Austin", "Dallas", "Houston", "Waco", "Tyler"]);
    expect(finished()).toEqual(["ok Dallas", "✗ 4", "ok Austin", "ok Waco", "ok Tyler"]);
    const counts = events.flatMap((e) => (e.type === "inFlight" ? [e.count] : []));
    expect(Math.max(...counts)).toBe(2);
    expect(counts.at(-1)).toBe(0);
    expect(outcome).toMatchObject({ succeeded: 4, failed: 1 });
  });

  it("lists failures by line whatever order they fail in", async () => {
    const server = controlled();
    const { run } = start(["Austin", "Dallas", "Houston"], server.call, { concurrency: 3 });
    await server.refuse("Houston", apiError(422, "Not Houston"));
    await server.refuse("Austin", apiError(422, "Not Austin"));
    await server.answer("Dallas");
    const { failures } = await run.done;
    expect(failures.map((f) => [f.line, f.message])).toEqual([
      [2, "422: Not Austin"],
      [4, "422: Not Houston"],
    ]);
  });

  it("tries rate limits, unavailability and no answer again with doubling back-off", async () => {
    const { run, calls, sleeps } = start(
      ["Austin", "Dallas"],
      scripted({
        Austin: [apiError(503, "Unavailable"), apiError(0, "fetch failed")],
        Dallas: [apiError(429, "Slow down")],
      }),
      { concurrency: 1 },
    );
    const outcome = await run.done;
    expect(outcome).toMatchObject({ succeeded: 2, failed: 0, fatal: null });
    expect(calls).toEqual(["Austin", "Austin", "Austin", "Dallas", "Dallas"]);
    expect(sleeps).toEqual([250, 500, 250]);
  });

  it("fails a row after `attempts` calls, and never retries a refusal", async () => {
    const { run, calls } = start(
      ["Austin", "Dallas"],
      scripted({
        Austin: [apiError(502, "Bad gateway"), apiError(504, "Timeout"), apiError(503, "Down")],
        Dallas: [
          apiError(422, "Unknown city. Did you mean Dale, Dal?", {
            code: "UNKNOWN_CITY",
            details: { suggestions: ["Dale", "Dal"] },
          }),
        ],
      }),
      { concurrency: 1, attempts: 3 },
    );
    const outcome = await run.done;
    expect(calls).toEqual(["Austin", "Austin", "Austin", "Dallas"]);
    expect(outcome.failures.map((f) => f.message)).toEqual([
      "503: Down",
      "422: Unknown city. Did you mean Dale, Dal?",
    ]);
  });

  it("waits out the server's per-minute cap without using up an attempt (ten waits, 120 s each at most)", async () => {
    const cap = (seconds: number) =>
      apiError(429, "Too many analyses", { details: { windowSeconds: seconds } });
    const { run, sleeps } = start(
      ["Austin", "Dallas"],
      scripted({
        Austin: [cap(30), cap(600), apiError(503, "Down"), apiError(503, "Down")],
        Dallas: Array.from({ length: 13 }, () => cap(1)),
      }),
      { concurrency: 1, attempts: 3 },
    );
    const outcome = await run.done;
    // Austin: two waits, then its three attempts; Dallas: ten waits, then three attempts, fails.
    expect(sleeps).toEqual([30_000, 120_000, 250, 500, ...Array(10).fill(1_000), 250, 500]);
    expect(outcome.succeeded).toBe(1);
    expect(outcome.failures).toEqual([
      { line: 3, row: "Dallas, TX", message: "429: Too many analyses" },
    ]);
  });

  it("stops on a refused token: no new rows, the rows in flight give up their retries", async () => {
    const server = controlled();
    const { run, calls, sleeps, finished } = start(CITIES.slice(0, 6), server.call, {
      concurrency: 2,
    });
    await server.answer("Austin");
    const revoked = apiError(401, "Invalid or revoked API token");
    await server.refuse("Dallas", revoked);
    await server.refuse("Houston", apiError(503, "Down"));
    const outcome = await run.done;
    expect(calls).toEqual(["Austin", "Dallas", "Houston"]);
    expect(sleeps).toEqual([]);
    expect(finished()).toEqual(["ok Austin", "✗ 4"]);
    expect(outcome).toMatchObject({ succeeded: 1, failed: 1, interrupted: false });
    expect(outcome.fatal).toBe(revoked);
    expect(run.stop()).toBe(false);
  });

  it("stops when the server still does not answer after the retries", async () => {
    const gone = apiError(0, "connect ECONNREFUSED");
    const { run, calls } = start(
      ["Austin", "Dallas", "Houston"],
      scripted({ Austin: [gone, gone, gone] }),
      { concurrency: 1, attempts: 3 },
    );
    const outcome = await run.done;
    expect(calls).toEqual(["Austin", "Austin", "Austin"]);
    expect(outcome).toMatchObject({ succeeded: 0, failed: 0, fatal: gone, interrupted: false });
  });

  it("stop() takes no new rows and lets those in flight finish", async () => {
    const server = controlled();
    const { run, calls } = start(CITIES.slice(0, 6), server.call, { concurrency: 2 });
    await server.answer("Austin");
    expect(run.stop()).toBe(true);
    expect(run.stop()).toBe(false);
    await server.answer("Dallas");
    await server.answer("Houston");
    const outcome = await run.done;
    expect(calls).toEqual(["Austin", "Dallas", "Houston"]);
    expect(outcome).toMatchObject({ succeeded: 3, interrupted: true, fatal: null });
  });

  it("does not start waiting out the cap once stopped", async () => {
    const server = controlled();
    const { run, sleeps } = start(["Austin"], server.call, { concurrency: 1, attempts: 1 });
    run.stop();
    await server.refuse("Austin", apiError(429, "Cap", { details: { windowSeconds: 60 } }));
    const outcome = await run.done;
    expect(sleeps).toEqual([]);
    expect(outcome.failures.map((f) => f.message)).toEqual(["429: Cap"]);
  });

  it("fails a row whose result cannot be handled, and goes on", async () => {
    const { run } = start(["Austin", "Dallas"], scripted({}), { concurrency: 1 }, (event) => {
      if (event.type === "succeeded" && event.row.city === "Austin") throw new Error("disk full");
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ succeeded: 1, failed: 1 });
    expect(outcome.failures).toEqual([{ line: 2, row: "Austin, TX", message: "disk full" }]);
  });

  it("measures the run with the given clock, and runs nothing for no rows", async () => {
    const { run } = start([], scripted({}));
    expect(await run.done).toEqual({
      succeeded: 0,
      failed: 0,
      failures: [],
      interrupted: false,
      fatal: null,
      elapsedMs: 250,
    });
  });
});
