import { describe, expect, it } from "vitest";
import type { ComparisonCell } from "../schemas/comparisons.js";
import { createComparisonRequestSchema, multiMarketFormSchema } from "../schemas/comparisons.js";
import { AUSTIN, analysisFixture, TYLER, threeMarkets, WACO } from "./comparison.fixture.js";
import {
  bestOf,
  compareMarkets,
  comparisonCellText,
  comparisonCsv,
  comparisonFileName,
  comparisonMarket,
  comparisonMatrix,
  scoreBasisText,
  weakestGrade,
} from "./comparison.js";
import { COMPARISON_MESSAGES, COMPARISON_ROWS, type ComparisonRowKey } from "./comparison-rows.js";

const row = (key: ComparisonRowKey) => {
  const found = COMPARISON_ROWS.find((r) => r.key === key);
  if (!found) throw new Error(key);
  return found;
};
const value = (v: number | string, grade: "measured" | "modeled" = "measured"): ComparisonCell => ({
  value: v,
  grade,
  status: "value",
});
const none = (status: "missing" | "locked" | "notRun"): ComparisonCell => ({
  value: null,
  grade: null,
  status,
});

describe("createComparisonRequestSchema", () => {
  const issue = (input: unknown) => {
    const result = createComparisonRequestSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("takes 2 to 10 distinct analysis ids, in order", () => {
    const parsed = createComparisonRequestSchema.parse({ analysisIds: ["b", "a"], name: " " });
    expect(parsed).toEqual({ analysisIds: ["b", "a"] });
    const ten = Array.from({ length: 10 }, (_, i) => `id-${i}`);
    expect(createComparisonRequestSchema.parse({ analysisIds: ten }).analysisIds).toHaveLength(10);
  });

  it("says why a selection is refused", () => {
    expect(issue({ analysisIds: ["a"] })).toBe("Select at least 2 analyses to compare");
    expect(issue({})).toBe("Select at least 2 analyses to compare");
    expect(issue({ analysisIds: Array.from({ length: 11 }, (_, i) => `${i}`) })).toBe(
      "Select at most 10 analyses to compare",
    );
    expect(issue({ analysisIds: ["a", "a"] })).toBe(COMPARISON_MESSAGES.duplicate);
    expect(issue({ analysisIds: ["a", ""] })).toBe(COMPARISON_MESSAGES.analysisId);
    expect(issue({ analysisIds: ["a", "b"], name: "x".repeat(121) })).toBe(
      COMPARISON_MESSAGES.nameTooLong,
    );
  });
});

describe("multiMarketFormSchema", () => {
  const form = { state: "TX", industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 };
  it("splits the cities by line or comma, without blanks or repeats", () => {
    const parsed = multiMarketFormSchema.parse({ ...form, cities: "Austin, waco\n\nTyler;AUSTIN" });
    expect(parsed.cities).toEqual(["Austin", "waco", "Tyler"]);
  });
  it("needs 2 to 10 cities and the market form's rules", () => {
    const r1 = multiMarketFormSchema.safeParse({ ...form, cities: "Austin" });
    expect(r1.error?.issues[0]?.message).toBe("Enter at least 2 cities");
    const many = Array.from({ length: 11 }, (_, i) => `City ${i}`).join("\n");
    const r2 = multiMarketFormSchema.safeParse({ ...form, cities: many });
    expect(r2.error?.issues[0]?.message).toBe("Enter at most 10 cities");
    const r3 = multiMarketFormSchema.safeParse({ ...form, state: "", cities: "A, B" });
    expect(r3.error?.issues[0]?.message).toBe("Please select a state");
    const r4 = multiMarketFormSchema.safeParse({ ...form, secondaryRadius: 5, cities: "A, B" });
    expect(r4.error?.issues[0]?.message).toBe(
      "Secondary radius must be at least the primary radius",
    );
  });
});

describe("comparisonMarket", () => {
  it("carries each figure with its analysis' grade", () => {
    const m = comparisonMarket(
      analysisFixture(AUSTIN, { paid: true, keywords: true, competition: true }),
    );
    expect(m.cells.population).toEqual({ value: 1_200_000, grade: "measured", status: "value" });
    expect(m.cells.households).toEqual({ value: 480_000, grade: "modeled", status: "value" });
    expect(m.cells.totalMarketRevenue?.value).toBe(620_000_000);
    // Revenue per household: as good as the weaker of revenue and households.
    expect(m.cells.revenuePerHousehold?.value).toBeCloseTo(1291.67, 2);
    expect(m.cells.revenuePerHousehold?.grade).toBe("modeled");
    // Keyword volume: the listed keywords' monthly searches (the PPC table's rows).
    expect(m.cells.keywordVolume).toEqual({ value: 2300, grade: "modeled", status: "value" });
    expect(m.cells.averageCpc?.value).toBe(13.4);
    expect(m.cells.competitorCount?.value).toBe(4);
    expect(m.cells.marketLeader?.value).toBe("Polar Air Austin");
    expect(m.cells.marketSaturation?.value).toBe("Medium");
    expect(m.score?.components.map((c) => c.key)).toEqual(["demand", "supply", "cost"]);
    expect(m.cells.opportunityScore?.value).toBe(m.score?.score);
    expect(m.target).toEqual({ name: "Austin", state: "TX", lat: 30.2672, lon: -97.7431 });
    expect(m.sources[0]).toContain("BIS embedded Census data");
  });

  it("shows premium rows only for paid analyses, and says which step has not run", () => {
    // Unpaid with premium data (an administrator ran it): the data does not count.
    const unpaid = comparisonMarket(
      analysisFixture(TYLER, { paid: false, keywords: true, competition: true }),
    );
    for (const key of ["keywordVolume", "averageCpc", "competitorCount", "marketLeader"] as const)
      expect(unpaid.cells[key]?.status).toBe("locked");
    expect(unpaid.cells.supplyScore?.status).toBe("locked");
    expect(unpaid.cells.costScore?.status).toBe("locked");
    expect(unpaid.score?.components.map((c) => c.key)).toEqual(["demand"]);
    expect(scoreBasisText(unpaid)).toBe(
      "Scored on demand only; competition and cost to acquire need the premium steps",
    );

    const paid = comparisonMarket(analysisFixture(WACO, { paid: true, keywords: true }));
    expect(paid.cells.keywordVolume?.status).toBe("value");
    expect(paid.cells.competitorCount?.status).toBe("notRun");
    expect(paid.cells.supplyScore?.status).toBe("notRun");
    expect(
      comparisonCellText(row("competitorCount"), paid.cells.competitorCount as ComparisonCell),
    ).toBe("Not run yet");
  });

  it("has no score and no figures without market data", () => {
    const a = { ...analysisFixture(WACO), marketAnalysisData: null };
    const m = comparisonMarket(a);
    expect(m.score).toBeNull();
    expect(m.cells.population?.status).toBe("missing");
    expect(m.target).toBeNull();
  });
});

describe("bestOf: the best value of a row", () => {
  it("marks the highest where higher is better and the lowest where lower is", () => {
    expect(bestOf(row("households"), [value(10), value(30), value(20)])).toEqual([
      false,
      true,
      false,
    ]);
    expect(bestOf(row("averageCpc"), [value(9.5), value(4.25), value(12)])).toEqual([
      false,
      true,
      false,
    ]);
    expect(bestOf(row("competitorCount"), [value(12), value(3)])).toEqual([false, true]);
  });

  it("marks every market that ties, comparing values as shown", () => {
    expect(bestOf(row("households"), [value(30), value(10), value(30)])).toEqual([
      true,
      false,
      true,
    ]);
    // $4.501 and $4.499 both read $4.50: a tie.
    expect(bestOf(row("averageCpc"), [value(4.501), value(4.499), value(7)])).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("never marks missing, premium or not-run cells, nor a row with one value or all equal", () => {
    expect(bestOf(row("averageCpc"), [none("locked"), value(5), none("notRun"), value(8)])).toEqual(
      [false, true, false, false],
    );
    expect(bestOf(row("averageCpc"), [none("locked"), value(5), none("missing")])).toEqual([
      false,
      false,
      false,
    ]);
    expect(bestOf(row("households"), [value(5), value(5)])).toEqual([false, false]);
  });

  it("ranks saturation Low before Medium before High and leaves the leader unmarked", () => {
    expect(bestOf(row("marketSaturation"), [value("High"), value("Low"), value("Medium")])).toEqual(
      [false, true, false],
    );
    expect(bestOf(row("marketLeader"), [value("A"), value("B")])).toEqual([false, false]);
  });
});

describe("compareMarkets", () => {
  const table = compareMarkets(threeMarkets().map(comparisonMarket));

  it("ranks by each market's one opportunity score, and says which inputs a score lacks", () => {
    // Tyler (unpaid) is scored on demand only; there is no second, "like for like" score.
    expect(table.mixedScores).toBe(true);
    const scores = table.markets.map((m) => Math.round(m.score?.score ?? -1));
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(table.ranks).toEqual([1, 2, 3]);
    expect(Object.keys(table)).not.toContain("rankScores");
    const scoreRow = table.rows.find((r) => r.row.key === "opportunityScore");
    expect(scoreRow?.cells.map((c) => c.value)).toEqual(table.markets.map((m) => m.score?.score));
    // Scores on different components are not compared for "best"; the components are.
    expect(scoreRow?.best).toEqual([false, false, false]);
    const tyler = table.markets.find((m) => m.location === "Tyler, TX");
    expect(tyler && scoreBasisText(tyler)).toBe(
      "Scored on demand only; competition and cost to acquire need the premium steps",
    );
  });

  it("shows the score the analysis stores, the number its results page and PDF show", () => {
    const stored = analysisFixture(TYLER);
    const computed = comparisonMarket(stored).score;
    if (!computed) throw new Error("no score");
    const market = comparisonMarket({
      ...stored,
      opportunityScore: { ...computed, score: 58 },
    });
    expect(market.score?.score).toBe(58);
    expect(market.cells.opportunityScore?.value).toBe(58);
  });

  it("ranks by the opportunity score itself when every score has the same components", () => {
    const free = compareMarkets(
      [TYLER, WACO, AUSTIN].map((f) => comparisonMarket(analysisFixture(f))),
    );
    expect(free.mixedScores).toBe(false);
    const scores = free.markets.map((m) => m.score?.score ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(
      free.rows.find((r) => r.row.key === "opportunityScore")?.best.filter(Boolean),
    ).toHaveLength(1);
  });

  it("leaves out what the server does not offer: its rows, its steps, its purchase", () => {
    const offer = [
      { id: "keywordResearch", deliverable: true },
      { id: "competitionAnalysis", deliverable: false },
      { id: "pdfReport", deliverable: true },
    ] as const;
    // Austin's competition analysis left out: no market has competitors.
    const markets = threeMarkets().slice(0, 2).map(comparisonMarket);
    const t = compareMarkets(markets, offer);
    const keys = t.rows.map((r) => r.row.key);
    expect(keys).not.toContain("competitorCount");
    expect(keys).not.toContain("marketLeader");
    expect(keys).not.toContain("marketSaturation");
    expect(keys).not.toContain("supplyScore");
    expect(keys).toContain("averageCpc");
    expect(t.stepsToRun.flatMap((s) => s.steps)).not.toContain("Competition analysis");
    const tyler = t.markets.find((m) => m.location === "Tyler, TX");
    expect(tyler && scoreBasisText(tyler, offer)).toBe(
      "Scored on demand only; cost to acquire needs the premium steps; competition is not available yet",
    );
    // Nothing for sale at all: no market "would need the premium steps".
    const none = compareMarkets(markets, [
      { id: "keywordResearch", deliverable: false },
      { id: "competitionAnalysis", deliverable: false },
      { id: "pdfReport", deliverable: true },
    ]);
    expect(none.needPremium).toEqual([]);
    // A market that already has competitors keeps the rows that show them.
    const all = compareMarkets(threeMarkets().map(comparisonMarket), offer);
    expect(all.rows.map((r) => r.row.key)).toContain("competitorCount");
  });

  it("shares a rank between equal scores and breaks the tie by completeness, then revenue", () => {
    const a = comparisonMarket(analysisFixture(WACO));
    const b = comparisonMarket(
      analysisFixture({ ...WACO, id: "a-waco-2", city: "Waco2", totalMarketRevenue: 96_000_000 }),
    );
    const score = (m: typeof a, s: number) => ({
      ...m,
      score: m.score ? { ...m.score, score: s } : null,
    });
    const t = compareMarkets([score(a, 50), score(b, 50), { ...a, analysisId: "x", score: null }]);
    expect(t.markets.map((m) => m.location)).toEqual(["Waco2, TX", "Waco, TX", "Waco, TX"]);
    expect(t.ranks).toEqual([1, 1, null]);
  });

  it("says which markets would need the premium steps and which steps are still to run", () => {
    expect(table.needPremium.map((m) => m.location)).toEqual(["Tyler, TX"]);
    expect(table.stepsToRun.map((s) => [s.market.location, s.steps])).toEqual([
      ["Waco, TX", ["Competition analysis"]],
    ]);
    expect(table.mixedScores).toBe(true);
  });

  it("marks the best value of each row across the ranked markets", () => {
    const households = table.rows.find((r) => r.row.key === "households");
    const austin = table.markets.findIndex((m) => m.location === "Austin, TX");
    expect(households?.best[austin]).toBe(true);
    expect(households?.best.filter(Boolean)).toHaveLength(1);
    // Keyword rows: Austin and Waco have the same keyword data (a tie); Tyler is not paid.
    const cpc = table.rows.find((r) => r.row.key === "averageCpc");
    expect(cpc?.best).toEqual(table.markets.map(() => false));
  });

  it("exports a matrix and CSV with numbers, grades and the best markets", () => {
    const matrix = comparisonMatrix(table);
    expect(matrix[0]?.slice(0, 4)).toEqual([
      "Figure",
      "Best",
      table.markets[0]?.location,
      `${table.markets[0]?.location} grade`,
    ]);
    expect(matrix[1]?.[0]).toBe("Rank");
    const population = matrix.find((line) => line[0] === "Population");
    expect(population?.[1]).toBe("Austin, TX");
    expect(population).toContain(1_200_000);
    expect(population).toContain("measured");
    const csv = comparisonCsv(table);
    expect(csv.split("\n")[0]).toBe(
      `Figure,Best,${table.markets.map((m) => `${m.location.includes(",") ? `"${m.location}"` : m.location},"${m.location} grade"`).join(",")}`,
    );
    expect(csv).toContain("Premium");
  });
});

describe("helpers", () => {
  it("weakestGrade takes the weakest of the known grades", () => {
    expect(weakestGrade("measured", "modeled", null)).toBe("modeled");
    expect(weakestGrade("measured", "sample")).toBe("sample");
    expect(weakestGrade(null, undefined)).toBeNull();
  });
  it("names export files after the first markets", () => {
    const m = (location: string) => ({ location });
    expect(comparisonFileName([m("Austin, TX"), m("Waco, TX"), m("Tyler, TX")], "csv")).toBe(
      "bis-comparison-austin-tx-waco-tx-and-1-more.csv",
    );
    expect(comparisonFileName([m("Austin, TX"), m("Waco, TX")], "pdf")).toBe(
      "bis-comparison-austin-tx-waco-tx.pdf",
    );
  });
  it("writes cells as people read them", () => {
    expect(comparisonCellText(row("totalMarketRevenue"), value(620_000_000))).toBe("$620,000,000");
    expect(comparisonCellText(row("averageCpc"), value(4.5))).toBe("$4.50");
    expect(comparisonCellText(row("opportunityScore"), value(71.6))).toBe("72");
    expect(comparisonCellText(row("keywordVolume"), none("locked"))).toBe("Premium");
    expect(comparisonCellText(row("households"), none("missing"))).toBe("N/A");
  });
});
