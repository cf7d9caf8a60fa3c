/** The Ink components, drawn with ink-testing-library (no terminal needed). */
import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { fields, heading, table, text } from "../doc.js";
import { BatchProgress, bar, etaSeconds, type ProgressState } from "./batch-progress.js";
import { DocView } from "./doc-view.js";
import { Prompt } from "./prompt.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("DocView", () => {
  it("draws headings, aligned fields with notes, and tables", () => {
    const { lastFrame } = render(
      <DocView
        color={false}
        doc={[
          heading("Austin, TX — HVAC"),
          fields([
            { label: "Households", value: "398,804", note: "modeled [1]" },
            { label: "Revenue", value: "$186,192,616", note: "modeled [2]" },
          ]),
          table(
            ["City", { header: "Population", align: "right" }],
            [
              ["Austin, TX", "947,671"],
              ["Buda, TX", "13,938"],
            ],
          ),
          text("done"),
        ]}
      />,
    );
    const frame = lastFrame() ?? "";
    expect(frame).toContain("Austin, TX — HVAC");
    expect(frame).toMatch(/Households\s+398,804\s+modeled \[1\]/);
    // Values line up: both notes start in the same column.
    const lines = frame.split("\n");
    const col = (needle: string) => lines.find((l) => l.includes(needle))?.indexOf("modeled");
    expect(col("Households")).toBe(col("Revenue"));
    expect(frame).toMatch(/City\s+Population/);
    expect(frame).toMatch(/Buda, TX\s+13,938/);
    // Right-aligned numbers end in the same column.
    expect(lines.find((l) => l.includes("947,671"))?.trimEnd().length).toBe(
      lines.find((l) => l.includes("Buda"))?.trimEnd().length,
    );
  });

  it("says so when a table is empty", () => {
    const { lastFrame } = render(
      <DocView color={false} doc={[table(["Id"], [], { empty: "No analyses yet." })]} />,
    );
    expect(lastFrame()).toContain("No analyses yet.");
  });
});

const base: ProgressState = {
  total: 100,
  done: 40,
  succeeded: 38,
  failed: 2,
  skipped: 10,
  inFlight: 4,
  elapsedMs: 8_000,
  failures: [
    { line: 6, label: "Nowhere, (no state)", message: "Please select a state" },
    { line: 15, label: "Atlantisville, TX", message: "422: We couldn't find it" },
  ],
  phase: "running",
};

describe("BatchProgress", () => {
  it("shows the bar, counts, rate and ETA, with failed rows above", () => {
    const { lastFrame } = render(<BatchProgress state={base} color={false} width={20} />);
    const frame = lastFrame() ?? "";
    expect(frame).toContain("✗ line 6 (Nowhere, (no state)): Please select a state");
    expect(frame).toContain("✗ line 15 (Atlantisville, TX): 422: We couldn't find it");
    // 40 of the 90 rows to do: 9 of 20 cells.
    expect(frame).toContain(`${"█".repeat(9)}${"░".repeat(11)} 50/100 rows`);
    expect(frame).toMatch(/✓ 38\s+✗ 2\s+↷ 10/);
    // 5 rows/s; 50 rows left → 10 s.
    expect(frame).toContain("5 rows/s  ETA 10 s");
  });

  it("keeps failures printed once and ends on a clean summary frame", () => {
    const { lastFrame, rerender, frames } = render(
      <BatchProgress state={{ ...base, failures: base.failures.slice(0, 1) }} color={false} />,
    );
    rerender(<BatchProgress state={base} color={false} />);
    rerender(
      <BatchProgress
        state={{ ...base, done: 90, succeeded: 88, phase: "finished", elapsedMs: 18_000 }}
        color={false}
      />,
    );
    const last = lastFrame() ?? "";
    expect(last).toContain(
      "Done: 100/100 rows — 88 succeeded, 2 failed, 10 already done in 18 s (5 rows/s)",
    );
    expect(last).not.toContain("░");
    expect(last).not.toContain("ETA");
    expect(last.split("line 6 (").length - 1).toBe(1);
    expect(frames.length).toBeGreaterThan(1);
  });

  it("says it is stopping after Ctrl-C", () => {
    const { lastFrame } = render(
      <BatchProgress state={{ ...base, phase: "stopping" }} color={false} />,
    );
    expect(lastFrame()).toContain("Stopping: waiting for 4 in flight");
  });

  it("computes bars and ETAs at the edges", () => {
    expect(bar(0, 4)).toBe("░░░░");
    expect(bar(1.5, 4)).toBe("████");
    expect(etaSeconds({ ...base, done: 0, elapsedMs: 0 })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("Prompt", () => {
  it("masks a password and submits it on Enter", async () => {
    const onSubmit = vi.fn();
    const { stdin, lastFrame } = render(
      <Prompt label="Password" mask color={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    await tick();
    stdin.write("s3cr");
    await tick();
    stdin.write("et");
    await tick();
    expect(lastFrame()).toContain("Password: ••••••");
    expect(lastFrame()).not.toContain("s3cret");
    stdin.write("\u007f"); // backspace
    await tick();
    stdin.write("\r");
    await tick();
    expect(onSubmit).toHaveBeenCalledWith("s3cre");
  });

  it("keeps a paste followed at once by Enter", async () => {
    const onSubmit = vi.fn();
    const { stdin } = render(
      <Prompt label="Email" color={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    await tick();
    stdin.write("ada@example.com");
    stdin.write("\r");
    await tick();
    expect(onSubmit).toHaveBeenCalledWith("ada@example.com");
  });

  it("shows what is typed without a mask, and cancels on Ctrl-C", async () => {
    const onCancel = vi.fn();
    const { stdin, lastFrame } = render(
      <Prompt label="Email" color={false} onSubmit={() => {}} onCancel={onCancel} />,
    );
    await tick();
    stdin.write("ada@example.com");
    await tick();
    expect(lastFrame()).toContain("Email: ada@example.com");
    stdin.write("\u0003");
    await tick();
    expect(onCancel).toHaveBeenCalled();
  });
});

describe("renderDoc", () => {
  it("never breaks a table row wider than the terminal", async () => {
    const { renderDoc } = await import("../ink.js");
    const wide = "x".repeat(70);
    const out = renderDoc([table(["A", "B"], [[wide, "2026-11-20 23:45"]])], {
      color: false,
      columns: 60,
    });
    expect(out.split("\n").find((l) => l.includes(wide))).toContain("2026-11-20 23:45");
  });
});
