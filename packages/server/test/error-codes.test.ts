/**
 * The error table is complete: every code the server throws or writes is a code of the SDK's
 * ERRORS table (the compiler checks AppError's; this also reads hand-written bodies), and the
 * texts of the specific codes come from the table, not from copies in the server.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERRORS } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { AppError } from "../src/lib/errors.js";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

const files = sources(src).map((file) => ({
  file: path.relative(src, file),
  text: readFileSync(file, "utf8"),
}));

/** Codes named where an error is made: `new AppError("X"`, `code: "X"` (hand-written bodies). */
function codesUsed(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const { file, text } of files) {
    for (const match of text.matchAll(/AppError\(\s*"([A-Z_]+)"|\bcode: "([A-Z_]+)"/g)) {
      const code = match[1] ?? match[2];
      if (code) used.set(code, [...(used.get(code) ?? []), file]);
    }
  }
  return used;
}

describe("the error table", () => {
  it("has every code the server throws or writes (and the server never sends NETWORK_ERROR)", () => {
    const used = codesUsed();
    expect(used.size).toBeGreaterThan(15);
    const unknown = [...used.keys()].filter((code) => !Object.hasOwn(ERRORS, code));
    expect(unknown, JSON.stringify(Object.fromEntries(used))).toEqual([]);
    expect(used.has("NETWORK_ERROR")).toBe(false);
  });

  it("is where the specific codes' texts live: the server names the code, not the words", () => {
    const used = codesUsed();
    for (const code of ["SESSION_REQUIRED", "ADMIN_REQUIRED", "KEYWORD_RESEARCH_REQUIRED"])
      expect(used.has(code), code).toBe(true);
    for (const text of [
      ERRORS.SESSION_REQUIRED.message,
      ERRORS.ADMIN_REQUIRED.message,
      ERRORS.KEYWORD_RESEARCH_REQUIRED.message,
    ]) {
      expect(
        files.filter((f) => f.text.includes(`"${text}"`)).map((f) => f.file),
        text,
      ).toEqual([]);
    }
  });

  it("gives an AppError the table's status, and its default message when none is given", () => {
    const error = new AppError("ADMIN_REQUIRED");
    expect([error.status, error.message]).toEqual([403, "Administrator privileges required."]);
    expect(error.toBody()).toEqual({
      code: "ADMIN_REQUIRED",
      message: "Administrator privileges required.",
    });
    const city = new AppError("UNKNOWN_CITY", "We couldn't find it", {
      details: { suggestions: ["Austin"] },
    });
    expect([city.status, city.toBody().details]).toEqual([422, { suggestions: ["Austin"] }]);
  });
});
