import { describe, expect, it } from "vitest";
import type { CompetitionAnalysisData } from "../schemas/competition.js";
import type { KeywordResearchData } from "../schemas/keywords.js";
import { COMPETITION_UNAVAILABLE } from "./competition.js";
import { KEYWORD_CITY_LIMIT_BY, keywordCounts } from "./keywords.js";
import {
  KEYWORDS_UNAVAILABLE,
  NOT_OFFERED_DETAIL,
  type PremiumSectionInput,
  premiumSectionState,
} from "./premium-state.js";

const keywords = {
  totalKeywords: 2000,
  keywordData: {
    summary: {
      avgSearchVolume: 40,
      avgCPC: 9.5,
      competitionLevel: "Medium",
      keywordsWithVolume: 1234,
    },
    primaryKeywords: [],
    longTailKeywords: [],
    recommendations: [],
  },
} as KeywordResearchData;

const competition = {
  totalCompetitors: 0,
  competitors: [],
  marketLeader: null,
  avgRating: null,
  marketSaturation: "Low",
  opportunities: [],
  recommendations: [],
} as unknown as CompetitionAnalysisData;

const notRun = {
  keywordResearchCompleted: false,
  keywordResearchData: null,
  competitionAnalysisCompleted: false,
  competitionAnalysisData: null,
};

function state(
  section: PremiumSectionInput["section"],
  analysis: Partial<PremiumSectionInput["analysis"]>,
  rest: Partial<Omit<PremiumSectionInput, "section" | "analysis">> = {},
) {
  return premiumSectionState({
    section,
    analysis: { ...notRun, ...analysis },
    premium: true,
    ...rest,
  });
}

describe("premiumSectionState", () => {
  it("is complete when the step stored results, even an empty competitor list", () => {
    const s = state("competitionAnalysis", {
      keywordResearchCompleted: true,
      keywordResearchData: keywords,
      competitionAnalysisCompleted: true,
      competitionAnalysisData: competition,
    });
    expect(s).toMatchObject({ status: "complete", short: "Included", canStart: true });
    // Results win over what the server can deliver now (a provider removed later).
    expect(
      state(
        "keywordResearch",
        { keywordResearchCompleted: true, keywordResearchData: keywords },
        { deliverable: { deliverable: false, reason: "gone" }, premium: false },
      ).status,
    ).toBe("complete");
  });

  it("is ready, then running, for a paid analysis", () => {
    expect(state("keywordResearch", {})).toEqual({
      section: "keywordResearch",
      status: "ready",
      short: "Not run yet",
      title: "Keyword research has not run yet",
      detail:
        "Start Keyword Research to find the searches your customers make in your service area, with monthly volumes and cost per click.",
      action: "Start Keyword Research",
      canStart: true,
    });
    expect(state("keywordResearch", {}, { running: true })).toMatchObject({
      status: "running",
      title: "Keyword research is running",
      canStart: false,
    });
  });

  it("is locked without premium access", () => {
    expect(state("competitionAnalysis", {}, { premium: false })).toMatchObject({
      status: "locked",
      short: "Requires payment",
      detail: "Requires Payment: available with the premium package.",
      canStart: false,
    });
  });

  it("waits for keyword research before competition analysis", () => {
    expect(state("competitionAnalysis", {})).toMatchObject({
      status: "waiting",
      detail: "Keyword Research Required: complete keyword research first.",
      canStart: false,
    });
  });

  it("is not available yet, with no live button, when the server cannot deliver it", () => {
    const unavailable = { deliverable: { deliverable: false, reason: "not offered" } };
    const s = state(
      "competitionAnalysis",
      { keywordResearchCompleted: true, keywordResearchData: keywords },
      unavailable,
    );
    expect(s).toMatchObject({
      status: "unavailable",
      short: "Not available yet",
      title: "Competition analysis is not available yet",
      detail: NOT_OFFERED_DETAIL,
      action: "Start Competition Analysis",
      canStart: false,
    });
    // Also before payment: it is not offered, so not "part of the premium package".
    const locked = premiumSectionState({
      section: "competitionAnalysis",
      analysis: { ...notRun, keywordResearchCompleted: true },
      premium: false,
      deliverable: unavailable.deliverable,
    });
    expect(locked.title).toBe("Competition analysis is not available yet");
    for (const words of [s.title, s.detail, s.short, locked.detail]) {
      expect(words).not.toMatch(/server|integration|provider|BIS_|configur/i);
    }
  });

  it("is unavailable for a step marked complete that left no data (older records)", () => {
    const s = state("competitionAnalysis", {
      keywordResearchCompleted: true,
      keywordResearchData: keywords,
      competitionAnalysisCompleted: true,
    });
    expect(s.status).toBe("unavailable");
    expect(s.title).toBe(COMPETITION_UNAVAILABLE.title);
    expect(s.detail).toBe("The last run left no data. Start Competition Analysis to run it again.");
    expect(s.canStart).toBe(true);
    const k = state("keywordResearch", { keywordResearchCompleted: true });
    expect(k).toMatchObject({ status: "unavailable", title: KEYWORDS_UNAVAILABLE.title });
  });

  it("does not offer competition analysis before keyword research even when unavailable", () => {
    const s = state(
      "competitionAnalysis",
      {},
      { deliverable: { deliverable: false, reason: "It follows keyword research." } },
    );
    expect(s).toMatchObject({ status: "unavailable", canStart: false });
  });
});

describe("keywordCounts", () => {
  it("says how many were researched, how many have volume, and the limit that applied", () => {
    const counts = keywordCounts({
      ...keywords,
      limits: [{ subject: "cities", kept: 15, available: 42, by: KEYWORD_CITY_LIMIT_BY }],
    });
    expect(counts).toEqual({
      researched: 2000,
      withVolume: 1234,
      withVolumeText: "1,234 with search volume (10 or more searches a month)",
      limits: [`Limited to the first 15 of 42 cities by ${KEYWORD_CITY_LIMIT_BY}.`],
    });
  });

  it("names a keyword-idea limit whose total the provider did not report", () => {
    const counts = keywordCounts({
      ...keywords,
      limits: [{ subject: "keywords", kept: 3000, available: null, by: "the provider" }],
    });
    expect(counts.limits).toEqual(["Limited to the first 3,000 keyword ideas by the provider."]);
  });

  it("has no limit sentence when nothing was cut off (records stored before limits too)", () => {
    expect(keywordCounts(keywords).limits).toEqual([]);
  });
});
