/**
 * Finds the target city in the place data of the analysis' own state, tolerant of case,
 * accents, punctuation, "St."/"Saint", "Ft."/"Fort", "Mt."/"Mount" and a trailing legal
 * description ("city", "town", "village", …). Unknown names get up to five nearest names.
 * Aliases (names people use that no place of the dataset carries: a township, a borough, a
 * neighbourhood) are tried after every place name and never hide one.
 */
import type { PlaceRecord } from "@bis/sdk";
import { distance } from "fastest-levenshtein";

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bst\b\.?/g, "saint"],
  [/\bste\b\.?/g, "sainte"],
  [/\bft\b\.?/g, "fort"],
  [/\bmt\b\.?/g, "mount"],
  [/\bpt\b\.?/g, "point"],
];
const LEGAL_SUFFIX =
  /\s+(city|town|village|borough|township|municipality|cdp|census designated place)$/;

/** Lower case, no accents or punctuation, abbreviations spelled out. */
export function normalizePlaceName(name: string): string {
  let s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’'`]/g, "")
    .replace(/[^a-z0-9.]+/g, " ")
    .trim();
  for (const [pattern, full] of ABBREVIATIONS) s = s.replace(pattern, full);
  return s.replace(/\./g, " ").replace(/\s+/g, " ").trim();
}

/** The normalized name without a trailing legal description ("Kansas City" keeps its own). */
export function baseName(normalized: string): string {
  return normalized.replace(LEGAL_SUFFIX, "");
}

/** Two places share a key in a state: the larger one is the one people mean. */
function keep(map: Map<string, PlaceRecord>, key: string, place: PlaceRecord) {
  const existing = map.get(key);
  if (!existing || existing.population < place.population) map.set(key, place);
}

/** A name and a point that geocode, with no figures of their own. */
export interface PlaceAlias {
  name: string;
  state: string;
  lat: number;
  lon: number;
  /** Used only to choose between two aliases of one name. */
  population: number;
}

/** The target an alias stands for: its point, and no figures (it is not a Census place). */
function aliasTarget(alias: PlaceAlias): PlaceRecord {
  return {
    id: `alias:${alias.state}:${alias.name}`,
    name: alias.name,
    state: alias.state,
    lat: alias.lat,
    lon: alias.lon,
    population: 0,
    households: null,
    housingUnits: null,
    singleFamilyUnits: null,
    medianHouseholdIncome: null,
    footprintMiles: 0,
  };
}

export class Geocoder {
  /** Places by their full normalized name, then by the name without a legal description. */
  private readonly byState = new Map<string, Map<string, PlaceRecord>>();
  private readonly byBaseName = new Map<string, Map<string, PlaceRecord>>();
  private readonly namesByState = new Map<string, PlaceRecord[]>();
  private readonly aliasesByState = new Map<string, Map<string, PlaceRecord>>();
  /** Named aliases by state, after the consolidated-city aliases. */
  private readonly extraByState = new Map<string, Map<string, PlaceRecord>>();

  constructor(places: readonly PlaceRecord[], aliases: readonly PlaceAlias[] = []) {
    for (const place of places) {
      const names = this.byState.get(place.state) ?? new Map<string, PlaceRecord>();
      this.byState.set(place.state, names);
      const list = this.namesByState.get(place.state) ?? [];
      list.push(place);
      this.namesByState.set(place.state, list);
      const full = normalizePlaceName(place.name);
      keep(names, full, place);
      const bases = this.byBaseName.get(place.state) ?? new Map<string, PlaceRecord>();
      this.byBaseName.set(place.state, bases);
      keep(bases, baseName(full), place);
      // Consolidated city-counties are listed as "Lexington-Fayette", "Nashville-Davidson",
      // "Louisville/Jefferson County": people search for the city's own name. An alias never
      // hides a place that has that exact name.
      const city = /[-/]/.test(place.name)
        ? normalizePlaceName(place.name.split(/[-/]/)[0] ?? "")
        : "";
      if (city.length >= 4) {
        const aliases = this.aliasesByState.get(place.state) ?? new Map<string, PlaceRecord>();
        this.aliasesByState.set(place.state, aliases);
        keep(aliases, city, place);
      }
    }
    const byPopulation = [...aliases].sort((a, b) => b.population - a.population);
    for (const alias of byPopulation) {
      const extra = this.extraByState.get(alias.state) ?? new Map<string, PlaceRecord>();
      this.extraByState.set(alias.state, extra);
      const full = normalizePlaceName(alias.name);
      for (const key of new Set([full, baseName(full)]))
        if (!extra.has(key)) extra.set(key, aliasTarget(alias));
    }
  }

  /** The place called `city` in `state`, or null. */
  find(city: string, state: string): PlaceRecord | null {
    const names = this.byState.get(state);
    const full = normalizePlaceName(city);
    const bases = this.byBaseName.get(state);
    const aliases = this.aliasesByState.get(state);
    const extra = this.extraByState.get(state);
    // An exact name first: "Clay" is Clay, not the larger Clay City.
    return (
      names?.get(full) ??
      names?.get(baseName(full)) ??
      bases?.get(full) ??
      bases?.get(baseName(full)) ??
      aliases?.get(full) ??
      aliases?.get(baseName(full)) ??
      extra?.get(full) ??
      extra?.get(baseName(full)) ??
      null
    );
  }

  /** Up to `limit` names in the state nearest to `city` (edit distance, then population). */
  suggest(city: string, state: string, limit = 5): string[] {
    const places = this.namesByState.get(state) ?? [];
    const wanted = baseName(normalizePlaceName(city));
    if (!wanted) return [];
    const scored = places.map((place) => {
      const name = baseName(normalizePlaceName(place.name));
      const prefix = name.startsWith(wanted) || wanted.startsWith(name) ? -1 : 0;
      return { place, score: distance(wanted, name) + prefix };
    });
    scored.sort((a, b) => a.score - b.score || b.place.population - a.place.population);
    const threshold = Math.max(3, Math.ceil(wanted.length / 2));
    const seen = new Set<string>();
    const out: string[] = [];
    for (const { place, score } of scored) {
      if (score > threshold || out.length >= limit) break;
      if (seen.has(place.name)) continue;
      seen.add(place.name);
      out.push(place.name);
    }
    return out;
  }
}
