/**
 * The sections of the PDF report, in order: cover, market analysis, service area map, ZIP areas,
 * keyword research, competition analysis, opportunity score, sources and methodology. A premium section
 * whose data does not exist yet prints one "not run yet" line instead of its content.
 *
 * One module per section in sections/ (cover, market, service-area-map, zip-areas, keywords,
 * competition, score, sources); what they all read in sections/context.ts, the drawing helpers
 * they share in sections/shared.ts and layout.ts.
 */
export * from "./sections/competition.js";
export * from "./sections/context.js";
export * from "./sections/cover.js";
export * from "./sections/keywords.js";
export * from "./sections/local-market.js";
export * from "./sections/market.js";
export * from "./sections/market-year.js";
export * from "./sections/score.js";
export * from "./sections/service-area-map.js";
export * from "./sections/shared.js";
export * from "./sections/sources.js";
export * from "./sections/zip-areas.js";
