/**
 * The typed BIS API client: one transport (transport.ts) and thin resources over it, one module
 * per resource (resources/). Each resource call is an entry of the endpoint table
 * (api/endpoints.ts): its path, method and answer's schema come from there, and the schema (and
 * zod) loads with the first answer that needs it.
 */
import { accountResource } from "./resources/account.js";
import { adminResource } from "./resources/admin.js";
import { analysesResource } from "./resources/analyses.js";
import { authResource } from "./resources/auth.js";
import { comparisonsResource } from "./resources/comparisons.js";
import { devResource } from "./resources/dev.js";
import { paymentsResource } from "./resources/payments.js";
import { premiumResource } from "./resources/premium.js";
import { configResource, settingsResource } from "./resources/settings.js";
import { tokensResource } from "./resources/tokens.js";
import { widgetResource } from "./resources/widget.js";
import { createTransport, type TransportOptions } from "./transport.js";

export { allPages } from "./calls.js";

export type BisClient = ReturnType<typeof createClient>;

export function createClient(options: TransportOptions = {}) {
  const transport = createTransport(options);
  return {
    transport,
    auth: authResource(transport),
    account: accountResource(transport),
    settings: settingsResource(transport),
    config: configResource(transport),
    analyses: analysesResource(transport),
    comparisons: comparisonsResource(transport),
    payments: paymentsResource(transport),
    premium: premiumResource(transport),
    admin: adminResource(transport),
    dev: devResource(transport),
    tokens: tokensResource(transport),
    widget: widgetResource(transport),
  };
}
