import { describe, expect, it } from "vitest";
import {
  ZIP_REASON_THRESHOLD,
  type ZipScoreInput,
  zipReasonGroups,
  zipReasons,
  zipScore,
  zipScoreComponents,
} from "./zip-score.js";

const base: ZipScoreInput = {
  households: 5_000,
  ownerOccupiedShare: 0.6,
  builtBefore1980Share: 0.35,
  contractors: 3,
  medianIncome: 70_000,
};
const scoreOf = (z: ZipScoreInput) => zipScore(zipScoreComponents(z));

/** Each input over its range, in the direction that should raise the score. */
const SWEEPS: [keyof ZipScoreInput, number[]][] = [
  ["households", [0, 100, 250, 1_000, 5_000, 20_000, 25_000, 100_000]],
  ["ownerOccupiedShare", [0, 0.1, 0.2, 0.4, 0.6, 0.85, 1]],
  ["builtBefore1980Share", [0, 0.1, 0.3, 0.5, 0.6, 1]],
  ["contractors", [40, 16, 8, 4, 1, 0]],
  ["medianIncome", [10_000, 35_000, 60_000, 110_000, 250_000]],
];

describe("ZIP opportunity score", () => {
  it("is monotone in each component and bounded 0–100", () => {
    for (const [key, values] of SWEEPS) {
      const scores = values.map((v) => scoreOf({ ...base, [key]: v }));
      for (let i = 1; i < scores.length; i++)
        expect(scores[i], `${key} ${values[i]}`).toBeGreaterThanOrEqual(scores[i - 1] as number);
      expect(scores.at(-1), key).toBeGreaterThan(scores[0] as number);
      for (const s of scores) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
      }
    }
    const best = {
      households: 1e6,
      ownerOccupiedShare: 1,
      builtBefore1980Share: 1,
      contractors: 0,
      medianIncome: 1e6,
    };
    const worst = {
      households: 1,
      ownerOccupiedShare: 0,
      builtBefore1980Share: 0,
      contractors: 1e4,
      medianIncome: 0,
    };
    expect(scoreOf(best)).toBe(100);
    expect(scoreOf(worst)).toBe(0);
  });

  it("leaves out unknown components and scales the others' weights to 1", () => {
    const parts = zipScoreComponents({ ...base, medianIncome: null, builtBefore1980Share: null });
    expect(parts.map((p) => p.key)).toEqual(["households", "ownership", "competition"]);
    expect(parts.reduce((a, p) => a + p.weight, 0)).toBeCloseTo(1, 10);
    expect(zipScore([])).toBe(0);
  });

  it("gives each reason its direction and figure: what raises the score, then what lowers it", () => {
    const cases: ZipScoreInput[] = [
      base,
      {
        households: 30_000,
        ownerOccupiedShare: 0.9,
        builtBefore1980Share: 0.7,
        contractors: 0,
        medianIncome: 120_000,
      },
      {
        households: 200,
        ownerOccupiedShare: 0.1,
        builtBefore1980Share: 0.05,
        contractors: 50,
        medianIncome: 30_000,
      },
      { ...base, ownerOccupiedShare: 0.9 },
      { ...base, builtBefore1980Share: 0.7, perCapitaIncome: 16_000 },
    ];
    for (const input of cases) {
      const parts = zipScoreComponents(input);
      const { raises, lowers } = zipReasonGroups(parts);
      const reasons = zipReasons(parts);
      for (const c of parts) {
        const up = c.score >= ZIP_REASON_THRESHOLD;
        const down = c.score <= 100 - ZIP_REASON_THRESHOLD;
        expect(raises.includes(c.figure ?? ""), `${c.key} ${reasons}`).toBe(up);
        expect(lowers.includes(c.figure ?? ""), `${c.key} ${reasons}`).toBe(down);
        if (up) expect(reasons).toContain(`+ ${c.figure}`);
        if (down) expect(reasons).toContain(`− ${c.figure}`);
      }
    }
    expect(
      zipReasons(
        zipScoreComponents({
          households: 30_000,
          ownerOccupiedShare: 0.9,
          builtBefore1980Share: 0.7,
          contractors: 0,
          nearby: { contractors: 41, households: 20_000 },
          perCapitaIncome: 16_000,
          medianIncome: null,
        }),
      ),
    ).toBe(
      "+ 30,000 households; + 90% owner-occupied; + 70% of homes built before 1980; − 41 contractors within 5 miles (20.5 per 10,000 households); − $16,000 per-capita income",
    );
    expect(
      zipReasons(
        zipScoreComponents({
          ...base,
          households: null,
          ownerOccupiedShare: 0.5,
          builtBefore1980Share: 0.35,
          medianIncome: 72_000,
        }),
      ),
    ).toBe("no measure stands out");
  });

  it("judges competition by the contractors within reach of the ZIP's homes, not its address", () => {
    const alone = zipScoreComponents({ ...base, contractors: 0 }).find(
      (c) => c.key === "competition",
    );
    const crowded = zipScoreComponents({
      ...base,
      contractors: 0,
      nearby: { contractors: 41, households: 20_000 },
    }).find((c) => c.key === "competition");
    expect(alone?.score).toBe(100);
    expect(crowded?.score).toBeLessThan(10);
    expect(crowded?.detail).toBe("41 contractors within 5 miles, 20.5 per 10,000 households");
  });

  it("reads the ZIP's own per-capita income, else says it reads its county's median", () => {
    const own = zipScoreComponents({ ...base, perCapitaIncome: 68_900 }).find(
      (c) => c.key === "income",
    );
    expect(own).toMatchObject({
      score: 100,
      detail: "$68,900 per-capita income (ZIP, ACS 2014–2018)",
    });
    const county = zipScoreComponents({ ...base, perCapitaIncome: null }).find(
      (c) => c.key === "income",
    );
    expect(county?.detail).toBe(
      "$70,000 county median income (no ZIP figure: the county's median household income)",
    );
  });
});
