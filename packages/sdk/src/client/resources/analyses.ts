/** The free market analysis and the signed-in user's analyses. */
import type { AnalysisSummary } from "../../schemas/entities.js";
import type { AnalyzeRequest, RerunRequest } from "../../schemas/forms.js";
import type { ZipSortKey } from "../../schemas/market.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import { at, getPage } from "../calls.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const entities = schemasOf(() => import("../../schemas/entities.js"));
const market = schemasOf(() => import("../../schemas/market.js"));

/** How the ZIP list is sorted and cut (GET /api/analyses/{id}/zip-areas?sort=&order=&limit=). */
export interface ZipAreasQueryInput {
  sort?: ZipSortKey;
  order?: "asc" | "desc";
  limit?: number;
}

function zipQueryString({ sort, order, limit }: ZipAreasQueryInput): string {
  const q = new URLSearchParams();
  if (sort) q.set("sort", sort);
  if (order) q.set("order", order);
  if (limit !== undefined) q.set("limit", String(limit));
  const text = q.toString();
  return text ? `?${text}` : "";
}

/** `/api/analyses/<id>`. */
export const analysisPath = (id: string) => at("/api/analyses", id);

export function analysesResource(t: Transport) {
  const path = analysisPath;
  return {
    /** Runs the free market analysis. */
    analyze: (body: AnalyzeRequest) =>
      t.request({
        method: "POST",
        path: "/api/market-analysis/analyze",
        body,
        schema: entities("analyzeResponseSchema"),
      }),
    /** One analysis; 404 unless it is yours (or you are an administrator). */
    get: (id: string) =>
      t.request({ method: "GET", path: path(id), schema: entities("analysisSchema") }),
    /** The signed-in user's analyses, newest first: one page (the first unless `cursor`). */
    list: (query: PageQuery = {}): Promise<AnalysisSummary[]> =>
      getPage(t, "/api/analyses", "analyses", entities("analysisSummarySchema"), query).then(
        (p) => p.items,
      ),
    /** A page of the signed-in user's analyses, with `nextCursor` and `total`. */
    page: (query: PageQuery = {}): Promise<Page<AnalysisSummary>> =>
      getPage(t, "/api/analyses", "analyses", entities("analysisSummarySchema"), query),
    /**
     * Deletes one of your analyses (an administrator: anyone's) with its payments; 404 when it
     * is not yours or does not exist. With `ifUnpaid`, a paid analysis is kept (409).
     */
    delete: (id: string, options: { ifUnpaid?: boolean } = {}): Promise<void> =>
      t.request({
        method: "DELETE",
        path: options.ifUnpaid ? `${path(id)}?ifUnpaid=true` : path(id),
      }),
    /** Re-runs the market analysis with changed assumptions. */
    rerun: (id: string, body: RerunRequest) =>
      t.request({
        method: "PUT",
        path: `${path(id)}/assumptions`,
        body,
        schema: entities("analysisSchema"),
      }),
    /**
     * The populated ZIP areas in range of an analysis with their stock, revenue and opportunity
     * score (owner or admin): nearest first, or as `query` sorts and limits them.
     */
    zipAreas: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
      t.request({
        method: "GET",
        path: `${path(id)}/zip-areas${zipQueryString(query)}`,
        schema: market("zipAreasResponseSchema"),
        signal,
      }),
    /**
     * Where the CSV (or XLSX) of an analysis' ZIP areas is served: a download link, so the
     * browser keeps the file name the server gives (Content-Disposition) and sends the cookie.
     */
    zipAreasCsvPath: (id: string, query: ZipAreasQueryInput = {}) =>
      `${path(id)}/zip-areas.csv${zipQueryString(query)}`,
    zipAreasXlsxPath: (id: string, query: ZipAreasQueryInput = {}) =>
      `${path(id)}/zip-areas.xlsx${zipQueryString(query)}`,
    /** The CSV text of an analysis' ZIP areas (header line first); raises like every call. */
    zipAreasCsv: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
      t.request<string>({
        method: "GET",
        path: `${path(id)}/zip-areas.csv${zipQueryString(query)}`,
        headers: { Accept: "text/csv" },
        read: "text",
        signal,
      }),
    /** The XLSX workbook of an analysis' ZIP areas (every CSV column; ZIPs as text). */
    zipAreasXlsx: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
      t.request<Uint8Array>({
        method: "GET",
        path: `${path(id)}/zip-areas.xlsx${zipQueryString(query)}`,
        read: "bytes",
        signal,
      }),
  };
}
