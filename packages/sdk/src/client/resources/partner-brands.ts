/**
 * Partners' brands and the users reporting under them: administrators give a partner
 * a brand and assign users to it (`admin.*`); a signed-in user reads their own brand (`account.brand`) and an analysis' (`account.analysisBrand`).
 */
import { endpoints } from "../../api/endpoints.js";
import type { PartnerBrandInput, PartnerMemberStatus } from "../../schemas/brand.js";
import type { PageQuery } from "../../schemas/pagination.js";
import { getPage } from "../calls.js";
import type { Transport } from "../transport.js";

const { partners, account } = endpoints;

export function partnerBrandCalls(t: Transport) {
  const membersPage = (id: string, query: PageQuery & { status?: PartnerMemberStatus }) =>
    getPage(t, partners.members, query, { status: query.status }, { id });
  return {
    /** The partner's brand; null while it has none. */
    partnerBrand: (id: string) => t.call(partners.brand, { params: { id }, nullOn: 404 }),
    /** Sets the brand (logo as base64 bytes: PNG or SVG, at most 256 KB); says which text colour it keeps. */
    savePartnerBrand: (id: string, input: PartnerBrandInput) =>
      t.call(partners.saveBrand, { params: { id }, body: input }),
    /** Removes the brand: the partner's users get BIS's own reports again. */
    removePartnerBrand: (id: string) => t.call(partners.removeBrand, { params: { id } }),
    /**
     * A page of the users reporting under the partner's brand and those asking to (pending
     * first, then by email); `status` narrows it to one.
     */
    partnerMembersPage: (id: string, query: PageQuery & { status?: PartnerMemberStatus } = {}) =>
      membersPage(id, query),
    /** The first page of `partnerMembersPage`, its items only. */
    partnerMembers: (id: string, query: PageQuery & { status?: PartnerMemberStatus } = {}) =>
      membersPage(id, query).then((p) => p.items),
    /** Confirms a widget sign-up's request: the user's reports carry the brand from now on. */
    confirmPartnerMember: (id: string, userId: string) =>
      t.call(partners.confirmMember, { params: { id, userId } }),
    /** Assigns a registered user (by email) to the partner, moving them from any other. */
    assignPartnerMember: (id: string, email: string) =>
      t.call(partners.assignMember, { params: { id }, body: { email } }),
    /** Takes a user off the partner, or declines a pending request: BIS's own reports. */
    unassignPartnerMember: (id: string, userId: string) =>
      t.call(partners.unassignMember, { params: { id, userId } }),
  };
}

/** The signed-in user's partner brand, and an analysis' (null: BIS's own reports). */
export function myBrandCall(t: Transport) {
  return {
    brand: () => t.call(account.brand).then((r) => r.brand),
    /**
     * The brand an analysis' reports carry — its owner's, also when an administrator asks;
     * 404 unless the analysis is yours (or you are an administrator).
     */
    analysisBrand: (analysisId: string) =>
      t.call(account.analysisBrand, { params: { id: analysisId } }).then((r) => r.brand),
  };
}
