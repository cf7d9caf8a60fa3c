/**
 * Constants of the embedded place data, each with its source. State totals are public U.S.
 * Census Bureau figures (ACS 2017–2021 5-year B01003 population and B25001 housing units; 2022
 * Gazetteer land area), as redistributed in the `us_geo` data set (MIT licence) that
 * ../shared/data/census/states.csv holds. The vintage factors are calibrated by
 * scripts/calibrate-places.mjs, which prints every number here from that reference data.
 */

export interface StateTotals {
  name: string;
  /** ACS 2017–2021 5-year, B01003_001E. */
  population: number;
  /** ACS 2017–2021 5-year, B25001_001E. */
  housingUnits: number;
  /** 2022 Census Gazetteer, ALAND_SQMI rounded to the square mile. */
  landAreaSqMi: number;
}

export const STATE_TOTALS_SOURCE =
  "U.S. Census Bureau, ACS 2017–2021 5-year state estimates (B01003 population, B25001 housing units) and 2022 Gazetteer land area";

/** The 50 states and the District of Columbia. */
export const STATE_TOTALS: Readonly<Record<string, StateTotals>> = {
  AL: { name: "Alabama", population: 4997675, housingUnits: 2278526, landAreaSqMi: 50645 },
  AK: { name: "Alaska", population: 728936, housingUnits: 320808, landAreaSqMi: 570641 },
  AZ: { name: "Arizona", population: 7086218, housingUnits: 3060516, landAreaSqMi: 113594 },
  AR: { name: "Arkansas", population: 3006309, housingUnits: 1361880, landAreaSqMi: 52035 },
  CA: { name: "California", population: 39455353, housingUnits: 14328539, landAreaSqMi: 155779 },
  CO: { name: "Colorado", population: 5723176, housingUnits: 2454873, landAreaSqMi: 103642 },
  CT: { name: "Connecticut", population: 3605330, housingUnits: 1527039, landAreaSqMi: 4842 },
  DE: { name: "Delaware", population: 981892, housingUnits: 445104, landAreaSqMi: 1949 },
  FL: { name: "Florida", population: 21339762, housingUnits: 9764897, landAreaSqMi: 53625 },
  GA: { name: "Georgia", population: 10625615, housingUnits: 4375039, landAreaSqMi: 57513 },
  HI: { name: "Hawaii", population: 1453498, housingUnits: 556937, landAreaSqMi: 6423 },
  ID: { name: "Idaho", population: 1811617, housingUnits: 742145, landAreaSqMi: 82643 },
  IL: { name: "Illinois", population: 12821813, housingUnits: 5412995, landAreaSqMi: 55519 },
  IN: { name: "Indiana", population: 6751340, housingUnits: 2911562, landAreaSqMi: 35826 },
  IA: { name: "Iowa", population: 3179090, housingUnits: 1407100, landAreaSqMi: 55857 },
  KS: { name: "Kansas", population: 2932099, housingUnits: 1272290, landAreaSqMi: 81759 },
  KY: { name: "Kentucky", population: 4494141, housingUnits: 1988420, landAreaSqMi: 39486 },
  LA: { name: "Louisiana", population: 4657305, housingUnits: 2066323, landAreaSqMi: 43204 },
  ME: { name: "Maine", population: 1357046, housingUnits: 737782, landAreaSqMi: 30843 },
  MD: { name: "Maryland", population: 6148545, housingUnits: 2516341, landAreaSqMi: 9707 },
  MA: { name: "Massachusetts", population: 6991852, housingUnits: 2979634, landAreaSqMi: 7800 },
  MI: { name: "Michigan", population: 10062512, housingUnits: 4566504, landAreaSqMi: 56539 },
  MN: { name: "Minnesota", population: 5670472, housingUnits: 2470483, landAreaSqMi: 79627 },
  MS: { name: "Mississippi", population: 2967023, housingUnits: 1317375, landAreaSqMi: 46923 },
  MO: { name: "Missouri", population: 6141534, housingUnits: 2782081, landAreaSqMi: 68742 },
  MT: { name: "Montana", population: 1077978, housingUnits: 512553, landAreaSqMi: 145546 },
  NE: { name: "Nebraska", population: 1951480, housingUnits: 840802, landAreaSqMi: 76824 },
  NV: { name: "Nevada", population: 3059238, housingUnits: 1269846, landAreaSqMi: 109781 },
  NH: { name: "New Hampshire", population: 1372175, housingUnits: 636480, landAreaSqMi: 8953 },
  NJ: { name: "New Jersey", population: 9234024, housingUnits: 3738342, landAreaSqMi: 7354 },
  NM: { name: "New Mexico", population: 2109366, housingUnits: 937397, landAreaSqMi: 121298 },
  NY: { name: "New York", population: 20114745, housingUnits: 8449178, landAreaSqMi: 47126 },
  NC: { name: "North Carolina", population: 10367022, housingUnits: 4673933, landAreaSqMi: 48618 },
  ND: { name: "North Dakota", population: 773344, housingUnits: 370111, landAreaSqMi: 69001 },
  OH: { name: "Ohio", population: 11769923, housingUnits: 5232733, landAreaSqMi: 40861 },
  OK: { name: "Oklahoma", population: 3948136, housingUnits: 1741721, landAreaSqMi: 68595 },
  OR: { name: "Oregon", population: 4207177, housingUnits: 1798864, landAreaSqMi: 95988 },
  PA: { name: "Pennsylvania", population: 12970650, housingUnits: 5728788, landAreaSqMi: 44743 },
  RI: { name: "Rhode Island", population: 1091949, housingUnits: 481168, landAreaSqMi: 1034 },
  SC: { name: "South Carolina", population: 5078903, housingUnits: 2325248, landAreaSqMi: 30061 },
  SD: { name: "South Dakota", population: 881785, housingUnits: 391857, landAreaSqMi: 75811 },
  TN: { name: "Tennessee", population: 6859497, housingUnits: 3011124, landAreaSqMi: 41235 },
  TX: { name: "Texas", population: 28862581, housingUnits: 11433880, landAreaSqMi: 261232 },
  UT: { name: "Utah", population: 3231370, housingUnits: 1133558, landAreaSqMi: 82170 },
  VT: { name: "Vermont", population: 641637, housingUnits: 333519, landAreaSqMi: 9217 },
  VA: { name: "Virginia", population: 8582479, housingUnits: 3596100, landAreaSqMi: 39490 },
  WA: { name: "Washington", population: 7617364, housingUnits: 3170695, landAreaSqMi: 66456 },
  WV: { name: "West Virginia", population: 1801049, housingUnits: 859437, landAreaSqMi: 24038 },
  WI: { name: "Wisconsin", population: 5871661, housingUnits: 2718369, landAreaSqMi: 54158 },
  WY: { name: "Wyoming", population: 576641, housingUnits: 271818, landAreaSqMi: 97093 },
  DC: { name: "District of Columbia", population: 683154, housingUnits: 344306, landAreaSqMi: 61 },
};

/**
 * Households per housing unit (occupied share), the same in every state — an estimate: the
 * national ACS 2017–2021 5-year count of households, ≈ 124.0 million (rounded, as published),
 * over the sum of the state housing units above (139,647,020).
 */
export const HOUSEHOLDS_PER_HOUSING_UNIT = {
  value: 124_000_000 / 139_647_020,
  source:
    "ACS 2017–2021 5-year, United States: ≈ 124.0 million households ÷ 139.6 million housing units (national share, applied in every state; an estimate)",
} as const;

/**
 * Share of housing units that are single-family homes, the same in every state — an estimate:
 * national ACS 2017–2021 5-year DP04 shares of 1-unit detached (61.6 %) + 1-unit attached (5.9 %).
 */
export const SINGLE_FAMILY_SHARE = {
  value: 0.616 + 0.059,
  source:
    "ACS 2017–2021 5-year DP04, United States: 1-unit detached 61.6 % + 1-unit attached 5.9 % of housing units (national shares, applied in every state; an estimate)",
} as const;

/**
 * GeoNames populations are of mixed years (mostly 2010–2015). Per state, the median ratio of the
 * ACS 2017–2021 population of a Census place to the GeoNames population of the same place
 * (same state, same normalized name, points ≤ 8 mi apart, ratio between 0.5 and 2), over the
 * state's matched places; 1 where fewer than 5 places match.
 */
export const POPULATION_VINTAGE_FACTOR: Readonly<Record<string, number>> = {
  AL: 1.036,
  AK: 0.983,
  AZ: 1.021,
  AR: 1.008,
  CA: 1.014,
  CO: 1.047,
  CT: 1.018,
  DE: 1.08,
  FL: 1.053,
  GA: 1.04,
  HI: 1.02,
  ID: 1.085,
  IL: 1.004,
  IN: 1.022,
  IA: 1.021,
  KS: 1,
  KY: 1.02,
  LA: 0.985,
  ME: 1.008,
  MD: 1.059,
  MA: 1.044,
  MI: 1.016,
  MN: 1.028,
  MS: 1.003,
  MO: 1.015,
  MT: 1.019,
  NE: 1.028,
  NV: 1.057,
  NH: 1.028,
  NJ: 1.021,
  NM: 1.012,
  NY: 1.014,
  NC: 1.033,
  ND: 0.996,
  OH: 1.011,
  OK: 0.981,
  OR: 1.058,
  PA: 1.009,
  RI: 1.035,
  SC: 1.039,
  SD: 1.049,
  TN: 1.057,
  TX: 1.017,
  UT: 1.072,
  VT: 1.036,
  VA: 1.04,
  WA: 1.075,
  WV: 0.992,
  WI: 1.025,
  WY: 0.982,
  DC: 1,
};

export const POPULATION_VINTAGE_SOURCE =
  "Median ratio of ACS 2017–2021 5-year place population to the GeoNames figure over the state's places found in both (calibrated by scripts/calibrate-places.mjs)";

/**
 * GeoNames entries that are neighbourhoods or former parts of a larger listed city, whose
 * residents that city's figure already counts. Not places of their own; their points help place
 * the city (see `embedded.ts`). GeoNames id → why.
 */
export const NEIGHBOURHOOD_ENTRIES: ReadonlyMap<number, string> = new Map([
  [5303929, "Maryvale AZ: urban village of Phoenix"],
  [5292387, "Deer Valley AZ: urban village of Phoenix"],
  [5551123, "Alhambra AZ: urban village of Phoenix"],
  [5552450, "Ahwatukee Foothills AZ: urban village of Phoenix"],
  [4670249, "Alief TX: neighbourhood of Houston"],
  [4145805, "Allapattah FL: neighbourhood of Miami"],
  [4155529, "Flagami FL: neighbourhood of Miami"],
  [4150066, "Carol City FL: part of Miami Gardens since 2003"],
  [4166066, "Norland FL: part of Miami Gardens since 2003"],
  [4172294, "Scott Lake FL: part of Miami Gardens since 2003"],
  [4161298, "Lake Lucerne FL: part of Miami Gardens since 2003"],
  [4940764, "Jamaica Plain MA: neighbourhood of Boston"],
  [5150792, "Collinwood OH: neighbourhood of Cleveland"],
  [5158067, "Hough OH: neighbourhood of Cleveland"],
  [8062662, "Detroit-Shoreway OH: neighbourhood of Cleveland"],
  [8062667, "Clark-Fulton OH: neighbourhood of Cleveland"],
  [4351065, "Charles Village MD: neighbourhood of Baltimore"],
  [5215118, "Tacony PA: neighbourhood of Philadelphia"],
  [5743422, "North Portland OR: district of Portland"],
  [5405288, "Valencia CA: community of Santa Clarita"],
  [5861187, "Eagle River AK: community of the Municipality of Anchorage"],
]);

/**
 * GeoNames entries that repeat the residents of another entry (a neighbourhood or an old name
 * carrying the whole city's figure) or carry a wrong figure. Dropped. GeoNames id → why.
 */
export const DUPLICATE_ENTRIES: ReadonlyMap<number, string> = new Map([
  [4297983, "Lexington KY: the people of Lexington-Fayette, listed again"],
  [4300488, "Meads KY: 288,649 people, a wrong figure for a small community near Ashland"],
  [4295940, "Ironville KY: the same wrong 288,649 for a small community near Ashland"],
  [5218270, "Wayne PA: carries the figure of Radnor Township, listed too"],
  [4756955, "East Hampton VA: repeats Hampton"],
  [4786714, "South Suffolk VA: repeats Suffolk"],
  [4792867, "West Lynchburg VA: repeats Lynchburg"],
  [4059870, "East Florence AL: repeats Florence"],
  [4619947, "East Chattanooga TN: repeats Chattanooga"],
  [5317071, "Tempe Junction AZ: repeats Tempe"],
  [4839745, "North Stamford CT: repeats Stamford"],
  [4385018, "East Independence MO: repeats Independence"],
  [4251841, "Upper Alton IL: repeats Alton"],
  [5530937, "Socorro Mission Number 1 Colonia TX: repeats Socorro"],
  [7174365, "City of Sammamish WA: repeats Sammamish"],
  [
    5815538,
    "West Lake Sammamish WA: area annexed by Bellevue and Sammamish, counted in their figures",
  ],
  [7259034, "St. Charles MD: repeats Saint Charles"],
  [4212937, "North Atlanta GA: the former CDP, now the city of Brookhaven"],
]);

/**
 * Real, distinct places that the same-residents rule of `embedded.ts` would otherwise drop (a
 * name containing a neighbour's name, a population within 5 % of it). GeoNames id → why.
 */
export const DISTINCT_ENTRIES: ReadonlyMap<number, string> = new Map([
  [4369978, "South Laurel MD: a Census place of its own, next to the city of Laurel"],
  [5146286, "Avon Lake OH: a city of its own, next to the city of Avon"],
  [4935434, "East Longmeadow MA: a town of its own, next to Longmeadow"],
  [5126209, "Mastic Beach NY: a community of its own, next to Mastic"],
]);
