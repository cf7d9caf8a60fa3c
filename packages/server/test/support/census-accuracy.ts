/**
 * The accuracy measure of the embedded Census data, shared by the accuracy test and the before/after comparison
 * in docs/performance.md: for each reference city and radius, the population within the radius
 * around BIS's own centre of the city against the 2020 Census tract sums (tracts whose population
 * centre lies in range), and housing units per resident against the same ratio of the ACS ZCTA
 * sums (ZCTAs whose internal point lies in range; ZCTAs are too coarse to be a truth for counts
 * at 5–10 miles, but their ratio is a fair one).
 *
 * Cities, chosen before any tuning and never changed: the 20 most populous Census places of the
 * 50 states and DC, then every k-th of the other places with ≥ 1,000 people in order of
 * population (k = ⌊count ÷ 50⌋, 50 more), so every size from 1,000 people to millions is in.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { distanceMiles, PointIndex } from "@bis/sdk";
import { parse } from "csv-parse/sync";

const here = path.dirname(fileURLToPath(import.meta.url));
export const CENSUS_DIR = path.resolve(here, "../../../../../shared/data/census");
export const censusFilesPresent = ["states.csv", "places.csv", "zctas.csv", "tracts2020.csv"].every(
  (f) => existsSync(path.join(CENSUS_DIR, f)),
);

export const ACCURACY_RADII = [5, 10, 15, 25, 50] as const;

type Row = Record<string, string>;
const read = (file: string): Row[] =>
  parse(readFileSync(path.join(CENSUS_DIR, file)), { columns: true }) as Row[];
const num = (row: Row, column: string) => Number(row[column]) || 0;

export function median(values: readonly number[]): number {
  const a = [...values].sort((x, y) => x - y);
  const n = a.length;
  if (n === 0) return Number.NaN;
  return n % 2 ? (a[(n - 1) / 2] as number) : ((a[n / 2 - 1] as number) + (a[n / 2] as number)) / 2;
}
/** Nearest-rank percentile. */
export function percentile(values: readonly number[], q: number): number {
  const a = [...values].sort((x, y) => x - y);
  return a[Math.max(0, Math.ceil(q * a.length) - 1)] as number;
}

export interface ReferenceCity {
  name: string;
  state: string;
  population: number;
}

/** The reference cities (module comment), from places.csv. */
export function referenceCities(): ReferenceCity[] {
  const states = new Set(
    read("states.csv")
      .filter((s) => s.Type !== "territory")
      .map((s) => s.Code),
  );
  const sorted = read("places.csv")
    .filter((p) => states.has(p.State ?? "") && num(p, "Population") >= 1000)
    .sort(
      (a, b) =>
        num(b, "Population") - num(a, "Population") || (a.GEOID ?? "").localeCompare(b.GEOID ?? ""),
    );
  const rest = sorted.slice(20);
  const k = Math.floor(rest.length / 50);
  return [...sorted.slice(0, 20), ...rest.filter((_, i) => i % k === 0).slice(0, 50)].map((p) => ({
    name: p["Short Name"] as string,
    state: p.State as string,
    population: num(p, "Population"),
  }));
}

/** What BIS says for a city and radius: its centre and the figures of the analysis. */
export interface Estimate {
  lat: number;
  lon: number;
  population: number;
  housingUnits: number;
}

export interface RadiusErrors {
  radius: number;
  /** City–radius pairs measured (population), and those with a ZCTA in range (ratio). */
  cities: number;
  ratioCities: number;
  population: { median: number; p90: number };
  housingUnitsPerPerson: { median: number; p90: number };
  /** Cities BIS could not geocode. */
  notFound: string[];
}

interface Weighted {
  lat: number;
  lon: number;
  population: number;
  housingUnits: number;
}

/** Measures `estimate` (null: the city was not found) over the reference cities and radii. */
export async function measureAccuracy(
  estimate: (city: ReferenceCity, radius: number) => Promise<Estimate | null>,
): Promise<RadiusErrors[]> {
  const states = read("states.csv").filter((s) => s.Type !== "territory");
  const fips = new Set(states.map((s) => s.FIPS));
  const tracts = new PointIndex<Weighted>(
    read("tracts2020.csv")
      .filter((t) => fips.has(t.STATEFP ?? ""))
      .map((t) => ({
        lat: num(t, "LATITUDE"),
        lon: num(t, "LONGITUDE"),
        population: num(t, "POPULATION"),
        housingUnits: 0,
      })),
  );
  const zctas = new PointIndex<Weighted>(
    read("zctas.csv").map((z) => ({
      lat: num(z, "Latitude"),
      lon: num(z, "Longitude"),
      population: num(z, "Population"),
      housingUnits: num(z, "Housing Units"),
    })),
  );
  const sum = (index: PointIndex<Weighted>, lat: number, lon: number, radius: number) => {
    let population = 0;
    let housingUnits = 0;
    index.forEachWithin(lat, lon, radius, (w) => {
      population += w.population;
      housingUnits += w.housingUnits;
    });
    return { population, housingUnits };
  };

  const cities = referenceCities();
  const out: RadiusErrors[] = [];
  for (const radius of ACCURACY_RADII) {
    const pop: number[] = [];
    const ratio: number[] = [];
    const notFound: string[] = [];
    for (const city of cities) {
      const e = await estimate(city, radius);
      if (!e) {
        notFound.push(`${city.name}, ${city.state}`);
        continue;
      }
      const truth = sum(tracts, e.lat, e.lon, radius).population;
      if (truth > 0) pop.push(Math.abs(e.population / truth - 1));
      const z = sum(zctas, e.lat, e.lon, radius);
      if (z.population > 0 && z.housingUnits > 0 && e.population > 0) {
        const truthRatio = z.housingUnits / z.population;
        ratio.push(Math.abs(e.housingUnits / e.population / truthRatio - 1));
      }
    }
    out.push({
      radius,
      cities: pop.length,
      ratioCities: ratio.length,
      population: { median: median(pop), p90: percentile(pop, 0.9) },
      housingUnitsPerPerson: { median: median(ratio), p90: percentile(ratio, 0.9) },
      notFound,
    });
  }
  return out;
}

export function formatAccuracyTable(errors: readonly RadiusErrors[]): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`.padStart(7);
  const rows = errors.map(
    (e) =>
      `  ${String(e.radius).padStart(3)} mi  ${String(e.cities).padStart(3)}/${String(e.ratioCities).padStart(3)}  ${pct(e.population.median)} ${pct(e.population.p90)}     ${pct(e.housingUnitsPerPerson.median)} ${pct(e.housingUnitsPerPerson.p90)}`,
  );
  return [
    "|estimate ÷ truth − 1| — population vs Σ 2020 tracts in range; housing units per person vs Σ ZCTAs in range",
    "  radius  cities   population median / p90   housing units per person median / p90",
    ...rows,
  ].join("\n");
}

/** Distance helper for tests that check a centre. */
export { distanceMiles };
