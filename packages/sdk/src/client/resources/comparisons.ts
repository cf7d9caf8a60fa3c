/** Comparisons of 2–10 of the signed-in user's analyses. */
import type { ComparisonSummary, CreateComparisonRequest } from "../../schemas/comparisons.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import { at, getPage } from "../calls.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const comparisons = schemasOf(() => import("../../schemas/comparisons.js"));

/** `/api/comparisons/<id>`. */
export const comparisonPath = (id: string) => at("/api/comparisons", id);

/** The exports of a comparison: a spreadsheet's two formats and the PDF report. */
export type ComparisonExport = "csv" | "xlsx" | "pdf";

const EXPORT_FILES: Record<ComparisonExport, { file: string; accept: string }> = {
  csv: { file: "export.csv", accept: "text/csv" },
  xlsx: {
    file: "export.xlsx",
    accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  pdf: { file: "report.pdf", accept: "application/pdf" },
};

export function comparisonsResource(t: Transport) {
  return {
    /** Saves a comparison of 2–10 of your analyses (404 when one is not yours). */
    create: (body: CreateComparisonRequest) =>
      t.request({
        method: "POST",
        path: "/api/comparisons",
        body,
        schema: comparisons("comparisonSchema"),
      }),
    /** A page of your comparisons, newest first, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<ComparisonSummary>> =>
      getPage(t, "/api/comparisons", "comparisons", comparisons("comparisonSummarySchema"), query),
    /** Your comparisons, newest first: one page (the first unless `cursor`). */
    list: (query: PageQuery = {}): Promise<ComparisonSummary[]> =>
      getPage(
        t,
        "/api/comparisons",
        "comparisons",
        comparisons("comparisonSummarySchema"),
        query,
      ).then((p) => p.items),
    /** One comparison with its markets; 404 unless it is yours (or you are an administrator). */
    get: (id: string, signal?: AbortSignal) =>
      t.request({
        method: "GET",
        path: comparisonPath(id),
        schema: comparisons("comparisonSchema"),
        signal,
      }),
    /**
     * Where an export is served (a download link: the browser keeps the server's file name and
     * sends the session cookie).
     */
    exportPath: (id: string, format: ComparisonExport) =>
      `${comparisonPath(id)}/${EXPORT_FILES[format].file}`,
    /** An export's bytes (CSV as UTF-8 text bytes); raises like every call. */
    export: (id: string, format: ComparisonExport, signal?: AbortSignal) =>
      t.request<Uint8Array>({
        method: "GET",
        path: `${comparisonPath(id)}/${EXPORT_FILES[format].file}`,
        headers: { Accept: EXPORT_FILES[format].accept },
        read: "bytes",
        signal,
      }),
  };
}
