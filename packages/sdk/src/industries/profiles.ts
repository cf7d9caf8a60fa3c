/** Every industry's profile, by id: a folder each (the coming ones have only their head yet). */
import type { IndustryId } from "../industries.js";
import type { IndustryProfile } from "../models/industry-types.js";
import { industryHead } from "./heads.js";
import { HVAC } from "./hvac/profile.js";

const comingSoon = (id: IndustryId): IndustryProfile => ({
  ...industryHead(id),
  services: [],
  assumptions: [],
});

export const INDUSTRY_PROFILES: Record<IndustryId, IndustryProfile> = {
  HVAC,
  Plumbing: comingSoon("Plumbing"),
  Electrical: comingSoon("Electrical"),
  Roofing: comingSoon("Roofing"),
};
