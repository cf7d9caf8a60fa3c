/**
 * The video URLs and the public settings (the landing page's video, the operator's map tiles):
 * a module of their own, so the landing page's one settings call loads nothing else.
 */
import { z } from "zod";

export const appSettingsSchema = z.object({
  premiumOfferVideoUrl: z.string(),
  keywordEducationVideoUrl: z.string(),
  competitionEducationVideoUrl: z.string(),
  landingPageVideoUrl: z.string(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const mapTilesSchema = z.object({
  /** A raster tile URL template ({z}/{x}/{y}, optionally {s}, {r}, {-y}), https only. */
  url: z.string(),
  /** The credit the tile provider asks for, as plain text. */
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

export const publicSettingsSchema = z.object({
  landingPageVideoUrl: z.string().optional(),
  /** The operator's map tiles (BIS_MAP_TILE_URL); absent: the offline outline map. */
  mapTiles: mapTilesSchema.optional(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
