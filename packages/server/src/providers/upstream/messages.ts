/**
 * The words of upstream failures, shared by the client and the providers that map their own
 * status conventions: an excerpt of a body, a time limit in seconds, an answer of the wrong shape.
 */
import type { z } from "zod";
import { AppError } from "../../lib/errors.js";

/**
 * The ways a secret can come back in a provider's answer or an error: as sent, URL-encoded
 * (upper- and lower-case hex, and form encoding with `+` for spaces, as in a query string), and
 * JSON-escaped (a body that quotes it).
 */
export function secretForms(secret: string): string[] {
  if (!secret) return [];
  const uri = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const jsonEscaped = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    form,
    jsonEscaped,
  ];
  return [...new Set(forms)];
}

/**
 * What HTTP basic authentication with `login` and `password` puts on the wire, each a secret:
 * the password, `login:password`, and its Base64 (padded, unpadded and URL-safe).
 */
export function basicAuthSecrets(login: string, password: string): string[] {
  const pair = `${login}:${password}`;
  const base64 = Buffer.from(pair).toString("base64");
  return [
    password,
    pair,
    base64,
    base64.replace(/=+$/, ""),
    Buffer.from(pair).toString("base64url"),
  ];
}

/** The `Authorization` header value of HTTP basic authentication. */
export function basicAuthHeader(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
}

/** Every occurrence of each secret, in every form of `secretForms`, replaced by "****". */
export function redact(text: string, secrets: readonly string[] = []): string {
  // Longest first, so that a secret inside a longer one (the password in `login:password`)
  // does not leave the rest of the longer one behind.
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  let out = text;
  for (const form of forms) out = out.split(form).join("****");
  return out;
}

/**
 * A body on one line for a message: secrets hidden, tags dropped, whitespace collapsed, at most
 * `max` characters ("…" when cut). Secrets are hidden before the text is normalised — a secret
 * with two spaces, a line break or `<…>` in it would no longer match once collapsed — and again
 * after, for one that only the collapsed text spells.
 */
export function snippet(text: string, secrets: readonly string[] = [], max = 200): string {
  const flat = redact(
    redact(text, secrets)
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
