import { describe, expect, it } from "vitest";
import { isFiniteNumber, isRecord } from "./guards.js";

describe("guards", () => {
  it("isRecord: plain objects only", () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], [1], "x", 3, true].map(isRecord)).toEqual(Array(7).fill(false));
  });

  it("isFiniteNumber: numbers that are neither NaN nor infinite", () => {
    expect([0, -1.5, 1e300].map(isFiniteNumber)).toEqual([true, true, true]);
    expect(
      [Number.NaN, Number.POSITIVE_INFINITY, "1", null, undefined].map(isFiniteNumber),
    ).toEqual(Array(5).fill(false));
  });
});
