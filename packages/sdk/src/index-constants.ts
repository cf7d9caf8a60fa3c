/**
 * @bis/sdk/constants — the specification's constants and messages and the error vocabulary
 * (`errorFromResponse`) and `call`, one call of the endpoint table over fetch, without zod or any other dependency: for bundles that must stay small
 * (the widget) and modules that must load fast (the CLI's error handling).
 * `index-constants.test.ts` keeps zod out of it.
 */

export { API_PREFIX, pathOf, urlOf, withQuery } from "./api/endpoint.js";
export { widgetAnalyze, widgetEndpoints, widgetLead } from "./api/widget-endpoints.js";
export { type CallFailure, type CallInit, call } from "./client/call.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./messages.js";
