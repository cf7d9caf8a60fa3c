import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

// The size budget: the IIFE partners embed stays within 12 KB gzipped (it loads on their pages).
const BUDGET = 12 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.resolve(here, "../dist/bis-widget.iife.js");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

describe("bundle size", () => {
  it("dist/bis-widget.iife.js is built from the current source", () => {
    if (!existsSync(bundle))
      throw new Error(
        "packages/widget/dist/bis-widget.iife.js is missing: run `pnpm -F @bis/widget build` first (the root test command builds every package).",
      );
    expect(
      statSync(bundle).mtimeMs,
      "dist is older than src/: run `pnpm -F @bis/widget build` again",
    ).toBeGreaterThanOrEqual(newestSource(here));
  });

  it(`is at most ${BUDGET} bytes gzipped, with no Node-only code or zod in it`, () => {
    if (!existsSync(bundle)) throw new Error("run `pnpm -F @bis/widget build` first");
    const code = readFileSync(bundle);
    const gzipped = gzipSync(code, { level: 9 }).length;
    expect(gzipped, `${code.length} bytes, ${gzipped} gzipped`).toBeLessThanOrEqual(BUDGET);
    const text = code.toString();
    expect(text).not.toMatch(/undici|node:/);
    expect(text).not.toContain("ZodError");
  });
});
