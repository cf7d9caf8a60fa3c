/** The place dataset of the census-api provider: its units, places, label and provenance. */
import type { PlaceDataset, PlaceFigure } from "@bis/sdk";
import type { StateResult, UsState } from "./placement.js";
import { FIGURES, PLACE_TABLES, TRACT_TABLES, vintageLabel } from "./variables.js";

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function censusDataset(
  vintage: string,
  known: readonly UsState[],
  results: readonly StateResult[],
): PlaceDataset {
  const label = vintageLabel(vintage);
  const units = results.flatMap((r) => r.units);
  const places = results.flatMap((r) => r.places);
  const total = (pick: (r: StateResult) => number) => results.reduce((s, r) => s + pick(r), 0);
  const tractsLeftOut = total((r) => r.tractsLeftOut);
  const leftOutPopulation = total((r) => r.leftOutPopulation);
  const byTractCode = total((r) => r.byTractCode);
  const placesLeftOut = total((r) => r.placesLeftOut);
  const housingSuppressed = total((r) => r.housingSuppressed);

  const stateList = known.map((s) => s.code).join(", ");
  const tractsNote =
    tractsLeftOut > 0
      ? `${plural(tractsLeftOut, "tract")} (${plural(leftOutPopulation, "resident")}) without a 2020 tract centre left out`
      : "";
  const placesNote =
    placesLeftOut > 0 ? `${plural(placesLeftOut, "place")} without a centre left out` : "";
  const housingNote =
    housingSuppressed > 0
      ? `${plural(housingSuppressed, "tract")} with a suppressed housing-stock estimate counted as 0`
      : "";
  const notes = [tractsNote, placesNote, housingNote].filter(Boolean);

  const source =
    `U.S. Census Bureau, American Community Survey ${Number(vintage) - 4}–${vintage} 5-year estimates (Census Data API, vintage ${vintage}): ` +
    `census tract tables ${TRACT_TABLES.join(", ")}; place tables ${PLACE_TABLES.join(", ")}`;
  const placement =
    "counted at its 2020 Census population centre (embedded tract centres, by GEOID" +
    (byTractCode > 0
      ? `; ${plural(byTractCode, "tract")} by tract code within the state, the county code having changed since 2020`
      : "") +
    `)${tractsNote ? `; ${tractsNote}` : ""}`;
  const describe: Record<PlaceFigure, string> = {
    population: "B01003_001E, total population of each census tract",
    households: "B11001_001E, households of each census tract",
    housingUnits: "B25001_001E, housing units of each census tract",
    singleFamilyUnits:
      "B25024_002E + B25024_003E, 1-unit detached plus 1-unit attached housing units of each census tract",
  };
  const provenance = Object.fromEntries(
    FIGURES.map((figure) => {
      const suppressed = total((r) => r.suppressed[figure]);
      const nullNote =
        suppressed > 0
          ? `; ${plural(suppressed, "tract")} with a suppressed estimate counted as 0`
          : "";
      const entry: PlaceDataset["provenance"][PlaceFigure] = {
        source,
        vintage: label,
        grade: "measured",
        method: `${describe[figure]}, ${placement}${nullNote}`,
      };
      return [figure, entry];
    }),
  ) as PlaceDataset["provenance"];

  return {
    provider: "census-api",
    label: `U.S. Census Bureau, ${label}: ${plural(units.length, "census tract")} and ${plural(places.length, "place")} in ${stateList}${notes.length ? ` (${notes.join("; ")})` : ""}`,
    vintage: label,
    provenance,
    background: {},
    backgroundMethod: null,
    places,
    units,
  };
}
