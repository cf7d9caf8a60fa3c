/** Market analysis: revenue, census demographics, the local market profile, services and top cities. */
import { populationBasisNote } from "@bis/sdk";
import {
  formatCompactCurrency,
  formatCurrency,
  formatDate,
  formatMiles,
  formatNumber,
  formatWholePercent,
  NOT_AVAILABLE,
} from "../format.js";
import { COLORS, type ReportWriter } from "../layout.js";
import { marketGrade } from "../sources.js";

import { type ReportContext, SAMPLE_DATA_LABEL, SECTION_TITLES, TOP_CITIES } from "./context.js";
import { drawLocalMarket } from "./local-market.js";
import { drawMarketYear } from "./market-year.js";

export function drawMarket(w: ReportWriter, ctx: ReportContext): void {
  const { analysis } = ctx;
  const market = analysis.marketAnalysisData;
  w.newPage();
  w.sectionTitle(SECTION_TITLES.market, ctx.marketGrades);
  if (!market) {
    w.banner("Market analysis data not available for this analysis.", "muted");
    return;
  }
  if (ctx.marketGrades.includes("sample"))
    w.banner(`${SAMPLE_DATA_LABEL}: some market figures below are demo data.`, "sample");
  w.paragraph(
    `${market.requestLocation} · ${market.requestIndustry} · primary radius ${formatMiles(market.requestPrimaryRadius)}, secondary radius ${formatMiles(market.requestSecondaryRadius)} · analysed ${formatDate(market.analysisTimestamp)}`,
    { size: 9.5, color: COLORS.muted, gap: 10 },
  );

  drawRevenue(w, ctx, market);
  drawCensus(w, ctx, market);
  drawLocalMarket(w, market.localMarket);
  drawServices(w, market);
  drawMarketYear(w, market.seasons);
  drawTopCities(w, market);
}

type Market = NonNullable<ReportContext["analysis"]["marketAnalysisData"]>;

/** Annual market revenue, population, households and revenue per household. */
function drawRevenue(w: ReportWriter, ctx: ReportContext, market: Market): void {
  const { analysis } = ctx;
  const summary = market.marketSummary;
  w.subheading("Market Revenue Analysis");
  const revenue = marketGrade(analysis, "revenue");
  w.figureCards(
    [
      {
        label: "Annual market revenue",
        value: formatCompactCurrency(summary?.totalMarketRevenue),
        grade: revenue,
        detail: formatCurrency(summary?.totalMarketRevenue),
      },
      {
        label: "Total population",
        value: formatNumber(market.marketSize),
        grade: marketGrade(analysis, "population"),
        detail: `within ${formatMiles(market.requestSecondaryRadius)}`,
      },
      {
        label: "Target households",
        value: formatNumber(market.households),
        grade: marketGrade(analysis, "households"),
        detail: summary ? `${formatNumber(summary.primaryHouseholds)} in primary area` : undefined,
      },
      {
        label: "Avg. annual revenue",
        value: formatCurrency(market.avgRevenue),
        grade: revenue,
        detail: "per household",
      },
    ],
    4,
  );
  if (summary) {
    w.note(
      `${formatNumber(summary.citiesInRange)} places in range: ${formatNumber(summary.primaryCities)} within the primary radius, ${formatNumber(summary.secondaryCities)} in the secondary area. ${populationBasisNote(summary) ?? ""}`.trim(),
    );
  }
  w.space(6);
}

function drawCensus(w: ReportWriter, ctx: ReportContext, market: Market): void {
  const { analysis } = ctx;
  w.subheading("Census Demographics");
  const census = market.censusData;
  w.figureCards(
    [
      {
        label: "Total population",
        value: formatNumber(census.totalPopulation),
        grade: marketGrade(analysis, "population"),
      },
      {
        label: "Total housing units",
        value: formatNumber(census.totalHousingUnits),
        grade: marketGrade(analysis, "housingUnits"),
      },
      {
        label: "Single family homes",
        value: formatNumber(census.singleFamilyUnits),
        grade: marketGrade(analysis, "singleFamilyUnits"),
      },
      {
        label: "Commercial units",
        value: formatNumber(census.commercialUnits),
        grade: marketGrade(analysis, "commercialUnits"),
      },
    ],
    4,
  );
  w.space(6);
}

/** Per service: estimated revenue, annual jobs, average cost, penetration, with the formulas. */
function drawServices(w: ReportWriter, market: Market): void {
  w.subheading("Service Market Analysis");
  const services = market.serviceBreakdown;
  if (services.length === 0) {
    w.banner("Service breakdown data not available.", "muted");
  } else {
    const totalJobs = services.reduce((sum, s) => sum + s.annualJobs, 0);
    const totalRevenue = services.reduce((sum, s) => sum + s.estimatedRevenue, 0);
    w.table(
      [
        { header: "Service" },
        { header: "Estimated revenue", width: 100, align: "right" },
        { header: "Annual jobs", width: 75, align: "right" },
        { header: "Average cost", width: 75, align: "right" },
        { header: "Market penetration", width: 80, align: "right" },
      ],
      [
        ...services.map((s) => [
          s.serviceName,
          formatCurrency(s.estimatedRevenue),
          formatNumber(s.annualJobs),
          formatCurrency(s.averageCost),
          formatWholePercent(s.marketPenetration),
        ]),
        ["Total", formatCurrency(totalRevenue), formatNumber(totalJobs), "", ""],
      ],
      { totalRow: true },
    );
    const formulas = services.filter((s) => s.formula);
    if (formulas.length > 0) {
      w.note(
        `How each estimate is computed (annual jobs × average cost): ${formulas
          .map((s) => `${s.serviceName}: ${s.formula}`)
          .join("; ")}.`,
      );
    }
  }
  w.space(6);
}

/** The most populous places in range. */
function drawTopCities(w: ReportWriter, market: Market): void {
  const summary = market.marketSummary;
  w.subheading("Top Cities");
  const cities = market.cityAnalysis.cityBreakdown;
  if (cities.length === 0) {
    w.banner("No places found within the service area.", "muted");
    return;
  }
  const top = [...cities]
    .sort((a, b) => (b.population ?? -1) - (a.population ?? -1))
    .slice(0, TOP_CITIES);
  w.table(
    [
      { header: "City" },
      { header: "Distance", width: 70, align: "right" },
      { header: "Population", width: 85, align: "right" },
      { header: "Housing units", width: 85, align: "right" },
      { header: "Service area", width: 80 },
    ],
    top.map((c) => [
      c.cityName ?? c.name,
      c.distanceMiles === undefined ? NOT_AVAILABLE : `${formatNumber(c.distanceMiles, 1)} mi`,
      formatNumber(c.population),
      formatNumber(c.housingUnits),
      c.serviceArea === "primary" ? "Primary" : "Secondary",
    ]),
    {
      caption: `The ${formatNumber(top.length)} most populous of ${formatNumber(summary?.citiesInRange ?? cities.length)} places in range.`,
    },
  );
}
