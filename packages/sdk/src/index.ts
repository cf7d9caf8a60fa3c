/**
 * @bis/sdk — browser-safe entry: schemas, constants, errors, the typed client.
 * Nothing here may import Node-only modules (the app bundles this entry; the widget bundles
 * only `@bis/sdk/constants`: index-constants.ts, without zod).
 */
export {
  type Access,
  API_PREFIX,
  type BodyOf,
  type Endpoint,
  endpoint,
  type HttpMethod,
  type Input,
  type Output,
  type ParamNames,
  type ParamsOf,
  pathOf,
  type QueryValues,
  type ResponseOf,
  urlOf,
  withQuery,
} from "./api/endpoint.js";
export { allEndpoints, endpoints } from "./api/endpoints.js";
export { loadSchema as loadEndpointSchema, loadZodSchema } from "./api/schemas.js";
export { widgetAnalyze, widgetEndpoints, widgetLead } from "./api/widget-endpoints.js";
export * from "./app-routes.js";
export * from "./client/call.js";
export * from "./client/client.js";
export type { ComparisonExport, ZipAreasQueryInput } from "./client/client-helpers.js";
export * from "./client/derive.js";
export * from "./client/transport.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./format.js";
export * from "./guards.js";
export * from "./industries/index.js";
export * from "./messages.js";
export * from "./models/area-note.js";
export * from "./models/assumption-text.js";
export * from "./models/brand-colors.js";
export * from "./models/comparison.js";
export * from "./models/comparison-rows.js";
export * from "./models/competition.js";
export * from "./models/coverage.js";
export * from "./models/geo.js";
export * from "./models/housing-adjustments.js";
export * from "./models/housing-ratios.js";
export * from "./models/industry-profiles.js";
export * from "./models/keyword-counts.js";
export * from "./models/keywords.js";
export * from "./models/local-market.js";
export * from "./models/local-market-profile.js";
export * from "./models/local-market-view.js";
export * from "./models/market.js";
export * from "./models/market-leader.js";
export * from "./models/most-populous.js";
export * from "./models/place-index.js";
export type * from "./models/places.js";
export { BUILDING_GROUPS } from "./models/places.js";
export * from "./models/ppc-table.js";
export * from "./models/premium-offer.js";
export * from "./models/premium-state.js";
export * from "./models/seasons.js";
export * from "./models/zip-areas.js";
export * from "./models/zip-score.js";
export * from "./schemas/account.js";
export * from "./schemas/admin.js";
export * from "./schemas/brand.js";
export * from "./schemas/comparisons.js";
export * from "./schemas/competition.js";
export * from "./schemas/entities.js";
export * from "./schemas/forms.js";
export * from "./schemas/keywords.js";
export * from "./schemas/market.js";
export * from "./schemas/pagination.js";
export * from "./schemas/payments.js";
export * from "./schemas/provenance.js";
export * from "./schemas/public-settings.js";
export * from "./schemas/storable.js";
export * from "./schemas/tokens.js";
export * from "./schemas/widget.js";
