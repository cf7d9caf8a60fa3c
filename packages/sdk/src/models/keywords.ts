/**
 * Keyword research, as pure functions (no I/O), one module per concern:
 * - keywords/profile.ts: constants, intent labels and the types of a keyword profile;
 * - each industry's taxonomy and assumptions, as data: industries/<trade>/keywords.ts
 *   (KEYWORD_PROFILES: industries/keywords.ts);
 * - keywords/cities.ts: the cities covered and their households;
 * - keywords/model.ts: the embedded model (taxonomy expansion, volumes, CPC);
 * - keywords/assemble.ts: any provider's figures into KeywordResearchData, and its counts;
 * - keywords/recommendations.ts: the strategic recommendations;
 * - keywords/seasons.ts: each keyword's searches month by month (measured or modeled);
 * - keywords/text.ts: rounding, keyword text, competition band, intent of any keyword, head terms.
 * Estimated PPC budget per keyword and the PPC table: ppc-table.ts.
 */
export * from "./keywords/assemble.js";
export * from "./keywords/cities.js";
export * from "./keywords/model.js";
export * from "./keywords/profile.js";
export * from "./keywords/recommendations.js";
export * from "./keywords/seasons.js";
export {
  classifyKeywordIntent,
  isHeadTerm,
  keywordCompetitionLevel,
  keywordText,
  roundSearchVolume,
} from "./keywords/text.js";
