/**
 * Comparisons: save one, list yours, read one, and its exports — CSV, XLSX and the PDF report.
 * Owner or administrator only (404 otherwise), as analyses. Routes parse, call the comparison
 * service, and respond; the table, the CSV, the workbook and the PDF come from the SDK's model
 * and the report layer.
 */
import {
  compareMarkets,
  comparisonCsv,
  comparisonFileName,
  createComparisonRequestSchema,
} from "@bis/sdk";
import { Router } from "express";
import type { AppContext } from "../context.js";
import { requireUser, userOf } from "../http/session.js";
import { parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";
import { comparisonXlsx, XLSX_TYPE } from "../report/comparison-export.js";
import { renderComparisonReport } from "../report/comparison-report.js";

export function comparisonRoutes({
  services: { accounts, comparisons, partnerBrands },
  logger,
}: AppContext): Router {
  const router = Router();
  router.use("/comparisons", requireUser(accounts));

  router.post("/comparisons", async (req, res) => {
    const body = parse(createComparisonRequestSchema, req.body);
    res.status(201).json(await comparisons.create(userOf(req), body));
  });

  router.get("/comparisons", async (req, res) => {
    const page = pageRequest(req.query);
    res.json(pageBody("comparisons", page, await comparisons.list(userOf(req), page)));
  });

  router.get("/comparisons/:id", async (req, res) => {
    res.json(await comparisons.get(req.params.id, userOf(req)));
  });

  router.get("/comparisons/:id/export.csv", async (req, res) => {
    const comparison = await comparisons.get(req.params.id, userOf(req));
    const table = compareMarkets(comparison.markets);
    res
      .type("text/csv; charset=utf-8")
      .set("Cache-Control", "private, no-store")
      .attachment(comparisonFileName(table.markets, "csv"))
      .send(comparisonCsv(table));
  });

  router.get("/comparisons/:id/export.xlsx", async (req, res) => {
    const comparison = await comparisons.get(req.params.id, userOf(req));
    // Under the owner's partner brand when they have one, as their analysis reports are.
    const brand = await partnerBrands.reportBrandOf(comparison.userId);
    const bytes = await comparisonXlsx(comparison, { brand });
    res
      .type(XLSX_TYPE)
      .set("Cache-Control", "private, no-store")
      .attachment(comparisonFileName(compareMarkets(comparison.markets).markets, "xlsx"))
      .send(bytes);
  });

  router.get("/comparisons/:id/report.pdf", async (req, res) => {
    const comparison = await comparisons.get(req.params.id, userOf(req));
    const brand = await partnerBrands.reportBrandOf(comparison.userId);
    const { pdf, pageCount } = renderComparisonReport(comparison, { brand });
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

  return router;
}
