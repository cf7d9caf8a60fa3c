/**
 * The widget's two calls, as the SDK's endpoint table defines them (`widgetAnalyze`, `widgetLead`, from the
 * zod-free `@bis/sdk/constants`), sent with plain fetch (the SDK client would bring zod along):
 * the partner key in a header, never cookies. Failures become `{ code, message }`.
 */
import type {
  WidgetAnalyzeRequest,
  WidgetAnalyzeResponse,
  WidgetLeadRequest,
  WidgetLeadResponse,
} from "@bis/sdk";
import {
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

type WidgetCall = typeof widgetAnalyze | typeof widgetLead;

async function post<T>(apiBase: string, call: WidgetCall, key: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiBase + call.path, {
      method: call.method,
      // Cross-origin (fetch's default mode, "cors"), never with cookies.
      credentials: "omit",
      headers: { "Content-Type": "application/json", [PARTNER_KEY_HEADER]: key },
      body: JSON.stringify(body),
    });
  } catch {
    throw { code: "NETWORK_ERROR", message: NETWORK_MESSAGE } satisfies WidgetError;
  }
  const data = await res.json().catch(() => null);
  if (res.status === 429)
    throw { code: "RATE_LIMITED", message: WIDGET_UI_MESSAGES.rateLimited } satisfies WidgetError;
  if (!res.ok)
    throw {
      code: data?.code ?? `HTTP_${res.status}`,
      message: data?.message || `${res.status}: ${res.statusText}`,
    } satisfies WidgetError;
  return data as T;
}

export const analyze = (apiBase: string, key: string, body: WidgetAnalyzeRequest) =>
  post<WidgetAnalyzeResponse>(apiBase, widgetAnalyze, key, body);

export const sendLead = (apiBase: string, key: string, body: WidgetLeadRequest) =>
  post<WidgetLeadResponse>(apiBase, widgetLead, key, body);

/** Anything thrown → a WidgetError. */
export function toWidgetError(e: unknown): WidgetError {
  const x = e as Partial<WidgetError> | undefined;
  return x?.code && x.message
    ? { code: x.code, message: x.message }
    : { code: "INTERNAL", message: String((e as Error)?.message ?? e) };
}
