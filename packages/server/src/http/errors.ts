/**
 * The HTTP side of the one error vocabulary (`AppError`, lib/errors.ts): one middleware writes
 * `{ code, message, issues?, details? }` with the status the SDK's ERRORS table gives the code.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { AppError } from "../lib/errors.js";

/** Unknown /api paths answer a JSON 404, never the app's HTML. */
export const apiNotFound: RequestHandler = (req) => {
  // req.path is relative to where this handler is mounted (/api): name the path as called.
  const path = req.originalUrl.split("?")[0];
  throw new AppError("NOT_FOUND", `No such API route: ${req.method} ${path}`);
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Turns anything thrown into the error body; only genuine faults are 500 and logged as errors. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let error: AppError;
  if (err instanceof AppError) {
    error = err;
  } else {
    const e = err as HttpishError;
    const status = e.status ?? e.statusCode;
    if (e.type === "entity.parse.failed") {
      error = new AppError("VALIDATION_FAILED", "The request body is not valid JSON");
    } else if (e.type === "entity.too.large") {
      error = new AppError("PAYLOAD_TOO_LARGE", "The request body is too large");
    } else if (e.type === "encoding.unsupported" || e.type === "charset.unsupported") {
      error = new AppError("UNSUPPORTED_MEDIA_TYPE", "Unsupported request encoding");
    } else if (status && status >= 400 && status < 500 && e.expose !== false) {
      error = new AppError(status === 404 ? "NOT_FOUND" : "BAD_REQUEST", (err as Error).message);
    } else {
      req.log?.error({ err }, "unhandled error");
      error = new AppError("INTERNAL", "Something went wrong on our side. Please try again.");
    }
  }
  if (res.headersSent) return;
  // A refusal that passes (a full queue: 503 UNAVAILABLE) says when to try again.
  const retryAfter = error.details?.retryAfterSeconds;
  if (typeof retryAfter === "number") res.setHeader("Retry-After", String(Math.ceil(retryAfter)));
  res.status(error.status).json(error.toBody());
};
