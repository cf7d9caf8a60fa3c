/**
 * The one way commands talk to people: a result is JSON with --json, an Ink
 * document on a terminal, plain lines otherwise; notes and progress go to stderr so stdout
 * stays the result; prompts only when stdin is a terminal.
 */
import { CliError } from "../errors.js";
import type { Io } from "../io.js";
import type { ProgressState, RowFailure } from "./components/batch-progress.js";
import type { Doc } from "./doc.js";
import { fmt } from "./doc.js";
import { renderPlain } from "./plain.js";

export * from "./doc.js";
export type { ProgressState, RowFailure };

export interface RowEvent {
  line: number;
  label: string;
  ok: boolean;
  /** Failure message, or a short result ("$1.2M market"). */
  message?: string;
}

export interface ProgressReporter {
  row(event: RowEvent): void;
  inFlight(count: number): void;
  /** Ctrl-C: no new rows, waiting for the ones in flight. */
  stopping(): void;
  finish(phase: "finished" | "interrupted"): Promise<ProgressState>;
}

export interface Ui {
  readonly json: boolean;
  /** The command's result on stdout. */
  result(data: unknown, doc: Doc): Promise<void>;
  /** A line for people on stderr (never part of the result). */
  note(message: string): void;
  warn(message: string): void;
  /** Asks for one line on the terminal; refuses (with a hint) when prompts are not allowed. */
  prompt(label: string, options: { mask?: boolean; hint: string }): Promise<string>;
  /** Progress of a batch: a live bar on a terminal, one line per row otherwise. */
  progress(total: number, options: { skipped: number; live: boolean }): Promise<ProgressReporter>;
}

export function createUi(io: Io, options: { json?: boolean } = {}): Ui {
  const json = options.json === true;
  const terminal = io.stdout.isTTY === true;

  return {
    json,

    async result(data, doc) {
      if (json) {
        io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      } else if (terminal) {
        const { renderDoc } = await import("./ink.js");
        io.stdout.write(renderDoc(doc, { color: io.color, columns: io.stdout.columns }));
      } else {
        io.stdout.write(renderPlain(doc));
      }
    },

    note(message) {
      io.stderr.write(`${message}\n`);
    },

    warn(message) {
      io.stderr.write(`Warning: ${message}\n`);
    },

    async prompt(label, { mask = false, hint }) {
      if (!io.interactive)
        throw new CliError(
          `${label} is needed and prompts are off (no terminal or --no-input).`,
          hint,
        );
      const { promptLine } = await import("./ink.js");
      const answer = await promptLine(io, label, mask);
      if (answer === null) throw new CliError("Cancelled.", undefined, 130);
      return answer;
    },

    async progress(total, { skipped, live }) {
      const started = Date.now();
      const state: ProgressState = {
        total,
        done: 0,
        succeeded: 0,
        failed: 0,
        skipped,
        inFlight: 0,
        elapsedMs: 0,
        failures: [],
        phase: "running",
      };
      const snapshot = (): ProgressState => ({
        ...state,
        elapsedMs: Date.now() - started,
        failures: [...state.failures],
      });
      const count = (event: RowEvent) => {
        state.done += 1;
        if (event.ok) state.succeeded += 1;
        else {
          state.failed += 1;
          state.failures.push({
            line: event.line,
            label: event.label,
            message: event.message ?? "failed",
          });
        }
      };

      if (live && !json) {
        const { liveProgress } = await import("./ink.js");
        const view = liveProgress(io, snapshot());
        return {
          row(event) {
            count(event);
            view.update(snapshot());
          },
          inFlight(n) {
            state.inFlight = n;
          },
          stopping() {
            state.phase = "stopping";
            view.update(snapshot());
          },
          async finish(phase) {
            state.phase = phase;
            const last = snapshot();
            await view.close(last);
            return last;
          },
        };
      }

      // Plain: one line per row on stderr, and a summary.
      const width = String(total).length;
      return {
        row(event) {
          count(event);
          const position = `[${String(skipped + state.done).padStart(width)}/${total}]`;
          io.stderr.write(
            event.ok
              ? `${position} line ${event.line} ${event.label}: ok${event.message ? ` (${event.message})` : ""}\n`
              : `${position} line ${event.line} ${event.label}: FAILED: ${event.message ?? "failed"}\n`,
          );
        },
        inFlight(n) {
          state.inFlight = n;
        },
        stopping() {
          state.phase = "stopping";
          io.stderr.write(
            `Stopping: no new rows; waiting for ${state.inFlight} in flight (Ctrl-C again to quit now).\n`,
          );
        },
        async finish(phase) {
          state.phase = phase;
          const last = snapshot();
          const seconds = last.elapsedMs / 1000;
          const rate = seconds > 0 ? last.done / seconds : 0;
          io.stderr.write(
            `${phase === "interrupted" ? "Interrupted" : "Done"}: ${skipped + last.done}/${total} rows — ${last.succeeded} succeeded, ${last.failed} failed${skipped > 0 ? `, ${skipped} already done` : ""} in ${fmt.duration(seconds)} (${fmt.dec(rate)} rows/s)\n`,
          );
          return last;
        },
      };
    },
  };
}
export * from "./views.js";
