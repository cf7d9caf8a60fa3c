/**
 * Reading a PDF in tests: its text with pdf.js, a page rendered to PNG with poppler's pdftoppm,
 * and how much ink a rendered page carries. Imported directly (not through index.ts), so tests
 * that read no PDF do not load pdf.js.
 */
import { spawnSync } from "node:child_process";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { PNG } from "pngjs";

/** The text of each page, items joined by spaces and whitespace collapsed. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
      pages.push(text.replace(/\s+/g, " "));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

const hasPdftoppm = spawnSync("pdftoppm", ["-v"]).error === undefined;

/** One page as a PNG, through pdftoppm from stdin to stdout: no files. */
export function renderPage(bytes: Uint8Array, page: number): PNG {
  if (!hasPdftoppm) {
    throw new Error(
      "pdftoppm is missing: install poppler-utils (Debian: apt-get install poppler-utils); `npm test` installs it when run as root.",
    );
  }
  const result = spawnSync(
    "pdftoppm",
    ["-png", "-r", "40", "-f", String(page), "-l", String(page), "-singlefile", "-"],
    { input: bytes, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr?.toString()}`);
  return PNG.sync.read(result.stdout);
}

/** Shares of pixels that are not white, and that are clearly coloured (not grey). */
export function ink(png: PNG): { nonWhite: number; coloured: number } {
  let nonWhite = 0;
  let coloured = 0;
  const pixels = png.width * png.height;
  for (let i = 0; i < pixels; i += 1) {
    const r = png.data[i * 4] ?? 255;
    const g = png.data[i * 4 + 1] ?? 255;
    const b = png.data[i * 4 + 2] ?? 255;
    if (r < 240 || g < 240 || b < 240) nonWhite += 1;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
  }
  return { nonWhite: nonWhite / pixels, coloured: coloured / pixels };
}
