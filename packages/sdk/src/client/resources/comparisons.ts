/** Comparisons of 2–10 of the signed-in user's analyses. */
import { urlOf } from "../../api/endpoint.js";
import { endpoints } from "../../api/endpoints.js";
import type { ComparisonSummary, CreateComparisonRequest } from "../../schemas/comparisons.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import { getPage } from "../calls.js";
import type { Transport } from "../transport.js";

const { comparisons } = endpoints;

/** The exports of a comparison: a spreadsheet's two formats and the PDF report. */
export type ComparisonExport = "csv" | "xlsx" | "pdf";

const EXPORTS = {
  csv: { endpoint: comparisons.exportCsv, accept: "text/csv" },
  xlsx: {
    endpoint: comparisons.exportXlsx,
    accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  pdf: { endpoint: comparisons.report, accept: "application/pdf" },
} as const;

export function comparisonsResource(t: Transport) {
  return {
    /** Saves a comparison of 2–10 of your analyses (404 when one is not yours). */
    create: (body: CreateComparisonRequest) => t.call(comparisons.create, { body }),
    /** A page of your comparisons, newest first, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<ComparisonSummary>> =>
      getPage(t, comparisons.list, query),
    /** Your comparisons, newest first: one page (the first unless `cursor`). */
    list: (query: PageQuery = {}): Promise<ComparisonSummary[]> =>
      getPage(t, comparisons.list, query).then((p) => p.items),
    /** One comparison with its markets; 404 unless it is yours (or you are an administrator). */
    get: (id: string, signal?: AbortSignal) => t.call(comparisons.get, { params: { id }, signal }),
    /**
     * Where an export is served (a download link: the browser keeps the server's file name and
     * sends the session cookie).
     */
    exportPath: (id: string, format: ComparisonExport) => urlOf(EXPORTS[format].endpoint, { id }),
    /** An export's bytes (CSV as UTF-8 text bytes); raises like every call. */
    export: (id: string, format: ComparisonExport, signal?: AbortSignal) =>
      t.call(EXPORTS[format].endpoint, {
        params: { id },
        headers: { Accept: EXPORTS[format].accept },
        signal,
      }),
  };
}
