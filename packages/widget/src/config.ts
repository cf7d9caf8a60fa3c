/**
 * The element's attributes, checked. A bad attribute never throws: it becomes a message the
 * widget shows (and logs with console.warn); `blocking` ones leave no form to submit.
 */
import {
  activeIndustryLabels,
  defaultIndustry,
  INDUSTRIES,
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
  US_STATE_NAMES,
} from "@bis/sdk/constants";

/** The attributes as r2wc hands them over (camelCase props, strings or undefined). */
export interface WidgetAttributes {
  partnerKey?: string;
  apiBase?: string;
  industry?: string;
  defaultState?: string;
  primaryRadius?: string;
  secondaryRadius?: string;
  ctaUrl?: string;
  theme?: string;
}

export interface WidgetConfig {
  partnerKey: string;
  apiBase: string;
  ctaUrl: string;
  state: string;
  primary: number;
  secondary: number;
  /** The industry analyzed (its id, sent) and its label (shown); "" when it cannot be. */
  industry: string;
  industryLabel: string;
  dark: boolean;
  /** Messages about bad attributes, shown in the widget. */
  problems: string[];
  /** The form cannot be used (missing key, bad api-base, unknown or inactive industry). */
  blocking: boolean;
}

/** The origin of the script that defined the element (set at load by index.ts). */
let scriptOrigin = "";
export function setScriptOrigin(origin: string): void {
  scriptOrigin = origin;
}

const httpUrl = (value: string) => {
  try {
    const url = new URL(value);
    if (/^https?:$/.test(url.protocol)) return url.href;
  } catch {}
};

export function readConfig(a: WidgetAttributes): WidgetConfig {
  const problems: string[] = [];
  let blocking = false;
  const bad = (name: string, value: string | undefined, hint: string, blocks?: boolean) => {
    problems.push(`${name}="${value ?? ""}" ${hint}`);
    blocking ||= !!blocks;
  };
  const radius = (name: string, raw = "", range: { min: number; max: number; default: number }) => {
    const n = Number(raw);
    if (!raw.trim()) return range.default;
    if (Number.isInteger(n) && n >= range.min && n <= range.max) return n;
    bad(name, raw, `must be ${range.min} to ${range.max} miles; using ${range.default}.`);
    return range.default;
  };

  const partnerKey = (a.partnerKey ?? "").trim();
  if (!partnerKey) bad("partner-key", "", "is missing: add the pk_… key BIS gave you.", true);

  let apiBase = scriptOrigin || location.origin;
  if (a.apiBase) {
    const url = httpUrl(a.apiBase);
    if (url) apiBase = url.replace(/\/+$/, "");
    else bad("api-base", a.apiBase, "is not an http(s) URL.", true);
  }

  const wanted = a.industry?.trim() || defaultIndustry();
  const industry = INDUSTRIES.find((i) => i.id.toLowerCase() === wanted.toLowerCase());
  if (!industry)
    bad("industry", wanted, `is unknown: use ${INDUSTRIES.map((i) => i.id).join(", ")}.`, true);
  else if (!industry.active) {
    problems.push(
      `Coming soon: ${industry.id} market analysis. Today BIS analyzes ${activeIndustryLabels()}.`,
    );
    blocking = true;
  }

  let state = "";
  if (a.defaultState) {
    const s = a.defaultState.trim().toLowerCase();
    const found = Object.entries(US_STATE_NAMES).find(
      ([code, name]) => code.toLowerCase() === s || name.toLowerCase() === s,
    );
    if (found) state = found[0];
    else bad("default-state", a.defaultState, "is not a U.S. state.");
  }

  const primary = radius("primary-radius", a.primaryRadius, PRIMARY_RADIUS);
  let secondary = radius("secondary-radius", a.secondaryRadius, SECONDARY_RADIUS);
  if (secondary < primary) {
    if (a.secondaryRadius?.trim())
      bad("secondary-radius", a.secondaryRadius, `is below primary-radius; using ${primary}.`);
    secondary = primary;
  }

  let ctaUrl = `${apiBase}/register?ref=${encodeURIComponent(partnerKey)}`;
  if (a.ctaUrl) {
    const url = httpUrl(a.ctaUrl);
    if (url) ctaUrl = url;
    else bad("cta-url", a.ctaUrl, "is not an http(s) URL.");
  }

  const theme = a.theme?.trim().toLowerCase();
  if (theme && theme !== "light" && theme !== "dark")
    bad("theme", a.theme, "is not light or dark.");

  return {
    partnerKey,
    apiBase,
    ctaUrl,
    state,
    primary,
    secondary,
    industry: industry?.active ? industry.id : "",
    industryLabel: industry?.active ? industry.label : "",
    dark: theme === "dark",
    problems,
    blocking,
  };
}
