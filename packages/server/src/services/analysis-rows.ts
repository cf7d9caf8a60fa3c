/**
 * The analysis table as the services read and write it, once for all of them: reading one for a
 * viewer (its owner or an administrator, else 404: access.ts), the row as the API answers it, the
 * columns of a list row, and saving a step's result.
 */
import type { Analysis, User } from "@bis/sdk";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/database.js";
import { type Tables, tablesOf } from "../db/database.js";
import { dialectOf } from "../db/dialect.js";
import { AppError } from "../lib/errors.js";
import { ownedOrAdmin } from "./access.js";
import { withRecordSeasons } from "./analysis-seasons.js";

export type AnalysisRow = Tables["analysis"]["$inferSelect"];

export const ANALYSIS_NOT_FOUND_MESSAGE = "Analysis not found";

/** The analysis, when the viewer is its owner or an administrator (404 otherwise). */
export async function visibleAnalysis(
  db: Queryable,
  id: string,
  viewer: User,
): Promise<AnalysisRow> {
  const { analysis } = tablesOf(db);
  const [row] = await db.select().from(analysis).where(eq(analysis.id, id));
  return ownedOrAdmin(row, viewer, "ANALYSIS_NOT_FOUND");
}

/** The fields an analysis and its list row share. */
function header(row: AnalysisRow) {
  return {
    id: row.id,
    location: row.location,
    industry: row.industry,
    primaryRadius: row.primaryRadius,
    secondaryRadius: row.secondaryRadius,
    createdAt: row.createdAt.toISOString(),
    isPaid: row.isPaid,
    marketAnalysisCompleted: row.marketAnalysisCompleted,
    keywordResearchCompleted: row.keywordResearchCompleted,
    competitionAnalysisCompleted: row.competitionAnalysisCompleted,
  };
}

export function toAnalysisDto(row: AnalysisRow): Analysis {
  return {
    ...header(row),
    userId: row.userId ?? null,
    // A record stored before the market's year gets its months when read (analysis-seasons.ts).
    marketAnalysisData: withRecordSeasons(
      (row.marketAnalysisData ?? null) as Analysis["marketAnalysisData"],
    ),
    keywordResearchData: (row.keywordResearchData ?? null) as Analysis["keywordResearchData"],
    competitionAnalysisData: (row.competitionAnalysisData ??
      null) as Analysis["competitionAnalysisData"],
    opportunityScore: (row.opportunityScore ?? null) as Analysis["opportunityScore"],
  };
}

/**
 * The columns of a list row (the user's list, the administrators'): the header and three
 * figures read from the JSON in SQL, never loading each analysis' whole JSON into JavaScript.
 */
export function summaryColumns(db: Queryable) {
  const { analysis } = tablesOf(db);
  const { jsonNumber } = dialectOf(db);
  const data = analysis.marketAnalysisData;
  return {
    id: analysis.id,
    location: analysis.location,
    industry: analysis.industry,
    primaryRadius: analysis.primaryRadius,
    secondaryRadius: analysis.secondaryRadius,
    createdAt: analysis.createdAt,
    isPaid: analysis.isPaid,
    marketAnalysisCompleted: analysis.marketAnalysisCompleted,
    keywordResearchCompleted: analysis.keywordResearchCompleted,
    competitionAnalysisCompleted: analysis.competitionAnalysisCompleted,
    marketSize: jsonNumber(data, ["marketSize"]),
    households: jsonNumber(data, ["households"]),
    totalMarketRevenue: jsonNumber(data, ["marketSummary", "totalMarketRevenue"]),
  };
}

const figure = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** A list row as the API answers it: the date as ISO text, each figure a number or null. */
export function toSummary<
  R extends {
    createdAt: Date;
    marketSize: unknown;
    households: unknown;
    totalMarketRevenue: unknown;
  },
>(row: R) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    marketSize: figure(row.marketSize),
    households: figure(row.households),
    totalMarketRevenue: figure(row.totalMarketRevenue),
  };
}

/** Saves a step's result on the analysis and answers the analysis (404 when it is gone). */
export async function saveAnalysis(
  db: Queryable,
  id: string,
  changes: Partial<Tables["analysis"]["$inferInsert"]> & { updatedAt: Date },
): Promise<Analysis> {
  const { analysis } = tablesOf(db);
  const [updated] = await db.update(analysis).set(changes).where(eq(analysis.id, id)).returning();
  if (!updated) throw new AppError("ANALYSIS_NOT_FOUND", ANALYSIS_NOT_FOUND_MESSAGE);
  return toAnalysisDto(updated);
}
