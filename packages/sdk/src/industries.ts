/**
 * The head of every industry profile: its id, its label and whether it can be analyzed, the part
 * every surface needs (the wizard's options, the widget, the CLI default, the messages). It has
 * no dependency, so the widget's bundle (`@bis/sdk/constants`, 12 KB budget) carries only this.
 * The rest of a profile (services, assumptions, equipment, competitor search terms, keyword
 * taxonomy) is its folder under industries/, listed by models/industry-profiles.ts (which spreads
 * these heads) and industries/keywords.ts. A new industry is a head here, then its folder and
 * its entries (TypeScript asks for them: the profiles are keyed by IndustryId).
 */
export interface IndustryHead {
  readonly id: string;
  readonly label: string;
  readonly active: boolean;
}

/** Industry options of the specification: only HVAC is active; the rest show "Coming Soon". */
export const INDUSTRIES = [
  { id: "HVAC", label: "HVAC", active: true },
  { id: "Plumbing", label: "Plumbing", active: false },
  { id: "Electrical", label: "Electrical", active: false },
  { id: "Roofing", label: "Roofing", active: false },
] as const satisfies readonly IndustryHead[];

export type IndustryId = (typeof INDUSTRIES)[number]["id"];
/** Pure: a bundle that does not use it (the widget) drops it. */
export const ACTIVE_INDUSTRIES: readonly IndustryId[] = /* @__PURE__ */ INDUSTRIES.filter(
  (i) => i.active,
).map((i) => i.id);

/** Industries as a list or keyed by id (the profiles). */
type Industries<T> = readonly T[] | Readonly<Record<string, T>>;

/**
 * The industry a new analysis starts with: the one active industry when exactly one is active
 * (today's only one), else none ("" — the user chooses).
 */
export function defaultIndustry(): IndustryId | "";
export function defaultIndustry<I extends string>(
  industries: Industries<{ id: I; active: boolean }>,
): I | "";
export function defaultIndustry(
  industries: Industries<{ id: string; active: boolean }> = INDUSTRIES,
): string {
  const active = Object.values(industries).filter((p) => p.active);
  return active.length === 1 && active[0] ? active[0].id : "";
}

/** The labels of the industries that can be analyzed, for messages: "HVAC" today. */
export function activeIndustryLabels(
  industries: Industries<Pick<IndustryHead, "active" | "label">> = INDUSTRIES,
): string {
  return Object.values(industries)
    .filter((i) => i.active)
    .map((i) => i.label)
    .join(" and ");
}

/** The wizard's industry options: every industry, those not yet analyzed "(Coming Soon)". */
export function industryOptions(
  industries: Industries<IndustryHead> = INDUSTRIES,
): { value: string; label: string; active: boolean }[] {
  return Object.values(industries).map((i) => ({
    value: i.id,
    label: i.active ? i.label : `${i.label} (Coming Soon)`,
    active: i.active,
  }));
}

/** The label of an industry (its id when it is not known). */
export function industryLabel(
  id: string,
  industries: readonly Pick<IndustryHead, "id" | "label">[] = INDUSTRIES,
): string {
  return industries.find((i) => i.id === id)?.label ?? id;
}
