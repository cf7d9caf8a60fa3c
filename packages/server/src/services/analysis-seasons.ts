/**
 * The market's year of an analysis: its services by month from the shape of the year at its
 * centre (providers/places/climate-months.ts) and its own annual degree days. Only for records
 * with a local market profile (the embedded dataset); others stay without.
 */
import {
  type ClimateShape,
  computeSeasons,
  type IndustryProfile,
  type MarketAnalysisData,
} from "@bis/sdk";
import { climateShapeAt } from "../providers/places/climate-months.js";

/** Shapes by market centre: the same city is analysed again and again (a bounded cache). */
const shapes = new Map<string, ClimateShape | null>();
const SHAPE_CACHE_SIZE = 4096;

function shapeAt(lat: number, lon: number, state: string): ClimateShape | null {
  const key = `${lat},${lon},${state}`;
  let shape = shapes.get(key);
  if (shape === undefined) {
    shape = climateShapeAt(lat, lon, state);
    if (shapes.size >= SHAPE_CACHE_SIZE) shapes.clear();
    shapes.set(key, shape);
  }
  return shape;
}

/** The record with `seasons` added where its climate is known. */
export function withSeasons(
  data: MarketAnalysisData,
  profile: IndustryProfile,
): MarketAnalysisData {
  const climate = data.localMarket?.climate;
  const target = data.target;
  if (!climate || !target || !data.assumptions) return data;
  const shape = shapeAt(target.lat, target.lon, target.state);
  if (!shape) return data;
  data.seasons = computeSeasons({
    serviceBreakdown: data.serviceBreakdown,
    profile,
    assumptions: data.assumptions,
    climate,
    shape,
  });
  return data;
}
