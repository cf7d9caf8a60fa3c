import { describe, expect, it } from "vitest";
import { CliError, SIGN_IN_HINT, toCliError } from "./errors.js";

/** A `BisApiError` as the SDK throws it (recognised by shape). */
function apiError(
  status: number,
  serverMessage: string,
  extra: { code?: string; details?: Record<string, unknown> } = {},
) {
  return Object.assign(new Error(serverMessage), {
    name: "BisApiError" as const,
    status,
    code: extra.code ?? "ERROR",
    serverMessage,
    issues: [],
    details: extra.details,
  });
}

describe("toCliError", () => {
  it("offers the server's near names as the hint, five at most", () => {
    const error = toCliError(
      apiError(422, 'We couldn\'t find "Austn" in Texas.', {
        code: "UNKNOWN_CITY",
        details: { suggestions: ["Austin", "Aston", "Alton", "Anson", "Acton", "Avon"] },
      }),
    );
    expect(error.message).toBe('We couldn\'t find "Austn" in Texas.');
    expect(error.hint).toBe("Did you mean: Austin, Aston, Alton, Anson, Acton?");
  });

  it("does not repeat names the message already offers, and falls back to a spelling hint", () => {
    const error = toCliError(
      apiError(422, 'We couldn\'t find "Austn" in Texas. Did you mean Austin?', {
        code: "UNKNOWN_CITY",
        details: { suggestions: ["Austin"] },
      }),
    );
    expect(error.hint).toBe("Check the spelling of the city and its state.");
    expect(toCliError(apiError(422, "Nope", { details: { suggestions: [] } })).hint).toBe(
      undefined,
    );
  });

  it("says how to sign in on a 401, and where the server should be on no answer", () => {
    expect(toCliError(apiError(401, "Invalid or revoked API token")).hint).toBe(SIGN_IN_HINT);
    const unreachable = toCliError(apiError(0, ""), "http://127.0.0.1:9");
    expect(unreachable.message).toBe("Could not reach the BIS server at http://127.0.0.1:9.");
  });

  it("keeps a CliError as it is", () => {
    const given = new CliError("Already clear.", "Nothing to add.");
    expect(toCliError(given)).toBe(given);
  });
});
