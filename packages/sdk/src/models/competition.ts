/**
 * The competition analysis and the opportunity score, as pure functions: competitor listings
 * from the providers (Google Places, Yelp, or labelled sample data) in, the spec's
 * CompetitionAnalysisData out; market, keyword and competition data in, one 0–100 score out.
 *
 * Every rule, threshold and weight is a named constant (competition/constants.ts), documented in
 * docs/methodology.md ("Competition analysis", "Opportunity score").
 *
 * One module per concern, in competition/: constants.ts (rules, thresholds, weights), listings.ts
 * (listings and dedupe), ranking.ts (ranking and saturation), insights.ts (opportunities and
 * recommendations), analysis.ts (the analysis), opportunity-score.ts (the score).
 */
export * from "./competition/analysis.js";
export * from "./competition/constants.js";
export * from "./competition/insights.js";
export * from "./competition/listings.js";
export * from "./competition/opportunity-score.js";
export * from "./competition/ranking.js";
