/**
 * Comparisons: 2–10 analyses side by side, saved with their own URL. Owner or
 * administrator only — anyone else is told it does not exist (access.ts), as for analyses. A
 * comparison may hold only analyses its creator may see; reading one, each analysis still there
 * becomes a market (the SDK's comparisonMarket), and any deleted since is listed as missing.
 */
import { randomUUID } from "node:crypto";
import {
  type Comparison,
  type ComparisonSummary,
  type CreateComparisonInput,
  comparisonMarket,
  type User,
} from "@bis/sdk";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { type Tables, tablesOf } from "../db/database.js";
import { dialectOf } from "../db/dialect.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";
import { ownedOrAdmin, ownsOrAdmin } from "./access.js";
import { type AnalysisRow, toAnalysisDto } from "./analysis-rows.js";

type ComparisonRow = Tables["comparison"]["$inferSelect"];

export function createComparisonService({ db }: { db: Db }) {
  const { analysis, comparison } = tablesOf(db);
  const { newestFirst } = dialectOf(db);
  /** The analyses of these ids the viewer may see, by id. */
  async function analysesOf(ids: readonly string[], viewer: User) {
    const rows: AnalysisRow[] =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(analysis)
            .where(inArray(analysis.id, [...ids]));
    return new Map(rows.filter((r) => ownsOrAdmin(r, viewer)).map((r) => [r.id, r]));
  }

  async function answer(row: ComparisonRow, viewer: User): Promise<Comparison> {
    const found = await analysesOf(row.analysisIds, viewer);
    const markets = [];
    const missing: string[] = [];
    for (const id of row.analysisIds) {
      const a = found.get(id);
      if (a) markets.push(comparisonMarket(toAnalysisDto(a)));
      else missing.push(id);
    }
    return {
      id: row.id,
      userId: row.userId,
      name: row.name ?? null,
      analysisIds: row.analysisIds,
      createdAt: row.createdAt.toISOString(),
      markets,
      missing,
    };
  }

  return {
    /** Saves a comparison of the viewer's analyses (any, for an administrator); 404 names none. */
    async create(viewer: User, input: CreateComparisonInput): Promise<Comparison> {
      const found = await analysesOf(input.analysisIds, viewer);
      // One not found (or not the viewer's) fails the whole request, as a missing analysis does.
      for (const id of input.analysisIds) ownedOrAdmin(found.get(id), viewer, "ANALYSIS_NOT_FOUND");
      const [row] = await db
        .insert(comparison)
        .values({
          id: randomUUID(),
          userId: viewer.id,
          name: input.name ?? null,
          analysisIds: input.analysisIds,
        })
        .returning();
      if (!row) throw new Error("The comparison was not saved");
      return answer(row, viewer);
    },

    /**
     * One page of the viewer's own comparisons, newest first, each with the locations of its
     * analyses still there (one query of three columns for the whole page).
     */
    list(viewer: User, page: PageRequest = FIRST_PAGE) {
      const mine = eq(comparison.userId, viewer.id);
      return readPage(
        page,
        async (limit, offset): Promise<ComparisonSummary[]> => {
          const rows = await db
            .select()
            .from(comparison)
            .where(mine)
            .orderBy(...newestFirst(comparison.createdAt, comparison))
            .limit(limit)
            .offset(offset);
          const ids = [...new Set(rows.flatMap((r) => r.analysisIds))];
          const located =
            ids.length === 0
              ? []
              : await db
                  .select({
                    id: analysis.id,
                    userId: analysis.userId,
                    location: analysis.location,
                  })
                  .from(analysis)
                  .where(inArray(analysis.id, ids));
          const found = new Map(
            located.filter((a) => ownsOrAdmin(a, viewer)).map((a) => [a.id, a]),
          );
          return rows.map((row) => ({
            id: row.id,
            name: row.name ?? null,
            createdAt: row.createdAt.toISOString(),
            analysisCount: row.analysisIds.length,
            locations: row.analysisIds.flatMap((id) => {
              const a = found.get(id);
              return a ? [a.location] : [];
            }),
          }));
        },
        () => db.$count(comparison, mine),
      );
    },

    /** One comparison with its markets (owner or administrator; 404 otherwise). */
    async get(id: string, viewer: User): Promise<Comparison> {
      const [row] = await db.select().from(comparison).where(eq(comparison.id, id)).limit(1);
      return answer(ownedOrAdmin(row, viewer, "COMPARISON_NOT_FOUND"), viewer);
    },
  };
}

export type ComparisonService = ReturnType<typeof createComparisonService>;
