/**
 * Keyword text rules shared by the model and by any provider's figures: rounding, the text a
 * keyword is compared by, the competition band, the intent of any keyword, head terms.
 */
import { formatDecimal } from "../../format.js";
import { KEYWORD_PROFILES } from "../../industries/keywords.js";
import { defaultIndustry } from "../../industries.js";
import type { KeywordIntent } from "../../schemas/keywords.js";
import type { KeywordCity } from "./profile.js";
import {
  HEAD_TERM_MAX_WORDS,
  KEYWORD_COMPETITION_BANDS,
  KEYWORD_VOLUME_PRECISION,
  type KeywordProfile,
} from "./profile.js";

export const fmt = (n: number) => formatDecimal(n);
export const money = (n: number) => `$${formatDecimal(n, 2, 2)}`;
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Keyword Planner-like rounding: nearest 10, never negative. */
export function roundSearchVolume(volume: number): number {
  if (!Number.isFinite(volume) || volume <= 0) return 0;
  return Math.round(volume / KEYWORD_VOLUME_PRECISION) * KEYWORD_VOLUME_PRECISION;
}

/** A place name as people type it in a search: lower case, no accents or punctuation. */
export function keywordText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Google's competition level for a 0–100 competition index. */
export function keywordCompetitionLevel(index: number): "Low" | "Medium" | "High" {
  if (index >= KEYWORD_COMPETITION_BANDS.highFrom) return "High";
  if (index >= KEYWORD_COMPETITION_BANDS.mediumFrom) return "Medium";
  return "Low";
}

/* ------------------------------------------------------------------ intent of any keyword */

const INTENT_PATTERNS: [KeywordIntent, RegExp][] = [
  ["emergency", /\b(emergency|24 ?hours?|24\/7|after hours?|same day)\b/],
  ["cost", /\b(cost|costs|price|prices|pricing|how much|estimate|quote)\b/],
  ["maintenance", /\b(maintenance|tune ?ups?|cleaning|clean|inspection|plan)\b/],
  ["replacement", /\b(replacement|replace|replacing|new)\b/],
  ["installation", /\b(install|installation|installer|installers|installing)\b/],
  ["repair", /\b(repair|repairs|fix|broken|not (cooling|heating|working)|service)\b/],
];

/**
 * The intent group of a keyword a provider suggested, by the first matching rule (emergency,
 * cost, maintenance, replacement, installation, repair, then company searches); null when it
 * is not about the trade or names a negative term (cars, jobs, DIY, retail).
 */
export function classifyKeywordIntent(
  keyword: string,
  profile: KeywordProfile = KEYWORD_PROFILES[defaultIndustry()] as KeywordProfile,
): KeywordIntent | null {
  const text = keywordText(keyword);
  if (!profile.tradeWords.test(text)) return null;
  const words = ` ${text} `;
  if (profile.negativeTerms.some((n) => words.includes(` ${n} `))) return null;
  for (const [intent, pattern] of INTENT_PATTERNS) if (pattern.test(text)) return intent;
  return "near-me";
}

/** Whether a keyword is a head term: at most two words once city, state and "near me" go. */
export function isHeadTerm(keyword: string, cities: readonly KeywordCity[]): boolean {
  let text = ` ${keywordText(keyword)} `;
  const names = [...new Set(cities.map((c) => c.keywordName))].sort((a, b) => b.length - a.length);
  for (const name of names) text = text.replace(` ${name} `, " ");
  const states = new Set(cities.map((c) => (c.state ?? "").toLowerCase()).filter(Boolean));
  const words = text
    .replace(" near me ", " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "" && !states.has(w));
  return words.length <= HEAD_TERM_MAX_WORDS;
}
