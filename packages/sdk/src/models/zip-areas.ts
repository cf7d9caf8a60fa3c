/**
 * The ZIP areas of a service area: every ZIP Code Tabulation Area whose internal point lies
 * within the secondary radius, nearest first, primary within the primary radius. The same rows
 * serve the results page, the API, the PDF report and the CLI; `zipAreasCsv` is their CSV.
 */
import { csvCell } from "../format.js";
import type { ZipAreaRow, ZipAreasSummary } from "../schemas/market.js";
import type { AtDistance } from "./geo.js";
import type { ZipArea } from "./places.js";

export const ZIP_AREAS_PROVENANCE = {
  source:
    "U.S. Census Bureau, ACS 2017–2021 5-year ZCTA estimates (B01003 population, B25001 housing units) and 2022 Gazetteer internal points",
  vintage: "ACS 2017–2021",
  grade: "measured",
  method: "ZIP Code Tabulation Areas whose internal point lies within the radius",
} as const;

/** Rows for the ZCTAs within `secondaryRadius`, nearest first (ZIP breaks ties). */
export function zipAreaRows(
  near: readonly AtDistance<ZipArea>[],
  primaryRadius: number,
  secondaryRadius: number,
): ZipAreaRow[] {
  return near
    .filter((z) => z.distanceMiles <= secondaryRadius)
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.item.zip.localeCompare(b.item.zip))
    .map(({ item, distanceMiles }) => ({
      zip: item.zip,
      place: item.place,
      state: item.state,
      population: item.population,
      housingUnits: item.housingUnits,
      distanceMiles: Math.round(distanceMiles * 10) / 10,
      serviceArea: distanceMiles <= primaryRadius ? "primary" : "secondary",
    }));
}

export function zipAreasSummary(rows: readonly ZipAreaRow[]): ZipAreasSummary {
  const primary = rows.filter((r) => r.serviceArea === "primary").length;
  return { count: rows.length, primary, secondary: rows.length - primary };
}

export const ZIP_CSV_COLUMNS = [
  ["zip", "zip"],
  ["place", "place"],
  ["state", "state"],
  ["population", "population"],
  ["housing_units", "housingUnits"],
  ["distance_miles", "distanceMiles"],
  ["service_area", "serviceArea"],
] as const satisfies readonly (readonly [string, keyof ZipAreaRow])[];

/** The rows as CSV (header line first, CRLF-free, one line per ZIP). */
export function zipAreasCsv(rows: readonly ZipAreaRow[]): string {
  const header = ZIP_CSV_COLUMNS.map(([name]) => name).join(",");
  const lines = rows.map((row) => ZIP_CSV_COLUMNS.map(([, key]) => csvCell(row[key])).join(","));
  return `${[header, ...lines].join("\n")}\n`;
}
