import { describe, expect, it } from "vitest";
import { defaultIndustry, INDUSTRY_PROFILES } from "./industry-profiles.js";

describe("defaultIndustry", () => {
  it("is the one active profile: HVAC today", () => {
    expect(defaultIndustry()).toBe("HVAC");
    expect(INDUSTRY_PROFILES.HVAC.active).toBe(true);
  });

  it("is none when several profiles, or none, are active", () => {
    const profiles = {
      HVAC: { id: "HVAC", active: true },
      Plumbing: { id: "Plumbing", active: true },
      Electrical: { id: "Electrical", active: false },
      Roofing: { id: "Roofing", active: false },
    } as const;
    expect(defaultIndustry(profiles)).toBe("");
    expect(defaultIndustry({ ...profiles, HVAC: { id: "HVAC", active: false } })).toBe("Plumbing");
    expect(
      defaultIndustry({
        ...profiles,
        HVAC: { id: "HVAC", active: false },
        Plumbing: { id: "Plumbing", active: false },
      }),
    ).toBe("");
  });
});
