/**
 * The widget's two calls, for a partner already authorized (key + origin):
 *
 * - analyze: within the partner's daily quota, the full free analysis, stored with the partner
 *   and no user. Once the quota is used up the widget keeps working in reduced form: the
 *   result already computed for the same area (in-memory LRU, else the partner's latest stored
 *   analysis of it), or else the headline figures computed without storing anything.
 * - leads: stored with the consent flag and the partner, then forwarded to the partner's
 *   webhook in the background.
 */
import { randomUUID } from "node:crypto";
import {
  localMarketSummary,
  type MarketAnalysisData,
  type Provenance,
  WIDGET_MESSAGES,
  type WidgetAnalyzeInput,
  type WidgetAnalyzeResponse,
  type WidgetLeadResponse,
  type widgetLeadRequestSchema,
} from "@bis/sdk";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/database.js";
import { tablesOf } from "../db/database.js";
import type { AnalysisService } from "./analyses.js";
import type { PartnerRow, PartnerService } from "./partners/index.js";
import type { WebhookService } from "./partners/webhooks.js";

/** Cached answers kept per server (least recently used dropped first). */
export const WIDGET_CACHE_SIZE = 1000;

export const QUOTA_CACHED_NOTICE =
  "This partner's daily analysis limit is reached; showing a recent result for this area.";

function provenanceOf(p: Provenance | undefined): Provenance | null {
  return p ? { source: p.source, vintage: p.vintage, grade: p.grade } : null;
}

/** The widget's view of a market analysis. */
export function toWidgetResult(id: string | null, data: MarketAnalysisData): WidgetAnalyzeResponse {
  const topServices = [...data.serviceBreakdown]
    .sort((a, b) => b.estimatedRevenue - a.estimatedRevenue)
    .slice(0, 3)
    .map((s) => ({ serviceName: s.serviceName, estimatedRevenue: s.estimatedRevenue }));
  return {
    analysisId: id,
    location: data.requestLocation,
    marketSize: data.marketSize,
    households: data.households,
    totalMarketRevenue: data.marketSummary?.totalMarketRevenue ?? null,
    avgRevenue: data.avgRevenue,
    citiesInRange: data.marketSummary?.citiesInRange ?? null,
    topServices,
    localMarketSummary: localMarketSummary(data.localMarket),
    provenance: {
      population: provenanceOf(data.provenance?.population),
      households: provenanceOf(data.provenance?.households),
      revenue: provenanceOf(data.provenance?.revenue),
      places: data.dataSource
        ? {
            source: `${data.dataSource.label}: the places whose centre lies within the service radius`,
            vintage: data.dataSource.vintage,
            grade: "measured",
          }
        : null,
    },
    reduced: false,
    notice: null,
  };
}

/** The reduced answer without a cached result: headline figures only, nothing stored. */
function headlineOnly(data: MarketAnalysisData): WidgetAnalyzeResponse {
  const full = toWidgetResult(null, data);
  return {
    ...full,
    avgRevenue: null,
    citiesInRange: null,
    topServices: [],
    reduced: true,
    notice: WIDGET_MESSAGES.quotaReduced,
  };
}

/** A small LRU on Map's insertion order. */
class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

const areaKey = (partnerId: string, input: WidgetAnalyzeInput) =>
  [
    partnerId,
    input.city.trim().toLowerCase(),
    input.state.trim().toUpperCase(),
    input.industry,
    input.primaryRadius,
    input.secondaryRadius,
  ].join("|");

export function createWidgetService(options: {
  db: Db;
  analyses: AnalysisService;
  partners: PartnerService;
  webhooks: WebhookService;
  now?: () => Date;
  cacheSize?: number;
}) {
  const { db, analyses, partners, webhooks } = options;
  const { analysis, lead } = tablesOf(db);
  const now = options.now ?? (() => new Date());
  const cache = new Lru<WidgetAnalyzeResponse>(options.cacheSize ?? WIDGET_CACHE_SIZE);

  return {
    async analyze(row: PartnerRow, input: WidgetAnalyzeInput): Promise<WidgetAnalyzeResponse> {
      const key = areaKey(row.id, input);
      if (await partners.reserveAnalysis(row)) {
        try {
          const { id, data } = await analyses.analyzeForPartner(row.id, input);
          const result = toWidgetResult(id, data);
          cache.set(key, result);
          return result;
        } catch (error) {
          await partners.releaseAnalysis(row);
          throw error;
        }
      }
      // Quota used up: reduced, never dark.
      const cached = cache.get(key) ?? (await stored(row.id, input));
      if (cached) return { ...cached, reduced: true, notice: QUOTA_CACHED_NOTICE };
      return headlineOnly(await analyses.preview(input));
    },

    async createLead(
      row: PartnerRow,
      input: z.output<typeof widgetLeadRequestSchema>,
    ): Promise<WidgetLeadResponse> {
      const id = randomUUID();
      const hasWebhook = row.webhookUrl !== null && row.webhookSecret !== null;
      await db.insert(lead).values({
        id,
        partnerId: row.id,
        analysisId: input.analysisId ? await ownAnalysis(row.id, input.analysisId) : null,
        name: input.name,
        email: input.email,
        consent: input.consent,
        webhookStatus: hasWebhook ? "pending" : "none",
        createdAt: now(),
      });
      if (hasWebhook) await webhooks.deliver(id);
      return { leadId: id, message: "Thank you — we will be in touch." };
    },
  };

  async function stored(
    partnerId: string,
    input: WidgetAnalyzeInput,
  ): Promise<WidgetAnalyzeResponse | null> {
    const found = await analyses.latestForPartner(partnerId, input);
    if (!found) return null;
    const result = toWidgetResult(found.id, found.data);
    cache.set(areaKey(partnerId, input), result);
    return result;
  }

  /** The analysis id when it is one of this partner's widget analyses; null otherwise. */
  async function ownAnalysis(partnerId: string, analysisId: string): Promise<string | null> {
    const [found] = await db
      .select({ id: analysis.id })
      .from(analysis)
      .where(and(eq(analysis.id, analysisId), eq(analysis.partnerId, partnerId)));
    return found?.id ?? null;
  }
}

export type WidgetService = ReturnType<typeof createWidgetService>;
