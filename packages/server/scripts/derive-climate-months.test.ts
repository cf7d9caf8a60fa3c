/**
 * The shape of the year that ships (assets/climate-months.json.gz): the derive script reproduces it
 * from ../shared/data (skipped where ../shared is absent), and its rules on a small input.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  CLIMATE_MONTHS_FILE,
  deriveClimateMonths,
  encodeClimateMonths,
  readSharedTexts,
  SHARED_DATA,
  sharesPer10k,
} from "./derive-climate-months.js";

const months = (prefix: string) =>
  Array.from({ length: 12 }, (_, i) => `${prefix}_${String(i + 1).padStart(2, "0")}`);
const header = ["name", "state", ...months("hdd"), ...months("cdd")].join(",");

describe("deriveClimateMonths", () => {
  it("locates stations by their city's place (most populous of the name) or alias, and leaves out the territories", () => {
    const stationsCsv = [
      header,
      ["PHOENIX", "AZ", ...Array(12).fill("10"), ...Array(12).fill("0")].join(","),
      ["MINNEAPOLIS-ST.PAUL", "MN", ...Array(24).fill("5")].join(","),
      ["SAN JUAN", "PR", ...Array(24).fill("5")].join(","),
      ["NOWHERE", "AZ", ...Array(24).fill("5")].join(","),
    ].join("\n");
    const placesCsv = [
      "Short Name,State,Population,Latitude,Longitude",
      "Phoenix,AZ,1600000,33.57,-112.09",
      "Phoenix,OR,4000,42.27,-122.81",
      "Minneapolis,MN,425000,44.96,-93.27",
    ].join("\n");
    const { file, unmatched, outside } = deriveClimateMonths({
      stationsCsv,
      placesCsv,
      statesCsv: "climdiv_code,state,kind\n",
      normalsCsv: "name,lat,lon\n",
    });
    expect(file.stations.name).toEqual(["PHOENIX", "MINNEAPOLIS-ST.PAUL"]);
    expect(file.stations.lat[0]).toBe(335700);
    expect(file.stations.cdd[0]).toEqual(Array(12).fill(0));
    expect(file.stations.hdd[0]?.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(unmatched).toEqual(["NOWHERE, AZ"]);
    expect(outside).toEqual(["SAN JUAN, PR"]);
  });

  it("stores shares per 10,000 that sum exactly", () => {
    expect(sharesPer10k([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]).reduce((a, b) => a + b, 0)).toBe(
      10_000,
    );
  });

  const shared = existsSync(path.join(SHARED_DATA, "climate"));
  it.runIf(shared)("reproduces the shipped file from ../shared/data, every station located", () => {
    const { file, unmatched } = deriveClimateMonths(readSharedTexts());
    expect(unmatched).toEqual([]);
    expect(file.stations.name.length).toBeGreaterThan(250);
    // Compared as text: another zlib may compress the same text to other bytes.
    const shipped = gunzipSync(readFileSync(CLIMATE_MONTHS_FILE)).toString("utf8");
    expect(gunzipSync(encodeClimateMonths(file)).toString("utf8")).toBe(shipped);
  });
});
