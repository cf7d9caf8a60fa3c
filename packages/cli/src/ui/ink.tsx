/**
 * The Ink side of ui/: loaded only when a terminal will see it, so that pipes, --json and
 * `--help` never pay for React.
 */
import { render, renderToString } from "ink";
import type { Io } from "../io.js";
import { BatchProgress, type ProgressState } from "./components/batch-progress.js";
import { DocView } from "./components/doc-view.js";
import { Prompt } from "./components/prompt.js";
import type { Doc } from "./doc.js";

/** The width a table needs (every cell plus two spaces), so it is never broken mid-row. */
function tableWidth(doc: Doc): number {
  let widest = 0;
  for (const block of doc) {
    if (block.kind !== "table") continue;
    const width = block.columns.reduce(
      (sum, column, i) =>
        sum +
        2 +
        Math.max([...column.header].length, ...block.rows.map((r) => [...(r[i] ?? "")].length)),
      0,
    );
    widest = Math.max(widest, width);
  }
  return widest;
}

/**
 * A document as the terminal will show it. Text wraps at the terminal's width; a wider table
 * keeps its rows whole (the terminal wraps them, as it does for `ls -l`).
 */
export function renderDoc(doc: Doc, options: { color: boolean; columns?: number }): string {
  const out = renderToString(<DocView doc={doc} color={options.color} />, {
    columns: Math.max(options.columns ?? 100, tableWidth(doc)),
  });
  return `${out}\n`;
}

export async function promptLine(io: Io, label: string, mask: boolean): Promise<string | null> {
  let answer: string | null = null;
  const instance = render(
    <Prompt
      label={label}
      mask={mask}
      color={io.color}
      onSubmit={(value) => {
        answer = value;
      }}
      onCancel={() => {
        answer = null;
      }}
    />,
    {
      stdout: io.stderr as NodeJS.WriteStream,
      stdin: io.stdin as NodeJS.ReadStream,
      exitOnCtrlC: false,
      patchConsole: false,
    },
  );
  await instance.waitUntilExit();
  return answer;
}

export interface LiveProgress {
  update(state: ProgressState): void;
  close(state: ProgressState): Promise<void>;
}

/** Redraws at most ten times a second on stderr; the last frame stays on screen. */
export function liveProgress(io: Io, initial: ProgressState): LiveProgress {
  let latest = initial;
  const view = (state: ProgressState) => <BatchProgress state={state} color={io.color} />;
  const instance = render(view(initial), {
    stdout: io.stderr as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 10,
  });
  const timer = setInterval(() => instance.rerender(view({ ...latest })), 250);
  timer.unref();
  return {
    update(state) {
      latest = state;
      instance.rerender(view({ ...state }));
    },
    async close(state) {
      clearInterval(timer);
      instance.rerender(view({ ...state }));
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}
