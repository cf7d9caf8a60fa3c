/**
 * The named helpers beside the derived methods (client.ts): a list's items beside its page,
 * every page (`allPages`), download links and bytes, calls where "none" is an answer (null),
 * and the names and arguments the app, the CLI and the tests call.
 */
import { urlOf } from "../api/endpoint.js";
import { endpoints } from "../api/endpoints.js";
import type { ApiKeyName } from "../schemas/admin.js";
import type { Page, PageQuery } from "../schemas/pagination.js";
import type { derive } from "./derive.js";
import type { Transport } from "./transport.js";

const { analyses, auth, comparisons, partners, premium, site, widget } = endpoints;

/** Every item of a paginated list, page after page (scripts and exports; the UI shows pages). */
export async function allPages<T>(pageOf: (q: PageQuery) => Promise<Page<T>>, limit = 200) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOf({ limit, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

const items =
  <A extends unknown[], T>(page: (...args: A) => Promise<Page<T>>) =>
  (...args: A): Promise<T[]> =>
    page(...args).then((p) => p.items);

/** How the ZIP list is sorted and cut (GET /api/analyses/{id}/zip-areas?sort=&order=&limit=). */
export type ZipAreasQueryInput = NonNullable<Parameters<Derived["analyses"]["zipAreas"]>[1]>;
/** The exports of a comparison: a spreadsheet's two formats and the PDF report. */
export type ComparisonExport = "csv" | "xlsx" | "pdf";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const EXPORTS = {
  csv: [comparisons.exportCsv, "text/csv"],
  xlsx: [comparisons.exportXlsx, XLSX],
  pdf: [comparisons.report, "application/pdf"],
} as const;

type Derived = ReturnType<typeof derive>;

export function helpers(t: Transport, d: Derived) {
  const leadsPage = (query: Parameters<Derived["partners"]["leads"]>[0] | string = {}) =>
    d.partners.leads(typeof query === "string" ? { partnerId: query } : query);
  return {
    auth: {
      user: (signal?: AbortSignal) => t.call(auth.user, { nullOn: "UNAUTHORIZED", signal }), // null: signed out
    },
    account: {
      sessions: () => d.account.sessions().then((r) => r.sessions),
      brand: () => d.account.brand().then((r) => r.brand),
      /** The brands (null: BIS's own reports): the user's, an analysis' (its owner's). */
      analysisBrand: (id: string) => d.account.analysisBrand(id).then((r) => r.brand),
    },
    analyses: {
      list: items(d.analyses.list),
      page: d.analyses.list,
      /** With `ifUnpaid`, a paid analysis is kept (409). */
      delete: (id: string, o: { ifUnpaid?: boolean } = {}) =>
        d.analyses.delete(id, o.ifUnpaid ? { ifUnpaid: "true" } : {}),
      zipAreasCsv: (id: string, query: ZipAreasQueryInput = {}, signal?: AbortSignal) =>
        d.analyses.zipAreasCsv(id, query, { signal, headers: { Accept: "text/csv" } }),
      /** Download links: the browser keeps the server's file name and sends the cookie. */
      zipAreasCsvPath: (id: string, q: ZipAreasQueryInput = {}) =>
        urlOf(analyses.zipAreasCsv, { id }, q),
      zipAreasXlsxPath: (id: string, q: ZipAreasQueryInput = {}) =>
        urlOf(analyses.zipAreasXlsx, { id }, q),
    },
    comparisons: {
      list: items(d.comparisons.list),
      page: d.comparisons.list,
      exportPath: (id: string, format: ComparisonExport) => urlOf(EXPORTS[format][0], { id }),
      export: (id: string, format: ComparisonExport, signal?: AbortSignal) => {
        const [endpoint, Accept] = EXPORTS[format];
        return t.call(endpoint, { params: { id }, headers: { Accept }, signal });
      },
    },
    premium: {
      keywords: (analysisId: string) => d.premium.keywords({ analysisId }),
      competition: (analysisId: string) => d.premium.competition(analysisId, {}),
      reportPath: (analysisId: string) => urlOf(premium.report, { id: analysisId }),
    },
    tokens: { list: items(d.tokens.list), page: d.tokens.list },
    admin: {
      setupStatus: d.site.setupStatus,
      setup: d.site.setup,
      users: items(d.admin.users),
      usersPage: d.admin.users,
      setAdmin: (userId: string, isAdmin: boolean) => d.admin.setAdmin(userId, { isAdmin }),
      /** `kind`: all payments (default), real ones (Stripe) or demo ones (no card charged). */
      payments: items(d.admin.payments),
      analyses: items(d.admin.analyses),
      bulkDeleteAnalyses: (analysisIds: string[]) => d.admin.bulkDeleteAnalyses({ analysisIds }),
      saveApiKey: (name: ApiKeyName, value: string) => d.admin.saveApiKey(name, { value }),
      testApiKey: (name: ApiKeyName, value?: string) =>
        d.admin.testApiKey(name, value === undefined ? {} : { value }),
      saveMapsKey: (googleMapsApiKey: string) => d.admin.saveMapsKey({ googleMapsApiKey }),
      logs: items(d.admin.logs),
      logsPage: d.admin.logs,
      audit: items(d.admin.audit),
      partners: items(d.partners.list),
      partnersPage: d.partners.list,
      createPartner: d.partners.create,
      updatePartner: d.partners.update,
      revokePartner: d.partners.revoke,
      leads: items(leadsPage),
      /** The partner's brand; null while it has none. */
      partnerBrand: (id: string) =>
        t.call(partners.brand, { params: { id }, nullOn: "BRAND_NOT_FOUND" }),
      savePartnerBrand: d.partners.saveBrand,
      removePartnerBrand: d.partners.removeBrand,
      partnerMembers: items(d.partners.members),
      partnerMembersPage: d.partners.members,
      confirmPartnerMember: d.partners.confirmMember,
      assignPartnerMember: (id: string, email: string) => d.partners.assignMember(id, { email }),
      unassignPartnerMember: d.partners.unassignMember,
    },
    settings: { public: d.site.publicSettings, videos: d.site.videos },
    config: {
      /** The configured map key (signed-in users), or null when none is (MAPS_KEY_MISSING). */
      mapsKey: (signal?: AbortSignal) =>
        t.call(site.mapsKey, { nullOn: "MAPS_KEY_MISSING", signal }),
    },
    dev: { outbox: () => d.site.outbox().then((messages) => ({ messages })) },
    widget: { manifest: () => t.call(widget.manifest, { credentials: "omit" }) },
  };
}
