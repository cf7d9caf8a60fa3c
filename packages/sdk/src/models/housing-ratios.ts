/**
 * National ACS ratios applied to housing units where no finer figure is available (the embedded
 * dataset's households and single-family homes; readers of records that store only housing
 * units). One definition for the server, the keyword model and every other reader.
 */

/**
 * Households per housing unit (occupied share) — an estimate: the national ACS 2017–2021 5-year
 * count of households, ≈ 124.0 million (rounded, as published), over the housing units of the 50
 * states and DC (139,647,020).
 */
export const HOUSEHOLDS_PER_HOUSING_UNIT = {
  value: 124_000_000 / 139_647_020,
  source:
    "ACS 2017–2021 5-year, United States: ≈ 124.0 million households ÷ 139.6 million housing units (national share, applied in every state; an estimate)",
} as const;

/**
 * Share of housing units that are single-family homes — an estimate: national ACS 2017–2021
 * 5-year DP04 shares of 1-unit detached (61.6 %) + 1-unit attached (5.9 %).
 */
export const SINGLE_FAMILY_SHARE = {
  value: 0.616 + 0.059,
  source:
    "ACS 2017–2021 5-year DP04, United States: 1-unit detached 61.6 % + 1-unit attached 5.9 % of housing units (national shares, applied in every state; an estimate)",
} as const;
