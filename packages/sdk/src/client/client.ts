/**
 * The typed BIS API client, derived from the endpoint table (api/endpoints.ts): every entry is
 * a method of its group (`client.partners.members`; derive.ts reads its arguments), so a client
 * cannot drift from its contract. Named helpers stay beside them (client-helpers.ts).
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
