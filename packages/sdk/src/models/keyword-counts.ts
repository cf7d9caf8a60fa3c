/**
 * How many keywords keyword research delivers, from the keyword model itself, so no page says a
 * count the model does not make: the taxonomy's keywords that name no city (the service area's),
 * plus those that name a city, once per city covered (the target, then the most populous, at
 * most MAX_KEYWORD_CITIES). The landing page reads the range from the public settings; the results
 * page's promo counts its own market's cities (`keywordCities`).
 */
import type { CensusRegion } from "../constants.js";
import type { KeywordCountModel } from "../schemas/public-settings.js";
import {
  expandKeywordTaxonomy,
  type KeywordMarketInput,
  type KeywordProfile,
  keywordCities,
  keywordProfileFor,
  MAX_KEYWORD_CITIES,
  resolveKeywordAssumptions,
} from "./keywords.js";

/** Any region: the count does not depend on the rates, only on the taxonomy. */
const REGION: CensusRegion = "South";

/** The keyword model's counts for a trade's keyword profile (the default trade's without one). */
export function keywordCountModel(profile: KeywordProfile = keywordProfileFor(undefined)) {
  const assumptions = resolveKeywordAssumptions(profile, REGION);
  const city = (n: number) => ({
    name: `City ${n}`,
    state: "TX",
    keywordName: `city${n}`,
    target: n === 1,
    households: 1,
  });
  const none = expandKeywordTaxonomy(profile, [], 1, assumptions).length;
  const one = expandKeywordTaxonomy(profile, [city(1)], 1, assumptions).length;
  return {
    areaKeywords: none,
    keywordsPerCity: one - none,
    maxCities: MAX_KEYWORD_CITIES,
  } satisfies KeywordCountModel;
}

/** The keywords delivered for a market covering `cities` cities (capped at `maxCities`). */
export function keywordCount(model: KeywordCountModel, cities: number): number {
  const covered = Math.max(0, Math.min(Math.floor(cities), model.maxCities));
  return model.areaKeywords + model.keywordsPerCity * covered;
}

/** The keywords delivered for this market: its own cities covered. */
export function marketKeywordCount(model: KeywordCountModel, market: KeywordMarketInput): number {
  return keywordCount(model, keywordCities(market, model.maxCities).cities.length);
}
