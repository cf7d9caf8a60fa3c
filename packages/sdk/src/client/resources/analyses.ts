/** The free market analysis and the signed-in user's analyses (spec §6, §7). */
import type { AnalysisSummary } from "../../schemas/entities.js";
import type { AnalyzeRequest, RerunRequest } from "../../schemas/forms.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import { at, getPage } from "../calls.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const entities = schemasOf(() => import("../../schemas/entities.js"));
const market = schemasOf(() => import("../../schemas/market.js"));

/** `/api/analyses/<id>`. */
export const analysisPath = (id: string) => at("/api/analyses", id);

export function analysesResource(t: Transport) {
  const path = analysisPath;
  return {
    /** Runs the free market analysis (spec §7). */
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
    /** The ZIP areas in range of an analysis, nearest first, with their source (owner or admin). */
    zipAreas: (id: string, signal?: AbortSignal) =>
      t.request({
        method: "GET",
        path: `${path(id)}/zip-areas`,
        schema: market("zipAreasResponseSchema"),
        signal,
      }),
    /**
     * Where the CSV of an analysis' ZIP areas is served: a download link, so the browser keeps
     * the file name the server gives (Content-Disposition) and sends the session cookie.
     */
    zipAreasCsvPath: (id: string) => `${path(id)}/zip-areas.csv`,
    /** The CSV text of an analysis' ZIP areas (header line first); raises like every call. */
    zipAreasCsv: (id: string, signal?: AbortSignal) =>
      t.request<string>({
        method: "GET",
        path: `${path(id)}/zip-areas.csv`,
        headers: { Accept: "text/csv" },
        read: "text",
        signal,
      }),
  };
}
