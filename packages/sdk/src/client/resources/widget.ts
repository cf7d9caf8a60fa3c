/**
 * The widget's anonymous calls: authorized by the partner's public key (header
 * X-BIS-Partner-Key) and the page's Origin; never with cookies.
 */
import { PARTNER_KEY_HEADER } from "../../constants.js";
import type { WidgetAnalyzeRequest, WidgetLeadRequest } from "../../schemas/widget.js";
import { type SchemaRef, schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const widget = schemasOf(() => import("../../schemas/widget.js"));

export function widgetResource(t: Transport) {
  /** A POST carrying the partner's key, never cookies. */
  const post = <T>(
    path: string,
    schema: SchemaRef<T>,
    partnerKey: string,
    body: unknown,
    signal?: AbortSignal,
  ) =>
    t.request({
      method: "POST",
      path,
      body,
      headers: { [PARTNER_KEY_HEADER]: partnerKey },
      credentials: "omit",
      schema,
      signal,
    });
  return {
    /** The free market snapshot; `reduced: true` (with a notice) once the daily quota is used. */
    analyze: (partnerKey: string, body: WidgetAnalyzeRequest, signal?: AbortSignal) =>
      post("/api/widget/analyze", widget("widgetAnalyzeResponseSchema"), partnerKey, body, signal),
    /** Stores a lead (consent required) and forwards it to the partner's webhook. */
    lead: (partnerKey: string, body: WidgetLeadRequest, signal?: AbortSignal) =>
      post("/api/widget/leads", widget("widgetLeadResponseSchema"), partnerKey, body, signal),
    /** Version, versioned path and SRI hash of the served widget file. */
    manifest: () =>
      t.request({
        method: "GET",
        path: "/api/widget/manifest",
        credentials: "omit",
        schema: widget("widgetManifestSchema"),
      }),
  };
}
