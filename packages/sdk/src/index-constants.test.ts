import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as sdk from "./index.js";
import * as constants from "./index-constants.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every module `entry` reaches through its runtime imports (relative ones followed, packages
 * listed); type-only imports (`import type`, `typeof import(…)`) vanish from the bundle.
 */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8")
      .replace(/^import type [^;]*;/gm, "")
      .replace(/typeof import\("[^"]+"\)/g, "");
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

describe("the states", () => {
  it("are the 50 states and DC with their FIPS code and census region, in the names' order", () => {
    expect(constants.US_STATES).toHaveLength(51);
    expect(constants.US_STATES.map((s) => [s.code, s.name])).toEqual(
      Object.entries(constants.US_STATE_NAMES),
    );
    expect(new Set(constants.US_STATES.map((s) => s.fips)).size).toBe(51);
    const names = constants.US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(constants.US_STATES[0]).toEqual({
      code: "AL",
      name: "Alabama",
      fips: "01",
      region: "South",
    });
    expect(constants.US_STATES.find((s) => s.code === "NY")).toMatchObject({
      fips: "36",
      region: "Northeast",
    });
    expect(constants.US_STATES.find((s) => s.code === "CA")).toMatchObject({
      fips: "06",
      region: "West",
    });
    expect(constants.US_STATES.find((s) => s.code === "OH")).toMatchObject({
      fips: "39",
      region: "Midwest",
    });
    expect(constants.US_STATES.at(-1)).toMatchObject({ code: "WY", fips: "56" });
    // The District of Columbia: between Delaware and Florida, FIPS 11, the South.
    const dc = constants.US_STATES.findIndex((s) => s.code === "DC");
    expect(constants.US_STATES[dc]).toEqual({
      code: "DC",
      name: "District of Columbia",
      fips: "11",
      region: "South",
    });
    expect(constants.US_STATES[dc - 1]?.code).toBe("DE");
    expect(constants.US_STATES[dc + 1]?.code).toBe("FL");
    expect(constants.US_STATE_NAMES.DC).toBe("District of Columbia");
  });
});

describe("the message groups", () => {
  it("make up MESSAGES and WIDGET_MESSAGES, each message once", () => {
    const { MESSAGES, WIDGET_MESSAGES } = constants;
    const groups = [
      constants.NAME_MESSAGES,
      constants.EMAIL_MESSAGES,
      constants.PASSWORD_MESSAGES,
      constants.AREA_MESSAGES,
    ];
    expect(Object.assign({}, ...groups)).toEqual(MESSAGES);
    expect(groups.reduce((n, g) => n + Object.keys(g).length, 0)).toBe(
      Object.keys(MESSAGES).length,
    );
    expect({ ...constants.WIDGET_UI_MESSAGES, ...constants.PARTNER_ACCESS_MESSAGES }).toEqual(
      WIDGET_MESSAGES,
    );
  });
});
