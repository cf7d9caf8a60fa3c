/**
 * GET /api/outlines?states=48,40 — the offline basemap's state outlines (the app's
 * `src/assets/outlines/<FIPS>.json`, TopoJSON derived from us-atlas), the states a map has in
 * view in one answer: `{ "48": <topology>, "40": <topology> }` (the comparison page once
 * made one request per state). With `&zips=48`, the same answer also carries those states' ZIP
 * map layers (`src/assets/outlines/zips/<FIPS>.json`: ZCTA outlines, Interstates, water) under
 * `"zips"`: `{ "48": …, "zips": { "48": <topology> } }`. Public data, the same for everyone:
 * cached for a day, gzipped when the browser accepts it. The files come from the built app
 * (`dist/outlines/`, copied there by its Vite config) or, without a build, from the app's
 * sources.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { endpoints } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { AppError } from "../lib/errors.js";

const FILE = /^(\d{2})\.json$/;
const MAX_STATES = 60;
/** Gzipped answers kept, the oldest dropped first. */
const MAX_COMPRESSED = 32;

function outlineDirectory(appDist: string | null, sub = ""): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    ...(appDist ? [path.join(appDist, "outlines", sub)] : []),
    // packages/server/dist → packages/app/src/assets/outlines; from src/routes one more level.
    path.resolve(here, "../../app/src/assets/outlines", sub),
    path.resolve(here, "../../../app/src/assets/outlines", sub),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "48.json"))) ?? null;
}

/** `?name=36,34`: the distinct codes asked for (empty when none). */
function codes(value: unknown): string[] {
  const raw = typeof value === "string" ? value : "";
  return [...new Set(raw.split(",").filter(Boolean))];
}

/** Every state's file, read once, as text (answers are joined, never parsed). */
function readOutlines(dir: string | null): Map<string, string> {
  const files = new Map<string, string>();
  if (!dir) return files;
  for (const name of readdirSync(dir)) {
    const fips = FILE.exec(name)?.[1];
    if (fips) files.set(fips, readFileSync(path.join(dir, name), "utf8").trim());
  }
  return files;
}

export function outlineRoutes({ config }: AppContext, routes: EndpointRoutes): void {
  let outlines: Map<string, string> | undefined;
  let zipLayers: Map<string, string> | undefined;
  const compressed = new Map<string, Buffer>();
  routes.on(endpoints.site.outlines, ({ req, res }) => {
    outlines ??= readOutlines(outlineDirectory(config.appDist));
    const states = codes(req.query.states);
    const zips = codes(req.query.zips);
    const valid = (list: string[]) =>
      list.length <= MAX_STATES && list.every((s) => /^\d{2}$/.test(s));
    if (states.length + zips.length === 0 || !valid(states) || !valid(zips))
      throw new AppError(
        "VALIDATION_FAILED",
        `states, zips: one to ${MAX_STATES} two-digit state FIPS codes, separated by commas`,
      );
    if (zips.length > 0) zipLayers ??= readOutlines(outlineDirectory(config.appDist, "zips"));
    const known = states.filter((s) => outlines?.has(s));
    const knownZips = zips.filter((s) => zipLayers?.has(s));
    if (known.length + knownZips.length === 0) throw new AppError("OUTLINES_NOT_FOUND");
    const parts = known.map((s) => `"${s}":${outlines?.get(s)}`);
    if (knownZips.length > 0)
      parts.push(`"zips":{${knownZips.map((s) => `"${s}":${zipLayers?.get(s)}`).join(",")}}`);
    const body = `{${parts.join(",")}}`;
    res.set("Cache-Control", "public, max-age=86400");
    res.set("Vary", "Accept-Encoding");
    res.type("application/json");
    if (req.acceptsEncodings("gzip") === "gzip") {
      res.set("Content-Encoding", "gzip");
      // A ZIP map's answer is megabytes: compressed once per distinct question.
      const key = `${known.join(",")}|${knownZips.join(",")}`;
      let packed = compressed.get(key);
      if (!packed) {
        packed = gzipSync(body);
        if (compressed.size >= MAX_COMPRESSED)
          compressed.delete(compressed.keys().next().value ?? "");
        compressed.set(key, packed);
      }
      res.send(packed);
      return;
    }
    res.send(body);
  });
}
