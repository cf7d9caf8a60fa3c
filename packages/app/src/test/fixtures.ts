/**
 * Analyses for component tests, computed by the SDK's own market model from a few hand-made
 * places around Austin, TX, so the fixture has exactly the shape the server sends.
 */
import {
  type Analysis,
  type AnalysisSummary,
  computeMarketAnalysis,
  INDUSTRY_PROFILES,
  type LocalMarket,
  type MarketAnalysisData,
  type PlaceDataset,
  ZIP_AREAS_PROVENANCE,
  type ZipAreaRow,
  type ZipAreasResponse,
} from "@bis/sdk";

const provenance = (method: string) => ({
  source: "GeoNames places (fixture)",
  vintage: "2024",
  grade: "modeled" as const,
  method,
});

const dataset: Omit<PlaceDataset, "places"> = {
  provider: "embedded",
  label: "Fixture places",
  vintage: "2024",
  provenance: {
    population: { ...provenance("GeoNames population"), grade: "measured" },
    households: provenance("Population ÷ persons per household"),
    housingUnits: provenance("Households ÷ occupancy rate"),
    singleFamilyUnits: provenance("Housing units × single-family share"),
  },
  background: {},
  backgroundMethod: null,
};

const place = (
  name: string,
  lat: number,
  lon: number,
  population: number,
  distanceMiles: number,
) => ({
  distanceMiles,
  place: {
    id: name,
    name,
    state: "TX",
    lat,
    lon,
    population,
    households: Math.round(population / 2.5),
    housingUnits: Math.round(population / 2.3),
    singleFamilyUnits: Math.round(population / 3.6),
    medianHouseholdIncome: null,
    footprintMiles: 0,
  },
});

export const austinCandidates = [
  place("Austin", 30.2672, -97.7431, 961_855, 0),
  place("Sunset Valley", 30.2255, -97.8153, 749, 5.2),
  place("West Lake Hills", 30.2977, -97.8019, 3_340, 4.1),
  place("Pflugerville", 30.4394, -97.62, 65_191, 13.8),
  place("Round Rock", 30.5083, -97.6789, 119_468, 16.9),
];

export function marketData(overrides: Record<string, number> = {}): MarketAnalysisData {
  return computeMarketAnalysis({
    request: {
      city: "Austin",
      state: "TX",
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
    },
    target: { name: "Austin", state: "TX", lat: 30.2672, lon: -97.7431, input: "Austin" },
    region: "South",
    dataset,
    candidates: austinCandidates,
    profile: INDUSTRY_PROFILES.HVAC,
    overrides,
    now: new Date("2025-03-04T15:00:00.000Z"),
  });
}

/** The fields an analysis and its list summary share. */
const common = {
  id: "an_123",
  location: "Austin, TX",
  industry: "HVAC",
  primaryRadius: 10,
  secondaryRadius: 15,
  createdAt: "2025-03-04T15:00:00.000Z",
  isPaid: false,
  marketAnalysisCompleted: true,
  keywordResearchCompleted: false,
  competitionAnalysisCompleted: false,
} as const;

export function analysisFixture(patch: Partial<Analysis> = {}): Analysis {
  return {
    ...common,
    userId: "u1",
    marketAnalysisData: marketData(),
    keywordResearchData: null,
    competitionAnalysisData: null,
    ...patch,
  };
}

export function summaryFixture(patch: Partial<AnalysisSummary> = {}): AnalysisSummary {
  const data = marketData();
  return {
    ...common,
    marketSize: data.marketSize,
    households: data.households,
    totalMarketRevenue: data.marketSummary?.totalMarketRevenue ?? null,
    ...patch,
  };
}

const zip = (
  code: string,
  place: string,
  population: number,
  distanceMiles: number,
  score: number,
  raises: string[],
  lowers: string[] = [],
): ZipAreaRow => {
  const households = Math.round(population / 2.5);
  const contractors = Math.round(population / 8_000);
  const reasons =
    [...raises.map((r) => `+ ${r}`), ...lowers.map((r) => `− ${r}`)].join("; ") ||
    "no measure stands out";
  return {
    zip: code,
    place,
    state: "TX",
    population,
    housingUnits: Math.round(population / 2.3),
    distanceMiles,
    serviceArea: distanceMiles <= 10 ? "primary" : "secondary",
    lat: 30.27 + distanceMiles / 69,
    lon: -97.74,
    households,
    ownerOccupied: Math.round(households * 0.6),
    ownerOccupiedShare: 0.6,
    builtBefore1980Share: 0.3,
    medianYearBuilt: "1980–1999",
    medianIncome: 85_000,
    // Pflugerville's ZIP has no per-capita income of its own: its county's median stands in.
    perCapitaIncome: code === "78660" ? null : 41_300,
    revenue: households * 1_000,
    revenueByService: { "ac-replacement": households * 400, "ac-repair": households * 600 },
    contractors,
    householdsPerContractor: contractors > 0 ? Math.round(households / contractors) : null,
    contractorsNearby: contractors * 6,
    contractorsNearbyPer10k: 4.2,
    score,
    scoreComponents: [
      {
        key: "households",
        label: "Households",
        score,
        weight: 1,
        detail: `${households} households`,
      },
    ],
    reasons,
    reasonGroups: { raises, lowers },
  };
};

/** The ZIP areas of an_123 (GET /api/analyses/an_123/zip-areas), nearest first. */
export const austinZipRows: ZipAreaRow[] = [
  zip("78701", "Austin", 12_523, 0.4, 52, [], ["31% owner-occupied"]),
  zip("78704", "Austin", 52_810, 2.3, 74, ["21,124 households"]),
  zip("78746", "West Lake Hills", 29_134, 4.9, 81, [
    "84% owner-occupied",
    "$98,200 per-capita income",
  ]),
  zip(
    "78660",
    "Pflugerville",
    84_102,
    13.5,
    66,
    ["33,641 households"],
    ["12% of homes built before 1980"],
  ),
  zip(
    "78664",
    "Round Rock",
    76_905,
    14.8,
    45,
    [],
    ["60 contractors within 5 miles (18.4 per 10,000 households)"],
  ),
];

export function zipAreasFixture(rows: ZipAreaRow[] = austinZipRows): ZipAreasResponse {
  return {
    analysisId: "an_123",
    location: "Austin, TX",
    rows,
    provenance: { ...ZIP_AREAS_PROVENANCE },
  };
}

const localSource = (
  source: string,
  vintage: string,
  grade: "measured" | "modeled" = "modeled",
) => ({
  source,
  vintage,
  grade,
  method: `${source} (fixture)`,
});

/** An Austin-like local market profile, as the server adds it to new records. */
export const austinLocalMarket: LocalMarket = {
  climate: {
    heatingDegreeDays: 1_640,
    coolingDegreeDays: 3_130,
    heatingVsNational: 0.4,
    coolingVsNational: 2.3,
    zone: "2A",
    zoneName: "Hot-Humid",
    provenance: localSource("NOAA 1991–2020 normals", "1991–2020 normals"),
  },
  housing: {
    builtBefore1980: 0.22,
    built1980To1999: 0.31,
    built2000OrLater: 0.47,
    fuel: { gas: 0.31, propane: 0.02, electricity: 0.66, fuelOil: 0, otherOrNone: 0.01 },
    singleFamilyShare: 0.55,
    ownerOccupiedShare: 0.46,
    metroCoverage: 1,
    tractAgeCoverage: 0.99,
    buildings: {
      singleFamily: 0.55,
      units2to4: 0.07,
      units5plus: 0.34,
      mobile: 0.04,
      buildings2to4: 6_900,
      buildings5plus: 4_100,
      centralPlantBuildings: 0,
      provenance: localSource("ACS DP04 units in structure, Austin metro", "ACS 2019–2023"),
    },
    provenance: localSource("ACS DP04, Austin metro", "ACS 2019–2023"),
    tenureProvenance: localSource("ACS B25003 by ZCTA", "ACS 2019–2023"),
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
    provenance: localSource("RECS 2020 (Texas baseline)", "RECS 2020"),
  },
  prices: {
    wageIndex: 0.93,
    annualWage: 62_347,
    nationalWage: 67_040,
    provenance: localSource("County Business Patterns wages", "2021"),
  },
  income: {
    medianHouseholdIncome: 89_400,
    provenance: localSource("ACS S1901 by county", "ACS 2017–2021"),
  },
  contractors: {
    establishments: 696,
    householdsPerContractor: 1_284,
    countyEstablishments: 712,
    countyEmployment: 6_950,
    countyPayroll: 412_300_000,
    provenance: localSource("ZIP Code Business Patterns", "2022", "measured"),
    countyProvenance: localSource("County Business Patterns", "2021"),
  },
};
