/**
 * One market analysis request as the command line states it — `bis analyze`'s flags or a row of
 * a `bis batch` CSV: what is left out takes the defaults below, and the whole is checked with the
 * app's form schema (the same rules and messages) before anything is sent.
 */
import {
  defaultIndustry,
  type MarketAnalysisForm,
  marketAnalysisFormSchema,
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
} from "@bis/sdk";

/**
 * What a request left out: the SDK's radii (default, min, max) and the industry (the SDK's
 * default: the one active industry profile, as in the app's wizard and the widget).
 * `bis --help` shows these without loading the SDK: tsup.config.ts inlines them into cli.ts.
 */
export const REQUEST_DEFAULTS = {
  industry: defaultIndustry(),
  primary: PRIMARY_RADIUS,
  secondary: SECONDARY_RADIUS,
} as const;

export interface RequestFields {
  city: string;
  state: string;
  industry: string;
  primary: string | number;
  secondary: string | number;
}

/** The validated request, or why it cannot be sent (the form's messages, each once). */
export type ValidatedRequest =
  | { ok: true; value: MarketAnalysisForm }
  | { ok: false; message: string };

export function validateRequest(fields: RequestFields): ValidatedRequest {
  const parsed = marketAnalysisFormSchema.safeParse({
    city: fields.city,
    state: fields.state,
    industry: fields.industry,
    primaryRadius: fields.primary,
    secondaryRadius: fields.secondary,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
  return { ok: false, message: messages.join("; ") };
}
