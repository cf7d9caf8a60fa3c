/** Market analysis calls: call the analysis service, answer. */
import { endpoints, type User, type ZipAreasQuery, zipAreasCsv } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { pageBody, pageRequest } from "../lib/pagination.js";
import { XLSX_TYPE } from "../report/comparison-export.js";
import { zipAreasXlsx } from "../report/zip-areas-export.js";

export function analysisRoutes(
  { services: { analyses } }: AppContext,
  routes: EndpointRoutes,
): void {
  const calls = endpoints.analyses;

  /** The rows a download holds (every one, or the first `limit`) and how many there are in all. */
  async function zipDownload(id: string, user: User, { limit, ...order }: ZipAreasQuery) {
    const all = await analyses.zipAreas(id, user, order);
    const rows = limit === undefined ? all.rows : all.rows.slice(0, limit);
    return { zips: { ...all, rows }, total: all.rows.length };
  }

  routes.on(calls.analyze, ({ user, body }) => analyses.analyze(user.id, body));

  routes.on(calls.getByMarketPath, ({ user, params }) => analyses.get(params.id, user));

  routes.on(calls.list, async ({ user, query }) => {
    const page = pageRequest(query);
    return pageBody("analyses", page, await analyses.list(user.id, page));
  });

  routes.on(calls.get, ({ user, params }) => analyses.get(params.id, user));

  // ?sort=score&order=desc&limit=50 (validated: anything else is 400).
  routes.on(calls.zipAreas, ({ user, params, query }) => analyses.zipAreas(params.id, user, query));

  // The downloads hold every row unless ?limit= asks; a cut file says so in its name.
  routes.on(calls.zipAreasCsv, async ({ user, params, query, res }) => {
    const { zips, total } = await zipDownload(params.id, user, query);
    res
      .type("text/csv; charset=utf-8")
      .attachment(zipAreasFileName(zips.location, "csv", { rows: zips.rows.length, total }))
      .send(zipAreasCsv(zips.rows));
  });

  routes.on(calls.zipAreasXlsx, async ({ user, params, query, res }) => {
    const { zips, total } = await zipDownload(params.id, user, query);
    res
      .type(XLSX_TYPE)
      .attachment(zipAreasFileName(zips.location, "xlsx", { rows: zips.rows.length, total }))
      .send(await zipAreasXlsx(zips));
  });

  // Owner or administrator; anyone else 404 (as every analysis route).
  routes.on(calls.delete, async ({ user, params, query }) => {
    await analyses.remove(params.id, user, { ifUnpaid: query.ifUnpaid === "true" });
  });

  routes.on(calls.rerun, ({ user, params, body }) =>
    analyses.rerun(params.id, user, body.assumptions),
  );
}

/**
 * "Austin, TX" → "bis-zip-areas-austin-tx.csv" (or .xlsx); a file cut by ?limit= says so:
 * "bis-zip-areas-austin-tx-top-20-of-107.csv".
 */
export function zipAreasFileName(
  location: string,
  extension: "csv" | "xlsx" = "csv",
  extent?: { rows: number; total: number },
): string {
  const slug = location
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
  const cut = extent && extent.rows < extent.total ? `-top-${extent.rows}-of-${extent.total}` : "";
  return `bis-zip-areas-${slug || "analysis"}${cut}.${extension}`;
}
