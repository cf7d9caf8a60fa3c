/**
 * Competition analysis (results page, section 3): premium, after keyword research.
 *
 * 1. Entitlement first: 404 when the analysis is not visible, 402 when not paid (admins pass).
 * 2. 400 KEYWORD_RESEARCH_REQUIRED ("Please complete keyword research …") until then.
 * 3. The configured providers (Google Places, Yelp) search around the target within the primary
 *    radius, in parallel. One failing while another answers: the run goes on and records the
 *    failure in `providers`; all failing: the first failure (a rate limit first) is the answer.
 * 4. No provider configured: sample competitors (labelled) when `config.premium.sampleData`;
 *    otherwise 503 UNAVAILABLE "Competition analysis is not available yet." (the customer's
 *    words, naming no setting; how to enable it is in the admin panel): the step is NOT marked
 *    complete and nothing is stored, so it can run again once an administrator configures a
 *    provider. Running the step again replaces earlier results.
 * 5. The model (SDK) dedupes, ranks and derives the figures; the opportunity score is stored
 *    beside it (null without competition data).
 */
import {
  type Analysis,
  type CompetitionAnalysisData,
  computeCompetitionAnalysis,
  ERRORS,
  INDUSTRY_PROFILES,
  type IndustryId,
  type KeywordResearchData,
  type MarketAnalysisData,
  notAvailableYet,
  opportunityScore,
  type ProviderResult,
  type User,
} from "@bis/sdk";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError } from "../lib/errors.js";
import {
  type CompetitorProvider,
  type CompetitorSearch,
  configuredCompetitorProviders,
  createSampleProvider,
} from "../providers/competitors/index.js";
import type { KeyStore } from "../providers/keys/key-store.js";
import { type AnalysisRow, saveAnalysis } from "./analysis-rows.js";
import type { PaymentService } from "./payments/index.js";
import type { PlaceService } from "./places/place-service.js";

export const KEYWORD_RESEARCH_REQUIRED_MESSAGE = ERRORS.KEYWORD_RESEARCH_REQUIRED.message;

/** The 503 answer of a run with no competitor provider (and no sample data allowed). */
export const NO_COMPETITOR_PROVIDER_MESSAGE = `${notAvailableYet("competitionAnalysis")}. Nothing was changed.`;

export interface CompetitionServiceDeps {
  db: Db;
  config: Pick<Config, "premium">;
  payments: Pick<PaymentService, "premiumAnalysis">;
  places: Pick<PlaceService, "locate">;
  /** Read at every run, so keys saved in the admin panel (or swapped in tests) apply at once. */
  keys: () => KeyStore;
  logger: Logger;
  /** Tests: replace the provider registry. */
  providers?: () => CompetitorProvider[];
  now?: () => Date;
}

function failureRank(error: unknown): number {
  return error instanceof AppError && error.code === "RATE_LIMITED" ? 0 : 1;
}

export function createCompetitionService(deps: CompetitionServiceDeps) {
  const { db, config } = deps;
  const log = deps.logger.child({ module: "competition" });
  const now = deps.now ?? (() => new Date());

  async function searchArea(row: AnalysisRow, market: MarketAnalysisData | null) {
    const radiusMiles = row.primaryRadius;
    const location = market?.requestLocation ?? row.location;
    if (market?.target)
      return { location, lat: market.target.lat, lon: market.target.lon, radiusMiles };
    // Analyses stored before the target was recorded: geocode again.
    const { target } = await deps.places.locate(row.city, row.state, {
      primaryRadius: radiusMiles,
      secondaryRadius: radiusMiles,
    });
    return { location, lat: target.lat, lon: target.lon, radiusMiles };
  }

  async function runProviders(
    providers: CompetitorProvider[],
    query: CompetitorSearch,
  ): Promise<ProviderResult[]> {
    const settled = await Promise.allSettled(providers.map((p) => p.search(query)));
    const results: ProviderResult[] = [];
    const failures: unknown[] = [];
    settled.forEach((outcome, i) => {
      const provider = providers[i] as CompetitorProvider;
      if (outcome.status === "fulfilled") {
        results.push(outcome.value);
        return;
      }
      failures.push(outcome.reason);
      const message =
        outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      log.warn({ provider: provider.source, err: outcome.reason }, "competitor provider failed");
      results.push({
        source: provider.source,
        label: provider.label,
        grade: "measured",
        status: "failed",
        listings: [],
        message,
      });
    });
    if (failures.length === providers.length && failures.length > 0) {
      const first = [...failures].sort((a, b) => failureRank(a) - failureRank(b))[0];
      if (first instanceof AppError) throw first;
      throw new AppError("UPSTREAM_FAILED", "The competitor search failed. Please try again.", {
        cause: first,
      });
    }
    return results;
  }

  return {
    /** Runs (or re-runs) the competition analysis of an analysis and returns the analysis. */
    async runCompetitionAnalysis(viewer: User, analysisId: string): Promise<Analysis> {
      const row = await deps.payments.premiumAnalysis(viewer, analysisId);
      if (!row.keywordResearchCompleted) {
        throw new AppError("KEYWORD_RESEARCH_REQUIRED");
      }
      const market = (row.marketAnalysisData ?? null) as MarketAnalysisData | null;
      const keywords = (row.keywordResearchData ?? null) as KeywordResearchData | null;

      let providers = deps.providers
        ? deps.providers()
        : configuredCompetitorProviders({ config, keys: deps.keys(), industry: row.industry });
      if (providers.length === 0 && config.premium.sampleData)
        providers = [
          createSampleProvider({ industry: INDUSTRY_PROFILES[row.industry as IndustryId] }),
        ];

      if (providers.length === 0) {
        log.warn(
          { analysisId: row.id },
          "competition analysis refused: no competitor provider is configured",
        );
        throw new AppError("UNAVAILABLE", NO_COMPETITOR_PROVIDER_MESSAGE, {
          details: { provider: null },
        });
      }
      const area = await searchArea(row, market);
      const households =
        market?.marketSummary?.primaryHouseholds ??
        (row.primaryRadius >= row.secondaryRadius ? (market?.households ?? null) : null);
      const results = await runProviders(providers, {
        ...area,
        households,
        seed: row.id,
      });
      const ok = providers.filter((_, i) => results[i]?.status === "ok");
      const data: CompetitionAnalysisData = computeCompetitionAnalysis({
        providers: results,
        households,
        keywords,
        industry: row.industry,
        search: { ...area, terms: [...new Set(providers.flatMap((p) => p.terms))] },
        sourceLabel: ok.map((p) => p.label).join(" and "),
        now: now(),
      });

      const score = opportunityScore(market, keywords, data);
      return saveAnalysis(db, row.id, {
        competitionAnalysisData: data,
        competitionAnalysisCompleted: true,
        opportunityScore: score,
        updatedAt: now(),
      });
    },
  };
}

export type CompetitionService = ReturnType<typeof createCompetitionService>;
