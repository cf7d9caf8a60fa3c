import { describe, expect, it } from "vitest";
import { analysesInsights, formatBytes, formatUptime, withinGuarantee } from "./admin-insights";

const row = (patch: Partial<Parameters<typeof analysesInsights>[0][number]> = {}) => ({
  industry: "HVAC",
  state: "TX",
  isPaid: false,
  marketAnalysisCompleted: true,
  keywordResearchCompleted: false,
  competitionAnalysisCompleted: false,
  ...patch,
});

describe("analysesInsights", () => {
  it("counts steps, paid conversion and groups, largest group first", () => {
    const insights = analysesInsights([
      row({ isPaid: true, keywordResearchCompleted: true }),
      row({ state: "CO" }),
      row({ industry: "Plumbing", state: "CO", isPaid: true }),
      row({ state: "CO" }),
    ]);
    expect(insights.total).toBe(4);
    expect(insights.paid).toBe(2);
    expect(insights.conversion).toBe(0.5);
    expect(insights.steps.map((s) => [s.step, s.completed, s.share])).toEqual([
      ["market", 4, 1],
      ["keywords", 1, 0.25],
      ["competition", 0, 0],
    ]);
    expect(insights.byState).toEqual([
      { key: "CO", count: 3, paid: 1, share: 0.75, conversion: 1 / 3 },
      { key: "TX", count: 1, paid: 1, share: 0.25, conversion: 1 },
    ]);
    expect(insights.byIndustry.map((g) => g.key)).toEqual(["HVAC", "Plumbing"]);
  });

  it("has no figures to divide without analyses", () => {
    const insights = analysesInsights([]);
    expect(insights.conversion).toBe(0);
    expect(insights.steps.every((s) => s.share === 0)).toBe(true);
    expect(insights.byState).toEqual([]);
  });

  it('puts a blank state under "Unknown"', () => {
    expect(analysesInsights([row({ state: " " })]).byState[0]?.key).toBe("Unknown");
  });
});

describe("system formatting", () => {
  it("writes sizes in binary units", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1_572_864)).toBe("1.5 MB");
    expect(formatBytes(-1)).toBe("N/A");
  });

  it("writes uptime in days, hours and minutes", () => {
    expect(formatUptime(42)).toBe("42s");
    expect(formatUptime(125)).toBe("2m");
    expect(formatUptime(3 * 3600 + 60)).toBe("3h 1m");
    expect(formatUptime(93_784)).toBe("1d 2h 3m");
  });

  it("refunds only within the 30-day guarantee", () => {
    const now = Date.parse("2025-03-31T00:00:00Z");
    expect(withinGuarantee("2025-03-01T00:00:00Z", now)).toBe(true);
    expect(withinGuarantee("2025-02-28T23:59:59Z", now)).toBe(false);
    expect(withinGuarantee("not a date", now)).toBe(false);
  });
});
