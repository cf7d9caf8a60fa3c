/**
 * The widget's anonymous calls: authorized by the partner's public key (header
 * X-BIS-Partner-Key) and the page's Origin; never with cookies.
 */
import { widgetEndpoints } from "../../api/widget-endpoints.js";
import { PARTNER_KEY_HEADER } from "../../constants.js";
import type { WidgetAnalyzeRequest, WidgetLeadRequest } from "../../schemas/widget.js";
import type { Transport } from "../transport.js";

export function widgetResource(t: Transport) {
  const key = (partnerKey: string) => ({ [PARTNER_KEY_HEADER]: partnerKey });
  return {
    /** The free market snapshot; `reduced: true` (with a notice) once the daily quota is used. */
    analyze: (partnerKey: string, body: WidgetAnalyzeRequest, signal?: AbortSignal) =>
      t.call(widgetEndpoints.analyze, { body, headers: key(partnerKey), signal }),
    /** Stores a lead (consent required) and forwards it to the partner's webhook. */
    lead: (partnerKey: string, body: WidgetLeadRequest, signal?: AbortSignal) =>
      t.call(widgetEndpoints.lead, { body, headers: key(partnerKey), signal }),
    /** Version, versioned path and SRI hash of the served widget file. */
    manifest: () => t.call(widgetEndpoints.manifest, { credentials: "omit" }),
  };
}
