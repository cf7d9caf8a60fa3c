/**
 * The built web app (packages/app/dist), served in production on the API's port.
 *
 * - Files: the build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each text asset
 *   (vite-plugin-compression2); the copy the client accepts is sent with its `Content-Encoding`,
 *   the original file's `Content-Type`, and `Vary: Accept-Encoding`. A client that accepts neither
 *   gets the original bytes.
 * - Caching: Vite fingerprints everything under /assets/, so those are cached for a year as
 *   immutable; everything else (index.html above all) is revalidated on every use.
 * - Any other path is a screen of the app: the app's HTML, with HTTP 200 for the app's routes
 *   (APP_ROUTE_PATTERNS, the list the app's route table uses) and HTTP 404 for the rest, so the
 *   app's Not Found page shows with the right status.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { isAppRoute } from "@bis/sdk";
import { type Request, type Response, Router } from "express";

/** Precompressed copies, best first: brotli is smaller, gzip is accepted everywhere. */
const ENCODINGS = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

type Coding = (typeof ENCODINGS)[number]["coding"];

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** The quality value the Accept-Encoding header gives `coding` (0 when absent or refused). */
export function acceptedQuality(header: string | undefined, coding: Coding): number {
  if (!header) return 0;
  let wildcard = 0;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const quality = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    if (name === coding || (coding === "gzip" && name === "x-gzip")) return quality;
    if (name === "*") wildcard = quality;
  }
  return wildcard;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file under `root` that the URL path names, or null (outside root, hidden, or absent). */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const parts = decoded.split("/").filter(Boolean);
  // No hidden files (the build's .vite/manifest.json) and no way out of the folder.
  if (parts.some((part) => part.startsWith(".") || part.includes("\\"))) return null;
  const file = path.resolve(root, ...parts);
  if (!file.startsWith(root + path.sep)) return null;
  return isFile(file) ? file : null;
}

/**
 * Sends `file` (an existing file) with the best precompressed copy the request accepts.
 * `res.sendFile` brings conditional requests (ETag of the copy sent), ranges and HEAD.
 */
export function sendEncoded(
  req: Request,
  res: Response,
  root: string,
  file: string,
  options: { cacheControl: string; status?: number },
): void {
  const variants = ENCODINGS.filter(({ suffix }) => isFile(file + suffix));
  const header = req.headers["accept-encoding"];
  let best: (typeof ENCODINGS)[number] | undefined;
  let bestQ = 0;
  for (const variant of variants) {
    const q = acceptedQuality(header, variant.coding);
    if (q > bestQ) {
      best = variant;
      bestQ = q;
    }
  }

  res.type(path.extname(file));
  res.setHeader("Cache-Control", options.cacheControl);
  if (variants.length > 0) res.vary("Accept-Encoding");
  if (best) res.setHeader("Content-Encoding", best.coding);
  if (options.status) res.status(options.status);
  // Relative to `root`, so that only the part under it is checked for dot-files.
  res.sendFile(path.relative(root, best ? file + best.suffix : file), {
    root,
    // The Cache-Control above is the one that holds.
    cacheControl: false,
  });
}

/** GET and HEAD for everything outside /api: files of `dist`, else the app's HTML (200 or 404). */
export function appFiles(dist: string): Router {
  const root = path.resolve(dist);
  const indexHtml = path.join(root, "index.html");
  const router = Router();

  router.get("/{*splat}", (req, res) => {
    const file = req.path === "/" ? null : fileFor(root, req.path);
    if (file && file !== indexHtml) {
      const hashed = file.startsWith(path.join(root, "assets") + path.sep);
      sendEncoded(req, res, root, file, { cacheControl: hashed ? IMMUTABLE : REVALIDATE });
      return;
    }
    sendEncoded(req, res, root, indexHtml, {
      cacheControl: REVALIDATE,
      status: isAppRoute(req.path) ? 200 : 404,
    });
  });

  return router;
}
