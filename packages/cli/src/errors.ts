/**
 * Failures a person can act on: what went wrong, and a hint of what to do, chosen by the
 * error's code (never by its text). Imports nothing heavy (the binary loads it for every
 * command): the SDK's error vocabulary comes from its zod-free entry.
 */
import { type BisApiError, type ErrorKind, isBisApiError } from "@bis/sdk/constants";

export const EXIT = {
  ok: 0,
  failure: 1,
  /** A batch finished, but some rows failed. */
  partial: 2,
  /** Stopped by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const;

export class CliError extends Error {
  override readonly name = "CliError";
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(message: string, hint?: string, exitCode: number = EXIT.failure) {
    super(message);
    this.hint = hint;
    this.exitCode = exitCode;
  }
}

export const SIGN_IN_HINT = "Run `bis login` or set BIS_TOKEN.";

/**
 * A failed batch row on one line: "422: We couldn't find … Did you mean A, B?" (an
 * UNKNOWN_CITY message already offers the near names).
 */
export function rowFailure(error: unknown): string {
  if (isBisApiError(error))
    return `${error.code === "NETWORK_ERROR" ? "no answer" : error.status}: ${error.serverMessage}`;
  return error instanceof Error ? error.message : String(error);
}

/** The hint for a refusal, by its code, else by its kind; undefined when the message says it all. */
function hintFor(error: BisApiError): string | undefined {
  switch (error.code) {
    case "INVALID_CREDENTIALS":
      return "Check the email and password.";
    case "EMAIL_NOT_VERIFIED":
      return "Open the link in the mail, then run `bis login` again.";
    case "ADMIN_REQUIRED":
      return "This needs an administrator account.";
    case "UNKNOWN_CITY":
      return "Check the spelling of the city and its state.";
    case "ANALYSIS_NOT_FOUND":
      return "Check the id: `bis analyses list` shows yours.";
    case "COMPARISON_NOT_FOUND":
      return "Check the id: `bis comparisons list` shows yours.";
    case "USER_NOT_FOUND":
      return "Check the user: `bis admin users list` shows them.";
    case "PARTNER_NOT_FOUND":
      return "Check the id: `bis admin partners list` shows them.";
    case "TOKEN_NOT_FOUND":
      return "Check the id: `bis tokens list` shows yours.";
  }
  switch (error.kind) {
    case "UNAUTHORIZED":
      return SIGN_IN_HINT;
    case "PAYMENT_REQUIRED":
      return "Unlock the premium package for this analysis in the app, or ask an administrator.";
    case "NOT_FOUND":
      return "Check the id.";
    case "RATE_LIMITED":
      return "Wait a moment and try again.";
  }
  return undefined;
}

/** The kinds of a failure of the server (or of what is behind it), not of the request. */
const SERVER_FAILURES: ErrorKind[] = [
  "INTERNAL",
  "UPSTREAM_FAILED",
  "UNAVAILABLE",
  "GATEWAY_TIMEOUT",
];

/** Turns anything thrown into a message and a hint; `server` is the URL that was called. */
export function toCliError(error: unknown, server?: string): CliError {
  if (error instanceof CliError) return error;
  if (isBisApiError(error)) {
    const message = error.serverMessage || `The server answered ${error.status}`;
    if (error.code === "NETWORK_ERROR")
      return new CliError(
        `Could not reach the BIS server${server ? ` at ${server}` : ""}.`,
        "Check that it is running, or point to it with --server or BIS_URL.",
      );
    if (error.code === "SESSION_REQUIRED") return new CliError("Not signed in.", SIGN_IN_HINT);
    if (SERVER_FAILURES.includes(error.kind))
      return new CliError(
        `The server failed (${error.status}): ${message}`,
        "Try again; if it keeps failing, an administrator can read the server log.",
      );
    const issues = error.issues.filter((i) => i.message !== message).map((i) => i.message);
    return new CliError([message, ...issues].join("\n"), hintFor(error));
  }
  if (error instanceof Error) return new CliError(error.message);
  return new CliError(String(error));
}

/** "Error: …" and "Hint: …" lines for stderr. */
export function formatError(error: CliError): string {
  return `Error: ${error.message}\n${error.hint ? `Hint: ${error.hint}\n` : ""}`;
}
