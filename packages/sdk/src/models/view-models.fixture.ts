/**
 * Test data shared by every consumer of the view models (the SDK's tests, the results page's
 * component tests, the PDF report's tests, the CLI's): one keyword research result and one
 * competition result, with what each consumer must show for them. Not exported by the SDK.
 *
 * The cases are the ones where the page and the PDF used to disagree: a primary keyword without
 * volume whose long-tail twin has some, a long-tail duplicate of a listed primary keyword in
 * another case and spacing, a long-tail keyword with more volume than a primary one, a budget
 * that is not whole dollars; and two listings of the leader's name (two branches).
 */
import type { CompetitionAnalysisData } from "../schemas/competition.js";
import type { KeywordResearchData } from "../schemas/keywords.js";

const kw = (keyword: string, searchVolume: number, cpc: number) => ({
  keyword,
  searchVolume,
  cpc,
});

export function ppcFixture(): KeywordResearchData {
  return {
    totalKeywords: 8,
    keywordData: {
      summary: {
        avgSearchVolume: 360,
        avgCPC: 13.4,
        competitionLevel: "High",
        keywordsWithVolume: 5,
      },
      primaryKeywords: [
        kw("furnace repair austin", 390, 9.5),
        kw("ac repair austin", 1300, 12.345),
        kw("hvac company pflugerville", 0, 8),
        kw("heat pump repair", 0, 7),
      ],
      longTailKeywords: [
        kw("AC  Repair Austin", 9999, 1),
        kw("emergency ac repair austin", 480, 24.5),
        kw("heat pump installation buda", 70, 15.2),
        { ...kw("heat pump repair", 60, 15), intent: "repair" },
      ],
      recommendations: ["Bid on emergency repair searches first."],
    },
    provider: { id: "embedded", label: "BIS embedded keyword model", grade: "modeled" },
  };
}

/**
 * The PPC table of ppcFixture() as every consumer writes it: keyword, monthly searches, CPC to
 * two decimals, estimated PPC budget in whole dollars; primary keywords by volume, then long-tail.
 */
export const PPC_FIXTURE_ROWS: readonly (readonly [string, string, string, string])[] = [
  ["ac repair austin", "1,300", "$12.35", "$1,605"],
  ["furnace repair austin", "390", "$9.50", "$371"],
  ["emergency ac repair austin", "480", "$24.50", "$1,176"],
  ["heat pump installation buda", "70", "$15.20", "$106"],
  ["heat pump repair", "60", "$15.00", "$90"],
];

/** Σ volume × CPC × 0.1 over the rows, in whole dollars (the fixture states no budget). */
export const PPC_FIXTURE_TOTAL = "$3,348";

export function leaderFixture(): CompetitionAnalysisData {
  const competitor = (name: string, rating: number, reviews: number, position: string) => ({
    name,
    rating,
    reviews,
    position,
    specialization: "Full-service HVAC",
  });
  return {
    totalCompetitors: 4,
    marketLeader: "Polar Air Austin",
    avgRating: 4.5,
    marketSaturation: "Medium",
    competitors: [
      competitor("Polar Air Austin", 4.8, 2140, "Market Leader"),
      competitor("Cool Breeze HVAC", 4.6, 812, "Top 3"),
      competitor("Hill Country Comfort", 4.4, 120, "Top 3"),
      // The leader's second branch, far enough away not to be merged with the first.
      competitor("Polar Air Austin", 4.1, 64, "Established"),
    ],
    opportunities: ["Few competitors sell maintenance plans."],
    recommendations: ["Collect reviews: the leader has 2,140."],
  };
}

/** The leader every consumer shows for leaderFixture(): its name, and its row (the first). */
export const LEADER_FIXTURE_EXPECTED = { name: "Polar Air Austin", index: 0 } as const;
