/** The configured place provider (BIS_PLACE_PROVIDER); the embedded one is always the reference. */
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { KeyStore } from "../keys/key-store.js";
import { createCensusApiProvider } from "./census-api.js";
import { createEmbeddedProvider } from "./embedded.js";
import { createImportProvider } from "./import.js";
import { createPlaceService } from "./place-service.js";
import type { PlaceProvider } from "./provider.js";

/** `keys`: where the census key is read at call time (environment, else the admin panel). */
export function createPlaces(config: Config, db: Db, keys?: KeyStore) {
  const embedded = createEmbeddedProvider();
  let provider: PlaceProvider = embedded;
  if (config.places.provider === "import") provider = createImportProvider(db);
  if (config.places.provider === "census-api") {
    provider = createCensusApiProvider(config, db, {
      coordinates: coordinatesFrom(embedded),
      ...(keys ? { apiKey: () => keys.get("census") } : {}),
    });
  }
  return createPlaceService(provider, embedded);
}

/** Coordinates of a state's places by name, from the embedded GeoNames places. */
function coordinatesFrom(embedded: PlaceProvider) {
  return async (state: string) => {
    const dataset = await embedded.load([state]);
    const map = new Map<string, { lat: number; lon: number }>();
    for (const p of dataset.places)
      if (p.state === state && !map.has(p.name)) map.set(p.name, { lat: p.lat, lon: p.lon });
    return map;
  };
}
