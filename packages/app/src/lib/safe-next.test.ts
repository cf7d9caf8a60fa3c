import { describe, expect, it } from "vitest";
import { safeNext, signInFor } from "./safe-next";

describe("safeNext", () => {
  it("keeps a same-origin path with its query and hash", () => {
    expect(safeNext("/analysis/an_42")).toBe("/analysis/an_42");
    expect(safeNext("/analysis/an_42?tab=zip#map")).toBe("/analysis/an_42?tab=zip#map");
    expect(safeNext("/comparisons/c%201")).toBe("/comparisons/c%201");
  });

  it.each([
    ["nothing", null],
    ["empty", ""],
    ["protocol-relative", "//evil.com"],
    ["protocol-relative with a path", "//evil.com/analysis/1"],
    ["absolute", "https://evil.com/analysis/1"],
    ["javascript:", "javascript:alert(1)"],
    ["a backslash", "/\\evil.com"],
    ["backslashes", "\\\\evil.com"],
    ["an encoded-looking backslash later", "/analysis/1\\..\\"],
    ["a tab", "/\t/evil.com"],
    ["a newline", "/\n/evil.com"],
    ["relative", "analysis/1"],
  ])("rejects %s", (_what, next) => {
    expect(safeNext(next)).toBeNull();
  });

  it("builds the sign-in link", () => {
    expect(signInFor("/analysis/an_42?x=1")).toBe("/signin?next=%2Fanalysis%2Fan_42%3Fx%3D1");
    expect(safeNext(new URLSearchParams(signInFor("/a?b=1").split("?")[1]).get("next"))).toBe(
      "/a?b=1",
    );
  });
});
