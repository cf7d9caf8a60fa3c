/**
 * Checks an uploaded brand logo and turns it into the PNG that is stored, served and drawn
 * for a partner's brand. The type comes from the bytes (magic numbers), never from a file name:
 *
 * - PNG: the header's dimensions are checked before anything is decoded (no decompression
 *   bombs): each side within BRAND_LOGO's, and at most LOGO_MAX_PIXELS in all; then the image
 *   is decoded and written again in a child process (logo-raster.ts), which drops every
 *   ancillary chunk and never blocks the server (a 2000 × 2000 16-bit PNG is about a second).
 * - SVG: refused when it holds a script, an event handler, an embedded document, a DOCTYPE or
 *   entity, or any reference that is not a same-document fragment (`#id`): nothing is ever
 *   loaded. Refused too when it uses what can make drawing it arbitrarily slow or large —
 *   filters (`feMorphology` with a large radius took minutes), patterns, many `<use>` copies,
 *   more masks and clip paths or deeper nesting than a logo needs (a chain of 1,200 `<mask>`
 *   grew a process to 2.8 GB). It is then rasterised to PNG (resvg: no scripts, no network, no
 *   system fonts) in a child process with a deadline and a memory budget, a few at once
 *   (logo-raster.ts), so browsers and the PDF only ever see a PNG and no logo can stall or
 *   exhaust the server.
 */
import { BRAND_LOGO, BRAND_MESSAGES } from "@bis/sdk";
import { AppError } from "../lib/errors.js";
import { rasteriseSvg, reencodePng } from "./logo-raster.js";

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

/**
 * The most pixels a PNG logo may have, read from its header before it is decoded: 4 MP, what
 * the side caps allow (2000 × 2000), stated on its own so that no change of those caps raises
 * the memory a decode may need (at most 32 MB of 16-bit RGBA) unnoticed.
 */
export const LOGO_MAX_PIXELS = 4_000_000;
export const LOGO_TOO_MANY_PIXELS = `The logo may have at most ${LOGO_MAX_PIXELS / 1e6} million pixels (width × height)`;

/** Valid bit depths of each PNG colour type (PNG specification, IHDR). */
const PNG_BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

async function checkPng(bytes: Buffer): Promise<CheckedLogo> {
  // IHDR is the first chunk: length (4), "IHDR" (4), width (4), height (4), bit depth (1),
  // colour type (1), compression, filter, interlace (1 each).
  if (bytes.length < 33 || bytes.toString("latin1", 12, 16) !== "IHDR")
    throw invalid(BRAND_MESSAGES.logoBroken);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (!PNG_BIT_DEPTHS[bytes[25] ?? -1]?.includes(bytes[24] ?? -1))
    throw invalid(BRAND_MESSAGES.logoBroken);
  checkSides(width, height);
  if (width * height > LOGO_MAX_PIXELS)
    throw invalid(`${LOGO_TOO_MANY_PIXELS} (this one is ${width} × ${height})`);
  const image = await reencodePng(bytes);
  return { ...image, sourceType: "image/png" };
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
/**
 * Each mask or clip path is drawn to a layer of its own, and one may refer to the next: a
 * chain of 1,200 masks in 101 KB grew resvg by 350 MB a second. A logo needs a few.
 */
export const MAX_SVG_MASKS = 32;
/** Each nested group with opacity is a layer too (400 nested groups in 8 KB: 1 GB, 4 s). */
export const MAX_SVG_DEPTH = 48;
export const SVG_TOO_DEEP = `SVG logos may use at most ${MAX_SVG_MASKS} masks and clip paths and nest elements at most ${MAX_SVG_DEPTH} deep: flatten the logo or upload a PNG`;

/** How deeply the document's elements nest (comments left out; a tag count, not a parse). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, close, selfClose] of text
    .replace(/<!--[\s\S]*?-->/g, "")
    .matchAll(/<(\/?)[a-z][^>]*?(\/?)>/gi)) {
    if (close) depth--;
    else if (!selfClose) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

async function checkSvg(text: string): Promise<CheckedLogo> {
  if (UNSAFE_SVG.some((pattern) => pattern.test(text))) throw invalid(BRAND_MESSAGES.svgUnsafe);
  if (
    EXPENSIVE_SVG.some((pattern) => pattern.test(text)) ||
    (text.match(/<\s*(?:[a-z]+:)?use\b/gi)?.length ?? 0) > MAX_SVG_USES
  )
    throw invalid(BRAND_MESSAGES.svgExpensive);
  if (
    (text.match(/<\s*(?:[a-z]+:)?(?:mask|clipPath)\b/gi)?.length ?? 0) > MAX_SVG_MASKS ||
    nestingDepth(text) > MAX_SVG_DEPTH
  )
    throw invalid(SVG_TOO_DEEP);
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
