import { describe, expect, it } from "vitest";
import { populationBasisNote } from "./area-note.js";

describe("populationBasisNote", () => {
  it("names the tracts counted when the area was summed from census tracts", () => {
    expect(
      populationBasisNote({
        listedPlacesPopulation: 1_000_000,
        outsidePlacesPopulation: 0,
        tractsInRange: 7670,
      }),
    ).toBe(
      "Counted from 7,670 census tracts whose population centre lies within the radius (each tract counts whole or not at all).",
    );
    expect(
      populationBasisNote({
        listedPlacesPopulation: 0,
        outsidePlacesPopulation: 0,
        tractsInRange: 1,
      }),
    ).toMatch(/^Counted from 1 census tract whose/);
  });

  it("splits listed places and the modeled background for place-only data, else says nothing", () => {
    expect(populationBasisNote({ listedPlacesPopulation: 900, outsidePlacesPopulation: 100 })).toBe(
      "The population counts 900 residents of listed places and 100 living outside them (modeled).",
    );
    expect(
      populationBasisNote({ listedPlacesPopulation: 900, outsidePlacesPopulation: 0 }),
    ).toBeNull();
    expect(populationBasisNote(null)).toBeNull();
  });
});
