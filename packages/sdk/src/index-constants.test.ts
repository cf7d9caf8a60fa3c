import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as sdk from "./index.js";
import * as constants from "./index-constants.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module `entry` reaches through its imports (relative ones followed, packages listed). */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      if (!spec) continue;
      if (spec.startsWith("."))
        visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, ".ts")));
      else packages.add(spec);
    }
  };
  visit(path.join(here, entry));
  return { files: [...files].map((f) => path.relative(here, f)), packages: [...packages] };
}

describe("@bis/sdk/constants", () => {
  it("imports no package (no zod): the widget bundles it", () => {
    const graph = importGraph("index-constants.ts");
    expect(graph.packages).toEqual([]);
    expect(graph.files.some((f) => f.startsWith("schemas"))).toBe(false);
  });

  it("offers the same values as the main entry", () => {
    const main: Record<string, unknown> = { ...sdk };
    for (const [name, value] of Object.entries(constants)) expect(main[name], name).toBe(value);
    expect(constants.MESSAGES.enterCity).toBe("Please enter a city");
    expect(constants.WIDGET_MESSAGES.consentRequired).toBe("Please agree to be contacted");
    expect(constants.PARTNER_KEY_HEADER).toBe("X-BIS-Partner-Key");
  });
});
