/**
 * `bis batch <file.csv | ->`: every row a market analysis, a few at a time. Rows are written as
 * they finish; a bad row (invalid, or refused by the server) is reported with its line number
 * and the batch goes on; Ctrl-C stops taking rows, waits for those in flight and closes the
 * output so it stays valid; --resume skips rows the output already has.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AnalyzeResponse, MarketAnalysisForm } from "@bis/sdk";
import {
  csvFileWriter,
  csvStreamWriter,
  formatFor,
  jsonFileWriter,
  jsonStreamWriter,
  type OutputWriter,
  type ResultRow,
  readDone,
} from "../batch/output.js";
import { type InputRow, parseRows, rowKey, rowLabel } from "../batch/rows.js";
import { CliError, EXIT, isApiError, SIGN_IN_HINT } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { openSession } from "../session.js";
import { createUi, fmt } from "../ui/index.js";

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
  failures: { line: number; row: string; message: string }[];
}

/** Retried: rate limited, unavailable, gateway, or no answer at all. */
const RETRY_STATUSES = new Set([0, 429, 502, 503, 504]);
/** How often one row waits out the server's per-minute analysis cap before it fails. */
const MAX_WINDOW_WAITS = 10;

function intOption(
  value: string | number | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

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

function toResult(row: InputRow, form: MarketAnalysisForm, response: AnalyzeResponse): ResultRow {
  const p = response.provenance ?? {};
  const source = p.population ?? p.households;
  return {
    city: row.city,
    state: row.state,
    industry: String(form.industry),
    primary: Number(form.primaryRadius),
    secondary: Number(form.secondaryRadius),
    analysisId: response.analysis.id,
    location: response.location,
    marketSize: response.marketSize,
    households: response.households,
    avgRevenue: response.avgRevenue,
    populationGrade: p.population?.grade ?? null,
    revenueGrade: p.revenue?.grade ?? null,
    dataSource: source ? `${source.source}${source.vintage ? ` ${source.vintage}` : ""}` : null,
  };
}

function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    const suggestions = error.details?.suggestions;
    const hint =
      Array.isArray(suggestions) && suggestions.length && !/did you mean/i.test(error.serverMessage)
        ? ` (did you mean ${suggestions.slice(0, 3).join(", ")}?)`
        : "";
    return `${error.status === 0 ? "no answer" : error.status}: ${error.serverMessage}${hint}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(options: BatchOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const concurrency = intOption(options.concurrency, "concurrency", 1, 32, 4);
  const defaults = {
    industry: options.industry ?? "HVAC",
    primary: intOption(options.primary, "primary", 1, 50, 10),
    secondary: intOption(options.secondary, "secondary", 1, 100, 15),
  };
  const attempts = options.attempts ?? 3;
  const toStdout = !options.out || options.out === "-";
  const format = formatFor(options.out, options.format, ui.json);
  const outPath = toStdout ? null : path.resolve(io.cwd, options.out as string);

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

  const rows = parseRows(await readInput(options.file, io), defaults);
  const done =
    options.resume && outPath ? readDone(outPath, format) : { keys: new Set<string>(), rows: [] };
  const todo = rows.filter((r) => !done.keys.has(rowKey(r)));
  const skipped = rows.length - todo.length;

  const { client, config } = openSession(options, io);
  try {
    const me = await client.auth.user().catch((error: unknown) => {
      if (isApiError(error) && error.status === 0)
        throw new CliError(
          `Could not reach the BIS server at ${config.server}.`,
          "Check that it is running, or point to it with --server or BIS_URL.",
        );
      throw error;
    });
    if (!me) throw new CliError("Your API token is invalid or revoked.", SIGN_IN_HINT);

    let writer: OutputWriter;
    if (outPath) {
      writer =
        format === "csv"
          ? csvFileWriter(outPath, options.resume === true)
          : jsonFileWriter(outPath, done.rows);
    } else {
      writer = format === "csv" ? csvStreamWriter(io.stdout) : jsonStreamWriter(io.stdout);
    }
    if (skipped > 0)
      ui.note(`Resuming: ${skipped} of ${rows.length} rows are already in ${options.out}.`);

    const live =
      !ui.json && outPath !== null && io.stdout.isTTY === true && io.stderr.isTTY === true;
    const progress = await ui.progress(rows.length, { skipped, live });
    const failures: BatchSummary["failures"] = [];
    let stop = false;
    let fatal: CliError | null = null;
    const removeInterrupt = io.onInterrupt(() => {
      if (stop) return;
      stop = true;
      progress.stopping();
    });
    const started = Date.now();

    const analyze = async (form: MarketAnalysisForm): Promise<AnalyzeResponse> => {
      let windowWaits = 0;
      for (let attempt = 1; ; attempt++) {
        try {
          return await client.analyses.analyze(form);
        } catch (error) {
          // The server's cap on analyses per account per minute: wait for its window to pass
          // (without using up an attempt), up to MAX_WINDOW_WAITS times per row.
          const windowSeconds = isApiError(error) ? error.details?.windowSeconds : undefined;
          if (
            isApiError(error) &&
            error.status === 429 &&
            typeof windowSeconds === "number" &&
            windowWaits < MAX_WINDOW_WAITS &&
            !fatal &&
            !stop
          ) {
            windowWaits++;
            attempt--;
            await sleep(Math.min(windowSeconds, 120) * 1000);
            continue;
          }
          const retry =
            isApiError(error) && RETRY_STATUSES.has(error.status) && attempt < attempts && !fatal;
          if (!retry) throw error;
          await sleep(250 * 2 ** (attempt - 1));
        }
      }
    };

    const fail = (row: InputRow, message: string) => {
      failures.push({ line: row.line, row: rowLabel(row), message });
      progress.row({ line: row.line, label: rowLabel(row), ok: false, message });
    };

    const handle = async (row: InputRow) => {
      if (!row.request.ok) return fail(row, row.request.message);
      try {
        const response = await analyze(row.request.value);
        writer.write(toResult(row, row.request.value, response));
        progress.row({
          line: row.line,
          label: rowLabel(row),
          ok: true,
          message: `${fmt.int(response.households)} households`,
        });
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 0)) {
          // Not the row's fault: every later row would fail the same way.
          if (!fatal) {
            fatal =
              error.status === 401
                ? new CliError(`The server refused the token: ${error.serverMessage}`, SIGN_IN_HINT)
                : new CliError(
                    `Lost the BIS server at ${config.server}.`,
                    "When it is back, rerun with --resume to continue.",
                  );
          }
          stop = true;
          return;
        }
        fail(row, failureMessage(error));
      }
    };

    let next = 0;
    let inFlight = 0;
    const lane = async () => {
      while (!stop && next < todo.length) {
        const row = todo[next++] as InputRow;
        inFlight += 1;
        progress.inFlight(inFlight);
        try {
          await handle(row);
        } finally {
          inFlight -= 1;
          progress.inFlight(inFlight);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, lane));
    } finally {
      removeInterrupt();
      writer.close();
    }
    const interrupted = stop && !fatal;
    const final = await progress.finish(interrupted || fatal ? "interrupted" : "finished");

    const summary: BatchSummary = {
      total: rows.length,
      succeeded: final.succeeded,
      failed: final.failed,
      skipped,
      interrupted,
      out: options.out && outPath ? options.out : null,
      format,
      elapsedMs: Date.now() - started,
      failures: failures.sort((a, b) => a.line - b.line),
    };
    if (fatal) throw fatal;
    if (interrupted)
      ui.note(
        `Stopped. ${outPath ? `${options.out} is complete up to here; rerun with --resume to continue.` : ""}`.trim(),
      );
    if (ui.json && outPath) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    if (interrupted) return EXIT.interrupted;
    return summary.failed > 0 ? EXIT.partial : EXIT.ok;
  } finally {
    await client.close();
  }
}
