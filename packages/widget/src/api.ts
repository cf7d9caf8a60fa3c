/**
 * The widget's two calls, as the SDK's endpoint table defines them (`widgetAnalyze`, `widgetLead`),
 * sent by the SDK's zod-free `call()` (`@bis/sdk/constants`; the SDK client would bring zod
 * along): the partner key in a header, never cookies. Failures become `{ code, message }` with
 * the server's error code (the SDK's vocabulary).
 */
import type {
  WidgetAnalyzeRequest,
  WidgetAnalyzeResponse,
  WidgetLeadRequest,
  WidgetLeadResponse,
} from "@bis/sdk";
import {
  type CallFailure,
  call,
  PARTNER_KEY_HEADER,
  WIDGET_UI_MESSAGES,
  widgetAnalyze,
  widgetLead,
} from "@bis/sdk/constants";

export interface WidgetError {
  code: string;
  message: string;
}

/** A failed fetch: the server is down, or (most often) this page's origin is not allowed. */
export const NETWORK_MESSAGE =
  "The market analysis service could not be reached from this website. If this is your site, check that its address is on your BIS partner allowlist.";

const send = <T>(
  endpoint: typeof widgetAnalyze | typeof widgetLead,
  base: string,
  key: string,
  body: unknown,
) => call<T>(endpoint, { baseUrl: base, body, headers: { [PARTNER_KEY_HEADER]: key } });

export const analyze = (apiBase: string, key: string, body: WidgetAnalyzeRequest) =>
  send<WidgetAnalyzeResponse>(widgetAnalyze, apiBase, key, body);

export const sendLead = (apiBase: string, key: string, body: WidgetLeadRequest) =>
  send<WidgetLeadResponse>(widgetLead, apiBase, key, body);

/**
 * Anything thrown → a WidgetError: a failed call keeps the server's code (the SDK's
 * vocabulary); an unreachable server and the rate limit get the widget's own words.
 */
export function toWidgetError(e: unknown): WidgetError {
  const { code = "INTERNAL", message = `${e}` } = (e ?? {}) as Partial<CallFailure>;
  return {
    code,
    message:
      code === "NETWORK_ERROR"
        ? NETWORK_MESSAGE
        : code === "RATE_LIMITED"
          ? WIDGET_UI_MESSAGES.rateLimited
          : message,
  };
}
