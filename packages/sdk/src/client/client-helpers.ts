/**
 * The named helpers beside the derived methods (client.ts): a list's items (`list`) beside its
 * page (`page`), every page (`allPages`), download links and bytes, the calls where "none" is
 * an answer (null), and the names and arguments the app, the CLI and the tests call.
 */
import { urlOf } from "../api/endpoint.js";
import { endpoints } from "../api/endpoints.js";
import { PARTNER_KEY_HEADER } from "../constants.js";
import type { ApiKeyName } from "../schemas/admin.js";
import type { Page, PageQuery } from "../schemas/pagination.js";
import type { derive } from "./derive.js";
import type { Transport } from "./transport.js";

const { analyses, auth, comparisons, partners, premium, site, widget } = endpoints;

/** Every item of a paginated list, page after page (scripts and exports; the UI shows pages). */
export async function allPages<T>(
  pageOf: (query: PageQuery) => Promise<Page<T>>,
  pageSize = 200,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOf({ limit: pageSize, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** A page call's first page, its items only. */
const items =
  <A extends unknown[], T>(page: (...args: A) => Promise<Page<T>>) =>
  (...args: A): Promise<T[]> =>
    page(...args).then((p) => p.items);

/** How the ZIP list is sorted and cut (GET /api/analyses/{id}/zip-areas?sort=&order=&limit=). */
export type ZipAreasQueryInput = NonNullable<Parameters<Derived["analyses"]["zipAreas"]>[1]>;
/** Which payments: all (default), real ones (Stripe) or demo ones (no card charged). */
export type PaymentQuery = PageQuery & { kind?: "all" | "real" | "demo" };
/** The exports of a comparison: a spreadsheet's two formats and the PDF report. */
export type ComparisonExport = "csv" | "xlsx" | "pdf";

const EXPORTS = {
  csv: [comparisons.exportCsv, "text/csv"],
  xlsx: [
    comparisons.exportXlsx,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  pdf: [comparisons.report, "application/pdf"],
} as const;

type Derived = ReturnType<typeof derive>;

export function helpers(t: Transport, d: Derived) {
  const leadsPage = (query: Parameters<Derived["partners"]["leads"]>[0] | string = {}) =>
    d.partners.leads(typeof query === "string" ? { partnerId: query } : query);
  return {
    auth: {
      /** The signed-in user, or null when signed out (401). */
      user: (signal?: AbortSignal) => t.call(auth.user, { nullOn: 401, signal }),
      /** Who is signed in, or null: the app's session probe (200 either way, never a 401). */
      session: (signal?: AbortSignal) => t.call(auth.session, { signal }).then((r) => r.user),
    },
    account: {
      /** The signed-in devices of the caller, this one marked `current`. */
      sessions: () => d.account.sessions().then((r) => r.sessions),
      /** The signed-in user's partner brand (null: BIS's own reports). */
      brand: () => d.account.brand().then((r) => r.brand),
      /** The brand an analysis' reports carry: its owner's, also when an administrator asks. */
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
      zipAreasCsvPath: (id: string, query: ZipAreasQueryInput = {}) =>
        urlOf(analyses.zipAreasCsv, { id }, query),
      zipAreasXlsxPath: (id: string, query: ZipAreasQueryInput = {}) =>
        urlOf(analyses.zipAreasXlsx, { id }, query),
    },
    comparisons: {
      list: items(d.comparisons.list),
      page: d.comparisons.list,
      /** Where an export is served (a download link). */
      exportPath: (id: string, format: ComparisonExport) => urlOf(EXPORTS[format][0], { id }),
      /** An export's bytes (CSV as UTF-8 text bytes). */
      export: (id: string, format: ComparisonExport, signal?: AbortSignal) =>
        t.call(EXPORTS[format][0], {
          params: { id },
          headers: { Accept: EXPORTS[format][1] },
          signal,
        }),
    },
    premium: {
      keywords: (analysisId: string) => d.premium.keywords({ analysisId }),
      competition: (analysisId: string) => d.premium.competition(analysisId, {}),
      /** Where the PDF report of an analysis is served (premium). */
      reportPath: (analysisId: string) => urlOf(premium.report, { id: analysisId }),
    },
    tokens: { list: items(d.tokens.list), page: d.tokens.list },
    admin: {
      setupStatus: d.site.setupStatus,
      setup: d.site.setup,
      users: items(d.admin.users),
      usersPage: d.admin.users,
      setAdmin: (userId: string, isAdmin: boolean) => d.admin.setAdmin(userId, { isAdmin }),
      payments: items((q: PaymentQuery = {}) => d.admin.payments(q)),
      paymentsPage: (q: PaymentQuery = {}) => d.admin.payments(q),
      analyses: items(d.admin.analyses),
      analysesPage: d.admin.analyses,
      bulkDeleteAnalyses: (analysisIds: string[]) => d.admin.bulkDeleteAnalyses({ analysisIds }),
      saveApiKey: (name: ApiKeyName, value: string) => d.admin.saveApiKey(name, { value }),
      testApiKey: (name: ApiKeyName, value?: string) =>
        d.admin.testApiKey(name, value === undefined ? {} : { value }),
      saveMapsKey: (googleMapsApiKey: string) => d.admin.saveMapsKey({ googleMapsApiKey }),
      logs: items(d.admin.logs),
      logsPage: d.admin.logs,
      audit: items(d.admin.audit),
      auditPage: d.admin.audit,
      partners: items(d.partners.list),
      partnersPage: d.partners.list,
      createPartner: d.partners.create,
      updatePartner: d.partners.update,
      revokePartner: d.partners.revoke,
      leads: items(leadsPage),
      leadsPage,
      /** The partner's brand; null while it has none. */
      partnerBrand: (id: string) => t.call(partners.brand, { params: { id }, nullOn: 404 }),
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
      /** The configured map key (signed-in users), or null when none is configured (404). */
      mapsKey: (signal?: AbortSignal) => t.call(site.mapsKey, { nullOn: 404, signal }),
    },
    dev: { outbox: () => d.site.outbox().then((messages) => ({ messages })) },
    widget: {
      /** The partner's key in its header; never cookies. */
      analyze: (
        key: string,
        body: Parameters<Derived["widget"]["analyze"]>[0],
        signal?: AbortSignal,
      ) => d.widget.analyze(body, { headers: { [PARTNER_KEY_HEADER]: key }, signal }),
      lead: (key: string, body: Parameters<Derived["widget"]["lead"]>[0], signal?: AbortSignal) =>
        d.widget.lead(body, { headers: { [PARTNER_KEY_HEADER]: key }, signal }),
      manifest: () => t.call(widget.manifest, { credentials: "omit" }),
    },
  };
}
