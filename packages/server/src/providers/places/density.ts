/**
 * How large a place is, from its population: a place is a disc of area population ÷ density.
 * Residents per square mile grow with population but level off for large cities, and they differ
 * by state (New Jersey suburbs are dense, Sun Belt cities sprawl). Used when a provider has no
 * land area for a place. Calibrated by scripts/calibrate-places.mjs (which prints these numbers)
 * on the U.S. Census places of ../shared/data/census (ACS 2017–2021 5-year population, 2022
 * Gazetteer land area, places ≥ 1,000 people).
 */

/**
 * log10(residents per sq mi) at log10(population): the median over Census places ≥ 1,000 people
 * in each half-decade of population (1,000–3,162, 3,162–10,000, …; 1–10 million in one bin),
 * at the bin's midpoint. Linear between knots, extended along the end segments.
 */
export const DENSITY_CURVE = {
  knots: [
    [3.25, 2.954],
    [3.75, 3.125],
    [4.25, 3.313],
    [4.75, 3.45],
    [5.25, 3.52],
    [5.75, 3.555],
    [6.5, 3.692],
  ] as ReadonlyArray<readonly [number, number]>,
  source:
    "Median log density by population bin over 2022 Census Gazetteer places with ≥ 1,000 people (ACS 2017–2021 5-year population)",
} as const;

/**
 * Per state, log10 of how much denser (> 0) or sparser (< 0) its places are than the curve:
 * the median residual of the state's places under 100,000 people (`small`) and of 100,000 or
 * more (`large`), each shrunk toward its census division's median with the weight of 5 places.
 * A place between 31,623 and 316,228 people blends the two in proportion to log10(population).
 */
export const STATE_DENSITY_OFFSET: Readonly<Record<string, { small: number; large: number }>> = {
  AL: { small: -0.478, large: -0.396 },
  AK: { small: -0.937, large: -0.115 },
  AZ: { small: -0.559, large: -0.056 },
  AR: { small: -0.253, large: -0.175 },
  CA: { small: 0.101, large: 0.153 },
  CO: { small: -0.04, large: 0.027 },
  CT: { small: 0.038, large: 0.335 },
  DE: { small: 0.067, large: -0.1 },
  DC: { small: -0.038, large: -0.004 },
  FL: { small: 0.072, large: -0.025 },
  GA: { small: -0.173, large: -0.266 },
  HI: { small: 0.044, large: 0.139 },
  ID: { small: 0.063, large: -0.021 },
  IL: { small: 0.103, large: -0.043 },
  IN: { small: 0.06, large: -0.041 },
  IA: { small: -0.034, large: -0.187 },
  KS: { small: 0.05, large: -0.16 },
  KY: { small: -0.056, large: -0.402 },
  LA: { small: -0.117, large: -0.154 },
  ME: { small: -0.279, large: 0.323 },
  MD: { small: 0.152, large: -0.024 },
  MA: { small: 0.001, large: 0.307 },
  MI: { small: 0.067, large: 0.057 },
  MN: { small: -0.023, large: -0.011 },
  MS: { small: -0.289, large: -0.382 },
  MO: { small: -0.014, large: -0.214 },
  MT: { small: -0.049, large: -0.026 },
  NE: { small: 0.117, large: -0.127 },
  NV: { small: -0.497, large: -0.008 },
  NH: { small: -0.159, large: 0.277 },
  NJ: { small: 0.303, large: 0.565 },
  NM: { small: -0.343, large: -0.134 },
  NY: { small: 0.193, large: 0.395 },
  NC: { small: -0.116, large: -0.145 },
  ND: { small: -0.014, large: -0.151 },
  OH: { small: 0.067, large: 0.001 },
  OK: { small: -0.207, large: -0.253 },
  OR: { small: 0.175, large: 0.121 },
  PA: { small: 0.328, large: 0.438 },
  RI: { small: -0.008, large: 0.351 },
  SC: { small: -0.1, large: -0.212 },
  SD: { small: 0.002, large: -0.159 },
  TN: { small: -0.273, large: -0.312 },
  TX: { small: -0.067, large: -0.123 },
  UT: { small: -0.114, large: -0.007 },
  VT: { small: 0.026, large: 0.323 },
  VA: { small: -0.014, large: -0.048 },
  WA: { small: 0.043, large: 0.106 },
  WV: { small: 0.062, large: -0.1 },
  WI: { small: -0.041, large: -0.011 },
  WY: { small: -0.173, large: -0.013 },
};

/** Curve value at x = log10(population). */
function curve(x: number): number {
  const k = DENSITY_CURVE.knots;
  let i = 1;
  while (i < k.length - 1 && x > (k[i] as readonly [number, number])[0]) i++;
  const [x0, y0] = k[i - 1] as readonly [number, number];
  const [x1, y1] = k[i] as readonly [number, number];
  return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
}

/** log10 offset of a state's places of this size (0 for an unknown or absent state). */
export function stateDensityOffset(population: number, state?: string): number {
  const offset = state ? STATE_DENSITY_OFFSET[state] : undefined;
  if (!offset) return 0;
  const w = Math.min(1, Math.max(0, Math.log10(Math.max(population, 1)) - 4.5));
  return (1 - w) * offset.small + w * offset.large;
}

/** Residents per square mile of a place of this population (in this state, when given). */
export function densityPerSqMi(population: number, state?: string): number {
  const x = Math.log10(Math.max(population, 1));
  return 10 ** (curve(x) + stateDensityOffset(population, state));
}

/** Radius (miles) of a disc with this land area. */
export function radiusFromArea(areaSqMi: number): number {
  return Math.sqrt(Math.max(areaSqMi, 0) / Math.PI);
}

/** Radius (miles) of the disc a place's residents are spread over. */
export function footprintMiles(population: number, state?: string): number {
  if (population <= 0) return 0;
  return radiusFromArea(population / densityPerSqMi(population, state));
}
