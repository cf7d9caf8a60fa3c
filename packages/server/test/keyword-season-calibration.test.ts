/**
 * The calibration of the keyword model's even share of searches (HVAC keyword profile,
 * `seasonServices.evenShare`): U.S. "AC repair" searches, each state's repair months from its
 * 1991–2020 nClimDiv cooling degree days (repairs following them by the profile's
 * `season.coolingRepair` share) weighted by housing units × annual cooling degree days, with that
 * share spread evenly, rise 347 % from January to July, as ppcinfo.com reports
 * (../shared/data/benchmarks.md). Skipped when ../shared is absent.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { INDUSTRY_PROFILES, keywordProfileFor } from "@bis/sdk";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../shared/data");
const STATES = path.join(data, "census/states.csv");
const MONTHS = path.join(data, "climate/state_monthly_hddcdd_1991-2020_from_nclimdiv.csv.gz");
const present = existsSync(STATES) && existsSync(MONTHS);

/** "AC repair" searches rise this much from January to July (ppcinfo.com). */
const BENCHMARK_RISE = 3.47;

describe.runIf(present)("the keyword model's even share of searches", () => {
  it('makes U.S. "AC repair" searches rise 347 % from January to July', () => {
    const states = new Map(
      (parse(readFileSync(STATES, "utf8"), { columns: true }) as Record<string, string>[]).map(
        (r) => [r.Code, Number(r["Housing Units"])],
      ),
    );
    const rows = parse(gunzipSync(readFileSync(MONTHS)).toString("utf8"), {
      columns: true,
    }) as Record<string, string>[];
    const found = INDUSTRY_PROFILES.HVAC.assumptions.find(
      (a) => a.key === "season.coolingRepair",
    )?.value;
    const weather = typeof found === "number" ? found : 0;
    expect(weather).toBeGreaterThan(0);
    const even = keywordProfileFor("HVAC").seasonServices?.evenShare?.value ?? 0;
    const us = Array<number>(12).fill(0);
    let weights = 0;
    for (const row of rows) {
      const units = row.kind === "state" ? states.get(row.state ?? "") : undefined;
      if (!units) continue;
      const cdd = Array.from({ length: 12 }, (_, m) =>
        Number(row[`cdd_${String(m + 1).padStart(2, "0")}`]),
      );
      const annual = cdd.reduce((a, b) => a + b, 0);
      if (!(annual > 0)) continue;
      const weight = units * annual;
      weights += weight;
      cdd.forEach((c, m) => {
        const jobs = weather * (c / annual) + (1 - weather) / 12;
        us[m] = (us[m] ?? 0) + weight * ((1 - even) * jobs + even / 12);
      });
    }
    expect(weights).toBeGreaterThan(0);
    const rise = (us[6] ?? 0) / (us[0] ?? 1) - 1;
    console.info(`U.S. "AC repair" searches, January → July: +${Math.round(rise * 100)} %`);
    expect(rise).toBeGreaterThan(BENCHMARK_RISE * 0.9);
    expect(rise).toBeLessThan(BENCHMARK_RISE * 1.1);
  });
});
