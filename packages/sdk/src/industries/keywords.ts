/** Each industry's keyword taxonomy (its folder's keywords.ts), by industry id. */
import type { KeywordProfile } from "../models/keywords/profile.js";
import { HVAC_KEYWORD_PROFILE } from "./hvac/keywords.js";

export const KEYWORD_PROFILES: Readonly<Record<string, KeywordProfile>> = {
  HVAC: HVAC_KEYWORD_PROFILE,
};
