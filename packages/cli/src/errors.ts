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
interface ApiErrorLike {
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
    const suggestions = error.details?.suggestions;
    const hint =
      Array.isArray(suggestions) && suggestions.length > 0 && !/did you mean/i.test(message)
        ? `Did you mean: ${suggestions.slice(0, 5).join(", ")}?`
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
