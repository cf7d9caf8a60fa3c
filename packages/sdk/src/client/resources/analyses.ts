/** The free market analysis and the signed-in user's analyses. */
import { type QueryValues, urlOf } from "../../api/endpoint.js";
import { endpoints } from "../../api/endpoints.js";
import type { AnalysisSummary } from "../../schemas/entities.js";
import type { AnalyzeRequest, RerunRequest } from "../../schemas/forms.js";
import type { ZipSortKey } from "../../schemas/market.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import { getPage } from "../calls.js";
import type { Transport } from "../transport.js";

const { analyses } = endpoints;

/** How the ZIP list is sorted and cut (GET /api/analyses/{id}/zip-areas?sort=&order=&limit=). */
export interface ZipAreasQueryInput {
  sort?: ZipSortKey;
  order?: "asc" | "desc";
  limit?: number;
}

const zipQuery = ({ sort, order, limit }: ZipAreasQueryInput): QueryValues => ({
  sort,
  order,
  limit,
});

export function analysesResource(t: Transport) {
  return {
    /** Runs the free market analysis. */
    analyze: (body: AnalyzeRequest) => t.call(analyses.analyze, { body }),
    /** One analysis; 404 unless it is yours (or you are an administrator). */
    get: (id: string) => t.call(analyses.get, { params: { id } }),
    /** The signed-in user's analyses, newest first: one page (the first unless `cursor`). */
    list: (query: PageQuery = {}): Promise<AnalysisSummary[]> =>
      getPage(t, analyses.list, query).then((p) => p.items),
    /** A page of the signed-in user's analyses, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<AnalysisSummary>> =>
      getPage(t, analyses.list, query),
    /**
     * Deletes one of your analyses (an administrator: anyone's) with its payments; 404 when it
     * is not yours or does not exist. With `ifUnpaid`, a paid analysis is kept (409).
     */
    delete: (id: string, options: { ifUnpaid?: boolean } = {}): Promise<void> =>
      t.call(analyses.delete, {
        params: { id },
        query: options.ifUnpaid ? { ifUnpaid: "true" } : {},
      }),
    /** Re-runs the market analysis with changed assumptions. */
    rerun: (id: string, body: RerunRequest) => t.call(analyses.rerun, { params: { id }, body }),
    /**
     * The populated ZIP areas in range of an analysis with their stock, revenue and opportunity
     * score (owner or admin): nearest first, or as `query` sorts and limits them.
     */
    zipAreas: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
      t.call(analyses.zipAreas, { params: { id }, query: zipQuery(query), signal }),
    /**
     * Where the CSV (or XLSX) of an analysis' ZIP areas is served: a download link, so the
     * browser keeps the file name the server gives (Content-Disposition) and sends the cookie.
     */
    zipAreasCsvPath: (id: string, query: ZipAreasQueryInput = {}) =>
      urlOf(analyses.zipAreasCsv, { id }, zipQuery(query)),
    zipAreasXlsxPath: (id: string, query: ZipAreasQueryInput = {}) =>
      urlOf(analyses.zipAreasXlsx, { id }, zipQuery(query)),
    /** The CSV text of an analysis' ZIP areas (header line first); raises like every call. */
    zipAreasCsv: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
      t.call(analyses.zipAreasCsv, {
        params: { id },
        query: zipQuery(query),
        headers: { Accept: "text/csv" },
        signal,
      }),
    /** The XLSX workbook of an analysis' ZIP areas (every CSV column; ZIPs as text). */
    zipAreasXlsx: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
      t.call(analyses.zipAreasXlsx, { params: { id }, query: zipQuery(query), signal }),
  };
}
