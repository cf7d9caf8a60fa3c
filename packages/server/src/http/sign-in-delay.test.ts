import { describe, expect, it } from "vitest";
import { SIGN_IN_DELAY_MAX_MS, signInDelayMs } from "./sign-in-delay.js";

describe("signInDelayMs", () => {
  it("is free for the first failures, then doubles from 1 s up to the cap, and never refuses", () => {
    const free = 10;
    const delays = [0, 9, 10, 11, 12, 13, 14, 20, 1_000].map((f) => signInDelayMs(f, free));
    expect(delays).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    expect(Math.max(...delays)).toBe(SIGN_IN_DELAY_MAX_MS);
  });
});
