/**
 * The typed BIS API client, derived from the endpoint table (api/endpoints.ts): every entry is
 * a method of its group (`client.analyses.zipAreas`, `client.partners.members`, …; derive.ts
 * says how its arguments are read), so a client cannot drift from its contract. A few named
 * helpers stay beside them (client-helpers.ts): a list's items, download links, the calls where
 * "none" is an answer, and the names the app, the CLI and the tests have always called.
 */
import { helpers } from "./client-helpers.js";
import { derive } from "./derive.js";
import { createTransport, type TransportOptions } from "./transport.js";

export type BisClient = ReturnType<typeof createClient>;

export function createClient(options: TransportOptions = {}) {
  const transport = createTransport(options);
  const d = derive(transport);
  const h = helpers(transport, d);
  return {
    transport,
    ...d,
    auth: { ...d.auth, ...h.auth },
    account: { ...d.account, ...h.account },
    analyses: { ...d.analyses, ...h.analyses },
    comparisons: { ...d.comparisons, ...h.comparisons },
    premium: { ...d.premium, ...h.premium },
    tokens: { ...d.tokens, ...h.tokens },
    admin: { ...d.admin, ...h.admin },
    widget: { ...d.widget, ...h.widget },
    settings: h.settings,
    config: h.config,
    dev: h.dev,
  };
}

export { allPages } from "./client-helpers.js";
