/**
 * The widget's calls: their own module of the endpoint table, one export each, so the widget's
 * bundle holds the two entries it sends and nothing else of the table (the calls are marked
 * pure, so a bundler drops the entries nothing uses).
 */
import { endpoint, schema } from "./endpoint.js";

/** The free market snapshot; `reduced: true` (with a notice) once the daily quota is used. */
export const widgetAnalyze = /* @__PURE__ */ endpoint({
  method: "POST",
  path: "/api/widget/analyze",
  access: "partner",
  body: /* @__PURE__ */ schema("widget", "widgetAnalyzeRequestSchema"),
  response: /* @__PURE__ */ schema("widget", "widgetAnalyzeResponseSchema"),
  errors: ["UNKNOWN_CITY", "RATE_LIMITED", "INVALID_ORIGIN"],
});

/** Stores a lead (consent required) and forwards it to the partner's webhook. */
export const widgetLead = /* @__PURE__ */ endpoint({
  method: "POST",
  path: "/api/widget/leads",
  access: "partner",
  status: 201,
  body: /* @__PURE__ */ schema("widget", "widgetLeadRequestSchema"),
  response: /* @__PURE__ */ schema("widget", "widgetLeadResponseSchema"),
  errors: ["RATE_LIMITED", "INVALID_ORIGIN"],
});

/** Version, versioned path and SRI hash of the served widget file. */
const widgetManifest = /* @__PURE__ */ endpoint({
  method: "GET",
  path: "/api/widget/manifest",
  access: "public",
  response: /* @__PURE__ */ schema("widget", "widgetManifestSchema"),
  errors: ["WIDGET_NOT_BUILT"],
});

export const widgetEndpoints = {
  analyze: widgetAnalyze,
  lead: widgetLead,
  manifest: widgetManifest,
} as const;
