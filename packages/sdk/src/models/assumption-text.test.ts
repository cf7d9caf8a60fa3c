import { describe, expect, it } from "vitest";
import { assumptionValueText } from "./assumption-text.js";

describe("assumptionValueText: an assumption's value in words (results page and PDF)", () => {
  it("writes each market unit as the assumptions panel shows it", () => {
    expect(assumptionValueText("share", 0.531)).toBe("53.1%");
    expect(assumptionValueText("years", 15)).toBe("15 years");
    expect(assumptionValueText("years", 1)).toBe("1 year");
    expect(assumptionValueText("rate", 0.15)).toBe("0.15 per year");
    expect(assumptionValueText("usd", 4575)).toBe("$4,575");
  });
});
