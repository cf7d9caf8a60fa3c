/** Partners of the embeddable widget and the leads it captured (administrators). */
import type { Page, PageQuery } from "../../schemas/pagination.js";
import type {
  Lead,
  LeadsQuery,
  Partner,
  PartnerCreate,
  PartnerUpdate,
} from "../../schemas/widget.js";
import { at, getPage } from "../calls.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";
import { partnerBrandCalls } from "./partner-brands.js";

const widget = schemasOf(() => import("../../schemas/widget.js"));

export function partnerCalls(t: Transport) {
  const path = (id: string) => at("/api/admin/partners", id);
  const partnerSchema = widget("partnerSchema");
  const leadsPage = (query: (LeadsQuery & PageQuery) | string = {}) => {
    const q = typeof query === "string" ? { partnerId: query } : query;
    return getPage(t, "/api/admin/leads", "leads", widget("leadSchema"), q, {
      partnerId: q.partnerId,
      status: q.status,
    });
  };
  return {
    /** Partners, newest first, with today's usage, lead count and failed deliveries: one page. */
    partners: (query: PageQuery = {}) =>
      getPage(t, "/api/admin/partners", "partners", partnerSchema, query).then((p) => p.items),
    /** A page of partners, with `nextCursor` and `total`. */
    partnersPage: (query: PageQuery = {}): Promise<Page<Partner>> =>
      getPage(t, "/api/admin/partners", "partners", partnerSchema, query),
    /** Creates a partner: its public key (pk_…) and webhook secret (whsec_…, shown this once). */
    createPartner: (body: PartnerCreate) =>
      t.request({
        method: "POST",
        path: "/api/admin/partners",
        body,
        schema: widget("partnerCreatedSchema"),
      }),
    /** Changes a partner; `rotateWebhookSecret: true` returns a new secret (shown this once). */
    updatePartner: (id: string, patch: PartnerUpdate) =>
      t.request({
        method: "PATCH",
        path: path(id),
        body: patch,
        schema: widget("partnerUpdatedSchema"),
      }),
    /** Revokes a partner (active = false): its widget stops answering at once. */
    revokePartner: (id: string) =>
      t.request({ method: "DELETE", path: path(id), schema: partnerSchema }),
    /** Captured leads, newest first, with their webhook delivery status: one page. */
    leads: (query: (LeadsQuery & PageQuery) | string = {}) => leadsPage(query).then((p) => p.items),
    /** A page of leads (optionally of one partner or one delivery status), with `total`. */
    leadsPage: (query: (LeadsQuery & PageQuery) | string = {}): Promise<Page<Lead>> =>
      leadsPage(query),
    ...partnerBrandCalls(t),
  };
}
