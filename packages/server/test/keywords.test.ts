/**
 * Keyword research over HTTP with the embedded model (demo payment mode): authorization,
 * validation, the stored KeywordResearchData and its real counts.
 */
import {
  type Analysis,
  KEYWORD_CITY_LIMIT_BY,
  type KeywordResearchData,
  keywordCounts,
  keywordResearchDataSchema,
  PPC_BUDGET_FACTOR,
} from "@bis/sdk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import {
  NOT_PURCHASABLE_MESSAGE,
  PAYMENT_REQUIRED_MESSAGE,
} from "../src/services/payments/index.js";
import {
  analysisFor,
  errorOf,
  paidAnalysisFor,
  type ServerWithUsers,
  signedInAdmin,
  signedInUser,
  startTestServer,
  startWithUsers,
  type TestServer,
} from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { analysis } = tablesFor(testEngine());

// Set in beforeAll.
let { bis, admin, owner, other, close } = {} as ServerWithUsers;
beforeAll(async () => {
  ({ bis, admin, owner, other, close } = await startWithUsers("Kira"));
}, 60_000);
afterAll(() => close?.());

function listed(data: KeywordResearchData) {
  return [...data.keywordData.primaryKeywords, ...data.keywordData.longTailKeywords];
}

describe("POST /api/keyword-analysis/analyze: who may run it", () => {
  it("needs a session", async () => {
    const response = await fetch(`${bis.url}/api/keyword-analysis/analyze`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bis.url },
      body: JSON.stringify({ analysisId: "x" }),
    });
    expect(response.status).toBe(401);
  });

  it('answers "Analysis ID not found" without an id', async () => {
    const error = await errorOf(owner.premium.keywords(""));
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Analysis ID not found");
    const missing = await owner.fetch(`${bis.url}/api/keyword-analysis/analyze`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("Analysis ID not found");
  });

  it("is 402 before payment, 404 for someone else's analysis or an unknown id", async () => {
    const id = await analysisFor(owner);
    const unpaid = await errorOf(owner.premium.keywords(id));
    expect(unpaid.status).toBe(402);
    expect(unpaid.serverMessage).toBe(PAYMENT_REQUIRED_MESSAGE);

    expect((await errorOf(other.premium.keywords(id))).status).toBe(404);
    expect((await errorOf(owner.premium.keywords("no-such-analysis"))).status).toBe(404);

    // Nothing was stored.
    const row = await owner.analyses.get(id);
    expect(row).toMatchObject({ keywordResearchCompleted: false, keywordResearchData: null });
  });

  it("checks entitlement before the cities: unpaid without cities is still 402", async () => {
    const id = await analysisFor(owner);
    await bis.server.context.db
      .update(analysis)
      .set({ marketAnalysisData: null })
      .where(eq(analysis.id, id));
    expect((await errorOf(owner.premium.keywords(id))).status).toBe(402);
  });

  it('answers "No Cities Found" when the market data names no city', async () => {
    const id = await analysisFor(owner);
    const stored = await owner.analyses.get(id);
    const market = stored.marketAnalysisData;
    if (!market) throw new Error("no market data");
    await bis.server.context.db
      .update(analysis)
      .set({
        marketAnalysisData: {
          ...market,
          requestLocation: "",
          target: undefined,
          cityAnalysis: { cityBreakdown: [] },
        },
      })
      .where(eq(analysis.id, id));
    const error = await errorOf(admin.premium.keywords(id));
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Unable to extract cities from market analysis data.");
    expect(error.details).toMatchObject({ title: "No Cities Found" });
  });
});

describe("POST /api/keyword-analysis/analyze: the research", () => {
  let id: string;
  let result: Analysis;
  let data: KeywordResearchData;

  beforeAll(async () => {
    id = await paidAnalysisFor(owner);
    result = await owner.premium.keywords(id);
    if (!result.keywordResearchData) throw new Error("no keyword data");
    data = result.keywordResearchData;
  });

  it("runs after the demo payment and stores the data on the analysis", async () => {
    expect(result).toMatchObject({ id, isPaid: true, keywordResearchCompleted: true });
    expect(keywordResearchDataSchema.parse(data)).toEqual(data);
    const again = await owner.analyses.get(id);
    expect(again.keywordResearchCompleted).toBe(true);
    expect(again.keywordResearchData).toEqual(data);
  });

  it("adds the cost to acquire to the analysis' opportunity score", () => {
    const score = result.opportunityScore as { components: { key: string }[] } | null;
    expect(score?.components.map((c) => c.key)).toEqual(["demand", "supply", "cost"]);
  });

  it("has the specification's KeywordResearchData shape with real counts", () => {
    const all = listed(data);
    expect(data.keywordData.summary.keywordsWithVolume).toBe(all.length);
    expect(all.length).toBeGreaterThan(50);
    expect(data.totalKeywords).toBeGreaterThanOrEqual(all.length);
    expect(new Set(all.map((k) => k.keyword)).size).toBe(all.length);
    for (const k of all) {
      expect(k.searchVolume).toBeGreaterThanOrEqual(10);
      expect(k.searchVolume % 10).toBe(0);
      expect(k.cpc).toBeGreaterThan(0);
      expect(Math.round(k.cpc * 100) / 100).toBe(k.cpc);
    }
    for (const list of [data.keywordData.primaryKeywords, data.keywordData.longTailKeywords]) {
      const volumes = list.map((k) => k.searchVolume);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    }
    const { summary } = data.keywordData;
    expect(summary.avgSearchVolume).toBe(
      Math.round(all.reduce((s, k) => s + k.searchVolume, 0) / all.length),
    );
    expect(summary.avgCPC).toBe(
      Math.round((all.reduce((s, k) => s + k.cpc, 0) / all.length) * 100) / 100,
    );
    expect(["Low", "Medium", "High"]).toContain(summary.competitionLevel);
    expect(data.keywordData.recommendations.length).toBeGreaterThanOrEqual(4);
    expect(data.keywordData.primaryKeywords.map((k) => k.keyword)).toContain("ac repair austin");
  });

  it("estimates the budget as volume × CPC × 0.1", () => {
    const sum = listed(data).reduce((s, k) => s + k.searchVolume * k.cpc * PPC_BUDGET_FACTOR, 0);
    expect(data.estimatedMonthlyBudget).toBe(Math.round(sum));
  });

  it("labels the figures modeled, with their sources and assumptions", () => {
    expect(data.provider).toEqual({
      id: "embedded",
      label: "BIS embedded keyword model",
      grade: "modeled",
    });
    expect(data.provenance?.searchVolume.grade).toBe("modeled");
    expect(data.provenance?.cpc.source).toContain("LocaliQ");
    expect(data.assumptions?.find((a) => a.key === "keywords.cpc.average")).toMatchObject({
      value: 9.68,
      basis: "published",
    });
    expect(data.citiesAnalyzed?.[0]).toMatchObject({ name: "Austin", state: "TX", target: true });
    expect(data.citiesAnalyzed?.length).toBeLessThanOrEqual(15);
  });

  it("records what the counts measure: researched, with volume, and the city limit", () => {
    expect(data.limits).toEqual([
      {
        subject: "cities",
        kept: 15,
        available: expect.any(Number),
        by: KEYWORD_CITY_LIMIT_BY,
      },
    ]);
    const limit = data.limits?.[0];
    expect(limit?.available).toBeGreaterThan(15);
    expect(data.citiesAnalyzed?.length).toBe(15);
    const counts = keywordCounts(data);
    expect(counts.researched).toBe(data.totalKeywords);
    expect(counts.withVolume).toBe(listed(data).length);
    expect(counts.limits).toEqual([
      `Limited to the first 15 of ${limit?.available} cities by ${KEYWORD_CITY_LIMIT_BY}.`,
    ]);
  });

  it("lets an administrator run it without paying; a re-run replaces the data", async () => {
    const otherId = await analysisFor(other);
    const byAdmin = await admin.premium.keywords(otherId);
    expect(byAdmin).toMatchObject({ id: otherId, isPaid: false, keywordResearchCompleted: true });
    expect(byAdmin.keywordResearchData?.totalKeywords).toBe(data.totalKeywords);

    const rerun = await owner.premium.keywords(id);
    expect(rerun.keywordResearchData).toEqual(data);
  });
});

describe("a keyword provider without its keys, and no competitor provider: nothing to sell", () => {
  let server: TestServer;
  let buyer: Awaited<ReturnType<typeof signedInUser>>;
  let administrator: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    server = await startTestServer({
      BIS_LOGIN_RATE_LIMIT: "1000",
      BIS_SAMPLE_DATA: "false",
      BIS_KEYWORD_PROVIDER: "dataforseo",
    });
    buyer = await signedInUser(server, "Nell");
    administrator = await signedInAdmin(server);
  }, 60_000);
  afterAll(async () => {
    await buyer?.close();
    await administrator?.close();
    await server?.close();
  });

  it("lists nothing premium as deliverable and takes no payment (503)", async () => {
    const config = await buyer.payments.config();
    expect(config.purchasable).toBe(false);
    expect(config.deliverables.map((d) => [d.id, d.deliverable])).toEqual([
      ["keywordResearch", false],
      ["competitionAnalysis", false],
      ["pdfReport", true],
    ]);
    expect(config.deliverables[0]?.reason).toBe("Keyword research is not available yet.");
    expect(config.deliverables[0]?.configure).toBeNull();
    expect(config.amount).toBe(10_000);
    const adminView = await administrator.payments.config();
    expect(adminView.deliverables[0]?.configure).toContain("DATAFORSEO_LOGIN");
    const id = await analysisFor(buyer);
    const refused = await errorOf(buyer.payments.confirmDemo({ analysisId: id }));
    expect(refused.status).toBe(503);
    expect(refused.code).toBe("UNAVAILABLE");
    expect(refused.serverMessage).toBe(NOT_PURCHASABLE_MESSAGE);
    expect((await buyer.analyses.get(id)).isPaid).toBe(false);
  });

  it("answers 503 for keyword research and leaves the step not run", async () => {
    const id = await analysisFor(buyer);
    const error = await errorOf(administrator.premium.keywords(id));
    expect(error.status).toBe(503);
    expect(error.code).toBe("UNAVAILABLE");
    expect(error.serverMessage).toBe("Keyword research is not available yet. Nothing was changed.");
    const stored = await buyer.analyses.get(id);
    expect(stored.keywordResearchCompleted).toBe(false);
    expect(stored.keywordResearchData).toBeNull();
  });
});
