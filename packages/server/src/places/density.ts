/**
 * How large a place is, from its population: residents per square mile grow with population
 * (log-linear fit of Census places), so a city's footprint is a disc of area population ÷ density.
 * Used when a provider has no land area for a place.
 */

/** log10(density) = A + B × log10(population), fitted on U.S. Census places ≥ 1,000 people. */
export const DENSITY_FIT = {
  A: 1.75,
  B: 0.365,
  source: "Least-squares fit of log density on log population over 2022 Census Gazetteer places (≥ 1,000 people)",
} as const;

export function densityPerSqMi(population: number): number {
  return 10 ** (DENSITY_FIT.A + DENSITY_FIT.B * Math.log10(Math.max(population, 1)));
}

/** Radius (miles) of a disc with this land area. */
export function radiusFromArea(areaSqMi: number): number {
  return Math.sqrt(Math.max(areaSqMi, 0) / Math.PI);
}

export function footprintMiles(population: number): number {
  if (population <= 0) return 0;
  return radiusFromArea(population / densityPerSqMi(population));
}
