/**
 * An industry's competitors, as data: what the competitor providers search for, the demo-mode
 * sample businesses, how a competitor's specialization is read and what the measured
 * establishment counts count. Part of each industry profile (its folder under industries/).
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
  /** Specialties (labels of `specialties`) worth naming as an open niche when no competitor claims them. */
  niches?: readonly string[];
}
