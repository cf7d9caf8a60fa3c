/**
 * Where the Census Data API's rows go on the map (the API has no coordinates): each tract at its
 * 2020 Census population centre from the embedded dataset, by GEOID (or, where the county code
 * changed since 2020 — Connecticut's planning regions from the 2022 vintage on — by its tract
 * code when that is unique in the state); each place at the embedded Census place centre of the
 * same GEOID, else of the same name in the state. Rows without a centre are left out and counted.
 */
import type {
  AreaUnit,
  HousingStock,
  LocalStock,
  PlaceFigure,
  PlaceRecord,
  US_STATES,
} from "@bis/sdk";
import type { EmbeddedCensus } from "../embedded.js";
import { candidateNames } from "./names.js";
import type { AcsRow } from "./table.js";
import { FIGURES, HOUSING_FIELDS, PLACE_VARIABLES, type TractField } from "./variables.js";

export type UsState = (typeof US_STATES)[number];

/** Both tables of a state, and the API calls it took to get them (0 from the cache). */
export interface StateTables {
  tracts: AcsRow[];
  places: AcsRow[];
  requests: number;
}

/** A state's rows placed, with the counts its provenance reports. */
export interface StateResult {
  units: AreaUnit[];
  places: PlaceRecord[];
  tractRows: number;
  /** Tracts with residents or homes but no embedded centre: left out. */
  tractsLeftOut: number;
  leftOutPopulation: number;
  /** Tracts placed by their tract code within the state (county code changed since 2020). */
  byTractCode: number;
  /** Placed tracts with a suppressed cell in each figure, counted as 0. */
  suppressed: Record<PlaceFigure, number>;
  housingSuppressed: number;
  placeRows: number;
  placesLeftOut: number;
}

export interface Placement {
  /** A state's tables placed at the embedded centres. */
  build(state: UsState, tables: StateTables): StateResult;
}

export function createPlacement({
  census,
  fields,
}: {
  census: () => Pick<EmbeddedCensus, "tracts" | "places">;
  fields: Record<TractField, readonly string[]>;
}): Placement {
  /* Embedded centres, built once. */
  let tractIndex: Map<string, AreaUnit> | undefined;
  const tractCodeIndex = new Map<string, Map<string, AreaUnit | null>>();
  function embeddedTract(geoid: string): { tract: AreaUnit; byCode: boolean } | null {
    tractIndex ??= new Map(census().tracts.map((t) => [t.id, t]));
    const exact = tractIndex.get(geoid);
    if (exact) return { tract: exact, byCode: false };
    // The county code changed (Connecticut's planning regions, 2022 on); the tract code did not.
    const fips = geoid.slice(0, 2);
    let codes = tractCodeIndex.get(fips);
    if (!codes) {
      codes = new Map();
      for (const t of tractIndex.values()) {
        if (!t.id.startsWith(fips)) continue;
        const code = t.id.slice(5);
        codes.set(code, codes.has(code) ? null : t);
      }
      tractCodeIndex.set(fips, codes);
    }
    const byCode = codes.get(geoid.slice(5));
    return byCode ? { tract: byCode, byCode: true } : null;
  }

  function tractUnits(rows: readonly AcsRow[]) {
    const units: AreaUnit[] = [];
    const suppressed = { population: 0, households: 0, housingUnits: 0, singleFamilyUnits: 0 };
    let housingSuppressed = 0;
    let leftOut = 0;
    let leftOutPopulation = 0;
    let byTractCode = 0;
    for (const row of rows) {
      // A figure is the sum of its cells; a suppressed cell (null) counts as 0 and is noted.
      const sum = (field: TractField) => {
        let total = 0;
        let suppressedCell = false;
        for (const v of fields[field]) {
          const x = row.values[v];
          if (x === null || x === undefined) suppressedCell = true;
          else total += x;
        }
        return { total, suppressedCell };
      };
      const figures = Object.fromEntries(FIGURES.map((f) => [f, sum(f)])) as Record<
        PlaceFigure,
        ReturnType<typeof sum>
      >;
      const centre = embeddedTract(row.geoid);
      if (!centre) {
        // A tract without residents or homes loses nothing by being left out.
        if (figures.population.total > 0 || figures.housingUnits.total > 0) {
          leftOut++;
          leftOutPopulation += figures.population.total;
        }
        continue;
      }
      if (centre.byCode) byTractCode++;
      for (const f of FIGURES) if (figures[f].suppressedCell) suppressed[f]++;
      const housing = {} as HousingStock;
      let housingNull = false;
      for (const field of HOUSING_FIELDS) {
        const { total, suppressedCell } = sum(field);
        housing[field] = total;
        housingNull ||= suppressedCell;
      }
      if (housingNull) housingSuppressed++;
      units.push({
        id: row.geoid,
        lat: centre.tract.lat,
        lon: centre.tract.lon,
        population: figures.population.total,
        households: figures.households.total,
        housingUnits: figures.housingUnits.total,
        singleFamilyUnits: figures.singleFamilyUnits.total,
        housing,
        ...(centre.tract.local
          ? { local: localFor(centre.tract.local, figures.households.total) }
          : {}),
      });
    }
    return { units, suppressed, housingSuppressed, leftOut, leftOutPopulation, byTractCode };
  }

  function placeRecords(state: UsState, rows: readonly AcsRow[]) {
    const embedded = census().places.filter((p) => p.state === state.code);
    const byId = new Map(embedded.map((p) => [p.id, p]));
    // Exact names first, so that "Ocean City" → "ocean" never hides a place called "Ocean".
    const byName = new Map<string, PlaceRecord>();
    const derived: [string, PlaceRecord][] = [];
    for (const place of embedded) {
      const [exact, ...others] = candidateNames(place.name);
      if (exact && !byName.has(exact)) byName.set(exact, place);
      for (const key of others) derived.push([key, place]);
    }
    for (const [key, place] of derived) if (!byName.has(key)) byName.set(key, place);

    const num = (row: AcsRow, v: string) => row.values[v] ?? null;
    const listed = rows.filter((r) => (num(r, PLACE_VARIABLES.population) ?? 0) > 0);
    // GEOIDs claim their centre first; then the largest place claims a name; a centre is used once.
    const claimed = new Set<PlaceRecord>();
    const centre = new Map<AcsRow, PlaceRecord>();
    for (const row of listed) {
      const same = byId.get(row.geoid);
      if (same) {
        centre.set(row, same);
        claimed.add(same);
      }
    }
    const ordered = listed
      .filter((r) => !centre.has(r))
      .sort(
        (a, b) =>
          (num(b, PLACE_VARIABLES.population) ?? 0) - (num(a, PLACE_VARIABLES.population) ?? 0) ||
          a.geoid.localeCompare(b.geoid),
      );
    for (const row of ordered) {
      const match = candidateNames(row.name ?? "")
        .map((n) => byName.get(n))
        .find((p) => p !== undefined && !claimed.has(p));
      if (match) {
        centre.set(row, match);
        claimed.add(match);
      }
    }

    const places: PlaceRecord[] = [];
    for (const row of listed) {
      const point = centre.get(row);
      if (!point) continue;
      const detached = num(row, PLACE_VARIABLES.oneUnitDetached);
      const attached = num(row, PLACE_VARIABLES.oneUnitAttached);
      places.push({
        id: row.geoid,
        name: point.name,
        state: state.code,
        lat: point.lat,
        lon: point.lon,
        population: num(row, PLACE_VARIABLES.population) ?? 0,
        households: num(row, PLACE_VARIABLES.households),
        housingUnits: num(row, PLACE_VARIABLES.housingUnits),
        singleFamilyUnits: detached === null || attached === null ? null : detached + attached,
        medianHouseholdIncome: num(row, PLACE_VARIABLES.medianHouseholdIncome),
        footprintMiles: point.footprintMiles,
      });
    }
    return { places, leftOut: listed.length - places.length };
  }

  function build(state: UsState, tables: StateTables): StateResult {
    const t = tractUnits(tables.tracts);
    const p = placeRecords(state, tables.places);
    return {
      units: t.units,
      places: p.places,
      tractRows: tables.tracts.length,
      tractsLeftOut: t.leftOut,
      leftOutPopulation: t.leftOutPopulation,
      byTractCode: t.byTractCode,
      suppressed: t.suppressed,
      housingSuppressed: t.housingSuppressed,
      placeRows: tables.places.length,
      placesLeftOut: p.leftOut,
    };
  }

  return { build };
}

/**
 * The embedded tract's local sums (degree days, county income and contractors) weighted by the
 * measured households instead of the modeled ones: every sum scales by measured ÷ modeled.
 */
function localFor(local: LocalStock, households: number): LocalStock {
  const k = local.households > 0 ? households / local.households : 0;
  const out = {} as LocalStock;
  for (const key of Object.keys(local) as (keyof LocalStock)[]) out[key] = local[key] * k;
  return out;
}
