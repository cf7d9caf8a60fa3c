/**
 * Who has premium (keyword research, competition analysis, the PDF report) for an analysis: a
 * paid analysis, or an administrator.
 */
import type { User } from "@bis/sdk";
import type { Db } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { type AnalysisRow, visibleAnalysis } from "../analysis-rows.js";
import { PAYMENT_REQUIRED_MESSAGE } from "./messages.js";

function hasPremium(row: Pick<AnalysisRow, "isPaid">, viewer: User): boolean {
  return row.isPaid || viewer.isAdmin;
}

/** 402 unless the viewer has premium for this analysis. */
function requirePremium(row: Pick<AnalysisRow, "isPaid">, viewer: User): void {
  if (!hasPremium(row, viewer)) throw new AppError("PAYMENT_REQUIRED", PAYMENT_REQUIRED_MESSAGE);
}

/** The analysis, when the viewer may see it (404 otherwise) and has premium (402 otherwise). */
export async function premiumAnalysis(
  db: Db,
  viewer: User,
  analysisId: string,
): Promise<AnalysisRow> {
  const row = await visibleAnalysis(db, analysisId, viewer);
  requirePremium(row, viewer);
  return row;
}
