/** Public settings (the landing page), the video URLs and the map key of signed-in users. */
import { endpoints } from "../../api/endpoints.js";
import type { Transport } from "../transport.js";

const { site } = endpoints;

export function settingsResource(t: Transport) {
  return {
    /** The landing page's video and the operator's map tiles, for anyone (checked without zod). */
    public: () => t.call(site.publicSettings),
    /** The four video URLs, for any signed-in user (the results page shows them). */
    videos: () => t.call(site.videos),
  };
}

export function configResource(t: Transport) {
  return {
    /** The configured map key (signed-in users), or null when none is configured (404). */
    mapsKey: (signal?: AbortSignal) => t.call(site.mapsKey, { nullOn: 404, signal }),
  };
}
