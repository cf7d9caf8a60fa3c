import { describe, expect, it } from "vitest";
import { marketAnalysisDataSchema, marketSeasonsSchema } from "../schemas/market.js";
import { AUSTIN, analysisFixture } from "./comparison.fixture.js";
import { comparisonMarket } from "./comparison.js";
import {
  busiestMonth,
  type ClimateShape,
  computeSeasons,
  EVEN_MONTH_SHARES,
  serviceMonthShares,
  splitByShares,
} from "./seasons.js";

/** A small deterministic generator (mulberry32) for the property tests. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Phoenix's cooling months and Minneapolis' heating months (NOAA CCD monthly normals). */
const PHOENIX_CDD = [1, 12, 57, 188, 393, 603, 720, 672, 504, 242, 37, 0];
const PHOENIX_HDD = [247, 145, 82, 19, 0, 0, 0, 0, 0, 5, 96, 283];

const shape = (heating: number[], cooling: number[]): ClimateShape => ({
  kind: "station",
  name: "TEST",
  state: "AZ",
  distanceMiles: 3,
  heating: heating.map((h) => h / (sum(heating) || 1)),
  cooling: cooling.map((c) => c / (sum(cooling) || 1)),
  source: "test",
  vintage: "test",
});

const profile = {
  services: [
    {
      id: "cool",
      name: "Cool",
      shareKeys: [],
      incidence: { kind: "rate" as const, key: "r" },
      ticketKey: "t",
      season: { follows: "cooling" as const, weatherShareKey: "w.cool" },
    },
    {
      id: "heat",
      name: "Heat",
      shareKeys: [],
      incidence: { kind: "rate" as const, key: "r" },
      ticketKey: "t",
      season: { follows: "heating" as const, weatherShareKey: "w.heat" },
    },
    {
      id: "both",
      name: "Both",
      shareKeys: [],
      incidence: { kind: "rate" as const, key: "r" },
      ticketKey: "t",
      season: { follows: "both" as const, weatherShareKey: "w.heat" },
    },
    {
      id: "tune",
      name: "Tune",
      shareKeys: [],
      incidence: { kind: "rate" as const, key: "r" },
      ticketKey: "t",
      season: {
        follows: { months: [3, 4, 5, 9, 10, 11], label: "spring and autumn" },
        weatherShareKey: "w.tune",
      },
    },
    {
      id: "even",
      name: "Even",
      shareKeys: [],
      incidence: { kind: "rate" as const, key: "r" },
      ticketKey: "t",
    },
  ],
};

const assumptions = [
  { key: "w.cool", value: 0.9 },
  { key: "w.heat", value: 0.8 },
  { key: "w.tune", value: 0.6 },
];

describe("splitByShares", () => {
  it("splits a whole total into months that sum to it exactly", () => {
    expect(splitByShares(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(sum(splitByShares(1_234_567, EVEN_MONTH_SHARES))).toBe(1_234_567);
    expect(splitByShares(0, PHOENIX_CDD)).toEqual(new Array(12).fill(0));
  });

  it("keeps every part within one of its exact share, over 500 random splits", () => {
    const rand = random(7);
    for (let run = 0; run < 500; run++) {
      const total = Math.floor(rand() * 100_000);
      const weights = Array.from({ length: 12 }, () => (rand() < 0.2 ? 0 : rand()));
      const parts = splitByShares(total, weights);
      expect(sum(parts)).toBe(total);
      for (const [i, p] of parts.entries()) {
        expect(Number.isInteger(p)).toBe(true);
        expect(Math.abs(p - (total * (weights[i] ?? 0)) / sum(weights))).toBeLessThan(1);
      }
    }
  });

  it("spreads evenly over the days when no month has weight", () => {
    const out = splitByShares(365, new Array(12).fill(0));
    expect(out[0]).toBe(31);
    expect(out[1]).toBe(28);
  });
});

describe("serviceMonthShares", () => {
  it("puts the weather-driven share on the months it follows and the rest evenly", () => {
    const shares = serviceMonthShares("cooling", 1, PHOENIX_HDD, PHOENIX_CDD);
    expect(busiestMonth(shares)).toBe(7);
    expect(sum(shares)).toBeCloseTo(1, 10);
    const none = serviceMonthShares("heating", 0.8, new Array(12).fill(0), PHOENIX_CDD);
    expect(none).toEqual([...EVEN_MONTH_SHARES]);
  });
});

describe("computeSeasons", () => {
  it("shows a desert market's cooling jobs in summer, almost none in winter", () => {
    const seasons = computeSeasons({
      serviceBreakdown: [
        {
          serviceId: "cool",
          serviceName: "Cool",
          annualJobs: 10_000,
          estimatedRevenue: 5e6,
          averageCost: 500,
          marketPenetration: 0.1,
        },
      ],
      profile,
      assumptions,
      climate: { heatingDegreeDays: 900, coolingDegreeDays: 4600 },
      shape: shape(PHOENIX_HDD, PHOENIX_CDD),
    });
    const cool = seasons.services[0];
    expect(cool?.peakMonth).toBe(7);
    const jobs = cool?.jobs ?? [];
    expect(((jobs[11] ?? 0) + (jobs[0] ?? 0) + (jobs[1] ?? 0)) / 10_000).toBeLessThan(0.05);
    expect(sum(seasons.coolingDegreeDays)).toBe(4600);
    expect(marketSeasonsSchema.parse(seasons)).toEqual(seasons);
  });

  it("keeps every service's twelve months summing to its year over many markets", () => {
    const next = random(39);
    for (let market = 0; market < 500; market++) {
      const heating = Array.from({ length: 12 }, () => (next() < 0.3 ? 0 : next() * 900));
      const cooling = Array.from({ length: 12 }, () => (next() < 0.4 ? 0 : next() * 700));
      const breakdown = profile.services.map((s) => {
        const annualJobs = Math.round(next() * 50_000);
        return {
          serviceId: s.id,
          serviceName: s.name,
          annualJobs,
          averageCost: 300,
          estimatedRevenue: Math.round(annualJobs * (50 + next() * 9000)),
          marketPenetration: 0.1,
        };
      });
      const seasons = computeSeasons({
        serviceBreakdown: breakdown,
        profile,
        assumptions: assumptions.map((a) => ({ ...a, value: next() })),
        climate: { heatingDegreeDays: next() * 10_000, coolingDegreeDays: next() * 5_000 },
        shape: shape(heating, cooling),
      });
      seasons.services.forEach((s, i) => {
        expect(sum(s.jobs)).toBe(breakdown[i]?.annualJobs);
        expect(sum(s.revenue)).toBe(breakdown[i]?.estimatedRevenue);
        expect(s.jobs.every((j) => Number.isInteger(j) && j >= 0)).toBe(true);
      });
      expect(sum(seasons.revenue)).toBe(sum(breakdown.map((b) => b.estimatedRevenue)));
    }
  });
});

describe("the comparison's busiest month", () => {
  it("names each market's month of the most revenue, and nothing for a record without months", () => {
    const analysis = analysisFixture(AUSTIN);
    expect(comparisonMarket(analysis).cells.peakMonth?.status).toBe("missing");
    const seasons = computeSeasons({
      serviceBreakdown: [
        {
          serviceId: "cool",
          serviceName: "Cool",
          annualJobs: 900,
          estimatedRevenue: 450_000,
          averageCost: 500,
          marketPenetration: 0.1,
        },
      ],
      profile,
      assumptions,
      climate: { heatingDegreeDays: 900, coolingDegreeDays: 4600 },
      shape: shape(PHOENIX_HDD, PHOENIX_CDD),
    });
    if (analysis.marketAnalysisData) analysis.marketAnalysisData.seasons = seasons;
    expect(comparisonMarket(analysis).cells.peakMonth).toEqual({
      value: "July",
      grade: "modeled",
      status: "value",
    });
  });
});

describe("records without months", () => {
  it("still parse, and one with months keeps them", () => {
    const older = analysisFixture(AUSTIN).marketAnalysisData;
    const parsed = marketAnalysisDataSchema.parse(older);
    expect(parsed.seasons).toBeUndefined();
    const bad = { ...older, seasons: { jobs: [1, 2, 3] } };
    expect(marketAnalysisDataSchema.safeParse(bad).success).toBe(false);
  });
});
