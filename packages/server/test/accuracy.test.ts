/**
 * Accuracy of the embedded Census data, measured as an analysis computes it: the
 * place service geocodes each reference city to BIS's own centre and the market model sums the
 * tracts in range. Population is compared with the 2020 tract sums of the raw Census file and
 * housing units per person with the ACS ZCTA sums (test/support/census-accuracy.ts says how the
 * cities were chosen). Skipped when ../shared/data/census is absent; the table is printed.
 */
import { computeMarketAnalysis, INDUSTRY_PROFILES, US_STATES } from "@bis/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { createPlaceService } from "../src/services/places/place-service.js";
import {
  censusFilesPresent,
  formatAccuracyTable,
  measureAccuracy,
  type RadiusErrors,
} from "./support/census-accuracy.js";

const TARGET = {
  population: { median: 0.02, p90: 0.05 },
  housingUnitsPerPerson: { median: 0.04, p90: 0.12 },
};

describe.runIf(censusFilesPresent)("embedded Census data against the raw Census files", () => {
  let errors: RadiusErrors[];

  beforeAll(async () => {
    const places = createPlaceService({
      provider: createEmbeddedProvider(),
      census: loadEmbeddedCensus,
    });
    errors = await measureAccuracy(async (city, radius) => {
      try {
        const { target, ...area } = await places.locate(city.name, city.state, {
          primaryRadius: Math.min(radius, 50),
          secondaryRadius: radius,
        });
        const data = computeMarketAnalysis({
          request: {
            city: city.name,
            state: city.state,
            industry: "HVAC",
            primaryRadius: Math.min(radius, 50),
            secondaryRadius: radius,
          },
          target: { ...target, input: city.name },
          region: US_STATES.find((s) => s.code === city.state)?.region ?? "South",
          ...area,
          profile: INDUSTRY_PROFILES.HVAC,
          now: new Date("2026-01-01T00:00:00Z"),
        });
        return {
          lat: target.lat,
          lon: target.lon,
          population: data.censusData.totalPopulation ?? 0,
          housingUnits: data.censusData.totalHousingUnits ?? 0,
        };
      } catch {
        return null;
      }
    });
    console.log(formatAccuracyTable(errors));
  }, 120_000);

  it("finds every reference city and measures ≥ 60 of them at 5, 10, 15, 25 and 50 miles", () => {
    for (const e of errors) {
      expect(e.notFound).toEqual([]);
      expect(e.cities).toBeGreaterThanOrEqual(60);
      expect(e.ratioCities).toBeGreaterThanOrEqual(e.radius >= 10 ? 60 : 45);
    }
  });

  it("counts the population within the radius: median ≤ 2 %, p90 ≤ 5 % at every radius", () => {
    for (const e of errors) {
      expect(e.population.median, `${e.radius} mi median`).toBeLessThanOrEqual(
        TARGET.population.median,
      );
      expect(e.population.p90, `${e.radius} mi p90`).toBeLessThanOrEqual(TARGET.population.p90);
    }
  });

  it("gives housing units per person within 4 % (median) and 12 % (p90) of the ZCTA ratio", () => {
    for (const e of errors) {
      expect(e.housingUnitsPerPerson.median, `${e.radius} mi median`).toBeLessThanOrEqual(
        TARGET.housingUnitsPerPerson.median,
      );
      expect(e.housingUnitsPerPerson.p90, `${e.radius} mi p90`).toBeLessThanOrEqual(
        TARGET.housingUnitsPerPerson.p90,
      );
    }
  });
});
