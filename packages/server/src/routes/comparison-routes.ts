/**
 * Comparisons: save one, list yours, read one, and its exports — CSV, XLSX and the PDF report.
 * Owner or administrator only (404 otherwise), as analyses. Routes call the comparison service
 * and answer; the table, the CSV, the workbook and the PDF come from the SDK's model and the
 * report layer.
 */
import { compareMarkets, comparisonCsv, comparisonFileName, endpoints } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { pageBody, pageRequest } from "../lib/pagination.js";
import { comparisonXlsx, XLSX_TYPE } from "../report/comparison-export.js";
import { renderComparisonReport } from "../report/comparison-report.js";

export function comparisonRoutes(
  { services: { comparisons, partnerBrands, payments }, logger }: AppContext,
  routes: EndpointRoutes,
): void {
  const calls = endpoints.comparisons;

  routes.on(calls.create, ({ user, body }) => comparisons.create(user, body));

  routes.on(calls.list, async ({ user, query }) => {
    const page = pageRequest(query);
    return pageBody("comparisons", page, await comparisons.list(user, page));
  });

  routes.on(calls.get, ({ user, params }) => comparisons.get(params.id, user));

  routes.on(calls.exportCsv, async ({ user, params, res }) => {
    const comparison = await comparisons.get(params.id, user);
    const table = compareMarkets(comparison.markets, payments.offered());
    res
      .type("text/csv; charset=utf-8")
      .set("Cache-Control", "private, no-store")
      .attachment(comparisonFileName(table.markets, "csv"))
      .send(comparisonCsv(table));
  });

  routes.on(calls.exportXlsx, async ({ user, params, res }) => {
    const comparison = await comparisons.get(params.id, user);
    // Under the owner's partner brand when they have one, as their analysis reports are.
    const brand = await partnerBrands.reportBrandOf(comparison.userId);
    const bytes = await comparisonXlsx(comparison, { brand, offer: payments.offered() });
    res
      .type(XLSX_TYPE)
      .set("Cache-Control", "private, no-store")
      .attachment(comparisonFileName(compareMarkets(comparison.markets).markets, "xlsx"))
      .send(bytes);
  });

  routes.on(calls.report, async ({ user, params, res }) => {
    const comparison = await comparisons.get(params.id, user);
    const brand = await partnerBrands.reportBrandOf(comparison.userId);
    const { pdf, pageCount } = renderComparisonReport(comparison, {
      brand,
      offer: payments.offered(),
    });
    res.status(200).set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${comparisonFileName(compareMarkets(comparison.markets).markets, "pdf")}"`,
      "Cache-Control": "private, no-store",
    });
    res.on("finish", () => {
      logger.info({ comparisonId: comparison.id, pages: pageCount }, "Comparison report sent");
    });
    pdf.on("error", (error: unknown) => {
      logger.error({ err: error, comparisonId: comparison.id }, "Comparison report stream failed");
      res.destroy(error instanceof Error ? error : undefined);
    });
    pdf.pipe(res);
  });
}
