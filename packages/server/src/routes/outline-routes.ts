/**
 * GET /api/outlines?states=48,40 — the offline basemap's state outlines (the app's
 * `src/assets/outlines/<FIPS>.json`, TopoJSON derived from us-atlas), the states a map has in
 * view in one answer: `{ "48": <topology>, "40": <topology> }` (the comparison page once
 * made one request per state). Public data, the same for everyone: cached for a day, gzipped
 * when the browser accepts it. The files come from the built app (`dist/outlines/`, copied
 * there by its Vite config) or, without a build, from the app's sources.
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

function outlineDirectory(appDist: string | null): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    ...(appDist ? [path.join(appDist, "outlines")] : []),
    // packages/server/dist → packages/app/src/assets/outlines; from src/routes one more level.
    path.resolve(here, "../../app/src/assets/outlines"),
    path.resolve(here, "../../../app/src/assets/outlines"),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "48.json"))) ?? null;
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
  routes.on(endpoints.site.outlines, ({ req, res }) => {
    outlines ??= readOutlines(outlineDirectory(config.appDist));
    const raw = typeof req.query.states === "string" ? req.query.states : "";
    const states = [...new Set(raw.split(",").filter(Boolean))];
    if (states.length === 0 || states.length > MAX_STATES || states.some((s) => !/^\d{2}$/.test(s)))
      throw new AppError(
        "VALIDATION_FAILED",
        `states: one to ${MAX_STATES} two-digit state FIPS codes, separated by commas`,
      );
    const known = states.filter((s) => outlines?.has(s));
    if (known.length === 0) throw new AppError("NOT_FOUND", "No outlines for these states");
    const body = `{${known.map((s) => `"${s}":${outlines?.get(s)}`).join(",")}}`;
    res.set("Cache-Control", "public, max-age=86400");
    res.set("Vary", "Accept-Encoding");
    res.type("application/json");
    if (req.acceptsEncodings("gzip") === "gzip") {
      res.set("Content-Encoding", "gzip");
      res.send(gzipSync(body));
      return;
    }
    res.send(body);
  });
}
