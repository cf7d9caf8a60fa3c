/**
 * The place data an analysis runs on: the configured provider's dataset, kd-trees over its
 * places and area units, a geocoder for the analysis' own state, and the ZIP areas of the
 * embedded Census dataset (the same for every provider). Datasets and indexes are built once.
 */
import {
  type AreaUnit,
  AreaUnitIndex,
  type AtDistance,
  CITY_TABLE_ROWS,
  type LocalZips,
  type MarketAnalysisData,
  type PlaceAtDistance,
  type PlaceDataset,
  PlaceIndex,
  type PlaceRecord,
  type PlacesInRange,
  PointIndex,
  type SummedValues,
  US_STATES,
  ZIP_COMPETITION_RADIUS_MILES,
  type ZipArea,
  type ZipAreaRow,
  type ZipAreasSummary,
  type ZipNearby,
  type ZipStock,
  zipAreaList,
  zipHasHouseholds,
  zipHouseholds,
} from "@bis/sdk";
import { AppError } from "../../lib/errors.js";
import type { EmbeddedCensus } from "../../providers/places/embedded.js";
import { Geocoder } from "../../providers/places/geocoder.js";
import type { PlaceProvider } from "../../providers/places/provider.js";
import { zipStocks } from "./zip-stock.js";

interface Prepared {
  dataset: PlaceDataset;
  index: PlaceIndex;
  units: AreaUnitIndex | null;
  geocoder: Geocoder;
}

/**
 * A geocoded analysis area. With area units (tracts): the units' index and the places of the
 * city table; without: every place whose footprint may reach the circle (the model sums those).
 */
export type LocatedArea = { target: PlaceRecord; dataset: PlaceDataset } & (
  | { units: AreaUnitIndex; places: PlacesInRange; candidates?: undefined }
  | { units?: undefined; places?: undefined; candidates: PlaceAtDistance[] }
);

/** A state code from a code or a name ("tx", "Texas" → "TX"), or null. */
export function stateCode(input: string): string | null {
  const wanted = input.trim().toLowerCase();
  const state = US_STATES.find(
    (s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted,
  );
  return state?.code ?? null;
}

/**
 * `provider`: the configured place data; `census`: the embedded Census dataset, which gives the
 * aliases of geocoding, the ZIP areas and (for providers that load by state) the states a circle
 * touches.
 */
export function createPlaceService({
  provider,
  census,
}: {
  provider: PlaceProvider;
  census: () => EmbeddedCensus;
}) {
  const prepared = new Map<string, Promise<Prepared>>();

  function prepare(states: readonly string[]): Promise<Prepared> {
    const key = [...states].sort().join(",");
    let entry = prepared.get(key);
    if (!entry) {
      entry = provider.load(states).then((dataset) => ({
        dataset,
        index: new PlaceIndex(dataset.places),
        units: dataset.units ? new AreaUnitIndex(dataset.units) : null,
        geocoder: new Geocoder(dataset.places, census().aliases),
      }));
      // A failed load (e.g. the Census API is down) is not kept: the next analysis tries again.
      entry.catch(() => prepared.delete(key));
      prepared.set(key, entry);
    }
    return entry;
  }

  // Built on first use: the ZIP areas for every provider; the embedded geocoder and tracts only
  // for providers that load by state (the embedded provider's own dataset serves it).
  let zips: { index: PointIndex<ZipArea>; contractors: SummedValues } | undefined;
  const zipIndex = () => {
    if (!zips) {
      const index = new PointIndex(census().zips, 16);
      zips = { index, contractors: index.summed((z) => z.contractors ?? 0) };
    }
    return zips;
  };
  // Each populated ZIP's tract sums (housing age, county income), built on first use.
  let stocks: Map<string, ZipStock> | undefined;
  const zipStock = () => {
    stocks ??= zipStocks(census().tracts, census().zips);
    return stocks;
  };
  // The ZIP list and its counts leave out zero-population ZCTAs (P.O. boxes, business ZIPs) and
  // count apart the populated ones without households (bases, campuses); the households of the
  // listed ones are summed for the contractors within reach of each.
  let populated:
    | { index: PointIndex<ZipArea>; households: SummedValues; empty: PointIndex<ZipArea> }
    | undefined;
  const populatedZips = () => {
    if (!populated) {
      const stock = zipStock();
      const inhabited = census().zips.filter((z) => z.population > 0);
      const withHouseholds = inhabited.filter((z) => zipHasHouseholds(z, stock.get(z.zip)));
      const index = new PointIndex(withHouseholds, 16);
      populated = {
        index,
        households: index.summed((z) => zipHouseholds(z, stock.get(z.zip)).households ?? 0),
        empty: new PointIndex(
          inhabited.filter((z) => !zipHasHouseholds(z, stock.get(z.zip))),
          16,
        ),
      };
    }
    return populated;
  };
  const populatedZipIndex = () => populatedZips().index;
  // The contractors and households within reach of each ZIP: the same for every analysis, so
  // kept once computed (every establishment counts, business-only ZIPs' too).
  const nearby = new Map<string, ZipNearby>();
  const nearbyOf = (zip: ZipArea): ZipNearby => {
    let found = nearby.get(zip.zip);
    if (!found) {
      const all = zipIndex();
      const { index, households } = populatedZips();
      const r = ZIP_COMPETITION_RADIUS_MILES;
      found = {
        contractors: all.index.sumWithin(zip.lat, zip.lon, r, all.contractors),
        households: index.sumWithin(zip.lat, zip.lon, r, households),
      };
      nearby.set(zip.zip, found);
    }
    return found;
  };
  let reference: { geocoder: Geocoder; tracts: PointIndex<AreaUnit> } | undefined;
  function referenceData() {
    if (!reference) {
      const data = census();
      reference = {
        geocoder: new Geocoder(data.places, data.aliases),
        tracts: new PointIndex(data.tracts),
      };
    }
    return reference;
  }

  /**
   * The states a circle may touch, from the embedded tracts (a tract's GEOID starts with its
   * state's FIPS code), so that a provider that loads by state loads only those.
   */
  function statesNear(state: string, city: string, radiusMiles: number): string[] {
    if (provider.id === "embedded") return ["*"];
    const ref = referenceData();
    const target = ref.geocoder.find(city, state);
    if (!target) return [state];
    const fips = new Set<string>();
    ref.tracts.forEachWithin(target.lat, target.lon, radiusMiles + 5, (t) =>
      fips.add(t.id.slice(0, 2)),
    );
    const near = US_STATES.filter((s) => fips.has(s.fips)).map((s) => s.code);
    return [...new Set([state, ...near])];
  }

  return {
    providerId: provider.id,

    /** Loads the default data now, so the first analysis does not wait for it. */
    async warm(): Promise<void> {
      zipIndex();
      populatedZipIndex();
      zipStock();
      if (provider.id === "embedded") await prepare(["*"]);
      else referenceData();
    },

    /**
     * Geocodes `city` in `state` and returns what the model needs of the area within
     * `secondaryRadius` (`LocatedArea`). Unknown city: 422 UNKNOWN_CITY with up to five
     * suggestions.
     */
    async locate(
      city: string,
      state: string,
      { primaryRadius, secondaryRadius }: { primaryRadius: number; secondaryRadius: number },
    ): Promise<LocatedArea> {
      const { dataset, index, units, geocoder } = await prepare(
        statesNear(state, city, secondaryRadius),
      );
      const target = geocoder.find(city, state);
      if (!target) {
        const suggestions = geocoder.suggest(city, state);
        const stateName = US_STATES.find((s) => s.code === state)?.name ?? state;
        throw new AppError(
          "UNKNOWN_CITY",
          suggestions.length
            ? `We couldn't find "${city.trim()}" in ${stateName}. Did you mean ${suggestions.join(", ")}?`
            : `We couldn't find "${city.trim()}" in ${stateName}. Check the spelling and the state.`,
          { details: { suggestions } },
        );
      }
      // With area units, places are rows of the city table only: their points decide.
      if (units) {
        const places = index.inRange(
          target.lat,
          target.lon,
          secondaryRadius,
          Math.min(primaryRadius, secondaryRadius),
          CITY_TABLE_ROWS,
        );
        return { target, dataset, units, places };
      }
      const reach = secondaryRadius + index.maxFootprintMiles;
      const candidates = index.within(target.lat, target.lon, reach, { sorted: false });
      return { target, dataset, candidates };
    },

    /** How many populated ZIP areas lie within each radius of a point. */
    zipAreasSummary(
      lat: number,
      lon: number,
      primaryRadius: number,
      secondaryRadius: number,
    ): ZipAreasSummary {
      const { index, empty } = populatedZips();
      const [count, primary] = index.countWithin(lat, lon, [
        secondaryRadius,
        Math.min(primaryRadius, secondaryRadius),
      ]) as [number, number];
      const [withoutHouseholds] = empty.countWithin(lat, lon, [secondaryRadius]) as [number];
      return {
        count,
        primary,
        secondary: count - primary,
        ...(withoutHouseholds ? { withoutHouseholds } : {}),
      };
    },

    /**
     * The contractors (ZIP Code Business Patterns) of the ZIP areas within the secondary radius,
     * and the climate zone of the ZIP area nearest the point.
     */
    localZips(lat: number, lon: number, secondaryRadius: number): LocalZips {
      const { index, contractors } = zipIndex();
      // The climate zone of the nearest ZIP area that has one (widening the search).
      let nearest: AtDistance<ZipArea> | undefined;
      for (let reach = 10; !nearest && reach <= 160; reach *= 2) {
        nearest = index.nearestWhere(lat, lon, reach, (z) => Boolean(z.climateZone));
      }
      return {
        contractors: index.sumWithin(lat, lon, secondaryRadius, contractors),
        zone: nearest?.item.climateZone ?? null,
        zoneName: nearest?.item.buildingAmericaZone ?? null,
      };
    },

    /**
     * The ZIP areas with households within the secondary radius of a point, nearest first, with
     * their stock, the contractors within reach of each (ZIP_COMPETITION_RADIUS_MILES), revenue
     * (from `analysis`' dollars per household) and opportunity score; `withoutHouseholds`
     * counts the populated ones left out.
     */
    zipAreas(
      lat: number,
      lon: number,
      primaryRadius: number,
      secondaryRadius: number,
      analysis?: MarketAnalysisData | null,
    ): { rows: ZipAreaRow[]; withoutHouseholds: number } {
      const stock = zipStock();
      const { index, empty } = populatedZips();
      return zipAreaList(
        [...index.near(lat, lon, secondaryRadius), ...empty.near(lat, lon, secondaryRadius)],
        primaryRadius,
        secondaryRadius,
        {
          stock: (zip) => stock.get(zip),
          nearby: nearbyOf,
          analysis,
        },
      );
    },
  };
}

export type PlaceService = ReturnType<typeof createPlaceService>;
