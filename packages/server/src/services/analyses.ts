/**
 * Analyses: run the free market analysis, read one (owner or administrator only — anyone
 * else gets 404, so ids reveal nothing), list a user's, re-run with changed assumptions,
 * delete one (owner or administrator).
 */
import { randomUUID } from "node:crypto";
import {
  type Analysis,
  type AnalysisSummary,
  type AnalyzeInput,
  type AnalyzeResponse,
  AssumptionError,
  type CompetitionAnalysisData,
  censusRegionOf,
  computeMarketAnalysis,
  INDUSTRY_PROFILES,
  type IndustryId,
  type KeywordResearchData,
  type MarketAnalysisData,
  MESSAGES,
  opportunityScore,
  PAID_ANALYSIS_KEPT_MESSAGE,
  sortZipRows,
  type User,
  ZIP_AREAS_PROVENANCE,
  type ZipAreasQuery,
  type ZipAreasResponse,
} from "@bis/sdk";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { tablesOf } from "../db/database.js";
import { dialectOf } from "../db/dialect.js";
import { AppError } from "../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";
import { ownedOrAdmin } from "./access.js";
import {
  saveAnalysis,
  summaryColumns,
  toAnalysisDto,
  toSummary,
  visibleAnalysis,
} from "./analysis-rows.js";
import { withSeasons } from "./analysis-seasons.js";
import type { AuditService } from "./audit.js";
import { type PlaceService, stateCode } from "./places/place-service.js";

/** What an analysis is of: the place, the industry and the two radii. */
export interface AnalysisArea {
  city: string;
  state: string;
  industry: string;
  primaryRadius: number;
  secondaryRadius: number;
}

function assumptionFailure(error: unknown): never {
  if (error instanceof AssumptionError) {
    throw new AppError("VALIDATION_FAILED", error.message, {
      issues: [{ path: `assumptions.${error.key}`, message: error.message }],
    });
  }
  throw error;
}

export const ANALYSIS_RATE_MESSAGE =
  "You're running analyses too quickly. Please wait a minute and try again.";

export interface AnalysisServiceDeps {
  db: Db;
  places: PlaceService;
  /** Default: the clock. */
  now?: () => Date;
  limits?: { analysesPerMinute?: number };
  /** Where owner-level deletions are recorded (the admin panel's audit trail). */
  audit?: AuditService | null;
}

export function createAnalysisService({
  db,
  places,
  now = () => new Date(),
  limits = {},
  audit = null,
}: AnalysisServiceDeps) {
  const { analysis, payment } = tablesOf(db);
  const { newestFirst } = dialectOf(db);
  /**
   * At most `analysesPerMinute` new analyses per account in the last 60 seconds, counted in the
   * database (so every instance sees the same count; the index on user and creation time
   * answers it). Two requests racing at the limit may both pass: a soft cap against runaway
   * scripts and load, not a billing boundary.
   */
  async function checkCreationRate(userId: string) {
    const perMinute = limits.analysesPerMinute;
    if (!perMinute) return;
    const since = new Date(now().getTime() - 60_000);
    const recent = await db.$count(
      analysis,
      and(eq(analysis.userId, userId), gt(analysis.createdAt, since)),
    );
    if (recent >= perMinute) {
      throw new AppError("RATE_LIMITED", ANALYSIS_RATE_MESSAGE, {
        details: { limit: perMinute, windowSeconds: 60 },
      });
    }
  }

  /**
   * The one statement every new analysis runs, built once (drizzle otherwise rebuilds the SQL
   * for each insert); creation and update times come from the column defaults.
   */
  const insertAnalysis = db
    .insert(analysis)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      partnerId: sql.placeholder("partnerId"),
      location: sql.placeholder("location"),
      city: sql.placeholder("city"),
      state: sql.placeholder("state"),
      industry: sql.placeholder("industry"),
      primaryRadius: sql.placeholder("primaryRadius"),
      secondaryRadius: sql.placeholder("secondaryRadius"),
      marketAnalysisCompleted: true,
      marketAnalysisData: sql.placeholder("marketAnalysisData"),
      opportunityScore: sql.placeholder("opportunityScore"),
    })
    .prepare("insert_analysis");

  async function compute(
    request: AnalysisArea,
    overrides: Record<string, number> | undefined,
  ): Promise<MarketAnalysisData> {
    const profile = INDUSTRY_PROFILES[request.industry as IndustryId];
    if (!profile?.active) throw new AppError("VALIDATION_FAILED", MESSAGES.industryComingSoon);
    const { target, ...area } = await places.locate(request.city, request.state, request);
    try {
      const data = computeMarketAnalysis({
        request,
        target: {
          name: target.name,
          state: target.state,
          lat: target.lat,
          lon: target.lon,
          input: request.city,
        },
        region: censusRegionOf(target.state),
        ...area,
        zipAreas: places.zipAreasSummary(
          target.lat,
          target.lon,
          request.primaryRadius,
          request.secondaryRadius,
        ),
        localZips: places.localZips(target.lat, target.lon, request.secondaryRadius),
        profile,
        overrides,
        now: now(),
      });
      return withSeasons(data, profile);
    } catch (error) {
      assumptionFailure(error);
    }
  }

  /** The request with the state as its two-letter code (400 for an unknown state). */
  function normalized<T extends AnalysisArea>(input: T): T {
    const state = stateCode(input.state);
    if (!state) {
      throw new AppError("VALIDATION_FAILED", `Unknown state: ${input.state}`, {
        issues: [{ path: "state", message: `Unknown state: ${input.state}` }],
      });
    }
    return { ...input, city: input.city.trim(), state };
  }

  /** Computes and stores an analysis of a user (the app) or of a partner (the widget). */
  async function run(
    owner: { userId: string; partnerId?: undefined } | { userId?: undefined; partnerId: string },
    input: AnalysisArea & { assumptions?: Record<string, number> },
  ): Promise<{ id: string; data: MarketAnalysisData }> {
    const request = normalized(input);
    const data = await compute(request, input.assumptions);
    const id = randomUUID();
    await insertAnalysis.execute({
      id,
      userId: owner.userId ?? null,
      partnerId: owner.partnerId ?? null,
      location: data.requestLocation,
      city: data.target?.name ?? request.city,
      state: request.state,
      industry: request.industry,
      primaryRadius: request.primaryRadius,
      secondaryRadius: request.secondaryRadius,
      marketAnalysisData: data,
      // Every analysis has a score: demand, and competition from Business Patterns contractors.
      opportunityScore: opportunityScore(data, null, null),
    });
    return { id, data };
  }

  return {
    async analyze(userId: string, input: AnalyzeInput): Promise<AnalyzeResponse> {
      await checkCreationRate(userId);
      const { id, data } = await run({ userId }, input);
      return {
        analysis: { id },
        location: data.requestLocation,
        marketSize: data.marketSize,
        households: data.households,
        avgRevenue: data.avgRevenue,
        provenance: {
          population: data.provenance?.population,
          households: data.provenance?.households,
          revenue: data.provenance?.revenue,
        },
        totalMarketRevenue: data.marketSummary?.totalMarketRevenue ?? null,
        revenueByMonth: data.seasons?.revenue ?? null,
      };
    },

    /** The widget's analysis: stored with the partner and no user. */
    analyzeForPartner(
      partnerId: string,
      input: AnalysisArea,
    ): Promise<{ id: string; data: MarketAnalysisData }> {
      return run({ partnerId }, input);
    },

    /** The same computation, stored nowhere (the widget's reduced, headline-only answer). */
    preview(input: AnalysisArea): Promise<MarketAnalysisData> {
      return compute(normalized(input), undefined);
    },

    /** The partner's latest stored analysis of this area (city matched case-insensitively). */
    async latestForPartner(
      partnerId: string,
      input: AnalysisArea,
    ): Promise<{ id: string; data: MarketAnalysisData } | null> {
      const state = stateCode(input.state);
      if (!state) return null;
      const [row] = await db
        .select({ id: analysis.id, data: analysis.marketAnalysisData })
        .from(analysis)
        .where(
          and(
            eq(analysis.partnerId, partnerId),
            eq(analysis.state, state),
            sql`lower(${analysis.city}) = ${input.city.trim().toLowerCase()}`,
            eq(analysis.industry, input.industry),
            eq(analysis.primaryRadius, input.primaryRadius),
            eq(analysis.secondaryRadius, input.secondaryRadius),
          ),
        )
        .orderBy(desc(analysis.createdAt))
        .limit(1);
      if (!row?.data) return null;
      return { id: row.id, data: row.data as MarketAnalysisData };
    },

    async get(id: string, viewer: User): Promise<Analysis> {
      return toAnalysisDto(await visibleAnalysis(db, id, viewer));
    },

    /**
     * The ZIP areas of an analysis (owner or administrator), recomputed from the embedded ZCTAs
     * around its stored target and radii (the record keeps only their counts), with revenue from
     * its own dollars per household; sorted and limited as `query` asks (nearest first).
     */
    async zipAreas(id: string, viewer: User, query: ZipAreasQuery = {}): Promise<ZipAreasResponse> {
      const row = await visibleAnalysis(db, id, viewer);
      const data = row.marketAnalysisData as MarketAnalysisData | null;
      const target = data?.target;
      const list = target
        ? places.zipAreas(target.lat, target.lon, row.primaryRadius, row.secondaryRadius, data)
        : { rows: [], withoutHouseholds: 0 };
      return {
        analysisId: row.id,
        location: row.location,
        rows: sortZipRows(list.rows, query),
        ...(list.withoutHouseholds ? { withoutHouseholds: list.withoutHouseholds } : {}),
        provenance: { ...ZIP_AREAS_PROVENANCE },
      };
    },

    /** One page of the user's analyses, newest first (three figures read from the JSON in SQL). */
    list(userId: string, page: PageRequest = FIRST_PAGE) {
      const mine = eq(analysis.userId, userId);
      return readPage(
        page,
        async (limit, offset) => {
          const rows = await db
            .select(summaryColumns(db))
            .from(analysis)
            .where(mine)
            .orderBy(...newestFirst(analysis.createdAt, analysis))
            .limit(limit)
            .offset(offset);
          return rows.map((r): AnalysisSummary => toSummary(r));
        },
        () => db.$count(analysis, mine),
      );
    },

    /** Re-runs the market analysis of an analysis with these assumption overrides. */
    async rerun(id: string, viewer: User, overrides: Record<string, number>): Promise<Analysis> {
      const row = await visibleAnalysis(db, id, viewer);
      const data = await compute(row, overrides);
      const score = opportunityScore(
        data,
        (row.keywordResearchData ?? null) as KeywordResearchData | null,
        (row.competitionAnalysisData ?? null) as CompetitionAnalysisData | null,
      );
      return saveAnalysis(db, row.id, {
        marketAnalysisData: data,
        opportunityScore: score,
        updatedAt: now(),
      });
    },

    /**
     * Deletes one analysis of its owner (or any, for an administrator; anyone else gets 404)
     * with its payments, as the admin bulk delete does, and records it in the audit trail, all
     * in one transaction. With `ifUnpaid`, a paid analysis is kept (409).
     */
    async remove(id: string, viewer: User, options: { ifUnpaid?: boolean } = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            id: analysis.id,
            userId: analysis.userId,
            location: analysis.location,
            isPaid: analysis.isPaid,
          })
          .from(analysis)
          .where(eq(analysis.id, id));
        const row = ownedOrAdmin(found, viewer, "ANALYSIS_NOT_FOUND");
        if (options.ifUnpaid && row.isPaid) {
          throw new AppError("PAID_ANALYSIS_KEPT", PAID_ANALYSIS_KEPT_MESSAGE);
        }
        await tx.delete(payment).where(eq(payment.analysisId, row.id));
        await tx.delete(analysis).where(eq(analysis.id, row.id));
        await audit?.record(
          viewer,
          {
            action: "analysis.delete",
            targetType: "analysis",
            targetId: row.id,
            detail: { ...row, byOwner: row.userId === viewer.id },
          },
          tx,
        );
      });
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
