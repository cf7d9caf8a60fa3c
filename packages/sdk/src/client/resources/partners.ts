/** Partners of the embeddable widget and the leads it captured (administrators). */
import { endpoints } from "../../api/endpoints.js";
import type { Page, PageQuery } from "../../schemas/pagination.js";
import type {
  Lead,
  LeadsQuery,
  Partner,
  PartnerCreate,
  PartnerUpdate,
} from "../../schemas/widget.js";
import { getPage } from "../calls.js";
import type { Transport } from "../transport.js";
import { partnerBrandCalls } from "./partner-brands.js";

const { partners } = endpoints;

export function partnerCalls(t: Transport) {
  const leadsPage = (query: (LeadsQuery & PageQuery) | string = {}) => {
    const q = typeof query === "string" ? { partnerId: query } : query;
    return getPage(t, partners.leads, q, { partnerId: q.partnerId, status: q.status });
  };
  return {
    /** Partners, newest first, with today's usage, lead count and failed deliveries: one page. */
    partners: (query: PageQuery = {}) => getPage(t, partners.list, query).then((p) => p.items),
    /** A page of partners, with `nextCursor` and `total`. */
    partnersPage: (query: PageQuery = {}): Promise<Page<Partner>> =>
      getPage(t, partners.list, query),
    /** Creates a partner: its public key (pk_…) and webhook secret (whsec_…, shown this once). */
    createPartner: (body: PartnerCreate) => t.call(partners.create, { body }),
    /** Changes a partner; `rotateWebhookSecret: true` returns a new secret (shown this once). */
    updatePartner: (id: string, patch: PartnerUpdate) =>
      t.call(partners.update, { params: { id }, body: patch }),
    /** Revokes a partner (active = false): its widget stops answering at once. */
    revokePartner: (id: string) => t.call(partners.revoke, { params: { id } }),
    /** Captured leads, newest first, with their webhook delivery status: one page. */
    leads: (query: (LeadsQuery & PageQuery) | string = {}) => leadsPage(query).then((p) => p.items),
    /** A page of leads (optionally of one partner or one delivery status), with `total`. */
    leadsPage: (query: (LeadsQuery & PageQuery) | string = {}): Promise<Page<Lead>> =>
      leadsPage(query),
    ...partnerBrandCalls(t),
  };
}
