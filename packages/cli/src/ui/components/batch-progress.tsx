/**
 * The batch's live view: failed rows scroll above (Ink's <Static>), and one line below redraws
 * with a bar, counts, rate and ETA. The last frame, once finished, is a plain summary.
 */
import { Box, Static, Text } from "ink";
import { fmt } from "../doc.js";

export interface RowFailure {
  line: number;
  label: string;
  message: string;
}

export interface ProgressState {
  total: number;
  /** Rows finished this run (succeeded + failed). */
  done: number;
  succeeded: number;
  failed: number;
  /** Rows already in the output file (--resume). */
  skipped: number;
  inFlight: number;
  elapsedMs: number;
  failures: RowFailure[];
  /** "running" until every row is done; "interrupted" after Ctrl-C. */
  phase: "running" | "finished" | "interrupted" | "stopping";
}

export function rateOf(state: ProgressState): number {
  return state.elapsedMs > 0 ? state.done / (state.elapsedMs / 1000) : 0;
}

export function etaSeconds(state: ProgressState): number {
  const rate = rateOf(state);
  const left = state.total - state.skipped - state.done;
  return rate > 0 ? left / rate : Number.POSITIVE_INFINITY;
}

export function bar(fraction: number, width: number): string {
  const f = Math.min(1, Math.max(0, fraction));
  const full = Math.round(f * width);
  return `${"█".repeat(full)}${"░".repeat(width - full)}`;
}

export function BatchProgress({
  state,
  color,
  width = 30,
}: {
  state: ProgressState;
  color: boolean;
  width?: number;
}) {
  const todo = state.total - state.skipped;
  const fraction = todo > 0 ? state.done / todo : 1;
  const rate = rateOf(state);
  const seconds = state.elapsedMs / 1000;
  const counts = `${state.skipped + state.done}/${state.total} rows`;
  const tone = (c: string) => (color ? { color: c } : {});
  return (
    <Box flexDirection="column">
      <Static items={state.failures}>
        {(f) => (
          <Text key={f.line} {...tone("red")}>
            {`✗ line ${f.line} (${f.label}): ${f.message}`}
          </Text>
        )}
      </Static>
      {state.phase === "running" || state.phase === "stopping" ? (
        <Box flexDirection="column">
          <Text wrap="truncate-end">
            <Text {...tone("cyan")}>{bar(fraction, width)}</Text>
            {` ${counts}  `}
            <Text {...tone("green")}>{`✓ ${state.succeeded}`}</Text>
            {"  "}
            <Text {...(state.failed > 0 ? tone("red") : {})}>{`✗ ${state.failed}`}</Text>
            {state.skipped > 0 ? `  ↷ ${state.skipped}` : ""}
            <Text dimColor={color}>
              {`  ${fmt.dec(rate)} rows/s  ETA ${fmt.duration(etaSeconds(state))}`}
            </Text>
          </Text>
          {state.phase === "stopping" ? (
            <Text {...tone("yellow")}>
              {`Stopping: waiting for ${state.inFlight} in flight (Ctrl-C again to quit now)…`}
            </Text>
          ) : null}
        </Box>
      ) : (
        <Text {...tone(state.failed > 0 || state.phase === "interrupted" ? "yellow" : "green")}>
          {`${state.phase === "interrupted" ? "Interrupted" : "Done"}: ${counts} — ${state.succeeded} succeeded, ${state.failed} failed${state.skipped > 0 ? `, ${state.skipped} already done` : ""} in ${fmt.duration(seconds)} (${fmt.dec(rate)} rows/s)`}
        </Text>
      )}
    </Box>
  );
}
