/**
 * Every industry's folder, as the SDK exports it: the registries (profiles by id in
 * models/industry-profiles.ts, keyword taxonomies in keywords.ts) and each industry's parts.
 */
export * from "./hvac/assumptions.data.js";
export * from "./hvac/competitors.js";
export * from "./hvac/equipment.js";
export * from "./hvac/keywords.js";
export * from "./hvac/profile.js";
export * from "./keywords.js";
