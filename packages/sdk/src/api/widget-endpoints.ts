/**
 * The widget's calls: its own module of the endpoint table, so the widget's bundle holds these
 * three entries and nothing else of the table.
 */
import { endpoint, schema } from "./endpoint.js";

export const widgetEndpoints = {
  /** The free market snapshot; `reduced: true` (with a notice) once the daily quota is used. */
  analyze: endpoint({
    method: "POST",
    path: "/api/widget/analyze",
    access: "partner",
    body: schema("widget", "widgetAnalyzeRequestSchema"),
    response: schema("widget", "widgetAnalyzeResponseSchema"),
    errors: ["UNKNOWN_CITY", "RATE_LIMITED", "INVALID_ORIGIN"],
  }),
  /** Stores a lead (consent required) and forwards it to the partner's webhook. */
  lead: endpoint({
    method: "POST",
    path: "/api/widget/leads",
    access: "partner",
    status: 201,
    body: schema("widget", "widgetLeadRequestSchema"),
    response: schema("widget", "widgetLeadResponseSchema"),
    errors: ["RATE_LIMITED", "INVALID_ORIGIN"],
  }),
  /** Version, versioned path and SRI hash of the served widget file. */
  manifest: endpoint({
    method: "GET",
    path: "/api/widget/manifest",
    access: "public",
    response: schema("widget", "widgetManifestSchema"),
  }),
} as const;
