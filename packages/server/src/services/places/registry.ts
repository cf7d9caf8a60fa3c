/** The configured place provider (BIS_PLACE_PROVIDER); the embedded Census dataset is always loaded beside it. */
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import type { KeyStore } from "../../providers/keys/key-store.js";
import { createCensusApiProvider } from "../../providers/places/census-api.js";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../../providers/places/embedded.js";
import { createImportProvider } from "../../providers/places/import.js";
import type { PlaceProvider } from "../../providers/places/provider.js";
import { createPlaceService } from "./place-service.js";

/** `keys`: where the census key is read at call time (environment, else the admin panel). */
export function createPlaces({ config, db, keys }: { config: Config; db: Db; keys?: KeyStore }) {
  let provider: PlaceProvider = createEmbeddedProvider();
  if (config.places.provider === "import") provider = createImportProvider({ db });
  if (config.places.provider === "census-api") {
    provider = createCensusApiProvider({
      config,
      db,
      census: loadEmbeddedCensus,
      ...(keys ? { apiKey: () => keys.get("census") } : {}),
    });
  }
  return createPlaceService({ provider, census: loadEmbeddedCensus });
}
