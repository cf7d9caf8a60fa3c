import { describe, expect, it } from "vitest";
import { HVAC_KEYWORD_PROFILE } from "../../industries/hvac/keywords.js";
import type { KeywordResearchData } from "../../schemas/keywords.js";
import type { MarketAnalysisData } from "../../schemas/market.js";
import { ppcBudgetByMonth, ppcTable, ppcTableCsv } from "../ppc-table.js";
import { seasonalKeywordsOffered } from "../premium-offer.js";
import { assembleKeywordResearch } from "./assemble.js";
import { computeKeywordResearch } from "./model.js";
import {
  calendarMonths,
  keywordMonthShares,
  keywordSeasonCounts,
  MONTHS_IN_YEAR,
  monthlyVolumes,
  peakMonth,
  type ServiceMonths,
  withKeywordSeasons,
} from "./seasons.js";

const JUL = 6;
const JAN = 0;
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const norm = (xs: number[]) => xs.map((x) => x / sum(xs));

/** A hot market's months: cooling peaks in July, heating in January, maintenance in spring and autumn. */
const COOLING = norm([1, 1, 3, 6, 10, 14, 17, 16, 13, 8, 3, 1]);
const HEATING = norm([20, 16, 10, 5, 2, 1, 1, 1, 2, 6, 14, 22]);
const SPRING_AUTUMN = norm([4, 6, 12, 14, 10, 6, 5, 5, 10, 13, 10, 5]);
const FLAT = Array(12).fill(1 / 12);

function services(): ServiceMonths[] {
  return [
    { serviceId: "ac-repair", annualJobs: 9_000, monthShares: COOLING },
    { serviceId: "ac-replacement", annualJobs: 2_000, monthShares: COOLING },
    { serviceId: "furnace-repair", annualJobs: 1_500, monthShares: HEATING },
    { serviceId: "furnace-replacement", annualJobs: 300, monthShares: HEATING },
    { serviceId: "boiler-repair", annualJobs: 0, monthShares: HEATING },
    {
      serviceId: "heat-pump-installation",
      annualJobs: 800,
      monthShares: norm([3, 3, 5, 8, 10, 12, 12, 12, 10, 8, 5, 3]),
    },
    { serviceId: "maintenance-plans", annualJobs: 4_000, monthShares: SPRING_AUTUMN },
    { serviceId: "duct-cleaning", annualJobs: 1_000, monthShares: FLAT },
  ];
}

const SOURCE = { source: "NOAA monthly normals (test)", vintage: "1991–2020" };

function phoenixLike(): MarketAnalysisData {
  return {
    requestLocation: "Phoenix, AZ",
    requestIndustry: "HVAC",
    requestPrimaryRadius: 10,
    requestSecondaryRadius: 15,
    analysisTimestamp: "2026-01-01T00:00:00.000Z",
    marketSize: 1_000_000,
    households: 400_000,
    avgRevenue: 1000,
    censusData: {
      totalPopulation: null,
      totalHousingUnits: null,
      singleFamilyUnits: null,
      commercialUnits: null,
    },
    cityAnalysis: {
      cityBreakdown: [
        {
          name: "Phoenix",
          state: "AZ",
          population: 1_000_000,
          housingUnits: 450_000,
          households: 400_000,
          serviceArea: "primary",
        },
      ],
    },
    serviceBreakdown: [],
    marketSummary: null,
    target: { name: "Phoenix", state: "AZ", lat: 33.45, lon: -112.07, input: "Phoenix" },
    region: "West",
    dataSource: { provider: "embedded", label: "GeoNames places (embedded)", vintage: "2021" },
  };
}

const allEntries = (data: KeywordResearchData) => [
  ...data.keywordData.primaryKeywords,
  ...data.keywordData.longTailKeywords,
];

describe("whole numbers that sum exactly (largest remainder)", () => {
  it("12 monthly volumes average exactly to the monthly volume, in the shape given", () => {
    const months = monthlyVolumes(1_230, COOLING);
    expect(months).toHaveLength(12);
    expect(sum(months) / 12).toBe(1_230);
    expect(peakMonth(months)).toBe(JUL);
    expect(peakMonth(Array(12).fill(0))).toBeNull();
  });
});

describe("a provider's monthly figures in calendar order", () => {
  it("takes the 12 latest months, newest first as DataForSEO lists them, January first", () => {
    const list = [];
    // 2025-11 back to 2024-10: 14 months, newest first.
    for (let k = 0; k < 14; k++) {
      const index = 2025 * 12 + 10 - k;
      const year = Math.floor(index / 12);
      const month = (index % 12) + 1;
      list.push({ year, month, searches: year * 100 + month });
    }
    const months = calendarMonths(list);
    expect(months).toEqual([
      202_501, 202_502, 202_503, 202_504, 202_505, 202_506, 202_507, 202_508, 202_509, 202_510,
      202_511, 202_412,
    ]);
  });

  it("is null when a month or its figure is missing", () => {
    const year = Array.from({ length: 12 }, (_, i) => ({ year: 2025, month: i + 1, searches: 10 }));
    expect(calendarMonths(year)).toHaveLength(12);
    expect(calendarMonths(year.slice(1))).toBeNull();
    expect(calendarMonths(year.map((m, i) => (i === 3 ? { ...m, searches: null } : m)))).toBeNull();
    expect(calendarMonths(null)).toBeNull();
  });
});

describe("a keyword follows its service's months", () => {
  const shares = (keyword: string, intent: Parameters<typeof keywordMonthShares>[1]) =>
    keywordMonthShares(keyword, intent, HVAC_KEYWORD_PROFILE, services());

  it("cooling repair searches follow AC repair jobs, heating ones furnace jobs", () => {
    // AC repair jobs' months, part of the searches spread evenly (the profile's calibration).
    const even = HVAC_KEYWORD_PROFILE.seasonServices?.evenShare?.value ?? 0;
    expect(even).toBeGreaterThan(0);
    const acRepair = shares("ac repair phoenix", "repair") ?? [];
    expect(acRepair).toHaveLength(12);
    acRepair.forEach((share, m) => {
      expect(share).toBeCloseTo((1 - even) * (COOLING[m] ?? 0) + even / 12);
    });
    expect(peakMonth(shares("furnace repair near me", "repair"))).toBe(11);
    expect(peakMonth(shares("air duct cleaning phoenix", "maintenance"))).toBe(JAN);
    expect(shares("air duct cleaning phoenix", "maintenance")?.[JUL]).toBeCloseTo(1 / 12);
    const tuneUp = shares("ac tune up near me", "maintenance") ?? [];
    expect(peakMonth(tuneUp)).toBe(3);
  });

  it("company searches mix every service by its jobs; no service months, no shares", () => {
    const mixed = shares("hvac near me", "near-me") ?? [];
    expect(sum(mixed)).toBeCloseTo(1);
    expect(mixed[JUL]).toBeLessThan(COOLING[JUL] ?? 0);
    expect(mixed[JUL]).toBeGreaterThan(mixed[JAN] ?? 0);
    expect(keywordMonthShares("hvac near me", "near-me", HVAC_KEYWORD_PROFILE, [])).toBeNull();
  });

  it("a heating keyword in a market without heating jobs follows all the market's jobs", () => {
    const noHeat = services().filter((s) => !s.serviceId.startsWith("furnace"));
    const boiler = keywordMonthShares("furnace repair", "repair", HVAC_KEYWORD_PROFILE, noHeat);
    expect(boiler).not.toBeNull();
    expect(sum(boiler ?? [])).toBeCloseTo(1);
  });
});

describe("keyword research with months", () => {
  const modeled = () =>
    withKeywordSeasons(computeKeywordResearch({ market: phoenixLike() }), {
      profile: HVAC_KEYWORD_PROFILE,
      services: services(),
      source: SOURCE,
    });

  it("gives every listed keyword 12 months averaging to its volume, graded modeled", () => {
    const data = modeled();
    const entries = allEntries(data);
    expect(entries.length).toBeGreaterThan(100);
    for (const k of entries) {
      expect(k.monthlySearches).toHaveLength(MONTHS_IN_YEAR);
      expect(sum(k.monthlySearches ?? [])).toBe(k.searchVolume * 12);
      expect(k.monthlyGrade).toBe("modeled");
    }
    const acRepair = entries.find((k) => k.keyword === "ac repair near me");
    expect(peakMonth(acRepair?.monthlySearches)).toBe(JUL);
    expect(keywordSeasonCounts(data)).toEqual({
      withMonths: entries.length,
      measured: 0,
      modeled: entries.length,
    });
    expect(data.seasonality?.modeled?.grade).toBe("modeled");
    expect(data.seasonality?.modeled?.source).toContain(SOURCE.source);
    expect(data.seasonality?.measured).toBeNull();
  });

  it("keeps a provider's measured months, scaled to the listed volume, and adds same-text months", () => {
    const measured = Array.from({ length: 12 }, (_, m) => (m === JUL ? 400 : 100));
    const data = withKeywordSeasons(
      assembleKeywordResearch({
        metrics: [
          {
            keyword: "ac repair",
            intent: "repair",
            searchVolume: 100,
            cpc: 10,
            competition: 70,
            monthlySearches: measured,
          },
          {
            keyword: "AC repair",
            intent: "repair",
            searchVolume: 25,
            cpc: 10,
            competition: 70,
            monthlySearches: measured.map((v) => v / 4),
          },
          {
            keyword: "furnace repair",
            intent: "repair",
            searchVolume: 50,
            cpc: 8,
            competition: 60,
          },
        ],
        cities: [],
        provider: { id: "dataforseo", label: "DataForSEO", grade: "measured" },
        provenance: {
          searchVolume: {
            source: "DataForSEO",
            vintage: "12 months to 2026-11",
            grade: "measured",
            method: "m",
          },
          cpc: { source: "DataForSEO", vintage: "2026-11", grade: "measured", method: "m" },
        },
      }),
      { profile: HVAC_KEYWORD_PROFILE, services: services(), source: SOURCE },
    );
    const ac = allEntries(data).find((k) => k.keyword === "ac repair");
    expect(ac?.searchVolume).toBe(130);
    expect(ac?.monthlyGrade).toBe("measured");
    expect(sum(ac?.monthlySearches ?? [])).toBe(130 * 12);
    expect(ac?.monthlySearches?.[JUL]).toBe(4 * (ac?.monthlySearches?.[JAN] ?? 0));
    const furnace = allEntries(data).find((k) => k.keyword === "furnace repair");
    expect(furnace?.monthlyGrade).toBe("modeled");
    expect(data.seasonality?.measured?.grade).toBe("measured");
    expect(data.seasonality?.modeled?.grade).toBe("modeled");
  });

  it("an older record without months keeps none and has no budget by month", () => {
    const data = computeKeywordResearch({ market: phoenixLike() });
    expect(allEntries(data).every((k) => k.monthlySearches === undefined)).toBe(true);
    expect(ppcBudgetByMonth(ppcTable(data))).toBeNull();
  });
});

describe("the PPC budget by month", () => {
  it("sums exactly to the yearly budget and peaks with the cooling searches", () => {
    const data = withKeywordSeasons(computeKeywordResearch({ market: phoenixLike() }), {
      profile: HVAC_KEYWORD_PROFILE,
      services: services(),
      source: SOURCE,
    });
    const table = ppcTable(data);
    const byMonth = ppcBudgetByMonth(table);
    expect(byMonth?.yearly).toBe(table.totalBudget * 12);
    expect(sum(byMonth?.months ?? [])).toBe(table.totalBudget * 12);
    expect(byMonth?.rowsWithMonths).toBe(table.rows.length);
    expect(peakMonth(byMonth?.months)).toBe(JUL);
    expect(byMonth?.months[JUL]).toBeGreaterThan(byMonth?.months[JAN] ?? 0);
  });

  it("sums exactly for any budget and any months (many markets)", () => {
    for (let households = 1_000; households < 2_000_000; households *= 1.7) {
      const market = { ...phoenixLike(), households: Math.round(households) };
      const data = withKeywordSeasons(computeKeywordResearch({ market }), {
        profile: HVAC_KEYWORD_PROFILE,
        services: services(),
        source: SOURCE,
      });
      const table = ppcTable(data);
      const byMonth = ppcBudgetByMonth(table);
      if (table.rows.length === 0) continue;
      expect(sum(byMonth?.months ?? [])).toBe(table.totalBudget * 12);
    }
  });
});

describe("the offer rule for the seasonal keyword view", () => {
  it("is offered exactly when keyword research is (unknown list: assumed offered)", () => {
    const list = (keywords: boolean) => [
      { id: "keywordResearch" as const, deliverable: keywords },
      { id: "competitionAnalysis" as const, deliverable: false },
    ];
    expect(seasonalKeywordsOffered(list(true))).toBe(true);
    expect(seasonalKeywordsOffered(list(false))).toBe(false);
    expect(seasonalKeywordsOffered(null)).toBe(true);
  });
});

describe("the PPC table as CSV", () => {
  it("has each keyword's peak month and its 12 months, which average to its volume", () => {
    const data = withKeywordSeasons(computeKeywordResearch({ market: phoenixLike() }), {
      profile: HVAC_KEYWORD_PROFILE,
      services: services(),
      source: SOURCE,
    });
    const table = ppcTable(data);
    const [header, ...lines] = ppcTableCsv(table).trimEnd().split("\n");
    const columns = header?.split(",") ?? [];
    expect(columns.slice(7)).toEqual([
      "peak_month",
      "searches_jan",
      "searches_feb",
      "searches_mar",
      "searches_apr",
      "searches_may",
      "searches_jun",
      "searches_jul",
      "searches_aug",
      "searches_sep",
      "searches_oct",
      "searches_nov",
      "searches_dec",
      "months_grade",
    ]);
    expect(lines).toHaveLength(table.rows.length);
    const row = (lines.find((l) => l.startsWith("ac repair near me,")) ?? "").split(",");
    expect(row[7]).toBe("July");
    const months = row.slice(8, 20).map(Number);
    expect(sum(months)).toBe(Number(row[3]) * 12);
    expect(row[20]).toBe("modeled");
  });

  it("leaves the months empty on a record without them", () => {
    const csv = ppcTableCsv(ppcTable(computeKeywordResearch({ market: phoenixLike() })));
    const first = csv.split("\n")[1]?.split(",") ?? [];
    expect(first.slice(7)).toEqual(Array(14).fill(""));
  });
});
