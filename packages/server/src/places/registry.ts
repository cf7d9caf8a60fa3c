/** The configured place provider (BIS_PLACE_PROVIDER); the embedded Census dataset is always loaded beside it. */
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { KeyStore } from "../keys/key-store.js";
import { createCensusApiProvider } from "./census-api.js";
import { createEmbeddedProvider, loadEmbeddedCensus } from "./embedded.js";
import { createImportProvider } from "./import.js";
import { createPlaceService } from "./place-service.js";
import type { PlaceProvider } from "./provider.js";

/** `keys`: where the census key is read at call time (environment, else the admin panel). */
export function createPlaces(config: Config, db: Db, keys?: KeyStore) {
  let provider: PlaceProvider = createEmbeddedProvider();
  if (config.places.provider === "import") provider = createImportProvider(db);
  if (config.places.provider === "census-api") {
    provider = createCensusApiProvider(config, db, {
      census: loadEmbeddedCensus,
      ...(keys ? { apiKey: () => keys.get("census") } : {}),
    });
  }
  return createPlaceService(provider, loadEmbeddedCensus);
}
