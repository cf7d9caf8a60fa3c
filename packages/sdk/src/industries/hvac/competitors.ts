/** HVAC contractors, as the competitor providers and the competition analysis read them. */
import type { CompetitorProfile } from "../../models/competitor-profiles.js";

/** HVAC contractors. */
export const HVAC_COMPETITORS: CompetitorProfile = {
  placesQuery: "HVAC contractor",
  yelpTerm: "hvac",
  sampleCategories: [
    ["Heating & Air Conditioning/HVAC"],
    ["Emergency HVAC Service"],
    ["Heat Pumps", "Heating & Air Conditioning/HVAC"],
    ["Air Duct Cleaning"],
    ["Furnace Repair"],
    ["Air Conditioning"],
    ["Commercial Refrigeration"],
    ["Plumbing", "Heating & Air Conditioning/HVAC"],
  ],
  specialties: [
    {
      label: "Emergency Service",
      pattern: /emergency|24\s*\/\s*7|24[\s-]*hours?|after[\s-]*hours/,
    },
    { label: "Heat Pumps", pattern: /heat\s*pumps?|mini[\s-]*splits?|ductless/ },
    { label: "Geothermal", pattern: /geothermal/ },
    {
      label: "Ducts & Indoor Air Quality",
      pattern: /\bducts?\b|duct\s*cleaning|air\s*quality|\biaq\b|ventilation|air\s*purif/,
    },
    { label: "Commercial & Refrigeration", pattern: /commercial|refrigeration|mechanical/ },
    {
      label: "Heating & Cooling",
      pattern:
        /(heating|furnace|boiler|heat\b).*(cooling|air\s*conditioning|\bair\b|\bac\b)|(cooling|air\s*conditioning|\bac\b).*(heating|furnace|heat\b)|\bhvac\b/,
    },
    { label: "Heating", pattern: /heating|furnace|boiler/ },
    { label: "Air Conditioning", pattern: /air\s*condition|cooling|\bac\b|a\s*\/\s*c/ },
    { label: "Plumbing", pattern: /plumb|water\s*heater/ },
    { label: "Electrical", pattern: /electric/ },
  ],
  generalSpecialization: "General HVAC",
  // NAICS 238220, "Plumbing, Heating, and Air-Conditioning Contractors".
  contractorsLabel: "HVAC and plumbing contractors",
  niches: ["Heat Pumps", "Ducts & Indoor Air Quality"],
};
