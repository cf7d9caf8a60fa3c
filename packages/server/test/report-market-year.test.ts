/**
 * The market's year in the PDF: a Phoenix analysis as the server computes it prints its revenue
 * and jobs by month (the same figures as the record), where the months come from, and the
 * method among the sources; a record without months prints no such table (one made from data
 * without a local climate: a record stored before the months gets them when read, before it is
 * printed — keyword-seasons.test.ts).
 */
import { type Analysis, computeMarketAnalysis, formatNumber, INDUSTRY_PROFILES } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { renderReportBuffer } from "../src/report/render-report.js";
import { withSeasons } from "../src/services/analysis-seasons.js";
import { createPlaceService } from "../src/services/places/place-service.js";
import { pageTexts } from "./support/pdf.js";

const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});

async function phoenix(): Promise<Analysis> {
  const request = {
    city: "Phoenix",
    state: "AZ",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
  };
  const { target, ...area } = await places.locate("Phoenix", "AZ", request);
  const data = computeMarketAnalysis({
    request,
    target: { ...target, input: "Phoenix" },
    region: "West",
    ...area,
    localZips: places.localZips(target.lat, target.lon, 15),
    profile: INDUSTRY_PROFILES.HVAC,
    now: new Date("2026-12-06T00:00:00Z"),
  });
  return {
    id: "0d7a3c1e-5b2f-4e8a-9c6d-1f2e3a4b5c6d",
    userId: "user-1",
    location: "Phoenix, AZ",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 15,
    createdAt: "2026-12-06T00:00:00.000Z",
    isPaid: false,
    marketAnalysisCompleted: true,
    keywordResearchCompleted: false,
    competitionAnalysisCompleted: false,
    marketAnalysisData: withSeasons(data, INDUSTRY_PROFILES.HVAC),
  } as Analysis;
}

describe("the market's year in the PDF", () => {
  it("prints each service's months as the record has them, and their source", async () => {
    const analysis = await phoenix();
    const seasons = analysis.marketAnalysisData?.seasons;
    expect(seasons).toBeDefined();
    const text = (await pageTexts(await renderReportBuffer(analysis))).join(" ");
    expect(text).toContain("The market's year");
    expect(text).toContain("Busiest month July");
    expect(text).toContain("PHOENIX, AZ first-order station");
    const repair = seasons?.services.find((s) => s.serviceId === "ac-repair");
    expect(text).toContain(formatNumber(repair?.jobs[6]));
    expect(text).toContain("The market's year: degree days, jobs and revenue by month");
  });

  it("prints no monthly table for a record without months", async () => {
    const analysis = await phoenix();
    if (analysis.marketAnalysisData) delete analysis.marketAnalysisData.seasons;
    const text = (await pageTexts(await renderReportBuffer(analysis))).join(" ");
    expect(text).not.toContain("The market's year");
  });
});
