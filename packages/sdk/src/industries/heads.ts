/** An industry profile's head (id, label, active), as industries.ts lists it. */
import { INDUSTRIES, type IndustryHead, type IndustryId } from "../industries.js";

export const industryHead = (id: IndustryId): IndustryHead & { id: IndustryId } => {
  const found = INDUSTRIES.find((i) => i.id === id) as IndustryHead & { id: IndustryId };
  return { id: found.id, label: found.label, active: found.active };
};
