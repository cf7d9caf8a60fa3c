import { describe, expect, it } from "vitest";
import { apiError } from "../test/fakes.js";
import { CliError, rowFailure, SIGN_IN_HINT, toCliError } from "./errors.js";

describe("toCliError", () => {
  it("keeps an unknown city's message, which offers the near names, with a spelling hint", () => {
    const error = toCliError(
      apiError(422, 'We couldn\'t find "Austn" in Texas. Did you mean Austin, Aston?', {
        code: "UNKNOWN_CITY",
        details: { suggestions: ["Austin", "Aston"] },
      }),
    );
    expect(error.message).toBe('We couldn\'t find "Austn" in Texas. Did you mean Austin, Aston?');
    expect(error.hint).toBe("Check the spelling of the city and its state.");
    const none = toCliError(
      apiError(422, 'We couldn\'t find "Xq" in Texas. Check the spelling and the state.', {
        code: "UNKNOWN_CITY",
        details: { suggestions: [] },
      }),
    );
    expect(none.hint).toBe("Check the spelling of the city and its state.");
    expect(toCliError(apiError(422, "Nope", { details: { suggestions: [] } })).hint).toBe(
      undefined,
    );
  });

  it("decides by the code, not by the message text", () => {
    // SESSION_REQUIRED is "Not signed in.", whatever the server's words.
    const session = toCliError(apiError(401, "Bitte anmelden", { code: "SESSION_REQUIRED" }));
    expect([session.message, session.hint]).toEqual(["Not signed in.", SIGN_IN_HINT]);
    const credentials = toCliError(apiError(401, "Nope", { code: "INVALID_CREDENTIALS" }));
    expect([credentials.message, credentials.hint]).toEqual([
      "Nope",
      "Check the email and password.",
    ]);
    // The administrator's hint goes with ADMIN_REQUIRED only, not with every 403.
    const admin = toCliError(
      apiError(403, "Administrator privileges required.", { code: "ADMIN_REQUIRED" }),
    );
    expect(admin.hint).toBe("This needs an administrator account.");
    const token = toCliError(apiError(403, "Not with an API token", { code: "FORBIDDEN" }));
    expect(token.hint).toBe(undefined);
    const unverified = toCliError(apiError(403, "Verify first", { code: "EMAIL_NOT_VERIFIED" }));
    expect(unverified.hint).toBe("Open the link in the mail, then run `bis login` again.");
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

describe("rowFailure", () => {
  it("puts a refused row on one line, with the server's message", () => {
    const refused = apiError(422, 'We couldn\'t find "Austn" in Texas. Did you mean Austin?', {
      code: "UNKNOWN_CITY",
      details: { suggestions: ["Austin"] },
    });
    expect(rowFailure(refused)).toBe(
      '422: We couldn\'t find "Austn" in Texas. Did you mean Austin?',
    );
  });

  it("says 'no answer' for a dropped connection, and the message of anything else", () => {
    expect(rowFailure(apiError(0, "fetch failed"))).toBe("no answer: fetch failed");
    expect(rowFailure(new Error("disk full"))).toBe("disk full");
    expect(rowFailure("odd")).toBe("odd");
  });
});
