import { errorFromResponse } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { isAccessDenied } from "./use-admin-gate";

const answer = (status: number, code: string, message: string) =>
  errorFromResponse(status, "", JSON.stringify({ code, message }));

describe("isAccessDenied", () => {
  it("is the code ADMIN_REQUIRED, whatever the words", () => {
    expect(
      isAccessDenied(answer(403, "ADMIN_REQUIRED", "Administrator privileges required.")),
    ).toBe(true);
    expect(isAccessDenied(answer(403, "ADMIN_REQUIRED", "Admins only"))).toBe(true);
  });

  it("is not another 403, even with the administrator's words", () => {
    expect(isAccessDenied(answer(403, "FORBIDDEN", "Administrator privileges required."))).toBe(
      false,
    );
    expect(
      isAccessDenied(answer(403, "FORBIDDEN", "The last administrator cannot be removed")),
    ).toBe(false);
    expect(isAccessDenied(new Error("Administrator privileges required."))).toBe(false);
  });
});
