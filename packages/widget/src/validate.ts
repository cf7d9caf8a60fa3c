/**
 * Hand validation mirroring the SDK's marketAnalysisFormSchema and widgetLeadRequestSchema,
 * with the same messages (zod would cost more than the whole widget).
 */
import {
  AREA_MESSAGES,
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
  VALID_EMAIL_MESSAGE,
  WIDGET_UI_MESSAGES,
} from "@bis/sdk/constants";

export type Errors = Partial<Record<string, string>>;

export interface AreaForm {
  city: string;
  state: string;
  primaryRadius: string;
  secondaryRadius: string;
}

function radiusError(raw: string, range: { min: number; max: number }, message: string) {
  // z.coerce.number: "" → 0, text → NaN; both fail the range with the range message.
  const n = Number(raw);
  if (Number.isNaN(n) || n < range.min || n > range.max) return message;
  return Number.isInteger(n) ? undefined : AREA_MESSAGES.radiusWholeMiles;
}

export function validateArea(f: AreaForm): Errors {
  const city = f.city.trim();
  const e: Errors = {
    city: !city
      ? AREA_MESSAGES.enterCity
      : city.length > 100
        ? "City name must be at most 100 characters"
        : undefined,
    state: f.state.trim() ? undefined : AREA_MESSAGES.selectState,
    primaryRadius: radiusError(f.primaryRadius, PRIMARY_RADIUS, AREA_MESSAGES.primaryRadiusRange),
    secondaryRadius: radiusError(
      f.secondaryRadius,
      SECONDARY_RADIUS,
      AREA_MESSAGES.secondaryRadiusRange,
    ),
  };
  if (!e.primaryRadius && !e.secondaryRadius && +f.secondaryRadius < +f.primaryRadius)
    e.secondaryRadius = AREA_MESSAGES.secondaryBelowPrimary;
  return e;
}

export interface LeadForm {
  name: string;
  email: string;
  consent: boolean;
}

export function validateLead(f: LeadForm): Errors {
  return {
    name: f.name.trim() ? undefined : WIDGET_UI_MESSAGES.nameRequired,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim()) ? undefined : VALID_EMAIL_MESSAGE,
    consent: f.consent ? undefined : WIDGET_UI_MESSAGES.consentRequired,
  };
}

export const hasErrors = (e: Errors) => Object.values(e).some(Boolean);
