/**
 * The PDF report of an analysis: a branded, paginated document made with pdfkit from
 * the stored analysis alone — no network, no temporary files. `renderReport` lays out every page
 * synchronously (so a fault surfaces before a byte is sent) and returns the document as a
 * readable stream of PDF bytes.
 */
import {
  type Analysis,
  type OpportunityScore,
  opportunityScoreSchema,
  type PremiumDeliverable,
} from "@bis/sdk";
import type { ReportBrand } from "./brand.js";
import { slugify } from "./format.js";
import { type Doc, newReportDocument, ReportWriter } from "./layout.js";
import { drawZipAreasMap } from "./sections/zip-areas-map.js";
import {
  drawCompetition,
  drawCover,
  drawKeywords,
  drawMap,
  drawMarket,
  drawScore,
  drawSources,
  drawZipAreas,
  type ReportZipAreas,
  reportContext,
  SECTION_TITLES,
} from "./sections.js";

export { type ReportZipAreas, SAMPLE_DATA_LABEL, SECTION_TITLES } from "./sections.js";

export interface ReportOptions {
  /** When the report is generated (the cover says so); now by default. */
  generatedAt?: Date;
  /**
   * The ZIP areas in range (the analysis record keeps only their counts; the caller recomputes
   * the rows, as GET /api/analyses/{id}/zip-areas does). Without them the section says so.
   */
  zipAreas?: ReportZipAreas | null;
  /**
   * What this server can deliver now (GET /api/config/payments): a premium section that was not
   * run and cannot be delivered reads "not available", as the results page says. Unknown: assumed
   * deliverable.
   */
  deliverables?: readonly PremiumDeliverable[] | null;
  /**
   * The partner's brand the report is made under: cover, header, footer and colours
   * carry it, with "Data and analysis by BIS" in small print. Without one, BIS's own report.
   */
  brand?: ReportBrand | null;
}

/** `bis-report-<location-slug>-<first 8 characters of the id>.pdf`. */
export function reportFileName(analysis: Pick<Analysis, "id" | "location">): string {
  const id8 = analysis.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 8) || "report";
  return `bis-report-${slugify(analysis.location)}-${id8}.pdf`;
}

/** The analysis' opportunity score, when it has a well-formed one. */
function scoreOf(analysis: Analysis): OpportunityScore | null {
  const parsed = opportunityScoreSchema.safeParse(analysis.opportunityScore);
  return parsed.success ? parsed.data : null;
}

export interface RenderedReport {
  /** The PDF bytes, as a readable stream (pipe it to the response). */
  pdf: Doc;
  pageCount: number;
  /** Milliseconds spent laying out the pages. */
  renderMs: number;
}

/** Lays out the whole report and ends the document; read (or pipe) `pdf` for the bytes. */
export function renderReport(analysis: Analysis, options: ReportOptions = {}): RenderedReport {
  const started = performance.now();
  const generatedAt = options.generatedAt ?? new Date();
  const location = analysis.marketAnalysisData?.requestLocation ?? analysis.location;
  const doc = newReportDocument(
    {
      Title: `${SECTION_TITLES.cover}: ${location}`,
      Subject: `${analysis.industry} market analysis for ${location} (analysis ${analysis.id})`,
      Keywords: `BIS, market analysis, ${analysis.industry}, ${location}`,
      CreationDate: generatedAt,
    },
    options.brand,
  );
  const writer = new ReportWriter(doc, {
    header: `${SECTION_TITLES.cover}  ·  ${location}  ·  ${analysis.industry}`,
    footer: `BIS ${SECTION_TITLES.cover} · ${location}`,
    analysisId: analysis.id,
    brand: options.brand ?? null,
  });
  const ctx = reportContext(
    analysis,
    generatedAt,
    scoreOf(analysis),
    options.zipAreas ?? null,
    options.deliverables ?? null,
  );
  drawCover(writer, ctx);
  drawMarket(writer, ctx);
  drawMap(writer, ctx);
  drawZipAreas(writer, ctx);
  drawZipAreasMap(writer, ctx);
  drawKeywords(writer, ctx);
  drawCompetition(writer, ctx);
  drawScore(writer, ctx);
  drawSources(writer, ctx);
  const pageCount = writer.finish();
  doc.end();
  return { pdf: doc, pageCount, renderMs: performance.now() - started };
}

/** The whole report in memory (tests, the CLI). */
export async function renderReportBuffer(
  analysis: Analysis,
  options: ReportOptions = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderReport(analysis, options).pdf) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
