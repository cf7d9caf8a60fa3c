/** Public settings (the landing page), the video URLs and the map key of signed-in users. */
import { schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";

const publicSettings = schemasOf(() => import("../../schemas/public-settings.js"));
const entities = schemasOf(() => import("../../schemas/entities.js"));
const admin = schemasOf(() => import("../../schemas/admin.js"));

export function settingsResource(t: Transport) {
  return {
    /** The landing page's video and the operator's map tiles, for anyone (checked without zod). */
    public: () =>
      t.request({
        method: "GET",
        path: "/api/public/settings",
        schema: publicSettings("publicSettingsSchema"),
      }),
    /** The four video URLs, for any signed-in user (the results page shows them). */
    videos: () =>
      t.request({
        method: "GET",
        path: "/api/settings/videos",
        schema: entities("appSettingsSchema"),
      }),
  };
}

export function configResource(t: Transport) {
  return {
    /** The configured map key (signed-in users), or null when none is configured (404). */
    mapsKey: (signal?: AbortSignal) =>
      t.request({
        method: "GET",
        path: "/api/config/google-maps-key",
        nullOn: 404,
        schema: admin("mapsKeyResponseSchema"),
        signal,
      }),
  };
}
