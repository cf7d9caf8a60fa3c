/** Competitor listings from the providers, and their deduplication across and within providers. */
import type { CompetitorSource } from "../../schemas/competition.js";
import { distanceMiles } from "../geo.js";
import { DEDUPE_PROXIMITY_MILES } from "./constants.js";
import { round1 } from "./shared.js";

/** One business as one provider lists it. */
export interface CompetitorListing {
  source: CompetitorSource;
  /** The provider's id (Google place id, Yelp business id, sample number). */
  id: string;
  name: string;
  /** 0–5 stars. */
  rating: number | null;
  reviews: number | null;
  phone?: string | null;
  /** The business's own website (Google `websiteUri`). */
  website?: string | null;
  /** The listing's page at the provider (Yelp `url`). */
  listingUrl?: string | null;
  address?: string | null;
  lat?: number | null;
  lon?: number | null;
  /** Distance from the search centre in miles, when the provider reports one. */
  distanceMiles?: number | null;
  /** Category titles (Yelp `categories[].title`). */
  categories?: string[];
}

/** One business after merging the listings of every provider. */
export interface MergedCompetitor {
  name: string;
  rating: number | null;
  reviews: number | null;
  /** Provider of the name shown (the listing with the most reviews). */
  source: CompetitorSource;
  sources: CompetitorSource[];
  url: string | null;
  website: string | null;
  address: string | null;
  phone: string | null;
  distanceMiles: number | null;
  categories: string[];
  /** Listings merged into this one. */
  listings: number;
}

const LEGAL_WORDS = new Set([
  "llc",
  "inc",
  "incorporated",
  "co",
  "corp",
  "corporation",
  "company",
  "ltd",
  "pllc",
  "lp",
  "llp",
  "the",
  "and",
]);

/** Name tokens compared for duplicates: case, accents, punctuation, "&", legal forms folded. */
export function businessNameTokens(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\ba\s*\/\s*c\b/g, "ac")
    .replace(/['’]/g, "")
    .replace(/[&+]/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((t) => t.length > 0 && !LEGAL_WORDS.has(t));
}

export function normalizeBusinessName(name: string): string {
  return businessNameTokens(name).join(" ");
}

/** The last ten digits of a phone number (U.S. numbers without the country code), or null. */
export function normalizePhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** Equal token sets, or the smaller set (of at least two tokens) inside the larger. */
function similarNames(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const set = new Set(large);
  if (small.length === large.length) return small.every((t) => set.has(t));
  return small.length >= 2 && small.every((t) => set.has(t));
}

/**
 * Whether two listings are the same business:
 * 1. the same provider id; or
 * 2. the same phone number (last ten digits); or
 * 3. similar names (equal tokens, or one name's tokens — at least two — inside the other's) and
 *    locations within DEDUPE_PROXIMITY_MILES; or
 * 4. equal names when either listing has no location.
 */
export function sameBusiness(
  a: CompetitorListing,
  b: CompetitorListing,
  proximityMiles = DEDUPE_PROXIMITY_MILES,
): boolean {
  if (a.source === b.source && a.id === b.id) return true;
  const pa = normalizePhone(a.phone);
  if (pa && pa === normalizePhone(b.phone)) return true;
  const ta = businessNameTokens(a.name);
  const tb = businessNameTokens(b.name);
  const located = a.lat != null && a.lon != null && b.lat != null && b.lon != null;
  if (located) {
    const d = distanceMiles(a.lat as number, a.lon as number, b.lat as number, b.lon as number);
    return d <= proximityMiles && similarNames(ta, tb);
  }
  return ta.length > 0 && ta.join(" ") === tb.join(" ");
}

const SOURCE_ORDER: CompetitorSource[] = ["google-places", "yelp", "sample"];

function merge(group: CompetitorListing[]): MergedCompetitor {
  const byReviews = [...group].sort(
    (x, y) =>
      (y.reviews ?? -1) - (x.reviews ?? -1) ||
      SOURCE_ORDER.indexOf(x.source) - SOURCE_ORDER.indexOf(y.source),
  );
  const primary = byReviews[0] as CompetitorListing;
  const sources = SOURCE_ORDER.filter((s) => group.some((l) => l.source === s));
  // Per provider, its best-reviewed listing (a provider's own duplicates are not counted twice).
  const perSource = sources.map((s) => byReviews.find((l) => l.source === s) as CompetitorListing);
  const reviewCounts = perSource.map((l) => l.reviews).filter((r): r is number => r != null);
  const reviews = reviewCounts.length > 0 ? reviewCounts.reduce((a, b) => a + b, 0) : null;
  const weighted = perSource.filter((l) => l.rating != null && (l.reviews ?? 0) > 0);
  let rating: number | null = null;
  if (weighted.length > 0) {
    const total = weighted.reduce((a, l) => a + (l.reviews as number), 0);
    rating = round1(
      weighted.reduce((a, l) => a + (l.rating as number) * (l.reviews as number), 0) / total,
    );
  } else {
    const rated = perSource.filter((l) => l.rating != null);
    if (rated.length > 0)
      rating = round1(rated.reduce((a, l) => a + (l.rating as number), 0) / rated.length);
  }
  const first = <T>(pick: (l: CompetitorListing) => T | null | undefined): T | null => {
    for (const s of SOURCE_ORDER) {
      for (const l of byReviews) {
        if (l.source !== s) continue;
        const v = pick(l);
        if (v != null && v !== "") return v;
      }
    }
    return null;
  };
  const website = first((l) => l.website);
  const distances = group.map((l) => l.distanceMiles).filter((d): d is number => d != null);
  return {
    name: primary.name.trim(),
    rating,
    reviews,
    source: primary.source,
    sources,
    url: website ?? first((l) => l.listingUrl),
    website,
    address: first((l) => l.address),
    phone: first((l) => l.phone),
    distanceMiles: distances.length > 0 ? round1(Math.min(...distances)) : null,
    categories: [...new Set(group.flatMap((l) => l.categories ?? []))],
    listings: group.length,
  };
}

/** Merges listings of the same business (rules: `sameBusiness`), across and within providers. */
export function dedupeCompetitors(
  listings: readonly CompetitorListing[],
  proximityMiles = DEDUPE_PROXIMITY_MILES,
): { competitors: MergedCompetitor[]; duplicatesMerged: number } {
  const parent = listings.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[i] !== r) {
      const next = parent[i] as number;
      parent[i] = r;
      i = next;
    }
    return r;
  };
  for (let i = 0; i < listings.length; i++) {
    for (let j = i + 1; j < listings.length; j++) {
      if (find(i) === find(j)) continue;
      if (
        sameBusiness(
          listings[i] as CompetitorListing,
          listings[j] as CompetitorListing,
          proximityMiles,
        )
      )
        parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, CompetitorListing[]>();
  listings.forEach((l, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(l);
    else groups.set(root, [l]);
  });
  const competitors = [...groups.values()].map(merge);
  return { competitors, duplicatesMerged: listings.length - competitors.length };
}
