/**
 * How the HVAC profile's jobs fall over the year: the share of each kind of job whose timing
 * follows the weather (the market's monthly degree days, or the tune-up seasons), the rest spread
 * evenly over the year (models/seasons.ts). Data, no logic.
 */
import type { AssumptionDefinition, SeasonDefinition } from "../../models/industry-types.js";

const SEARCH_SEASONALITY =
  "“AC repair” searches rise about 347 % from January to July nationally (ppcinfo.com, in ../shared/data/benchmarks.md)";

const REPAIR_SOURCE = `BIS estimate: a failed compressor, igniter or circulator shows when the system runs, so a repair falls in the months the market heats or cools; ${SEARCH_SEASONALITY}, a national mix that counts the warm South's winter cooling, research searches and heat pumps that cool and heat; the rest (parts found at tune-ups, noise, controls) spreads over the year`;

const REPLACEMENT_SOURCE = `BIS estimate: most replacements follow a failure in the season of use, the rest are planned (upgrades, sales of homes, rebates) and spread over the year; AHRI's monthly shipments of central ACs and heat pumps peak before summer (AHRI monthly releases, in ../shared/data/benchmarks.md)`;

const TUNE_UP_SOURCE =
  "BIS estimate: a maintenance plan's visits are a cooling tune-up before summer and a heating tune-up before winter (annual maintenance plan $120–$360 a year, homeguide.com, in ../shared/data/benchmarks.md); the rest (new plans, follow-up visits) spreads over the year";

const share = (
  key: string,
  label: string,
  source: string,
  value: number,
): AssumptionDefinition => ({
  key,
  label,
  unit: "share",
  min: 0,
  max: 1,
  basis: "estimate",
  source,
  value,
});

export const HVAC_SEASON_ASSUMPTIONS: AssumptionDefinition[] = [
  share(
    "season.coolingRepair",
    "Share of cooling repairs that fall in the cooling months (by cooling degree days)",
    REPAIR_SOURCE,
    0.9,
  ),
  share(
    "season.heatingRepair",
    "Share of heating repairs that fall in the heating months (by heating degree days)",
    REPAIR_SOURCE,
    0.9,
  ),
  share(
    "season.replacement",
    "Share of replacements and installations that follow the season of use (by degree days)",
    REPLACEMENT_SOURCE,
    0.8,
  ),
  share(
    "season.tuneUp",
    "Share of maintenance plan visits in the spring and autumn tune-up seasons",
    TUNE_UP_SOURCE,
    0.7,
  ),
];

/** Spring (March–May) and autumn (September–November): before the cooling and heating seasons. */
const TUNE_UP_MONTHS = { months: [3, 4, 5, 9, 10, 11], label: "spring and autumn tune-ups" };

export const SEASONS = {
  coolingReplacement: { follows: "cooling", weatherShareKey: "season.replacement" },
  heatingReplacement: { follows: "heating", weatherShareKey: "season.replacement" },
  dualReplacement: { follows: "both", weatherShareKey: "season.replacement" },
  coolingRepair: { follows: "cooling", weatherShareKey: "season.coolingRepair" },
  heatingRepair: { follows: "heating", weatherShareKey: "season.heatingRepair" },
  tuneUp: { follows: TUNE_UP_MONTHS, weatherShareKey: "season.tuneUp" },
} as const satisfies Record<string, SeasonDefinition>;
