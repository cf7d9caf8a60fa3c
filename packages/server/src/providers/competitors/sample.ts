/**
 * Sample competitors (demo mode only): "Sample <industry label> Co. 1", … — never names that
 * pass for real businesses.
 */
import {
  type CompetitorListing,
  competitorProfileFor,
  type IndustryProfile,
  industryProfileFor,
  type ProviderResult,
} from "@bis/sdk";
import { type CompetitorProvider, type CompetitorSearch, PROVIDER_LABELS } from "./provider.js";

/** A small seeded generator (mulberry32) so an analysis' sample data is the same every run. */
function seeded(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The industry of the sample businesses: its label names them, its profile's categories vary them. */
type SampleIndustry = Pick<IndustryProfile, "label" | "competitors">;

/**
 * Sample competitors for demo mode: 6–40 businesses named "Sample <label> Co. N", at a seeded
 * density of 1.5–8 per 10,000 households, with seeded ratings (3.4–5.0) and review counts
 * (0–800), placed at random within the radius. Graded `sample`; never real names.
 */
export function sampleCompetitors(
  query: CompetitorSearch,
  industry: SampleIndustry = industryProfileFor(),
): ProviderResult {
  const categories = (industry.competitors ?? competitorProfileFor()).sampleCategories;
  const random = seeded(query.seed);
  const density = 1.5 + random() * 6.5;
  const count =
    query.households != null && query.households > 0
      ? Math.min(40, Math.max(6, Math.round((query.households * density) / 10_000)))
      : 15;
  const listings: CompetitorListing[] = [];
  const milesPerDegreeLat = 69.05;
  const milesPerDegreeLon = milesPerDegreeLat * Math.cos((query.lat * Math.PI) / 180);
  for (let i = 1; i <= count; i++) {
    const bearing = random() * 2 * Math.PI;
    const distance = query.radiusMiles * 0.95 * Math.sqrt(random());
    const rated = random() > 0.05;
    listings.push({
      source: "sample",
      id: `sample-${i}`,
      name: `Sample ${industry.label} Co. ${i}`,
      rating: rated ? Math.round((3.4 + random() * 1.6) * 10) / 10 : null,
      reviews: rated ? Math.floor(Math.exp(random() * Math.log(801)) - 1) : 0,
      lat: query.lat + (distance * Math.cos(bearing)) / milesPerDegreeLat,
      lon: query.lon + (distance * Math.sin(bearing)) / milesPerDegreeLon,
      categories: [...(categories[Math.floor(random() * categories.length)] ?? [])],
    });
  }
  return {
    source: "sample",
    label: PROVIDER_LABELS.sample,
    grade: "sample",
    status: "ok",
    listings,
    reportedTotal: null,
    pages: 1,
    truncated: false,
  };
}

export function createSampleProvider({
  industry,
}: {
  industry?: SampleIndustry;
} = {}): CompetitorProvider {
  return {
    source: "sample",
    label: PROVIDER_LABELS.sample,
    terms: ["sample"],
    search: async (query) => sampleCompetitors(query, industry),
  };
}
