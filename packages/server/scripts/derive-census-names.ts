/**
 * The names residents use for ZIP areas (derive-census-data.ts): the Census primary place — in
 * New York City its borough —, the town or township a ZIP outside any place lies in, never a
 * neighbourhood CDP holding a small part of it.
 */
import type { Place } from "./derive-census-data.js";
import type { Grid } from "./derive-census-geo.js";

const int = (s: string | undefined): number | null => {
  const n = Number.parseInt(String(s ?? "").trim(), 10);
  return Number.isFinite(n) ? n : null;
};

/** New York City's boroughs by county: a ZIP of the city reads its borough (Staten Island). */
export const NYC_BOROUGHS: Readonly<Record<string, string>> = {
  "36005": "Bronx",
  "36047": "Brooklyn",
  "36061": "Manhattan",
  "36081": "Queens",
  "36085": "Staten Island",
};
const NEW_YORK_CITY = "3651000";

/**
 * County subdivisions that are local governments (FIPS class T…: towns and townships; C…: a
 * place that is also a subdivision), by GEOID, with the name people use: "Township of Teaneck"
 * → "Teaneck". Census county divisions and unorganized territories (Z…) are not names people use.
 */
export function subdivisionNames(
  rows: readonly Record<string, string | undefined>[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) {
    if (!/^[TC]/.test(r["FIPS Class"] ?? "")) continue;
    const name = (r.Name ?? "")
      .replace(
        /^(Charter Township|Township|Town|Borough|City|Village|Plantation|Municipality|Location|Gore|Grant|Purchase) of /,
        "",
      )
      .trim();
    if (name) out.set(r.GEOID ?? "", name);
  }
  return out;
}

/**
 * The name a ZIP area's residents use: its Census primary place (in New York City, its borough;
 * a census-designated place with under half its people gives way to the town it lies in); else
 * its primary county subdivision when that is a town or township (Teaneck); else the most
 * populous place of its primary county whose internal point lies within the ZCTA's equivalent
 * radius (√(land area ÷ π), at least a mile) — the largest place in the ZIP, as near as points
 * can tell without outlines; else "Unincorporated {county}".
 */
export function zctaPlaceName(
  z: Record<string, string | undefined>,
  county: Record<string, string | undefined> | undefined,
  placeByGeoid: ReadonlyMap<string, Place>,
  placeGrid: Grid<Place & { key: string }>,
  subdivisions: ReadonlyMap<string, string> = new Map(),
): string {
  const primary = placeByGeoid.get(z["Primary Place"] ?? "");
  if (primary?.geoid === NEW_YORK_CITY)
    return NYC_BOROUGHS[z["Primary County"] ?? ""] ?? primary.name;
  const subdivision = subdivisions.get(z["Primary County Subdivision"] ?? "");
  // A census-designated place (FIPS class U…) holding under half the ZIP's people is a
  // neighbourhood of the town it lies in (Pleasantdale in West Orange): the town's name.
  const minorCdp =
    primary?.kind.startsWith("U") && (primary.population ?? 0) < 0.5 * (int(z.Population) ?? 0);
  if (primary && !(minorCdp && subdivision)) return primary.name;
  if (subdivision) return subdivision;
  const lat = Number(z.Latitude);
  const lon = Number(z.Longitude);
  const reach = Math.max(1, Math.sqrt((Number(z["Land Area"]) || 0) / Math.PI));
  let largest: Place | null = null;
  for (const p of placeGrid.within(lat, lon, reach)) {
    if (p.county !== z["Primary County"] || !p.population) continue;
    if (!largest || p.population > (largest.population ?? 0)) largest = p;
  }
  if (largest) return largest.name;
  return county?.Name ? `Unincorporated ${county.Name}` : "";
}
