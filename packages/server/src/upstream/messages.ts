/**
 * The words of upstream failures, shared by the client and the providers that map their own
 * status conventions: an excerpt of a body, a time limit in seconds, an answer of the wrong shape.
 */
import type { z } from "zod";
import { AppError } from "../lib/errors.js";

/** Every occurrence of each secret replaced by "****". */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join("****");
  return out;
}

/**
 * A body on one line for a message: tags dropped, whitespace collapsed, secrets hidden, at most
 * `max` characters ("…" when cut).
 */
export function snippet(text: string, secrets: readonly string[] = [], max = 200): string {
  const flat = redact(
    text
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    secrets,
  );
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** 300 → "0.3 s", 15000 → "15 s". */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** "<label> returned an unexpected answer (results.0.text: Invalid input)." */
export function unexpectedAnswer(label: string, error: z.ZodError): AppError {
  const first = error.issues[0];
  return new AppError(
    "UPSTREAM_FAILED",
    `${label} returned an unexpected answer${first ? ` (${first.path.join(".") || "body"}: ${first.message})` : ""}.`,
  );
}
