/**
 * The public settings (GET /api/public/settings): the landing page's video and the operator's
 * map tiles.
 *
 * The one answer a signed-out visitor's landing page reads, so its check is written without
 * zod: the landing page then loads no zod at all (zod is about 14 KB gzipped, more than a tenth
 * of the page's 120 KB budget; docs/performance.md). Every other answer has a zod schema. The
 * check keeps zod's rules for these shapes: known keys only, optional means absent (not null),
 * and a broken answer throws.
 */

export interface MapTiles {
  /** A raster tile URL template ({z}/{x}/{y}, optionally {s}, {r}, {-y}), https only. */
  url: string;
  /** The credit the tile provider asks for, as plain text. */
  attribution: string;
}

export interface PublicSettings {
  landingPageVideoUrl?: string;
  /** The operator's map tiles (BIS_MAP_TILE_URL); absent: the offline outline map. */
  mapTiles?: MapTiles;
}

/** An answer that breaks the contract (what a zod schema's ZodError says for the others). */
export class ContractError extends TypeError {
  constructor(path: string, expected: string) {
    super(`Invalid answer: ${path} must be ${expected}`);
    this.name = "ContractError";
  }
}

type Body = Record<string, unknown>;

function object(value: unknown, path: string): Body {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Body;
  throw new ContractError(path, "an object");
}

function string(value: unknown, path: string): string {
  if (typeof value === "string") return value;
  throw new ContractError(path, "a string");
}

export const mapTilesSchema = {
  parse(data: unknown, path = "mapTiles"): MapTiles {
    const body = object(data, path);
    return {
      url: string(body.url, `${path}.url`),
      attribution: string(body.attribution, `${path}.attribution`),
    };
  },
};

export const publicSettingsSchema = {
  parse(data: unknown): PublicSettings {
    const body = object(data, "public settings");
    const settings: PublicSettings = {};
    if (body.landingPageVideoUrl !== undefined)
      settings.landingPageVideoUrl = string(body.landingPageVideoUrl, "landingPageVideoUrl");
    if (body.mapTiles !== undefined) settings.mapTiles = mapTilesSchema.parse(body.mapTiles);
    return settings;
  },
};
