/**
 * The public settings (GET /api/public/settings): the landing page's video, the operator's map
 * tiles and which paid items this server delivers now (the landing cards and dashboard steps
 * ask premium-offer.ts about it).
 *
 * The one answer a signed-out visitor's landing page reads, so its check is written without
 * zod: the landing page then loads no zod at all (zod is about 14 KB gzipped, more than a tenth
 * of the page's 120 KB budget; docs/performance.md). Every other answer has a zod schema. The
 * check keeps zod's rules for these shapes: known keys only, optional means absent (not null),
 * and a broken answer throws.
 */
import { isRecord } from "../guards.js";
import { DELIVERABLE_NAMES } from "../models/premium-offer.js";
import type { PremiumDeliverableId } from "./payments.js";

export interface MapTiles {
  /** A raster tile URL template ({z}/{x}/{y}, optionally {s}, {r}, {-y}), https only. */
  url: string;
  /** The credit the tile provider asks for, as plain text. */
  attribution: string;
}

/** One paid item and whether this server delivers it now (GET /api/config/payments has the rest). */
export interface PremiumOffer {
  id: PremiumDeliverableId;
  deliverable: boolean;
}

/** How many keywords keyword research delivers, from the keyword model (models/keyword-counts.ts). */
export interface KeywordCountModel {
  /** Keywords that name no city: one set for the whole service area. */
  areaKeywords: number;
  /** Keywords that name a city, for each city covered. */
  keywordsPerCity: number;
  /** Cities covered at most (the target and the most populous in range). */
  maxCities: number;
}

export interface PublicSettings {
  landingPageVideoUrl?: string;
  /** The operator's map tiles (BIS_MAP_TILE_URL); absent: the offline outline map. */
  mapTiles?: MapTiles;
  /** Every paid item, offered or not; absent from an older server (then: assumed offered). */
  premiumOffer?: PremiumOffer[];
  /** How many keywords keyword research delivers (models/keyword-counts.ts); absent: not said. */
  keywordCounts?: KeywordCountModel;
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
  if (isRecord(value)) return value;
  throw new ContractError(path, "an object");
}

function string(value: unknown, path: string): string {
  if (typeof value === "string") return value;
  throw new ContractError(path, "a string");
}

function premiumOffer(value: unknown, path: string): PremiumOffer[] {
  if (!Array.isArray(value)) throw new ContractError(path, "an array");
  return value.map((item, i) => {
    const body = object(item, `${path}[${i}]`);
    const id = string(body.id, `${path}[${i}].id`);
    if (!Object.hasOwn(DELIVERABLE_NAMES, id))
      throw new ContractError(`${path}[${i}].id`, "a paid item's id");
    if (typeof body.deliverable !== "boolean")
      throw new ContractError(`${path}[${i}].deliverable`, "a boolean");
    return { id: id as PremiumDeliverableId, deliverable: body.deliverable };
  });
}

function count(value: unknown, path: string): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  throw new ContractError(path, "a whole number of 0 or more");
}

function keywordCounts(value: unknown, path: string): KeywordCountModel {
  const body = object(value, path);
  return {
    areaKeywords: count(body.areaKeywords, `${path}.areaKeywords`),
    keywordsPerCity: count(body.keywordsPerCity, `${path}.keywordsPerCity`),
    maxCities: count(body.maxCities, `${path}.maxCities`),
  };
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
    if (body.premiumOffer !== undefined)
      settings.premiumOffer = premiumOffer(body.premiumOffer, "premiumOffer");
    if (body.keywordCounts !== undefined)
      settings.keywordCounts = keywordCounts(body.keywordCounts, "keywordCounts");
    return settings;
  },
};

/* ------------------------------------------------------------------ who is signed in */

/**
 * GET /api/auth/session: who is signed in, answered 200 either way (`{ user: null }` when no
 * one), so a signed-out visit makes no failing request (GET /api/auth/user answers 401 then).
 * The landing page reads it, so its check is zod-free too; it keeps userSchema's rules.
 */
export interface SessionResponse {
  user: SessionUser | null;
}

/** The signed-in user, as entities.ts's userSchema has it (a test holds the two equal). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  profileImageUrl: string | null;
  createdAt: string;
}

function nullableString(value: unknown, path: string): string | null {
  return value === null ? null : string(value, path);
}

function user(value: unknown, path: string): SessionUser {
  const body = object(value, path);
  if (typeof body.isAdmin !== "boolean") throw new ContractError(`${path}.isAdmin`, "a boolean");
  return {
    id: string(body.id, `${path}.id`),
    email: string(body.email, `${path}.email`),
    firstName: nullableString(body.firstName, `${path}.firstName`),
    lastName: nullableString(body.lastName, `${path}.lastName`),
    isAdmin: body.isAdmin,
    profileImageUrl: nullableString(body.profileImageUrl, `${path}.profileImageUrl`),
    createdAt: string(body.createdAt, `${path}.createdAt`),
  };
}

export const sessionResponseSchema = {
  parse(data: unknown): SessionResponse {
    const body = object(data, "session");
    return { user: body.user === null ? null : user(body.user, "user") };
  },
};
