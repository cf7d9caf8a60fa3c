/**
 * Checks an uploaded brand logo and turns it into the PNG that is stored, served and drawn
 * for a partner's brand. The type comes from the bytes (magic numbers), never from a file name:
 *
 * - PNG: the header's dimensions are checked before anything is decoded (no decompression
 *   bombs), then the image is decoded and written again, which drops every ancillary chunk.
 * - SVG: refused when it holds a script, an event handler, an embedded document, a DOCTYPE or
 *   entity, or any reference that is not a same-document fragment (`#id`): nothing is ever
 *   loaded. Refused too when it uses what can make drawing it arbitrarily slow — filters
 *   (`feMorphology` with a large radius took minutes), patterns, or many `<use>` copies (issue
 *   27). It is then rasterised to PNG (resvg: no scripts, no network, no system fonts) in a
 *   child process with a deadline (logo-raster.ts), so browsers and the PDF only ever see a PNG
 *   and no logo can stall the server.
 */
import { BRAND_LOGO, BRAND_MESSAGES } from "@bis/sdk";
import { PNG } from "pngjs";
import { AppError } from "../lib/errors.js";
import { rasteriseSvg } from "./logo-raster.js";

export interface CheckedLogo {
  /** The PNG to store. */
  png: Buffer;
  width: number;
  height: number;
  /** What was uploaded. */
  sourceType: "image/png" | "image/svg+xml";
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const invalid = (message: string) => new AppError("VALIDATION_FAILED", message);

function checkSides(width: number, height: number): void {
  const { minSide, maxSide } = BRAND_LOGO;
  if (width < minSide || height < minSide || width > maxSide || height > maxSide)
    throw invalid(`${BRAND_MESSAGES.logoDimensions} (this one is ${width} × ${height})`);
}

function checkPng(bytes: Buffer): CheckedLogo {
  // IHDR is the first chunk: length (4), "IHDR" (4), width (4), height (4).
  if (bytes.length < 33 || bytes.toString("latin1", 12, 16) !== "IHDR")
    throw invalid(BRAND_MESSAGES.logoBroken);
  checkSides(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  let image: PNG;
  try {
    image = PNG.sync.read(bytes);
  } catch {
    throw invalid(BRAND_MESSAGES.logoBroken);
  }
  const png = PNG.sync.write(image, { colorType: 6 });
  return { png, width: image.width, height: image.height, sourceType: "image/png" };
}

/**
 * An SVG document: text that opens with `<svg` after an optional XML declaration, comments and
 * DOCTYPE (recognised here so that it is refused as unsafe, not as another type).
 */
function svgText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const head = text
    .replace(/^\s*<\?xml[^>]*\?>/, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .replace(/^\s*<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .trimStart();
  return /^<svg[\s>]/i.test(head) ? text : null;
}

/** What makes an SVG unsafe: each pattern names one thing BIS refuses rather than cleans. */
const UNSAFE_SVG: readonly RegExp[] = [
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<\s*(script|foreignObject|iframe|embed|object|audio|video|canvas|handler|listener)\b/i,
  /\son[a-z]+\s*=/i,
  // Any href/src that is not a fragment of this document: no files, no URLs, no data: URIs.
  /\b(?:xlink:)?(?:href|src)\s*=\s*["']\s*(?!#)/i,
  /url\(\s*["']?\s*(?!#)/i,
  /@import/i,
  /javascript:/i,
];

/** What can make an SVG slow to draw, however small the file (an upload must not tie up the server). */
const EXPENSIVE_SVG: readonly RegExp[] = [
  /<\s*(?:[a-z]+:)?(filter|fe[a-z]+|pattern)\b/i,
  /\bfilter\s*[:=]/i,
];
/** More `<use>` copies than a logo needs can multiply into millions of drawn shapes. */
const MAX_SVG_USES = 50;

async function checkSvg(text: string): Promise<CheckedLogo> {
  if (UNSAFE_SVG.some((pattern) => pattern.test(text))) throw invalid(BRAND_MESSAGES.svgUnsafe);
  if (
    EXPENSIVE_SVG.some((pattern) => pattern.test(text)) ||
    (text.match(/<\s*(?:[a-z]+:)?use\b/gi)?.length ?? 0) > MAX_SVG_USES
  )
    throw invalid(BRAND_MESSAGES.svgExpensive);
  const png = await rasteriseSvg(text, { side: BRAND_LOGO.svgRasterSide });
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_MAGIC))
    throw invalid(BRAND_MESSAGES.svgBroken);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  checkSides(width, height);
  return { png, width, height, sourceType: "image/svg+xml" };
}

/** The logo to store, from the uploaded bytes; a 4xx AppError saying what is wrong otherwise. */
export async function checkLogo(bytes: Buffer): Promise<CheckedLogo> {
  if (bytes.length === 0) throw invalid(BRAND_MESSAGES.logoEmpty);
  if (bytes.length > BRAND_LOGO.maxBytes)
    throw new AppError("PAYLOAD_TOO_LARGE", BRAND_MESSAGES.logoTooLarge);
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return checkPng(bytes);
  const svg = svgText(bytes);
  if (svg) return checkSvg(svg);
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", BRAND_MESSAGES.logoType);
}
