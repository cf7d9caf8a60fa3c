/**
 * The embedded local data against its source tables (docs/methodology.md, "Calibration"): for
 * the 25 largest metro areas, the single-family share and the households that the shipped tracts
 * sum to, against the metro's ACS 2019–2023 DP04. Skipped when ../shared/data is absent.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { CENSUS_DIR } from "./support/census-accuracy.js";

const DATA = path.dirname(CENSUS_DIR);
const DP04 = path.join(DATA, "acs/cbsa_DP04_housing_acs5_2019_2023.csv");
const present = existsSync(DP04) && existsSync(path.join(CENSUS_DIR, "counties.csv"));

type Row = Record<string, string>;
const rows = (file: string) =>
  parse(readFileSync(file, "utf8").replace(/^\uFEFF/, ""), {
    columns: true,
    skip_empty_lines: true,
  }) as Row[];

interface Metro {
  name: string;
  cbsa: string;
  units: number;
  singleFamily: number;
  occupied: number;
}

/** The shipped tracts summed by metro, and the 25 largest metros of DP04 (read only when present). */
function readMetros() {
  const census = loadEmbeddedCensus();
  const cbsaOf = new Map(rows(path.join(CENSUS_DIR, "counties.csv")).map((c) => [c.GEOID, c.CBSA]));
  const sums = new Map<string, { units: number; singleFamily: number; households: number }>();
  for (const t of census.tracts) {
    const cbsa = cbsaOf.get(t.id.slice(0, 5));
    if (!cbsa) continue;
    const s = sums.get(cbsa) ?? { units: 0, singleFamily: 0, households: 0 };
    s.units += t.housingUnits ?? 0;
    s.singleFamily += t.singleFamilyUnits ?? 0;
    s.households += t.households ?? 0;
    sums.set(cbsa, s);
  }
  const metros = rows(DP04)
    .filter((r) => /Metro Area$/.test(r.NAME ?? ""))
    .map((r) => ({
      name: r.NAME ?? "",
      cbsa: (r.GEO_ID ?? "").slice(-5),
      units: Number(r.DP04_0006E),
      singleFamily: (Number(r.DP04_0007E) + Number(r.DP04_0008E)) / Number(r.DP04_0006E),
      occupied: Number(r.DP04_0002E),
    }))
    .sort((a, b) => b.units - a.units)
    .slice(0, 25);
  return { sums, metros };
}

// The tables are read in beforeAll: a describe's body runs at collection even when skipped.
describe.runIf(present)("embedded local data against the metro DP04 tables", () => {
  let sums: ReturnType<typeof readMetros>["sums"];
  let metros: Metro[];
  beforeAll(() => {
    ({ sums, metros } = readMetros());
  }, 60_000);

  it("single-family share of each of the 25 largest metros within 5 points of DP04", () => {
    const off = metros
      .map((m) => {
        const s = sums.get(m.cbsa);
        const share = s && s.units > 0 ? s.singleFamily / s.units : 0;
        return { name: m.name, shipped: share, published: m.singleFamily };
      })
      .filter((m) => Math.abs(m.shipped - m.published) > 0.05);
    expect(off).toEqual([]);
  });

  it("households of each of the 25 largest metros within 5 % of DP04 occupied homes", () => {
    const off = metros
      .map((m) => ({ name: m.name, ratio: (sums.get(m.cbsa)?.households ?? 0) / m.occupied }))
      .filter((m) => Math.abs(m.ratio - 1) > 0.05);
    expect(off).toEqual([]);
  });
});
