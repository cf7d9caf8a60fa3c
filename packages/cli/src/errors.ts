/**
 * Failures a person can act on: what went wrong, and a hint of what to do. Imports nothing
 * heavy (the binary loads it for every command); SDK errors are recognised by shape.
 */

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

/** The fields of `BisApiError` this module reads. */
export interface ApiErrorLike {
  name: "BisApiError";
  status: number;
  code: string;
  serverMessage: string;
  issues: { path: string; message: string }[];
  details?: Record<string, unknown>;
}

export function isApiError(error: unknown): error is ApiErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "BisApiError" &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

export const SIGN_IN_HINT = "Run `bis login` or set BIS_TOKEN.";

/**
 * The near names a refused city comes with (422 `details.suggestions`), at most `limit`, joined
 * with commas; null when there are none or the server's message already offers them.
 */
export function nearNames(error: ApiErrorLike, limit: number): string | null {
  const suggestions = error.details?.suggestions;
  if (!Array.isArray(suggestions) || suggestions.length === 0) return null;
  if (/did you mean/i.test(error.serverMessage)) return null;
  return suggestions.slice(0, limit).join(", ");
}

/** A failed batch row on one line: "422: We couldn't find … (did you mean A, B, C?)". */
export function rowFailure(error: unknown): string {
  if (isApiError(error)) {
    const names = nearNames(error, 3);
    const hint = names ? ` (did you mean ${names}?)` : "";
    return `${error.status === 0 ? "no answer" : error.status}: ${error.serverMessage}${hint}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Turns anything thrown into a message and a hint; `server` is the URL that was called. */
export function toCliError(error: unknown, server?: string): CliError {
  if (error instanceof CliError) return error;
  if (isApiError(error)) {
    const message = error.serverMessage || `The server answered ${error.status}`;
    switch (error.status) {
      case 0:
        return new CliError(
          `Could not reach the BIS server${server ? ` at ${server}` : ""}.`,
          "Check that it is running, or point to it with --server or BIS_URL.",
        );
      case 401:
        return new CliError(
          error.code === "UNAUTHORIZED" && message === "Please sign in to continue"
            ? "Not signed in."
            : message,
          error.code === "INVALID_CREDENTIALS" ? "Check the email and password." : SIGN_IN_HINT,
        );
      case 402:
        return new CliError(
          message,
          "Unlock the premium package for this analysis in the app, or ask an administrator.",
        );
      case 403:
        if (error.code === "EMAIL_NOT_VERIFIED")
          return new CliError(message, "Open the link in the mail, then run `bis login` again.");
        return new CliError(message, "This needs an administrator account.");
      case 404:
        return new CliError(message, "Check the id: `bis analyses list` shows yours.");
      case 429:
        return new CliError(message, "Wait a moment and try again.");
    }
    if (error.status >= 500)
      return new CliError(
        `The server failed (${error.status}): ${message}`,
        "Try again; if it keeps failing, an administrator can read the server log.",
      );
    const issues = error.issues.filter((i) => i.message !== message).map((i) => i.message);
    const names = nearNames(error, 5);
    const hint = names
      ? `Did you mean: ${names}?`
      : error.code === "UNKNOWN_CITY"
        ? "Check the spelling of the city and its state."
        : undefined;
    return new CliError([message, ...issues].join("\n"), hint);
  }
  if (error instanceof Error) return new CliError(error.message);
  return new CliError(String(error));
}

/** "Error: …" and "Hint: …" lines for stderr. */
export function formatError(error: CliError): string {
  return `Error: ${error.message}\n${error.hint ? `Hint: ${error.hint}\n` : ""}`;
}
