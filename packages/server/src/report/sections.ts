/**
 * The sections of the PDF report, in order: cover, market analysis, service area map, ZIP areas,
 * keyword research, competition analysis, opportunity score, sources and methodology. A premium section
 * whose data does not exist yet prints one "not run yet" line instead of its content.
 */
import {
  type Analysis,
  type CompetitionAnalysisData,
  type DataGrade,
  keywordCounts,
  marketLeader,
  type OpportunityScore,
  PPC_BUDGET_FACTOR,
  type PremiumDeliverable,
  type PremiumSection,
  type PremiumSectionState,
  populationBasisNote,
  ppcTable,
  premiumSectionState,
  type ZipAreasResponse,
  zipAreasSummary,
} from "@bis/sdk";
import {
  formatCompactCurrency,
  formatCpc,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMiles,
  formatNumber,
  formatWholeDollars,
  formatWholePercent,
  gradeLabel,
  NOT_AVAILABLE,
  pdfText,
} from "./format.js";
import { COLORS, FONT, PAGE, type ReportWriter } from "./layout.js";
import { drawLocator, drawMapLegend, drawServiceAreaMap, type MapInput } from "./map.js";
import {
  assumptionRows,
  competitionGrades,
  gradesOfMarket,
  keywordGrades,
  marketGrade,
  type SourceRow,
  sourceRows,
} from "./sources.js";

export const SECTION_TITLES = {
  cover: "Market Intelligence Report",
  market: "Market Analysis",
  map: "Service Area Map",
  zipAreas: "ZIP Areas",
  keywords: "Keyword Research",
  competition: "Competition Analysis",
  score: "Opportunity Score",
  sources: "Sources and Methodology",
} as const;

export const SAMPLE_DATA_LABEL = "Sample data";
/** Rows of the keyword table and of the city table. */
export const TOP_KEYWORDS = 40;
export const TOP_CITIES = 15;

/** The ZIP areas the report lists: the rows of GET /api/analyses/{id}/zip-areas. */
export type ReportZipAreas = Pick<ZipAreasResponse, "rows" | "provenance">;

export interface ReportContext {
  analysis: Analysis;
  /** The ZIP areas in range, when the caller looked them up (the report route does). */
  zipAreas: ReportZipAreas | null;
  generatedAt: Date;
  score: OpportunityScore | null;
  keywordGrades: DataGrade[];
  competitionGrades: DataGrade[];
  marketGrades: DataGrade[];
  /** The state of each premium section, as the results page shows it. */
  keywordState: PremiumSectionState;
  competitionState: PremiumSectionState;
}

/**
 * A premium section's state for the report: the reader has premium access (the report route
 * checks it) and nothing is running; what this server can deliver decides "not available".
 */
export function reportSectionState(
  analysis: Analysis,
  section: PremiumSection,
  deliverables: readonly PremiumDeliverable[] | null,
): PremiumSectionState {
  return premiumSectionState({
    section,
    analysis,
    premium: true,
    deliverable: deliverables?.find((d) => d.id === section) ?? null,
  });
}

/** Names of the sections that hold sample data. */
export function sampleSections(ctx: ReportContext): string[] {
  const sections: string[] = [];
  if (ctx.marketGrades.includes("sample")) sections.push(SECTION_TITLES.market);
  if (ctx.keywordGrades.includes("sample")) sections.push(SECTION_TITLES.keywords);
  if (ctx.competitionGrades.includes("sample")) sections.push(SECTION_TITLES.competition);
  if (ctx.score?.grade === "sample") sections.push(SECTION_TITLES.score);
  return sections;
}

export function reportContext(
  analysis: Analysis,
  generatedAt: Date,
  score: OpportunityScore | null,
  zipAreas: ReportZipAreas | null = null,
  deliverables: readonly PremiumDeliverable[] | null = null,
): ReportContext {
  return {
    keywordState: reportSectionState(analysis, "keywordResearch", deliverables),
    competitionState: reportSectionState(analysis, "competitionAnalysis", deliverables),
    analysis,
    zipAreas,
    generatedAt,
    score,
    marketGrades: gradesOfMarket(analysis),
    keywordGrades: analysis.keywordResearchData ? keywordGrades(analysis.keywordResearchData) : [],
    competitionGrades: analysis.competitionAnalysisData
      ? competitionGrades(analysis.competitionAnalysisData)
      : [],
  };
}

/* ------------------------------------------------------------------ cover */

export function drawCover(w: ReportWriter, ctx: ReportContext): void {
  const { doc } = w;
  const { analysis } = ctx;
  const market = analysis.marketAnalysisData;
  const bandHeight = 290;
  doc.rect(0, 0, PAGE.width, bandHeight).fill(COLORS.brand);
  doc.rect(0, bandHeight, PAGE.width, 6).fill(COLORS.brandDark);
  // Decorative rising bars, right of the band: the mark, large and faint.
  doc.save();
  doc.fillOpacity(0.12);
  [70, 120, 170].forEach((h, i) => {
    doc.rect(430 + i * 42, bandHeight - 40 - h, 26, h).fill(COLORS.white);
  });
  doc.restore();

  w.brandMark(w.left, 46, 36, true);
  doc.font(FONT.bold).fontSize(26).fillColor(COLORS.white);
  doc.text("BIS", w.left + 46, 50, { lineBreak: false });
  doc.font(FONT.regular).fontSize(10).fillColor(COLORS.brandMid);
  doc.text("Market research for local service businesses", w.left, 96, { lineBreak: false });

  doc.font(FONT.bold).fontSize(32).fillColor(COLORS.white);
  doc.text(SECTION_TITLES.cover, w.left, 160, { width: w.width, lineBreak: false });
  doc.font(FONT.regular).fontSize(13).fillColor(COLORS.brandMid);
  doc.text(
    pdfText(`${analysis.industry} market analysis, keyword research and competition`),
    w.left,
    204,
    {
      width: w.width,
      lineBreak: false,
    },
  );

  const location = market?.target
    ? `${market.target.name}, ${market.target.state}`
    : analysis.location;
  doc.font(FONT.bold).fontSize(26).fillColor(COLORS.ink);
  doc.text(pdfText(location), w.left, 326, { width: 330 });

  let y = Math.max(doc.y + 12, 372);
  const details: [string, string][] = [
    ["Industry", analysis.industry],
    [
      "Service area",
      `Primary radius ${formatMiles(analysis.primaryRadius)} · Secondary radius ${formatMiles(analysis.secondaryRadius)}`,
    ],
    ["Analysis date", formatDate(analysis.createdAt)],
    ["Report generated", formatDateTime(ctx.generatedAt)],
    ["Analysis ID", analysis.id],
  ];
  if (market?.dataSource) details.push(["Place data", market.dataSource.label]);
  for (const [label, value] of details) {
    doc.font(FONT.regular).fontSize(9).fillColor(COLORS.muted);
    doc.text(pdfText(label), w.left, y + 1, { width: 100, lineBreak: false });
    doc.font(FONT.bold).fontSize(10).fillColor(COLORS.ink);
    doc.text(pdfText(value), w.left + 100, y, { width: 230 });
    y = doc.y + 7;
  }

  // The headline figures, right column.
  const boxX = 400;
  const boxW = w.right - boxX;
  let boxY = 326;
  const headline: [string, string][] = [];
  if (ctx.score) headline.push(["Opportunity score", `${Math.round(ctx.score.score)} / 100`]);
  headline.push(
    ["Annual market revenue", formatCompactCurrency(market?.marketSummary?.totalMarketRevenue)],
    ["Target households", formatNumber(market?.households)],
  );
  for (const [label, value] of headline) {
    doc.roundedRect(boxX, boxY, boxW, 56, 6).fillAndStroke(COLORS.brandLight, COLORS.brandMid);
    doc.font(FONT.regular).fontSize(8.5).fillColor(COLORS.brandDark);
    doc.text(pdfText(label.toUpperCase()), boxX + 12, boxY + 10, { lineBreak: false });
    doc.font(FONT.bold).fontSize(18).fillColor(COLORS.ink);
    doc.text(pdfText(value), boxX + 12, boxY + 26, { width: boxW - 24, lineBreak: false });
    boxY += 66;
  }

  // Contents, with what each section holds.
  y = Math.max(y, boxY) + 18;
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.ink);
  doc.text("Contents", w.left, y, { lineBreak: false });
  y += 20;
  const contents: [string, string][] = [
    [SECTION_TITLES.market, market ? "Included" : "Not available"],
    [SECTION_TITLES.map, market ? "Included (drawn offline)" : "Not available"],
    [SECTION_TITLES.zipAreas, ctx.zipAreas ? zipAreasLine(ctx.zipAreas) : "Not available"],
    [SECTION_TITLES.keywords, withSample(ctx.keywordState.short, ctx.keywordGrades)],
    [SECTION_TITLES.competition, withSample(ctx.competitionState.short, ctx.competitionGrades)],
    [
      SECTION_TITLES.score,
      ctx.score
        ? withSample(
            `${Math.round(ctx.score.score)} / 100`,
            ctx.score.grade ? [ctx.score.grade] : [],
          )
        : "Not available yet",
    ],
    [SECTION_TITLES.sources, "Every figure's source, vintage and grade"],
  ];
  contents.forEach(([title, status], i) => {
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.text);
    doc.text(`${i + 1}.  ${pdfText(title)}`, w.left, y, { lineBreak: false });
    doc.fillColor(status.includes(SAMPLE_DATA_LABEL) ? "#92400e" : COLORS.muted);
    doc.text(pdfText(status), w.left + 230, y, { width: w.width - 230, lineBreak: false });
    y += 14;
  });

  const samples = sampleSections(ctx);
  w.y = y + 14;
  if (samples.length > 0) {
    w.banner(
      `${SAMPLE_DATA_LABEL}: ${samples.join(", ")} in this report ${samples.length === 1 ? "uses" : "use"} demo data, not measurements of real businesses or searches. Do not base decisions on these figures.`,
      "sample",
    );
  }
}

function withSample(text: string, grades: readonly DataGrade[]): string {
  return grades.includes("sample") ? `${text} (${SAMPLE_DATA_LABEL})` : text;
}

/* ------------------------------------------------------------------ market analysis */

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
  const summary = market.marketSummary;
  w.paragraph(
    `${market.requestLocation} · ${market.requestIndustry} · primary radius ${formatMiles(market.requestPrimaryRadius)}, secondary radius ${formatMiles(market.requestSecondaryRadius)} · analysed ${formatDate(market.analysisTimestamp)}`,
    { size: 9.5, color: COLORS.muted, gap: 10 },
  );

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

/* ------------------------------------------------------------------ map */

export function mapInput(analysis: Analysis): MapInput | null {
  const market = analysis.marketAnalysisData;
  if (!market) return null;
  const places = market.cityAnalysis.cityBreakdown.flatMap((c) =>
    c.lat === undefined || c.lon === undefined
      ? []
      : [
          {
            name: c.cityName ?? c.name,
            lat: c.lat,
            lon: c.lon,
            serviceArea: c.serviceArea,
            population: c.population,
          },
        ],
  );
  const target =
    market.target ??
    (() => {
      const nearest = market.cityAnalysis.cityBreakdown.find(
        (c) => c.distanceMiles === 0 && c.lat !== undefined && c.lon !== undefined,
      );
      return nearest?.lat !== undefined && nearest.lon !== undefined
        ? { name: nearest.name, state: nearest.state ?? "", lat: nearest.lat, lon: nearest.lon }
        : null;
    })();
  if (!target) return null;
  return {
    target: { name: target.name, state: target.state, lat: target.lat, lon: target.lon },
    primaryRadiusMiles: market.requestPrimaryRadius,
    secondaryRadiusMiles: market.requestSecondaryRadius,
    places,
  };
}

export function drawMap(w: ReportWriter, ctx: ReportContext): void {
  w.newPage();
  w.sectionTitle(SECTION_TITLES.map);
  const input = mapInput(ctx.analysis);
  if (!input) {
    w.banner(
      "Map not available: this analysis has no coordinates for its target (it was run before BIS recorded them). Re-run the analysis to include the map.",
      "muted",
    );
    return;
  }
  const frame = { x: w.left, y: w.y, width: w.width, height: 420 };
  drawServiceAreaMap(w.doc, frame, input);
  const below = frame.y + frame.height + 12;
  const locator = { x: w.right - 150, y: below, width: 150, height: 96 };
  drawLocator(w.doc, locator, input.target);
  const legendHeight = drawMapLegend(w.doc, w.left, below, w.width - 170, input);
  w.y = below + legendHeight + 8;
  w.doc.font(FONT.regular).fontSize(8.5);
  w.doc
    .fillColor(COLORS.muted)
    .text(
      pdfText(
        `Centred on ${input.target.name}${input.target.state ? `, ${input.target.state}` : ""} (${input.target.lat.toFixed(4)}, ${input.target.lon.toFixed(4)}). ${formatNumber(input.places.length)} places in range are shown as dots; the most populous are named. Equirectangular projection around the target (longitude scaled by the cosine of its latitude), so the radius circles are true to scale. State boundaries: U.S. Census Bureau cartographic boundaries (us-atlas), drawn without any map service. Inset: where the service area lies.`,
      ),
      w.left,
      w.y,
      { width: w.width - 170, lineGap: 2 },
    );
  w.y = Math.max(w.y, locator.y + locator.height) + 8;
}

/* ------------------------------------------------------------------ ZIP areas */

/** "42 ZIP areas in range: 18 primary, 24 secondary". */
export function zipAreasLine(zipAreas: ReportZipAreas): string {
  const { count, primary, secondary } = zipAreasSummary(zipAreas.rows);
  return `${formatNumber(count)} ZIP ${count === 1 ? "area" : "areas"} in range: ${formatNumber(primary)} primary, ${formatNumber(secondary)} secondary`;
}

/** Every ZIP area in range, nearest first, over as many pages as it takes (header repeated). */
export function drawZipAreas(w: ReportWriter, ctx: ReportContext): void {
  const { zipAreas, analysis } = ctx;
  w.newPage();
  w.sectionTitle(SECTION_TITLES.zipAreas, zipAreas ? [zipAreas.provenance.grade] : []);
  if (!zipAreas) {
    w.banner("ZIP areas not available for this report.", "muted");
    return;
  }
  const { provenance, rows } = zipAreas;
  w.paragraph(
    `${zipAreasLine(zipAreas)} (primary within ${formatMiles(analysis.primaryRadius)}, secondary within ${formatMiles(analysis.secondaryRadius)}). ZIP Code Tabulation Areas whose internal point lies within the radius, nearest first: the areas contractors and ad platforms target.`,
    { size: 9.5, color: COLORS.muted, gap: 6 },
  );
  w.note(
    `Source: ${provenance.source}; ${provenance.vintage}; ${gradeLabel(provenance.grade)}${provenance.method ? `. Method: ${provenance.method}` : ""}.`,
  );
  w.space(4);
  if (rows.length === 0) {
    w.banner("No ZIP area lies within the service area.", "muted");
    return;
  }
  w.table(
    [
      { header: "ZIP", width: 52 },
      { header: "Place" },
      { header: "Population", width: 78, align: "right" },
      { header: "Housing units", width: 78, align: "right" },
      { header: "Distance", width: 62, align: "right" },
      { header: "Area", width: 70 },
    ],
    rows.map((z) => [
      z.zip,
      z.state ? `${z.place}, ${z.state}` : z.place,
      formatNumber(z.population),
      formatNumber(z.housingUnits),
      `${formatDecimal(z.distanceMiles, 1, 1)} mi`,
      z.serviceArea === "primary" ? "Primary" : "Secondary",
    ]),
    { fontSize: 8, padding: 3.5, caption: `All ${formatNumber(rows.length)} ZIP areas in range.` },
  );
}

/* ------------------------------------------------------------------ keyword research */

/** Starts a premium section: a fresh page when it has content, else below what is there. */
function startSection(w: ReportWriter, title: string, hasData: boolean, grades: DataGrade[]): void {
  if (hasData) w.newPage();
  else {
    w.ensure(130);
    if (w.y > PAGE.margins.top + 1) w.space(14);
  }
  w.sectionTitle(title, grades);
}

/** The state of a premium section without results, as the results page says it. */
export function sectionStateText(state: PremiumSectionState): string {
  return `${state.title}. ${state.detail}`;
}

export function drawKeywords(w: ReportWriter, ctx: ReportContext): void {
  const state = ctx.keywordState;
  const data = state.status === "complete" ? ctx.analysis.keywordResearchData : null;
  startSection(w, SECTION_TITLES.keywords, Boolean(data), ctx.keywordGrades);
  if (!data) {
    w.banner(sectionStateText(state), "muted");
    return;
  }
  if (ctx.keywordGrades.includes("sample"))
    w.banner(
      `${SAMPLE_DATA_LABEL}: these keywords, volumes and costs per click are demo data, not measured searches.`,
      "sample",
    );
  const { summary } = data.keywordData;
  const counts = keywordCounts(data);
  w.subheading("Summary");
  w.figureCards(
    [
      { label: "Total keywords", value: formatNumber(counts.researched) },
      { label: "With search volume", value: formatNumber(counts.withVolume) },
      { label: "Avg. monthly searches", value: formatNumber(summary.avgSearchVolume) },
      { label: "Avg. CPC", value: formatCpc(summary.avgCPC) },
      { label: "Competition level", value: summary.competitionLevel || "Medium" },
    ],
    5,
  );
  const extra: string[] = [
    `${formatNumber(counts.researched)} keywords researched, ${counts.withVolumeText}.`,
    ...counts.limits,
  ];
  // The rows of the results page's PPC table, in its order (the SDK's ppcTable).
  const { rows, totalBudget } = ppcTable(data);
  if (rows.length > 0)
    extra.push(
      `Estimated monthly PPC budget for every listed keyword: ${formatWholeDollars(totalBudget)}.`,
    );
  if (data.citiesAnalyzed && data.citiesAnalyzed.length > 0)
    extra.push(
      `Cities analyzed (${formatNumber(data.citiesAnalyzed.length)}): ${data.citiesAnalyzed
        .slice(0, 25)
        .map((c) => c.name)
        .join(", ")}${data.citiesAnalyzed.length > 25 ? ", …" : ""}.`,
    );
  if (data.provider) extra.push(`Keyword data: ${data.provider.label}.`);
  if (extra.length > 0) w.note(extra.join(" "));
  w.space(4);

  const shown = rows.slice(0, TOP_KEYWORDS);
  w.subheading("Top Keywords by Search Volume");
  if (shown.length === 0) {
    w.banner("No keyword has search volume above 0.", "muted");
  } else {
    w.table(
      [
        { header: "#", width: 26, align: "right" },
        { header: "Keyword" },
        { header: "Monthly searches", width: 80, align: "right" },
        { header: "CPC", width: 60, align: "right" },
        { header: "Est. PPC budget", width: 90, align: "right" },
      ],
      shown.map((k, i) => [
        String(i + 1),
        k.keyword,
        formatNumber(k.searchVolume),
        formatCpc(k.cpc),
        formatWholeDollars(k.budget),
      ]),
      {
        fontSize: 8.5,
        caption: `${shown.length < rows.length ? `The top ${formatNumber(shown.length)} of ${formatNumber(rows.length)}` : `All ${formatNumber(rows.length)}`} keywords with search volume: primary keywords by volume, highest first, then long-tail keywords likewise, each keyword once. Estimated PPC budget = search volume × CPC × ${PPC_BUDGET_FACTOR}, in whole dollars; CPC to 2 decimals.`,
      },
    );
  }
  w.space(6);
  w.subheading("Recommendations");
  w.bullets(data.keywordData.recommendations, "No recommendations.");
}

/* ------------------------------------------------------------------ competition */

export function drawCompetition(w: ReportWriter, ctx: ReportContext): void {
  const state = ctx.competitionState;
  const data = state.status === "complete" ? ctx.analysis.competitionAnalysisData : null;
  startSection(w, SECTION_TITLES.competition, Boolean(data), ctx.competitionGrades);
  if (!data) {
    w.banner(sectionStateText(state), "muted");
    return;
  }
  const sample = ctx.competitionGrades.includes("sample");
  if (sample)
    w.banner(
      `${SAMPLE_DATA_LABEL}: these competitors are demo businesses, not real companies in this market. Configure a competitor data provider for real ones.`,
      "sample",
    );
  const leader = marketLeader(data);
  const leaderRow = leader?.index ?? -1;
  w.subheading("Overview");
  w.figureCards(
    [
      { label: "Total competitors", value: formatNumber(data.totalCompetitors) },
      { label: "Market leader", value: leader?.name ?? NOT_AVAILABLE },
      {
        label: "Average rating",
        value: data.avgRating === null ? NOT_AVAILABLE : `${formatNumber(data.avgRating, 1)} / 5`,
      },
      {
        label: "Market saturation",
        value: data.marketSaturation || "Medium",
        detail: saturationDetail(data),
      },
    ],
    4,
  );
  w.space(4);

  w.subheading(sample ? `Competitors (${SAMPLE_DATA_LABEL})` : "Competitors");
  if (data.competitors.length === 0) {
    w.banner("No competitors found within the primary radius.", "muted");
  } else {
    w.table(
      [
        { header: "Company" },
        { header: "Rating", width: 50, align: "right" },
        { header: "Reviews", width: 60, align: "right" },
        { header: "Position", width: 95 },
        { header: "Specialization", width: 140 },
      ],
      data.competitors.map((c, i) => [
        i === leaderRow ? `${c.name}  (market leader)` : c.name,
        c.rating === null ? NOT_AVAILABLE : formatNumber(c.rating, 1),
        formatNumber(c.reviews),
        c.position,
        c.specialization,
      ]),
      {
        highlight: (i) => i === leaderRow,
        fontSize: 8.5,
        caption: leaderRow >= 0 ? "The market leader is highlighted." : undefined,
      },
    );
  }
  w.space(4);
  w.subheading("Opportunities");
  w.bullets(data.opportunities, "No opportunities identified.");
  w.subheading("Recommendations");
  w.bullets(data.recommendations, "No recommendations.");
}

/** "2.4 per 10,000 households" when the analysis recorded its saturation metric. */
function saturationDetail(data: CompetitionAnalysisData): string | undefined {
  const metric = data.saturationMetric;
  if (!metric || metric.competitorsPer10kHouseholds === null) return undefined;
  return `${formatNumber(metric.competitorsPer10kHouseholds, 1)} per 10,000 households`;
}

/* ------------------------------------------------------------------ opportunity score */

export function drawScore(w: ReportWriter, ctx: ReportContext): void {
  const { score } = ctx;
  w.ensure(score ? 150 + 22 * (score.components.length + 1) : 120);
  if (w.y > PAGE.margins.top + 1) w.space(14);
  w.sectionTitle(SECTION_TITLES.score, score?.grade ? [score.grade] : []);
  if (!score) {
    w.banner(
      "The opportunity score is computed once keyword research and competition analysis are complete: not available yet.",
      "muted",
    );
    return;
  }
  const { doc } = w;
  const value = Math.max(0, Math.min(100, score.score));
  const top = w.y;
  doc.font(FONT.bold).fontSize(40).fillColor(COLORS.brandDark);
  doc.text(String(Math.round(value)), w.left, top, { lineBreak: false });
  const numberWidth = doc.widthOfString(String(Math.round(value)));
  doc.font(FONT.regular).fontSize(14).fillColor(COLORS.muted);
  doc.text("/ 100", w.left + numberWidth + 6, top + 20, { lineBreak: false });
  // The gauge.
  const gx = w.left + 150;
  const gw = w.width - 150;
  doc.roundedRect(gx, top + 16, gw, 12, 6).fill(COLORS.rule);
  doc.roundedRect(gx, top + 16, Math.max(12, (gw * value) / 100), 12, 6).fill(COLORS.brand);
  doc.font(FONT.regular).fontSize(8).fillColor(COLORS.muted);
  doc.text("0", gx, top + 32, { lineBreak: false });
  doc.text("100", gx + gw - 14, top + 32, { lineBreak: false });
  w.y = top + 56;
  w.paragraph(
    "One 0–100 score combining demand (households, market revenue), supply (competitors and the review depth of the top three) and the cost to acquire a customer (average CPC). Higher is a better opportunity.",
    { size: 9, color: COLORS.muted },
  );
  w.table(
    [
      { header: "Component", width: 130 },
      { header: "Score", width: 50, align: "right" },
      { header: "Weight", width: 55, align: "right" },
      { header: "How it was scored" },
    ],
    score.components.map((c) => [
      c.label,
      formatNumber(c.score, 0),
      c.weight <= 1 ? formatWholePercent(c.weight) : formatNumber(c.weight, 2),
      c.detail,
    ]),
    {
      caption:
        score.missing && score.missing.length > 0
          ? `Left out for lack of data: ${score.missing.join(", ")}; the weights of the others were rescaled.`
          : undefined,
    },
  );
  if (score.grade === "sample")
    w.banner(`${SAMPLE_DATA_LABEL}: this score is computed from demo data.`, "sample");
}

/* ------------------------------------------------------------------ sources and methodology */

function figureCell(row: SourceRow): string {
  return row.method ? `${row.source}\nMethod: ${row.method}` : row.source;
}

export function drawSources(w: ReportWriter, ctx: ReportContext): void {
  const { analysis } = ctx;
  w.newPage();
  w.sectionTitle(SECTION_TITLES.sources);
  w.paragraph(
    `Every figure in this report carries its source, vintage and grade. Measured: taken from a real data source for exactly that place. Modeled: computed from measured inputs by a documented formula. ${SAMPLE_DATA_LABEL}: demo data, never a measurement.`,
    { size: 9.5 },
  );

  w.subheading("Figures");
  const rows = sourceRows(analysis);
  if (ctx.zipAreas) {
    const p = ctx.zipAreas.provenance;
    rows.push({
      section: "Market analysis",
      figure: "ZIP areas (population, housing units)",
      source: p.source,
      vintage: p.vintage,
      grade: p.grade,
      method: p.method,
    });
  }
  w.table(
    [
      { header: "Figure", width: 110 },
      { header: "Source and method" },
      { header: "Vintage", width: 95 },
      { header: "Grade", width: 62 },
    ],
    rows.map((r) => [
      r.section === "Market analysis" ? r.figure : `${r.section}: ${r.figure}`,
      figureCell(r),
      r.vintage,
      r.grade ? gradeLabel(r.grade) : "-",
    ]),
    { fontSize: 7.5 },
  );
  const unsourced: string[] = [];
  if (analysis.keywordResearchData && !rows.some((r) => r.section === "Keyword research"))
    unsourced.push(SECTION_TITLES.keywords);
  if (analysis.competitionAnalysisData && !rows.some((r) => r.section === "Competition analysis"))
    unsourced.push(SECTION_TITLES.competition);
  for (const title of unsourced) {
    const grades = title === SECTION_TITLES.keywords ? ctx.keywordGrades : ctx.competitionGrades;
    w.note(
      `${title}: the result records no per-figure provenance${grades.length ? `; graded ${grades.map(gradeLabel).join(", ")}` : ""}.`,
    );
  }

  const assumptions = assumptionRows(analysis);
  const sections = [...new Set(assumptions.map((a) => a.section))];
  for (const section of sections) {
    w.space(4);
    w.subheading(`Assumptions: ${section}`);
    w.table(
      [
        { header: "Assumption", width: 130 },
        { header: "Value", width: 80 },
        { header: "Basis", width: 55 },
        { header: "Source" },
      ],
      assumptions
        .filter((a) => a.section === section)
        .map((a) => [a.label, a.value, a.basis, a.source]),
      { fontSize: 7.5 },
    );
  }
  if (assumptions.length > 0)
    w.note(
      "Basis: Published (as the source states it), Derived (computed from published figures), Estimate (a BIS estimate where no published figure was found; change it for your market on the results page and re-run).",
    );

  w.space(4);
  w.subheading("Methodology");
  const market = analysis.marketAnalysisData;
  const thresholds = analysis.competitionAnalysisData?.saturationMetric?.thresholds;
  w.bullets([
    `Service area: places whose point lies within the secondary radius (${formatMiles(analysis.secondaryRadius)}, great-circle distance) of the geocoded target; within the primary radius (${formatMiles(analysis.primaryRadius)}) a place is primary, otherwise secondary. A place the circle cuts counts by the share of its area inside; residents outside listed places are added at the state's background density.`,
    "Per service: annual jobs = households × equipment share × annual incidence (1 ÷ lifespan for replacements, a repair or plan rate otherwise); estimated revenue = annual jobs × average ticket; market penetration = annual jobs ÷ households. Total market revenue = the sum over services; average annual revenue = total ÷ households.",
    `Keyword research: estimated PPC budget = search volume × CPC × ${PPC_BUDGET_FACTOR}; only keywords with search volume above 0 are listed: primary keywords by volume, highest first, then long-tail keywords likewise, each keyword once.`,
    `Competition analysis: competitors found within the primary radius, de-duplicated across providers; market saturation from competitors per 10,000 households${thresholds ? ` (Low below ${formatNumber(thresholds.low, 1)}, High at ${formatNumber(thresholds.high, 1)} or more)` : ", with the thresholds documented in the methodology"}.`,
    "Opportunity score: demand (households, market revenue), supply (competitors, review depth of the top three) and cost to acquire (average CPC), each scored 0–100 and weighted.",
    `The full methodology, with every formula and threshold, is docs/methodology.md in BIS; the data behind this report is the analysis ${analysis.id}${market?.analysisTimestamp ? `, computed ${formatDate(market.analysisTimestamp)}` : ""}.`,
  ]);
}
