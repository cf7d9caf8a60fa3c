import { describe, expect, it } from "vitest";
import { displayName, fullName } from "./display-name";

describe("displayName / fullName", () => {
  it("prefers the first name and falls back to the email", () => {
    expect(displayName({ firstName: "Dana", email: "dana@example.com" })).toBe("Dana");
    expect(displayName({ firstName: " ", email: "dana@example.com" })).toBe("dana@example.com");
    expect(displayName({ firstName: null, email: "dana@example.com" })).toBe("dana@example.com");
  });

  it('joins the name parts, or says "Not provided"', () => {
    expect(fullName({ firstName: "Dana", lastName: "Reyes" })).toBe("Dana Reyes");
    expect(fullName({ firstName: "Dana", lastName: null })).toBe("Dana");
    expect(fullName({ firstName: null, lastName: "" })).toBe("Not provided");
  });
});
