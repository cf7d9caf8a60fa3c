/**
 * Keyword research (results page, section 2): premium step 2.
 *
 * 1. "Analysis ID not found" (400) without an id.
 * 2. Entitlement first: 404 when the analysis is not visible, 402 when not paid (admins pass).
 * 3. "No Cities Found" (400, "Unable to extract cities from market analysis data.") when neither
 *    the target city nor the city table gives a name.
 * 4. The configured provider (embedded model, Google Ads or DataForSEO) researches the cities;
 *    the SDK assembles the spec's KeywordResearchData (real counts, budget = volume × CPC × 0.1).
 * 5. A provider that cannot run (Google Ads or DataForSEO selected without its keys) answers
 *    503 UNAVAILABLE before anything is stored: the step stays not run and can run again once
 *    an administrator configures the keys.
 * 6. The record keeps what the counts measure: keywords researched, keywords with volume, and the
 *    limits that applied (cities left out, keyword ideas cut off), shown as such by every reader.
 * 7. Every listed keyword gets its searches by month: the provider's monthly figures (measured)
 *    where it gave them, else the months of its services in this market (modeled, from the
 *    analysis' `seasons`, computed when read for a record stored before them).
 * 8. The result is stored on the analysis with keywordResearchCompleted = true; running the step
 *    again replaces it.
 */
import {
  type Analysis,
  activeIndustryLabels,
  assembleKeywordResearch,
  type CompetitionAnalysisData,
  KEYWORD_PROFILES,
  type KeywordResearchData,
  keywordCities,
  keywordProfileFor,
  keywordSeasonCounts,
  keywordSeasonsOf,
  type MarketAnalysisData,
  opportunityScore,
  type User,
  withKeywordSeasons,
} from "@bis/sdk";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError } from "../lib/errors.js";
import type { KeyStore } from "../providers/keys/key-store.js";
import { createKeywordProvider, type KeywordProvider } from "../providers/keywords/index.js";
import { saveAnalysis } from "./analysis-rows.js";
import { withRecordSeasons } from "./analysis-seasons.js";
import type { PaymentService } from "./payments/index.js";

export const ANALYSIS_ID_NOT_FOUND_MESSAGE = "Analysis ID not found";
export const NO_CITIES_TITLE = "No Cities Found";
export const NO_CITIES_MESSAGE = "Unable to extract cities from market analysis data.";

export interface KeywordServiceDeps {
  db: Db;
  config: Pick<Config, "premium">;
  payments: Pick<PaymentService, "premiumAnalysis">;
  /** Read at every run, so keys saved in the admin panel apply at once. */
  keys: () => KeyStore;
  logger: Logger;
  /** Tests: replace the provider BIS_KEYWORD_PROVIDER selects. */
  provider?: () => KeywordProvider;
  now?: () => Date;
}

export function createKeywordService(deps: KeywordServiceDeps) {
  const { db } = deps;
  const log = deps.logger.child({ module: "keywords" });
  const now = deps.now ?? (() => new Date());
  const defaultProvider = createKeywordProvider({ config: deps.config, keys: deps.keys, now });
  const provider = deps.provider ?? (() => defaultProvider);

  return {
    /** Runs keyword research for an analysis and returns the updated analysis. */
    async runKeywordResearch(viewer: User, analysisId: string | undefined): Promise<Analysis> {
      const id = analysisId?.trim();
      if (!id) throw new AppError("VALIDATION_FAILED", ANALYSIS_ID_NOT_FOUND_MESSAGE);
      const row = await deps.payments.premiumAnalysis(viewer, id);

      const market = row.marketAnalysisData as MarketAnalysisData | null;
      if (!market || keywordCities(market).cities.length === 0) {
        throw new AppError("NO_CITIES_FOUND", NO_CITIES_MESSAGE, {
          details: { title: NO_CITIES_TITLE },
        });
      }
      if (!KEYWORD_PROFILES[row.industry]) {
        throw new AppError(
          "VALIDATION_FAILED",
          `Keyword research is not available for ${row.industry} yet: only ${activeIndustryLabels()} is active`,
        );
      }

      const chosen = provider();
      const started = performance.now();
      const result = await chosen.research({ market, industry: row.industry });
      const assembled: KeywordResearchData = assembleKeywordResearch({
        metrics: result.metrics,
        cities: result.cities,
        provider: { id: chosen.id, label: chosen.label, grade: chosen.grade },
        provenance: result.provenance,
        ...(result.assumptions ? { assumptions: result.assumptions } : {}),
        ...(result.limits ? { limits: result.limits } : {}),
      });
      // Each keyword's months: the provider's where it gave them, else its services' months here.
      const seasons = keywordSeasonsOf(withRecordSeasons(market), keywordProfileFor(row.industry));
      const data = seasons ? withKeywordSeasons(assembled, seasons) : assembled;
      log.info(
        {
          analysisId: id,
          provider: chosen.id,
          cities: result.cities.length,
          totalKeywords: data.totalKeywords,
          keywordsWithVolume: data.keywordData.summary.keywordsWithVolume,
          withMonths: keywordSeasonCounts(data),
          ms: Math.round(performance.now() - started),
        },
        "keyword research complete",
      );

      return saveAnalysis(db, id, {
        keywordResearchData: data,
        keywordResearchCompleted: true,
        // The score gains its cost component (and keeps a competition analysis already run).
        opportunityScore: opportunityScore(
          market,
          data,
          (row.competitionAnalysisData ?? null) as CompetitionAnalysisData | null,
        ),
        updatedAt: now(),
      });
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
