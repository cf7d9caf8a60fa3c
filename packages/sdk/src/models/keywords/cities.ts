/** The cities keyword research covers, and the households each city's keywords are sized from. */
import type { MarketAnalysisData } from "../../schemas/market.js";
import { HOUSEHOLDS_PER_HOUSING_UNIT } from "../housing-ratios.js";
import { type KeywordCity, MAX_KEYWORD_CITIES } from "./profile.js";
import { keywordText } from "./text.js";

/* ------------------------------------------------------------------ cities */

/** What the keyword model reads of a market analysis (the fields keywordCities needs). */
export type KeywordMarketInput = Pick<
  MarketAnalysisData,
  "requestLocation" | "households" | "cityAnalysis" | "target" | "region" | "marketSummary"
> &
  Partial<Pick<MarketAnalysisData, "requestIndustry" | "dataSource" | "serviceBreakdown">>;

/** People per household, for places that lack households and housing units. */
const PEOPLE_PER_HOUSEHOLD = 2.5;

function householdsOf(entry: {
  households?: number | null;
  housingUnits: number | null;
  population: number | null;
}): number | null {
  if (entry.households != null && entry.households >= 0) return entry.households;
  if (entry.housingUnits != null && entry.housingUnits >= 0)
    return Math.round(entry.housingUnits * HOUSEHOLDS_PER_HOUSING_UNIT.value);
  if (entry.population != null && entry.population >= 0)
    return Math.round(entry.population / PEOPLE_PER_HOUSEHOLD);
  return null;
}

/** The target city's name and state from the market data (geocoded target, else the location). */
export function targetOf(
  market: KeywordMarketInput,
): { name: string; state: string | undefined } | null {
  if (market.target?.name) return { name: market.target.name, state: market.target.state };
  const [name, state] = (market.requestLocation ?? "").split(",").map((s) => s.trim());
  return name ? { name, state: state || undefined } : null;
}

/**
 * Cities that get city-named keywords: the target city, then the city-breakdown names, most
 * populous first, at most `max` in all; names that fold to the same keyword text count once.
 * A target missing from the table (it lists the most populous places) gets the smallest
 * listed household count: an upper bound.
 */
export function keywordCities(
  market: KeywordMarketInput,
  max = MAX_KEYWORD_CITIES,
): { cities: KeywordCity[]; available: number } {
  const rows = [...(market.cityAnalysis?.cityBreakdown ?? [])]
    .map((row) => ({ row, name: (row.cityName ?? row.name ?? "").trim() }))
    .filter((x) => x.name !== "")
    .sort(
      (a, b) => (b.row.population ?? -1) - (a.row.population ?? -1) || a.name.localeCompare(b.name),
    );
  const target = targetOf(market);
  const seen = new Set<string>();
  const all: KeywordCity[] = [];
  const add = (city: KeywordCity) => {
    const key = `${city.keywordName}|${city.state ?? ""}`;
    if (city.keywordName === "" || seen.has(key)) return;
    seen.add(key);
    all.push(city);
  };
  if (target) {
    const keywordName = keywordText(target.name);
    const own = rows.find(
      (x) =>
        keywordText(x.name) === keywordName &&
        (x.row.state === undefined || target.state === undefined || x.row.state === target.state),
    );
    let households = own ? householdsOf(own.row) : null;
    if (households === null && !own) {
      const known = rows.map((x) => householdsOf(x.row)).filter((h): h is number => h !== null);
      households =
        known.length > 0
          ? Math.min(...known)
          : (market.marketSummary?.primaryHouseholds ?? market.households ?? null);
    }
    add({ name: target.name, state: target.state, keywordName, households, target: true });
  }
  for (const { row, name } of rows) {
    add({
      name,
      state: row.state ?? target?.state,
      keywordName: keywordText(name),
      households: householdsOf(row),
      target: false,
    });
  }
  return { cities: all.slice(0, Math.max(0, max)), available: all.length };
}
