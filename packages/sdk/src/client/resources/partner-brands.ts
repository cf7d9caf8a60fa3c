/**
 * Partners' brands and the users reporting under them: administrators give a partner
 * a brand and assign users to it (`admin.*`); a signed-in user reads their own brand (`account.brand`) and an analysis' (`account.analysisBrand`).
 */
import type { PartnerBrandInput, PartnerMemberStatus } from "../../schemas/brand.js";
import type { PageQuery } from "../../schemas/pagination.js";
import { at, getPage } from "../calls.js";
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const brand = schemasOf(() => import("../../schemas/brand.js"));

export function partnerBrandCalls(t: Transport) {
  const path = (id: string) => `${at("/api/admin/partners", id)}/brand`;
  const members = (id: string) => `${at("/api/admin/partners", id)}/members`;
  return {
    /** The partner's brand; null while it has none. */
    partnerBrand: (id: string) =>
      t.request({
        method: "GET",
        path: path(id),
        schema: brand("partnerBrandSchema"),
        nullOn: 404,
      }),
    /** Sets the brand (logo as base64 bytes: PNG or SVG, at most 256 KB); says which text colour it keeps. */
    savePartnerBrand: (id: string, input: PartnerBrandInput) =>
      t.request({
        method: "PUT",
        path: path(id),
        body: input,
        schema: brand("partnerBrandSavedSchema"),
      }),
    /** Removes the brand: the partner's users get BIS's own reports again. */
    removePartnerBrand: (id: string) => t.request({ method: "DELETE", path: path(id) }),
    /**
     * A page of the users reporting under the partner's brand and those asking to (pending
     * first, then by email); `status` narrows it to one.
     */
    partnerMembersPage: (id: string, query: PageQuery & { status?: PartnerMemberStatus } = {}) =>
      getPage(t, members(id), "members", brand("partnerMemberSchema"), query, {
        status: query.status,
      }),
    /** The first page of `partnerMembersPage`, its items only. */
    partnerMembers: (id: string, query: PageQuery & { status?: PartnerMemberStatus } = {}) =>
      getPage(t, members(id), "members", brand("partnerMemberSchema"), query, {
        status: query.status,
      }).then((p) => p.items),
    /** Confirms a widget sign-up's request: the user's reports carry the brand from now on. */
    confirmPartnerMember: (id: string, userId: string) =>
      t.request({
        method: "POST",
        path: `${at(members(id), userId)}/confirm`,
        schema: brand("partnerMemberSchema"),
      }),
    /** Assigns a registered user (by email) to the partner, moving them from any other. */
    assignPartnerMember: (id: string, email: string) =>
      t.request({
        method: "POST",
        path: members(id),
        body: { email },
        schema: brand("partnerMemberSchema"),
      }),
    /** Takes a user off the partner, or declines a pending request: BIS's own reports. */
    unassignPartnerMember: (id: string, userId: string) =>
      t.request({ method: "DELETE", path: at(members(id), userId) }),
  };
}

/** The signed-in user's partner brand, and an analysis' (null: BIS's own reports). */
export function myBrandCall(t: Transport) {
  const read = (path: string) =>
    t.request({ method: "GET", path, schema: brand("myBrandSchema") }).then((r) => r.brand);
  return {
    brand: () => read("/api/brand"),
    /**
     * The brand an analysis' reports carry — its owner's, also when an administrator asks;
     * 404 unless the analysis is yours (or you are an administrator).
     */
    analysisBrand: (analysisId: string) => read(`${at("/api/analyses", analysisId)}/brand`),
  };
}
