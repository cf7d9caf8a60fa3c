/**
 * On-the-fly compression of API answers (JSON above a kilobyte) and of the widget file.
 * The app's own files are compressed at build time instead (see app-files.ts).
 *
 * Never compressed: answers below the threshold (the headers would cost more than they save),
 * PDFs (already compressed, and streamed), server-sent events (each event must reach the client
 * when written), and anything that already carries a Content-Encoding.
 */
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";

/** Smaller answers go as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const NEVER = /^(application\/pdf|text\/event-stream)\b/i;

function filter(req: Request, res: Response): boolean {
  const type = String(res.getHeader("Content-Type") ?? "");
  if (NEVER.test(type)) return false;
  return compression.filter(req, res);
}

export function responseCompression(): RequestHandler {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter });
}
