/** Census place names: the name people use, and the names to look a place up by. */
import { normalizePlaceName } from "../geocoder.js";

/**
 * Legal / statistical descriptions the Census appends to place names ("Austin city",
 * "Anchorage municipality", "Nashville-Davidson metropolitan government (balance)").
 * Longest first, so "city and borough" wins over "borough".
 */
const LEGAL_DESCRIPTIONS = [
  "consolidated government (balance)",
  "metropolitan government (balance)",
  "metro government (balance)",
  "unified government (balance)",
  "consolidated government",
  "metropolitan government",
  "metro government",
  "unified government",
  "city and borough",
  "city (balance)",
  "town (balance)",
  "(balance)",
  "urban county",
  "municipality",
  "zona urbana",
  "comunidad",
  "corporation",
  "borough",
  "village",
  "city",
  "town",
  "cdp",
] as const;

/** One normalization for every place-name comparison (the geocoder's). */
export const normalizeName = normalizePlaceName;

/**
 * The name people use: the Census name without the state and the legal description
 * ("Austin city, Texas" → "Austin"; "Boise City city, Idaho" → "Boise City").
 */
export function displayName(censusName: string): string {
  const comma = censusName.lastIndexOf(",");
  const local = (comma >= 0 ? censusName.slice(0, comma) : censusName).trim();
  // The Census writes the description in lower case ("Kansas City city", "Carson City"), so a
  // case-sensitive match keeps a name that merely ends in "City".
  const legal = LEGAL_DESCRIPTIONS.find(
    (d) => local.endsWith(` ${d}`) || local.endsWith(` ${d.toUpperCase()}`),
  );
  return legal ? local.slice(0, local.length - legal.length - 1).trim() : local;
}

/**
 * Names to look a Census place up by, best first: "Austin city, Texas" → ["austin city",
 * "austin"]; "Nashville-Davidson metropolitan government (balance), Tennessee" → […,
 * "nashville davidson", "nashville"]; "Urban Honolulu CDP, Hawaii" → […, "honolulu"].
 */
export function candidateNames(censusName: string): string[] {
  const comma = censusName.lastIndexOf(",");
  const local = (comma >= 0 ? censusName.slice(0, comma) : censusName).trim();
  const out: string[] = [normalizeName(local)];
  const lower = local.toLowerCase();
  const legal = LEGAL_DESCRIPTIONS.find((d) => lower.endsWith(` ${d}`));
  if (legal) {
    const bare = local.slice(0, local.length - legal.length - 1).trim();
    out.push(normalizeName(bare));
    // "Boise City city" → "boise"
    const again = normalizeName(bare).replace(/ city$/, "");
    if (again) out.push(again);
    // Consolidated city-counties: "Louisville/Jefferson County", "Athens-Clarke County".
    if (legal.includes("government") || legal.includes("balance") || legal === "urban county") {
      const first = bare.split(/[-/]/)[0];
      if (first) out.push(normalizeName(first));
    }
  }
  for (const name of [...out]) {
    if (name.startsWith("urban ")) out.push(name.slice("urban ".length));
  }
  return [...new Set(out.filter(Boolean))];
}
