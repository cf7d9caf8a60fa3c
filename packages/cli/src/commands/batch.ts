/**
 * `bis batch <file.csv | ->`: every row a market analysis, a few at a time. Rows are written as
 * they finish; a bad row (invalid, or refused by the server) is reported with its line number
 * and the batch goes on; Ctrl-C stops taking rows, waits for those in flight and closes the
 * output so it stays valid; --resume skips rows the output already has.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { BisApiError } from "@bis/sdk/constants";
import { REQUEST_DEFAULTS } from "../analysis-request.js";
import { formatFor, openWriter, readDone, resultRow } from "../batch/output.js";
import { parseRows, rowKey, rowLabel } from "../batch/rows.js";
import {
  type BatchOutcome,
  type BatchPolicy,
  DEFAULT_ATTEMPTS,
  type RowFailureEntry,
  runBatch,
} from "../batch/runner.js";
import { CliError, EXIT, SIGN_IN_HINT, toCliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { currentUser, openSession } from "../session.js";
import { comparisonDoc, comparisonJson } from "../ui/comparison-view.js";
import { createUi, fmt } from "../ui/index.js";
import { renderPlain } from "../ui/plain.js";
import { compareAfterBatch, comparisonUrl, offerOf } from "./compare.js";

export interface BatchOptions extends GlobalOptions {
  /** A CSV file, or "-" for stdin. */
  file: string;
  out?: string;
  format?: string;
  concurrency?: string | number;
  resume?: boolean;
  force?: boolean;
  industry?: string;
  primary?: string | number;
  secondary?: string | number;
  /** Attempts per row for rate limits, unavailability and network errors (default 3). */
  attempts?: number;
  /** After the batch, compare its analyses and print the ranked table. */
  compare?: boolean;
}

export interface BatchSummary {
  total: number;
  succeeded: number;
  failed: number;
  skipped: number;
  interrupted: boolean;
  out: string | null;
  format: "csv" | "json";
  elapsedMs: number;
  failures: RowFailureEntry[];
  /** With --compare: the comparison of the batch's analyses, ranked. */
  comparison?: ReturnType<typeof comparisonJson> | null;
}

function intOption(
  value: string | number | undefined,
  name: string,
  range: { min: number; max: number; default: number },
): number {
  if (value === undefined) return range.default;
  const n = Number(value);
  if (!Number.isInteger(n) || n < range.min || n > range.max)
    throw new CliError(`--${name} must be a whole number from ${range.min} to ${range.max}.`);
  return n;
}

/** --concurrency: rows in flight at once. */
const CONCURRENCY = { min: 1, max: 32, default: 4 } as const;

function readInput(file: string, io: Io): Promise<string> {
  if (file === "-") {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      io.stdin.on("data", (c: Buffer | string) => chunks.push(Buffer.from(c)));
      io.stdin.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      io.stdin.once("error", reject);
    });
  }
  try {
    return Promise.resolve(readFileSync(path.resolve(io.cwd, file), "utf8"));
  } catch (error) {
    throw new CliError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}.`,
      "Give a CSV file, or - to read it from stdin.",
    );
  }
}

/** What stopped the batch, for a person: a refused token, or a server gone away. */
function fatalError(error: BisApiError, server: string): CliError {
  return error.code === "NETWORK_ERROR"
    ? new CliError(
        `Lost the BIS server at ${server}.`,
        "When it is back, rerun with --resume to continue.",
      )
    : new CliError(`The server refused the token: ${error.serverMessage}`, SIGN_IN_HINT);
}

/** The flags, checked before anything is read or called. */
function parseFlags(options: BatchOptions, io: Io, json: boolean) {
  const policy: BatchPolicy = {
    concurrency: intOption(options.concurrency, "concurrency", CONCURRENCY),
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
  };
  const defaults = {
    industry: options.industry ?? REQUEST_DEFAULTS.industry,
    primary: intOption(options.primary, "primary", REQUEST_DEFAULTS.primary),
    secondary: intOption(options.secondary, "secondary", REQUEST_DEFAULTS.secondary),
  };
  const format = formatFor(options.out, options.format, json);
  const outPath = !options.out || options.out === "-" ? null : path.resolve(io.cwd, options.out);
  if (options.resume && !outPath)
    throw new CliError(
      "--resume needs the output file.",
      "Add --out <file> (the one to continue).",
    );
  if (outPath && !options.resume && !options.force && existsSync(outPath))
    throw new CliError(
      `${options.out} already exists.`,
      "Pass --resume to continue it, or --force to overwrite it.",
    );
  return { policy, defaults, format, outPath };
}

export async function run(options: BatchOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const { policy, defaults, format, outPath } = parseFlags(options, io, ui.json);
  const rows = parseRows(await readInput(options.file, io), defaults);
  const done =
    options.resume && outPath ? readDone(outPath, format) : { keys: new Set<string>(), rows: [] };
  const todo = rows.filter((r) => !done.keys.has(rowKey(r)));
  const skipped = rows.length - todo.length;

  const { client, config } = openSession(options, io);
  try {
    // Before the first row: no server, or a token that is not valid, fails the batch at once.
    await currentUser(client).catch((error: unknown) => {
      throw toCliError(error, config.server);
    });
    const writer = openWriter(outPath, format, {
      resume: options.resume === true,
      done: done.rows,
      stdout: io.stdout,
    });
    if (skipped > 0)
      ui.note(`Resuming: ${skipped} of ${rows.length} rows are already in ${options.out}.`);

    const live =
      !ui.json && outPath !== null && io.stdout.isTTY === true && io.stderr.isTTY === true;
    const progress = await ui.progress(rows.length, { skipped, live });
    const made: { line: number; id: string }[] = [];
    const batch = runBatch(todo, policy, {
      analyze: (form) => client.analyses.analyze(form),
      sleep: (ms) => sleep(ms),
      now: Date.now,
      onEvent(event) {
        if (event.type === "inFlight") return progress.inFlight(event.count);
        const { line } = event.row;
        const label = rowLabel(event.row);
        if (event.type === "failed")
          return progress.row({ line, label, ok: false, message: event.message });
        writer.write(resultRow(event.row, event.form, event.result));
        made.push({ line, id: event.result.analysis.id });
        const households = `${fmt.int(event.result.households)} households`;
        progress.row({ line, label, ok: true, message: households });
      },
    });
    const removeInterrupt = io.onInterrupt(() => {
      if (batch.stop()) progress.stopping();
    });
    let outcome: BatchOutcome;
    try {
      outcome = await batch.done;
    } finally {
      removeInterrupt();
      writer.close();
    }
    const { interrupted, fatal } = outcome;
    await progress.finish(interrupted || fatal ? "interrupted" : "finished");
    if (fatal) throw fatalError(fatal, config.server);

    if (interrupted)
      ui.note(
        `Stopped. ${outPath ? `${options.out} is complete up to here; rerun with --resume to continue.` : ""}`.trim(),
      );
    const compared =
      options.compare && !interrupted
        ? await compareAfterBatch(
            client,
            [
              ...done.rows.map((r) => r.analysisId),
              ...made.sort((a, b) => a.line - b.line).map((m) => m.id),
            ],
            (message) => ui.note(message),
          ).catch((error: unknown) => {
            throw toCliError(error, config.server);
          })
        : null;
    if (compared && !ui.json) {
      const doc = comparisonDoc(
        compared,
        comparisonUrl(config.server, compared.id),
        await offerOf(client),
      );
      // The results may be on stdout: the table then goes to stderr.
      if (outPath) await ui.result(null, doc);
      else io.stderr.write(renderPlain(doc));
    }
    if (ui.json && outPath) {
      const summary: BatchSummary = {
        total: rows.length,
        succeeded: outcome.succeeded,
        failed: outcome.failed,
        skipped,
        interrupted,
        out: options.out ?? null,
        format,
        elapsedMs: outcome.elapsedMs,
        failures: outcome.failures,
        ...(options.compare
          ? { comparison: compared ? comparisonJson(compared, await offerOf(client)) : null }
          : {}),
      };
      io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    }
    if (interrupted) return EXIT.interrupted;
    return outcome.failed > 0 ? EXIT.partial : EXIT.ok;
  } finally {
    await client.close();
  }
}
