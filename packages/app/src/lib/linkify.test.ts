import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("linkify", () => {
  it("splits text and links in order, leaving trailing punctuation outside", () => {
    expect(linkify("Verify: https://bis.test/api/auth/verify?token=a.b. Thanks")).toEqual([
      { kind: "text", value: "Verify: " },
      { kind: "link", value: "https://bis.test/api/auth/verify?token=a.b" },
      { kind: "text", value: ". Thanks" },
    ]);
  });

  it("returns plain text untouched", () => {
    expect(linkify("no links here")).toEqual([{ kind: "text", value: "no links here" }]);
    expect(linkify("")).toEqual([]);
  });
});
