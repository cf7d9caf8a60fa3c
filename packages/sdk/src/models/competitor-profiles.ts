/**
 * An industry's competitors, as data: what the competitor providers search for, the demo-mode
 * sample businesses, how a competitor's specialization is read and what the measured
 * establishment counts count. Part of each industry profile (industry-profiles.ts).
 */

/** A specialty recognised in a competitor's name and categories. */
export interface SpecialtyRule {
  label: string;
  pattern: RegExp;
}

/**
 * An industry's competitors: what the competitor providers search for, what the demo-mode
 * sample businesses are, how a competitor's specialization is read, and what the measured
 * establishment counts count.
 */
export interface CompetitorProfile {
  /** Google Places Text Search `textQuery`. */
  placesQuery: string;
  /** Yelp Fusion business search `term`. */
  yelpTerm: string;
  /** Category titles given to sample businesses (demo mode), so their specializations vary. */
  sampleCategories: readonly (readonly string[])[];
  /** Specialties recognised in a competitor's name and categories, in this order (two shown). */
  specialties: readonly SpecialtyRule[];
  /** The specialization of a competitor in which none is recognised. */
  generalSpecialization: string;
  /** What the establishment counts of ZIP Code Business Patterns (market data) count. */
  contractorsLabel: string;
}

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
};
