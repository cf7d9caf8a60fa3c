/**
 * How many of a place's residents fall inside a service radius, and the totals of an area.
 * A place is a disc of radius `footprintMiles` around its point; the share inside the
 * service circle is the share of the disc's area inside it (circle–circle intersection).
 * Residents outside every listed place come from the dataset's background density.
 */
import type { BackgroundDensity, PlaceRecord } from "./places.js";

/** Share (0–1) of a disc of radius r, whose centre is d from the target, inside radius R. */
export function discShareInside(R: number, r: number, d: number): number {
  if (r <= 0) return d <= R ? 1 : 0;
  if (d >= R + r) return 0;
  if (d <= Math.abs(R - r)) return r <= R ? 1 : (R * R) / (r * r);
  const clamp = (x: number) => Math.max(-1, Math.min(1, x));
  const a1 = r * r * Math.acos(clamp((d * d + r * r - R * R) / (2 * d * r)));
  const a2 = R * R * Math.acos(clamp((d * d + R * R - r * r) / (2 * d * R)));
  const a3 = 0.5 * Math.sqrt(Math.max(0, (-d + r + R) * (d + r - R) * (d - r + R) * (d + r + R)));
  return Math.min(1, Math.max(0, (a1 + a2 - a3) / (Math.PI * r * r)));
}

export interface AreaTotals {
  population: number;
  households: number;
  housingUnits: number;
  singleFamilyUnits: number;
  /** Residents of listed places inside the radius. */
  listedPlacesPopulation: number;
  /** Residents outside listed places (background), inside the radius. */
  outsidePlacesPopulation: number;
}

export interface PlaceAtDistance {
  place: PlaceRecord;
  distanceMiles: number;
}

/**
 * Totals within `radiusMiles`. `candidates` must include every place whose disc may reach the
 * circle (distance ≤ radius + footprint). Missing per-place figures count as 0.
 */
export function areaTotals(
  candidates: readonly PlaceAtDistance[],
  radiusMiles: number,
  background: BackgroundDensity | undefined,
): AreaTotals {
  let population = 0;
  let households = 0;
  let housingUnits = 0;
  let singleFamilyUnits = 0;
  for (const { place, distanceMiles } of candidates) {
    const share = discShareInside(radiusMiles, place.footprintMiles, distanceMiles);
    if (share === 0) continue;
    population += place.population * share;
    households += (place.households ?? 0) * share;
    housingUnits += (place.housingUnits ?? 0) * share;
    singleFamilyUnits += (place.singleFamilyUnits ?? 0) * share;
  }
  const listedPlacesPopulation = population;
  const area = Math.PI * radiusMiles * radiusMiles;
  const outsidePlacesPopulation = background ? background.population * area : 0;
  if (background) {
    population += outsidePlacesPopulation;
    households += background.households * area;
    housingUnits += background.housingUnits * area;
    singleFamilyUnits += background.singleFamilyUnits * area;
  }
  return {
    population: Math.round(population),
    households: Math.round(households),
    housingUnits: Math.round(housingUnits),
    singleFamilyUnits: Math.round(singleFamilyUnits),
    listedPlacesPopulation: Math.round(listedPlacesPopulation),
    outsidePlacesPopulation: Math.round(outsidePlacesPopulation),
  };
}
