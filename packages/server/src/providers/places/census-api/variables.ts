/**
 * The ACS 5-year variables BIS asks the Census Data API for, at tract and place level, and the
 * figure each sums to (by vintage: the "year built" bands moved in 2015).
 */
import type { HousingStock, PlaceFigure } from "@bis/sdk";
import { HOUSING_STOCK_FIELDS } from "@bis/sdk";

/** Variables the API accepts in one call (`get` "is limited to 50 variables"; NAME counts). */
export const CENSUS_MAX_VARIABLES = 50;

/** What each place of the city table gets (ACS 5-year, place level). */
export const PLACE_VARIABLES = {
  population: "B01003_001E",
  households: "B11001_001E",
  housingUnits: "B25001_001E",
  oneUnitDetached: "B25024_002E",
  oneUnitAttached: "B25024_003E",
  medianHouseholdIncome: "B19013_001E",
} as const;

/** A figure of a tract: the four area figures, the housing stock, the median income. */
export type TractField = PlaceFigure | keyof HousingStock | "medianHouseholdIncome";

const cells = (table: string, from: number, to: number): string[] => {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(`${table}_${String(i).padStart(3, "0")}E`);
  return out;
};

/**
 * B25034 "Year structure built" (housing units): the cells of each band, by vintage.
 *
 * - Vintage 2015 and later: _002E the latest band (2022: "Built 2020 or later"; 2015–2021:
 *   "2014 or later" or "2020 or later"), _003E 2010–2019 (2015–2020: 2010–2013), _004E 2000–2009,
 *   _005E 1990–1999, _006E 1980–1989, _007E 1970–1979, _008E 1960–1969, _009E 1950–1959,
 *   _010E 1940–1949, _011E 1939 or earlier.
 * - Vintages 2009–2014: _002E 2010 (2005) or later, _003E 2000–2009 (2000–2004), _004E 1990–1999,
 *   _005E 1980–1989, _006E 1970–1979 … _010E 1939 or earlier.
 */
export function yearBuiltCells(vintage: string): {
  built2000OrLater: string[];
  built1980To1999: string[];
  builtBefore1980: string[];
} {
  return Number(vintage) >= 2015
    ? {
        built2000OrLater: cells("B25034", 2, 4),
        built1980To1999: cells("B25034", 5, 6),
        builtBefore1980: cells("B25034", 7, 11),
      }
    : {
        built2000OrLater: cells("B25034", 2, 3),
        built1980To1999: cells("B25034", 4, 5),
        builtBefore1980: cells("B25034", 6, 10),
      };
}

/** The ACS cells each tract figure sums (a figure is the sum of its cells). */
export function tractFields(vintage: string): Record<TractField, readonly string[]> {
  return {
    population: ["B01003_001E"],
    households: ["B11001_001E"],
    housingUnits: ["B25001_001E"],
    // 1-unit detached + 1-unit attached.
    singleFamilyUnits: ["B25024_002E", "B25024_003E"],
    occupied: ["B25003_001E"],
    ownerOccupied: ["B25003_002E"],
    ...yearBuiltCells(vintage),
    // B25040 house heating fuel (occupied units): utility gas + bottled, tank or LP gas.
    heatingGas: ["B25040_002E", "B25040_003E"],
    heatingElectricity: ["B25040_004E"],
    heatingFuelOil: ["B25040_005E"],
    // Coal or coke, wood, solar energy, other fuel.
    heatingOther: cells("B25040", 6, 9),
    heatingNone: ["B25040_010E"],
    medianHouseholdIncome: ["B19013_001E"],
  };
}

/** Every variable of the tract request, in request order, each once. */
export function tractVariables(vintage: string): string[] {
  return [...new Set(Object.values(tractFields(vintage)).flat())];
}

export const TRACT_TABLES = [
  "B01003",
  "B11001",
  "B25001",
  "B25024",
  "B25003",
  "B25034",
  "B25040",
  "B19013",
];
export const PLACE_TABLES = ["B01003", "B11001", "B25001", "B25024", "B19013"];

export const HOUSING_FIELDS = HOUSING_STOCK_FIELDS;

export const FIGURES: PlaceFigure[] = [
  "population",
  "households",
  "housingUnits",
  "singleFamilyUnits",
];

/** "2022" → "ACS 2018–2022 5-year". */
export function vintageLabel(vintage: string): string {
  return `ACS ${Number(vintage) - 4}–${vintage} 5-year`;
}
