/**
 * Analyses for the comparison tests (the SDK's, the server's report and export tests, the
 * CLI's): markets of different sizes, one paid with both premium steps, one paid with keyword
 * research only, unpaid ones. Not exported by the SDK.
 */
import type { Analysis } from "../schemas/entities.js";
import type { MarketAnalysisData } from "../schemas/market.js";
import { leaderFixture, ppcFixture } from "./view-models.fixture.js";

const provenance = (grade: "measured" | "modeled") => ({
  source: "U.S. Census Bureau",
  vintage: "ACS 2017–2021",
  grade,
  method: "Tracts within the radius",
});

export interface MarketFixture {
  id: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
  population: number;
  households: number;
  housingUnits: number;
  singleFamilyUnits: number;
  totalMarketRevenue: number;
}

export function marketData(f: MarketFixture): MarketAnalysisData {
  return {
    requestLocation: `${f.city}, ${f.state}`,
    requestIndustry: "HVAC",
    requestPrimaryRadius: 10,
    requestSecondaryRadius: 15,
    analysisTimestamp: "2026-11-01T12:00:00.000Z",
    marketSize: f.population,
    households: f.households,
    avgRevenue: f.totalMarketRevenue / f.households,
    censusData: {
      totalPopulation: f.population,
      totalHousingUnits: f.housingUnits,
      singleFamilyUnits: f.singleFamilyUnits,
      commercialUnits: null,
    },
    cityAnalysis: { cityBreakdown: [] },
    serviceBreakdown: [],
    marketSummary: {
      totalMarketRevenue: f.totalMarketRevenue,
      avgAnnualRevenuePerHousehold: f.totalMarketRevenue / f.households,
      citiesInRange: 1,
      primaryCities: 1,
      secondaryCities: 0,
      primaryPopulation: f.population,
      primaryHouseholds: f.households,
      listedPlacesPopulation: f.population,
      outsidePlacesPopulation: 0,
    },
    target: { name: f.city, state: f.state, lat: f.lat, lon: f.lon, input: f.city },
    dataSource: {
      provider: "embedded",
      label: "BIS embedded Census data",
      vintage: "2020/ACS 2021",
    },
    provenance: {
      population: provenance("measured"),
      households: provenance("modeled"),
      housingUnits: provenance("measured"),
      singleFamilyUnits: provenance("modeled"),
      revenue: provenance("modeled"),
    },
  };
}

export function analysisFixture(
  f: MarketFixture,
  premium: { paid?: boolean; keywords?: boolean; competition?: boolean } = {},
): Analysis {
  const keywords = premium.keywords ? ppcFixture() : null;
  const competition = premium.competition ? leaderFixture() : null;
  return {
    id: f.id,
    userId: "user-1",
    location: `${f.city}, ${f.state}`,
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
    createdAt: "2026-11-01T12:00:00.000Z",
    isPaid: premium.paid ?? false,
    marketAnalysisCompleted: true,
    keywordResearchCompleted: keywords !== null,
    competitionAnalysisCompleted: competition !== null,
    marketAnalysisData: marketData(f),
    keywordResearchData: keywords,
    competitionAnalysisData: competition,
    opportunityScore: null,
  };
}

export const AUSTIN: MarketFixture = {
  id: "a-austin",
  city: "Austin",
  state: "TX",
  lat: 30.2672,
  lon: -97.7431,
  population: 1_200_000,
  households: 480_000,
  housingUnits: 520_000,
  singleFamilyUnits: 300_000,
  totalMarketRevenue: 620_000_000,
};

export const WACO: MarketFixture = {
  id: "a-waco",
  city: "Waco",
  state: "TX",
  lat: 31.5493,
  lon: -97.1467,
  population: 180_000,
  households: 68_000,
  housingUnits: 75_000,
  singleFamilyUnits: 48_000,
  totalMarketRevenue: 95_000_000,
};

export const TYLER: MarketFixture = {
  id: "a-tyler",
  city: "Tyler",
  state: "TX",
  lat: 32.3513,
  lon: -95.3011,
  population: 150_000,
  households: 57_000,
  housingUnits: 62_000,
  singleFamilyUnits: 48_000,
  totalMarketRevenue: 90_000_000,
};

/** Austin paid with both steps, Waco paid with keyword research only, Tyler unpaid. */
export function threeMarkets(): Analysis[] {
  return [
    analysisFixture(TYLER),
    analysisFixture(WACO, { paid: true, keywords: true }),
    analysisFixture(AUSTIN, { paid: true, keywords: true, competition: true }),
  ];
}
