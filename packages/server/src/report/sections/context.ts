/** What every section reads: the analysis, its grades and premium states, and the section titles. */
import {
  type Analysis,
  type DataGrade,
  type OpportunityScore,
  type PremiumDeliverable,
  type PremiumSection,
  type PremiumSectionState,
  premiumSectionState,
  type ZipAreasResponse,
} from "@bis/sdk";
import { competitionGrades, gradesOfMarket, keywordGrades } from "../sources.js";

export const SECTION_TITLES = {
  cover: "Market Intelligence Report",
  market: "Market Analysis",
  map: "Service Area Map",
  zipAreas: "ZIP Areas",
  keywords: "Keyword Research",
  competition: "Competition Analysis",
  score: "Opportunity Score",
  sources: "Sources and Methodology",
} as const;

export const SAMPLE_DATA_LABEL = "Sample data";
/** Rows of the keyword table and of the city table. */
export const TOP_KEYWORDS = 40;
export const TOP_CITIES = 15;

/** The ZIP areas the report lists: the rows of GET /api/analyses/{id}/zip-areas. */
export type ReportZipAreas = Pick<ZipAreasResponse, "rows" | "provenance" | "withoutHouseholds">;

export interface ReportContext {
  analysis: Analysis;
  /** The ZIP areas in range, when the caller looked them up (the report route does). */
  zipAreas: ReportZipAreas | null;
  generatedAt: Date;
  score: OpportunityScore | null;
  keywordGrades: DataGrade[];
  competitionGrades: DataGrade[];
  marketGrades: DataGrade[];
  /** The state of each premium section, as the results page shows it. */
  keywordState: PremiumSectionState;
  competitionState: PremiumSectionState;
}

/**
 * A premium section's state for the report: the reader has premium access (the report route
 * checks it) and nothing is running; what this server can deliver decides "not available".
 */
export function reportSectionState(
  analysis: Analysis,
  section: PremiumSection,
  deliverables: readonly PremiumDeliverable[] | null,
): PremiumSectionState {
  return premiumSectionState({
    section,
    analysis,
    premium: true,
    deliverable: deliverables?.find((d) => d.id === section) ?? null,
  });
}

/** Names of the sections that hold sample data. */
export function sampleSections(ctx: ReportContext): string[] {
  const sections: string[] = [];
  if (ctx.marketGrades.includes("sample")) sections.push(SECTION_TITLES.market);
  if (ctx.keywordGrades.includes("sample")) sections.push(SECTION_TITLES.keywords);
  if (ctx.competitionGrades.includes("sample")) sections.push(SECTION_TITLES.competition);
  if (ctx.score?.grade === "sample") sections.push(SECTION_TITLES.score);
  return sections;
}

export function reportContext(
  analysis: Analysis,
  generatedAt: Date,
  score: OpportunityScore | null,
  zipAreas: ReportZipAreas | null = null,
  deliverables: readonly PremiumDeliverable[] | null = null,
): ReportContext {
  return {
    keywordState: reportSectionState(analysis, "keywordResearch", deliverables),
    competitionState: reportSectionState(analysis, "competitionAnalysis", deliverables),
    analysis,
    zipAreas,
    generatedAt,
    score,
    marketGrades: gradesOfMarket(analysis),
    keywordGrades: analysis.keywordResearchData ? keywordGrades(analysis.keywordResearchData) : [],
    competitionGrades: analysis.competitionAnalysisData
      ? competitionGrades(analysis.competitionAnalysisData)
      : [],
  };
}
