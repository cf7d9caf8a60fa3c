/**
 * The services of a market: per-service jobs, revenue and the "How" line, from a profile and its
 * resolved assumptions — the U.S. interval over the area's wear, the share with its building
 * split, the ticket at local wages. Pure; no I/O.
 */
import { formatDecimal } from "../format.js";
import type { Assumption, ServiceBreakdownEntry } from "../schemas/market.js";
import { ADJUSTMENT_LABELS, replacementFactor } from "./housing-adjustments.js";
import type { IndustryProfile, ServiceDefinition } from "./industry-types.js";
import { degreeDayRatio, NATIONAL_DEGREE_DAYS, priceFactor, wearFactor } from "./local-market.js";

export class AssumptionError extends Error {
  override readonly name = "AssumptionError";
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/** A lookup of resolved assumptions by key; a missing key is an AssumptionError. */
export function assumptionValues(
  assumptions: readonly { key: string; value: number }[],
): (key: string) => number {
  const byKey = new Map(assumptions.map((a) => [a.key, a.value]));
  return (key) => {
    const value = byKey.get(key);
    if (value === undefined) throw new AssumptionError(key, `Missing assumption: ${key}`);
    return value;
  };
}

const fmt = formatDecimal;
const pct = (n: number) => `${fmt(n * 100, 1)}%`;

/**
 * The replacement interval of a service at the area's climate: the U.S. interval ÷ the wear
 * factor (1 without a wear rule or at the U.S. degree days), and what the "How" line says of it.
 */
function localInterval(
  incidence: ServiceDefinition["incidence"],
  value: (key: string) => number,
): { years: number; note: string } {
  const years = value(incidence.key);
  const wear = incidence.kind === "lifespan" ? incidence.wear : undefined;
  if (!wear || !(years > 0)) return { years, note: "" };
  const degreeDays = Object.fromEntries(wear.seasons.map((s) => [s.season, value(s.key)]));
  const ratio = degreeDayRatio(
    wear.seasons.map((s) => s.season),
    {
      coolingDegreeDays: degreeDays.cooling ?? NATIONAL_DEGREE_DAYS.cooling,
      heatingDegreeDays: degreeDays.heating ?? NATIONAL_DEGREE_DAYS.heating,
    },
  );
  const factor = wearFactor(value(wear.weightKey), ratio);
  if (Math.abs(factor - 1) < 1e-9) return { years, note: "" };
  const days = wear.seasons
    .map((s) => `${fmt(Math.round(degreeDays[s.season] ?? 0))} ${s.season}`)
    .join(" and ");
  const local = years / factor;
  return {
    years: local,
    note: ` (replaced every ${fmt(local, 1)} years here, ${fmt(years, 1)} in the U.S.: ${days} degree days, ${fmt(ratio, 2, 2)}× the U.S.)`,
  };
}

/**
 * A service's ticket at the area's wages, and its formula when they differ from the U.S. ones. A
 * ticket the user entered is their own price: it is not scaled.
 */
function localTicket(
  service: ServiceDefinition,
  value: (key: string) => number,
  entered: boolean,
): { ticket: number; text: string } {
  const national = value(service.ticketKey);
  const price = service.price;
  const index = price ? value(price.wageIndexKey) : 1;
  if (!price || index === 1 || entered) return { ticket: national, text: `$${fmt(national)}` };
  const labour = value(price.labourShareKey);
  const ticket = Math.round(national * priceFactor(labour, index));
  return {
    ticket,
    text: `$${fmt(ticket)} ($${fmt(national)} U.S. × (${fmt(1 - labour, 2, 2)} + ${fmt(labour, 2, 2)} × ${fmt(index, 2, 2)} local wages))`,
  };
}

/**
 * Per-service jobs and revenue for a number of households. `notes`: what the "How" line says of
 * a derived share (by assumption key; shown while the share is not overridden).
 */
export function computeServices(
  households: number,
  profile: IndustryProfile,
  assumptions: readonly Assumption[],
  notes: Readonly<Record<string, string>> = {},
): ServiceBreakdownEntry[] {
  const value = assumptionValues(assumptions);
  const byKey = new Map(assumptions.map((a) => [a.key, a]));
  const noteOf = (key: string) => {
    const a = byKey.get(key);
    return a && notes[key] && a.value === a.defaultValue ? notes[key] : undefined;
  };
  return profile.services.map((service) => {
    const share =
      service.shareKeys.length === 0 ? 1 : service.shareKeys.reduce((s, k) => s + value(k), 0);
    const interval = localInterval(service.incidence, value);
    const incidence =
      service.incidence.kind === "lifespan"
        ? interval.years > 0
          ? 1 / interval.years
          : 0
        : interval.years;
    const entered = byKey.get(service.ticketKey);
    const { ticket, text: ticketText } = localTicket(
      service,
      value,
      entered !== undefined && entered.value !== entered.defaultValue,
    );
    // Housing factors (1 at the national mix, so offline): shown only where they change jobs.
    const factors = (service.adjustments ?? [])
      .map((a) => ({ kind: a.kind, factor: replacementFactor(a.kind, value(a.key)) }))
      .filter((f) => f.factor !== 1);
    const factor = factors.reduce((p, f) => p * f.factor, 1);
    const jobs = households * share * incidence * factor;
    const annualJobs = Math.round(jobs);
    const incidenceText =
      service.incidence.kind === "lifespan"
        ? `1/${fmt(interval.years, 1)} yr${interval.note}`
        : `${fmt(interval.years, 3)}/yr`;
    const factorText = factors
      .map((f) => ` × ${fmt(f.factor, 2, 2)} ${ADJUSTMENT_LABELS[f.kind]}`)
      .join("");
    const shareNotes = service.shareKeys.map(noteOf).filter((n): n is string => n !== undefined);
    const shareText = `${pct(share)}${shareNotes.length > 0 ? ` (${shareNotes.join("; ")})` : ""}`;
    return {
      serviceId: service.id,
      serviceName: service.name,
      annualJobs,
      averageCost: ticket,
      estimatedRevenue: Math.round(jobs * ticket),
      marketPenetration: households > 0 ? jobs / households : 0,
      formula: `${fmt(households)} households × ${shareText} × ${incidenceText}${factorText} × ${ticketText}`,
    };
  });
}
