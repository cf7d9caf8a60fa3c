import { describe, expect, it } from "vitest";
import { apiError } from "../test/fakes.js";
import { CliError, rowFailure, SIGN_IN_HINT, toCliError } from "./errors.js";

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

describe("rowFailure", () => {
  it("puts a refused row on one line, with three near names at most", () => {
    const refused = apiError(422, 'We couldn\'t find "Austn" in Texas.', {
      details: { suggestions: ["Austin", "Aston", "Alton", "Anson"] },
    });
    expect(rowFailure(refused)).toBe(
      '422: We couldn\'t find "Austn" in Texas. (did you mean Austin, Aston, Alton?)',
    );
    const offered = apiError(422, "Not found. Did you mean Austin?", {
      details: { suggestions: ["Austin"] },
    });
    expect(rowFailure(offered)).toBe("422: Not found. Did you mean Austin?");
  });

  it("says 'no answer' for a dropped connection, and the message of anything else", () => {
    expect(rowFailure(apiError(0, "fetch failed"))).toBe("no answer: fetch failed");
    expect(rowFailure(new Error("disk full"))).toBe("disk full");
    expect(rowFailure("odd")).toBe("odd");
  });
});
