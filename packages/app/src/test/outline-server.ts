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

const read = (file: string) => JSON.parse(readFileSync(path.join(outlines, file), "utf8"));
const codes = (value: string | null) => (value ?? "").split(",").filter(Boolean);

/**
 * Stubs fetch; returns the `states` of each request, in order (with `&zips=…` when the request
 * asked for ZIP layers, which come under "zips" as the server sends them).
 */
export function serveOutlines(): string[] {
  const requested: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    const query = new URL(url, "http://bis.test").searchParams;
    const states = query.get("states") ?? "";
    const zips = codes(query.get("zips"));
    requested.push(zips.length > 0 ? `${states}&zips=${zips.join(",")}` : states);
    const body: Record<string, unknown> = Object.fromEntries(
      codes(states).map((fips) => [fips, read(`${fips}.json`)]),
    );
    if (zips.length > 0)
      body.zips = Object.fromEntries(zips.map((fips) => [fips, read(`zips/${fips}.json`)]));
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return requested;
}
