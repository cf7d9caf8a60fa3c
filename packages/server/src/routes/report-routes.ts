/**
 * The PDF report of an analysis: `GET /api/analyses/{id}/report.pdf`, premium (paid or
 * administrator; 404 for an analysis the viewer may not see, 402 before payment). The document
 * is laid out in full before the first byte goes out, then streamed; nothing touches the disk.
 * Its ZIP areas come from the analysis service, as GET /api/analyses/{id}/zip-areas serves them.
 */
import { type Analysis, endpoints, opportunityScoreSchema } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { renderReport, reportFileName } from "../report/render-report.js";
import { type AnalysisRow, toAnalysisDto } from "../services/analysis-rows.js";

/** The analysis as the report reads it, with its opportunity score when one is stored. */
function reportAnalysis(row: AnalysisRow): Analysis {
  const dto = toAnalysisDto(row);
  const score = opportunityScoreSchema.safeParse(dto.opportunityScore ?? row.opportunityScore);
  return { ...dto, opportunityScore: score.success ? score.data : null };
}

export function reportRoutes(
  { services: { analyses, partnerBrands, payments }, logger }: AppContext,
  routes: EndpointRoutes,
): void {
  routes.on(endpoints.premium.report, async ({ user: viewer, params, res }) => {
    const row = await payments.premiumAnalysis(viewer, params.id);
    const analysis = reportAnalysis(row);
    const zipAreas = await analyses.zipAreas(row.id, viewer);
    // The owner's partner brand, also when an administrator downloads it.
    const brand = await partnerBrands.reportBrandOf(row.userId);
    const { pdf, pageCount, renderMs } = renderReport(analysis, {
      zipAreas,
      deliverables: (await payments.config()).deliverables,
      brand,
    });
    res.status(200).set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${reportFileName(analysis)}"`,
      "Cache-Control": "private, no-store",
    });
    res.on("finish", () => {
      logger.info(
        { analysisId: analysis.id, pages: pageCount, renderMs: Math.round(renderMs) },
        "PDF report sent",
      );
    });
    pdf.on("error", (error: unknown) => {
      logger.error({ err: error, analysisId: analysis.id }, "PDF report stream failed");
      res.destroy(error instanceof Error ? error : undefined);
    });
    pdf.pipe(res);
  });
}
