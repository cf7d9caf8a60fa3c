/**
 * Administrators' management of widget partners and the leads they captured (issue
 * "Embeddable free-analysis widget"): call the partner service, answer. The table gives every
 * call here the "admin" access: refused to non-administrators (401 signed out, 403 otherwise)
 * before it runs.
 */
import { endpoints, leadsQuerySchema } from "@bis/sdk";
import type { AppContext } from "../context.js";
import type { EndpointRoutes } from "../http/endpoints.js";
import { parse } from "../lib/errors.js";
import { pageBody, pageRequest } from "../lib/pagination.js";

export function partnerRoutes(ctx: AppContext, routes: EndpointRoutes): void {
  const { partners } = ctx.services;
  const calls = endpoints.partners;

  routes.on(calls.list, async ({ query }) => {
    const page = pageRequest(query);
    return pageBody("partners", page, await partners.list(page));
  });

  /** The answer carries the webhook secret this once. */
  routes.on(calls.create, ({ user, body, res }) => {
    res.setHeader("Cache-Control", "no-store");
    return partners.create(user, body);
  });

  routes.on(calls.update, ({ user, params, body, res }) => {
    res.setHeader("Cache-Control", "no-store");
    return partners.update(user, params.id, body);
  });

  /** Revokes (active = false); the partner and its leads stay for the record. */
  routes.on(calls.revoke, ({ user, params }) => partners.revoke(user, params.id));

  routes.on(calls.leads, async ({ query }) => {
    const filter = parse(leadsQuerySchema, query);
    const page = pageRequest(query);
    return pageBody("leads", page, await partners.leads(filter, page));
  });
}
