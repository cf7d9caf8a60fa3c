/**
 * Adding a trade is one folder plus its data: a made-up trade (pool service, with its own
 * equipment, services, keywords and competitors) runs through the whole pipeline on the shipped
 * dataset — market model, ZIP rows, keywords, competitors, the PDF report — with no line of
 * engine code naming it. Its figures follow its own rules, not HVAC's.
 */
import {
  type Analysis,
  type AssumptionDefinition,
  type CompetitorProfile,
  computeCompetitionAnalysis,
  computeKeywordResearch,
  computeMarketAnalysis,
  type EquipmentModel,
  HVAC_KEYWORD_PROFILE,
  type IndustryId,
  type IndustryProfile,
  type KeywordProfile,
  localMarketRows,
  localMarketRowText,
  type MarketAnalysisData,
  US_STATES,
  ZIP_AREAS_PROVENANCE,
} from "@bis/sdk";
import { beforeAll, describe, expect, it } from "vitest";
// The CLI's views are pure (data in, a document out): the same text `bis analyze` prints.
import { renderPlain } from "../../cli/src/ui/plain.js";
import { analysisDoc, competitionDoc, keywordsDoc } from "../../cli/src/ui/views.js";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { renderReportBuffer } from "../src/report/render-report.js";
import { createPlaceService } from "../src/services/places/place-service.js";
import { pageTexts } from "./support/pdf.js";

const ID = "Pool Service" as IndustryId;

/** Pools are a warm-climate, single-family thing; heaters follow the heating season. */
const POOL_EQUIPMENT: EquipmentModel = {
  title: "Pools and pool heaters",
  kinds: [
    { id: "pool", label: "in-ground pool" },
    { id: "poolHeater", label: "pool heater" },
    { id: "noPool", label: "no pool" },
  ],
  source: "Test trade: pools from the single-family share and cooling degree days",
  method:
    "pools = single-family × (0.02 + 0.25 × CDD ÷ (CDD + 1,500)); heaters = pools × HDD ÷ (HDD + 3,000)",
  estimate(area) {
    const local = area.local;
    if (!local) return null;
    const cdd = local.means.coolingDegreeDays;
    const hdd = local.means.heatingDegreeDays;
    const singleFamily = local.buildings?.shares.singleFamily ?? 0.6;
    const pool = singleFamily * (0.02 + (0.25 * cdd) / (cdd + 1500));
    const heater = (pool * hdd) / (hdd + 3000);
    return {
      systems: {
        pool: { value: pool, source: `Pools at ${Math.round(cdd)} cooling degree days` },
        poolHeater: { value: heater, source: `Heaters at ${Math.round(hdd)} heating degree days` },
      },
      homes: { pool, poolHeater: heater, noPool: 1 - pool },
    };
  },
};

const def = (
  key: string,
  unit: AssumptionDefinition["unit"],
  value: number,
  extra: Partial<AssumptionDefinition> = {},
): AssumptionDefinition => ({
  key,
  label: key,
  unit,
  min: 0,
  max: unit === "usd" ? 100_000 : unit === "degreeDays" ? 20_000 : unit === "years" ? 50 : 3,
  basis: "estimate",
  source: "Test trade",
  value,
  ...extra,
});

const POOL: IndustryProfile = {
  id: ID,
  label: "Pool Service",
  active: true,
  equipment: POOL_EQUIPMENT,
  assumptions: [
    def("share.pool", "share", 0.08, { fromEquipment: "pool" }),
    def("share.poolHeater", "share", 0.03, { fromEquipment: "poolHeater" }),
    def("climate.coolingDegreeDays", "degreeDays", 1605, { fromHousing: "coolingDegreeDays" }),
    def("wear.pump", "share", 0.5),
    def("lifespan.pump", "years", 8),
    def("rate.heaterRepair", "rate", 0.2),
    def("rate.cleaning", "rate", 0.5),
    def("ticket.pump", "usd", 1_200),
    def("ticket.heaterRepair", "usd", 400),
    def("ticket.cleaning", "usd", 1_800),
    def("labour.pump", "share", 0.4),
    def("prices.wageIndex", "index", 1, { fromHousing: "wageIndex", min: 0.3 }),
  ],
  services: [
    {
      id: "pump-replacement",
      name: "Pool Pump Replacement",
      shareKeys: ["share.pool"],
      incidence: {
        kind: "lifespan",
        key: "lifespan.pump",
        wear: {
          weightKey: "wear.pump",
          seasons: [{ season: "cooling", key: "climate.coolingDegreeDays" }],
        },
      },
      ticketKey: "ticket.pump",
      price: { labourShareKey: "labour.pump", wageIndexKey: "prices.wageIndex" },
    },
    {
      id: "heater-repair",
      name: "Pool Heater Repair",
      shareKeys: ["share.poolHeater"],
      incidence: { kind: "rate", key: "rate.heaterRepair" },
      ticketKey: "ticket.heaterRepair",
    },
    {
      id: "weekly-cleaning",
      name: "Weekly Pool Cleaning",
      shareKeys: ["share.pool"],
      incidence: { kind: "rate", key: "rate.cleaning" },
      ticketKey: "ticket.cleaning",
    },
  ],
};

const COMPETITORS: CompetitorProfile = {
  placesQuery: "pool service",
  yelpTerm: "pool cleaners",
  sampleCategories: [["Pool Cleaners"]],
  specialties: [
    { label: "Pool Heaters", pattern: /heater/ },
    { label: "Pool Cleaning", pattern: /clean/ },
  ],
  generalSpecialization: "General Pool Service",
  contractorsLabel: "pool service companies",
  niches: ["Pool Heaters"],
};

/** Its taxonomy: the HVAC intents' shapes and phrasings, with the trade's own terms and figures. */
const POOL_TERMS = { cooling: "pool pump", heating: "pool heater", general: "pool" } as const;
const KEYWORDS: KeywordProfile = {
  industry: ID,
  averageCpc: {
    value: 4.5,
    source: "Test trade CPC",
    sourceUrl: "https://example.com",
    vintage: "2026",
  },
  tradeWords: /\b(pool|pump|heater)\b/,
  intents: HVAC_KEYWORD_PROFILE.intents.map((intent) => ({
    ...intent,
    families: intent.families.map((family) => ({
      ...family,
      terms: [...new Set(family.terms.map((t) => t.group))].map((group) => ({
        term: POOL_TERMS[group],
        group,
        weight: 1,
      })),
    })),
  })),
  assumptions: HVAC_KEYWORD_PROFILE.assumptions.map(({ sourceUrl: _url, ...a }) => ({
    ...a,
    label: a.label.replace(/HVAC/g, "pool service"),
    source: "Test trade",
    ...(a.key === "keywords.cpc.average" ? { value: 4.5 } : {}),
  })),
  seeds: ["pool cleaning", "pool pump repair"],
  negativeTerms: ["jobs"],
};

const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});

async function analyze(city: string, state: string): Promise<MarketAnalysisData> {
  const request = { city, state, industry: ID, primaryRadius: 10, secondaryRadius: 15 };
  const { target, ...area } = await places.locate(city, state, request);
  const region = US_STATES.find((s) => s.code === target.state)?.region ?? "South";
  return computeMarketAnalysis({
    request,
    target: { ...target, input: city },
    region,
    ...area,
    localZips: places.localZips(target.lat, target.lon, 15),
    profile: POOL,
    now: new Date("2026-12-05T00:00:00Z"),
  });
}

const service = (d: MarketAnalysisData, id: string) => {
  const s = d.serviceBreakdown.find((x) => x.serviceId === id);
  if (!s) throw new Error(`no ${id}`);
  return s;
};
const assumption = (d: MarketAnalysisData, key: string) =>
  d.assumptions?.find((a) => a.key === key)?.value ?? Number.NaN;

let phoenix: MarketAnalysisData;
let minneapolis: MarketAnalysisData;
beforeAll(async () => {
  phoenix = await analyze("Phoenix", "AZ");
  minneapolis = await analyze("Minneapolis", "MN");
});

describe("a made-up trade runs through the market model", () => {
  it("sells its own services, sized by its own equipment and rules", () => {
    expect(phoenix.serviceBreakdown.map((s) => s.serviceId)).toEqual([
      "pump-replacement",
      "heater-repair",
      "weekly-cleaning",
    ]);
    for (const d of [phoenix, minneapolis]) {
      const households = d.households ?? 0;
      const pools = assumption(d, "share.pool");
      // Its own equipment model gave the share (derived), not the regional default.
      expect(d.assumptions?.find((a) => a.key === "share.pool")?.basis).toBe("derived");
      expect(pools).not.toBe(0.08);
      const cleaning = service(d, "weekly-cleaning");
      expect(cleaning.annualJobs).toBe(Math.round(households * pools * 0.5));
      expect(cleaning.estimatedRevenue / (cleaning.annualJobs * 1_800)).toBeCloseTo(1, 4);
    }
    // Pools follow cooling days: Phoenix has more per home, and its pumps wear out sooner.
    expect(assumption(phoenix, "share.pool")).toBeGreaterThan(
      1.5 * assumption(minneapolis, "share.pool"),
    );
    const perHousehold = (d: MarketAnalysisData) =>
      service(d, "pump-replacement").annualJobs / (d.households ?? 1);
    expect(perHousehold(phoenix)).toBeGreaterThan(2 * perHousehold(minneapolis));
    expect(service(phoenix, "pump-replacement").formula).toMatch(
      /replaced every \d+(\.\d)? years here/,
    );
    // Heaters follow heating days: Minneapolis heats a larger share of its pools.
    const heatedShare = (d: MarketAnalysisData) =>
      assumption(d, "share.poolHeater") / assumption(d, "share.pool");
    expect(heatedShare(minneapolis)).toBeGreaterThan(heatedShare(phoenix));
  });

  it("shows its equipment in the local market profile, keyed by its own kinds", () => {
    const equipment = phoenix.localMarket?.equipment;
    expect(equipment?.title).toBe("Pools and pool heaters");
    expect(Object.keys(equipment?.kinds ?? {})).toEqual(["pool", "poolHeater", "noPool"]);
    const rows = localMarketRows(phoenix.localMarket).map(localMarketRowText);
    const row = rows.find((r) => r.startsWith("Pools and pool heaters:"));
    expect(row).toMatch(
      /^Pools and pool heaters: in-ground pool \d+% · pool heater \d+% · no pool \d+%$/,
    );
    expect(rows.join("\n")).not.toMatch(/furnace|boiler|heat pump|central AC/i);
  });
});

describe("the rest of the pipeline reads the made-up trade", () => {
  it("scores ZIP areas from its revenue, keyword research from its seeds, competitors from its terms, and prints a PDF", async () => {
    const target = phoenix.target;
    if (!target) throw new Error("no target");
    // ZIP rows: revenue from this trade's dollars per household.
    const { rows: zips } = places.zipAreas(target.lat, target.lon, 10, 15, phoenix);
    expect(zips.length).toBeGreaterThan(20);
    const withRevenue = zips.filter((z) => z.households && z.revenue);
    expect(withRevenue.length).toBeGreaterThan(20);
    for (const z of withRevenue.slice(0, 5)) {
      expect(Object.keys(z.revenueByService)).toEqual([
        "pump-replacement",
        "heater-repair",
        "weekly-cleaning",
      ]);
      expect((z.revenue ?? 0) / (z.households ?? 1)).toBeCloseTo(phoenix.avgRevenue ?? 0, -1);
    }

    // Keyword research: its own trade words and seeds, its market's households.
    const keywords = computeKeywordResearch({ market: phoenix, profile: KEYWORDS });
    const all = [...keywords.keywordData.primaryKeywords, ...keywords.keywordData.longTailKeywords];
    expect(all.length).toBeGreaterThan(50);
    expect(keywords.keywordData.summary.keywordsWithVolume).toBeGreaterThan(20);
    expect(all.every((k) => /\bpool\b/.test(k.keyword))).toBe(true);
    expect(all.map((k) => k.keyword)).toContain("pool pump repair near me");
    expect(keywords.keywordData.summary.avgCPC).toBeLessThan(9);

    // Competitors: read by its own specialties, its open niche named.
    const competition = computeCompetitionAnalysis({
      providers: [
        {
          source: "sample",
          label: "Sample data",
          grade: "sample",
          status: "ok",
          listings: [
            { source: "sample", id: "1", name: "Desert Pool Cleaning", rating: 4.8, reviews: 310 },
            { source: "sample", id: "2", name: "Blue Water Pools", rating: 4.2, reviews: 45 },
          ],
        },
      ],
      households: phoenix.households,
      keywords,
      search: {
        location: "Phoenix, AZ",
        lat: target.lat,
        lon: target.lon,
        radiusMiles: 10,
        terms: [],
      },
      industry: ID,
      profile: COMPETITORS,
      sourceLabel: "Sample data",
      now: new Date("2026-12-05T00:00:00Z"),
    });
    const specializations = competition.competitors.map((c) => c.specialization);
    expect(specializations).toContain("Pool Cleaning");
    expect(specializations).toContain("General Pool Service");
    expect(competition.opportunities.join(" ")).toContain("pool heaters");

    // The PDF report prints its services and its equipment, and nothing of HVAC's.
    const analysis: Analysis = {
      id: "made-up-trade",
      userId: null,
      location: "Phoenix, AZ",
      industry: ID,
      primaryRadius: 10,
      secondaryRadius: 15,
      createdAt: "2026-12-05T00:00:00.000Z",
      isPaid: true,
      marketAnalysisCompleted: true,
      keywordResearchCompleted: true,
      competitionAnalysisCompleted: true,
      marketAnalysisData: phoenix,
      keywordResearchData: keywords,
      competitionAnalysisData: competition,
      opportunityScore: null,
    };
    // The CLI prints its services, equipment, keywords and competitors.
    const cli = [analysisDoc(analysis), keywordsDoc(analysis), competitionDoc(analysis)]
      .map(renderPlain)
      .join("\n");
    for (const words of [
      "Pool Pump Replacement",
      "Pools and pool heaters",
      "pool pump repair near me",
      "Desert Pool Cleaning",
    ])
      expect(cli).toContain(words);
    expect(cli).not.toMatch(/furnace|boiler|heat pump|hvac/i);

    const text = (
      await pageTexts(
        await renderReportBuffer(analysis, {
          zipAreas: { rows: zips, provenance: { ...ZIP_AREAS_PROVENANCE } },
        }),
      )
    ).join(" ");
    for (const words of [
      "Pool Pump Replacement",
      "Weekly Pool Cleaning",
      "Pools and pool heaters",
      "in-ground pool",
      "Desert Pool Cleaning",
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/furnace|boiler|heat pump|hvac/i);
  }, 60_000);
});
