/// <reference types="node" />
/**
 * The server's GET /api/outlines?states=… for component tests: `fetch` answered from the same
 * files (src/assets/outlines/). Undo with `vi.unstubAllGlobals()`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";

const outlines = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../assets/outlines");

/** Stubs fetch; returns the `states` of each request, in order. */
export function serveOutlines(): string[] {
  const requested: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    const states = new URL(url, "http://bis.test").searchParams.get("states") ?? "";
    requested.push(states);
    const body = Object.fromEntries(
      states
        .split(",")
        .map((fips) => [
          fips,
          JSON.parse(readFileSync(path.join(outlines, `${fips}.json`), "utf8")),
        ]),
    );
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return requested;
}
