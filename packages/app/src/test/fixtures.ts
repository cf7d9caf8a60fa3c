/**
 * Analyses for component tests, computed by the SDK's own market model from a few hand-made
 * places around Austin, TX, so the fixture has exactly the shape the server sends.
 */
import {
  type Analysis,
  type AnalysisSummary,
  computeMarketAnalysis,
  INDUSTRY_PROFILES,
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
): ZipAreaRow => ({
  zip: code,
  place,
  state: "TX",
  population,
  housingUnits: Math.round(population / 2.3),
  distanceMiles,
  serviceArea: distanceMiles <= 10 ? "primary" : "secondary",
});

/** The ZIP areas of an_123 (GET /api/analyses/an_123/zip-areas), nearest first. */
export const austinZipRows: ZipAreaRow[] = [
  zip("78701", "Austin", 12_523, 0.4),
  zip("78704", "Austin", 52_810, 2.3),
  zip("78746", "West Lake Hills", 29_134, 4.9),
  zip("78660", "Pflugerville", 84_102, 13.5),
  zip("78664", "Round Rock", 76_905, 14.8),
];

export function zipAreasFixture(rows: ZipAreaRow[] = austinZipRows): ZipAreasResponse {
  return {
    analysisId: "an_123",
    location: "Austin, TX",
    rows,
    provenance: { ...ZIP_AREAS_PROVENANCE },
  };
}
