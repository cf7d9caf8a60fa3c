/**
 * axe-core in the browser tests: injects `axe.min.js` into the page (the context must be made
 * with `bypassCSP: true`: the app's Content-Security-Policy forbids inline scripts, which is how
 * playwright adds a script tag) and runs every rule axe enables by default. `blocking` keeps the
 * serious and critical violations; `describe` prints them one node per line.
 */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export type Impact = "minor" | "moderate" | "serious" | "critical";

export interface Violation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface AxeWindow {
  axe?: {
    run: (
      context: Document,
      options: object,
    ) => Promise<{
      violations: {
        id: string;
        impact: Impact | null;
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    }>;
  };
}

/** The violations axe finds on the page as it is now. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe))))
    await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as AxeWindow).axe;
    if (!axe) throw new Error("axe-core did not load (is the context made with bypassCSP?)");
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(" "),
        html: n.html.slice(0, 200),
        summary: (n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
      })),
    }));
  });
}

/** The violations a test fails on: serious and critical. */
export function blocking(violations: readonly Violation[]): Violation[] {
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** One line per offending node: "[serious] color-contrast (…) at main > p: summary". */
export function describe(violations: readonly Violation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) => `[${v.impact ?? "?"}] ${v.id} (${v.help}) at ${n.target}: ${n.summary} — ${n.html}`,
      ),
    )
    .join("\n");
}
