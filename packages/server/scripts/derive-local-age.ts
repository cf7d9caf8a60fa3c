/**
 * The year built of each tract's homes (derive-local-data.ts uses it), from
 * acs/tract2010_b25034_year_built_acs2010_2014.csv.gz in ../shared/data (see its README): ACS
 * 2010–2014 B25034 on 2010 tract boundaries.
 *
 * A 2020 tract takes the 2010 tract of its GEOID ("exact"); else the 2010 tracts of its county
 * whose 6-digit code shares its first four digits, summed (a tract split in 2020 keeps the first
 * four digits of its 2010 code: "prefix"); else its county's 2010 tracts together ("county").
 * Counties renamed since 2010 are looked up under their 2010 code (`COUNTY_2010`); a tract of
 * none of these (no 2010 county) takes its profile's shares ("none").
 *
 * The table is 2010–2014, so homes built since 2014 are missing. Each profile's tracts are raked
 * to its 2019–2023 shares (iterative proportional fitting, weighted by housing units: scale each
 * bin by the profile's share ÷ the tracts' mean share, renormalise each tract to 1, repeat), so a
 * metro's total stays its DP04 while its tracts differ (a 1920s inner ring, a 2010s exurb).
 */
import { num, rows } from "./derive-local-housing.js";

/** Housing units (or shares) built 2000 or later, 1980–1999, before 1980. */
export type AgeBins = [since2000: number, from1980To1999: number, before1980: number];
export type AgeSource = "exact" | "prefix" | "county" | "none";

/** 2020 counties whose tracts the 2010 table lists under another county code. */
export const COUNTY_2010: Readonly<Record<string, string>> = {
  "02063": "02261", // Chugach Census Area, from Valdez-Cordova (2019)
  "02066": "02261", // Copper River Census Area, likewise
  "02158": "02270", // Kusilvak Census Area, formerly Wade Hampton (2015)
  "46102": "46113", // Oglala Lakota County, formerly Shannon County (2015)
};

/** Rounds of raking: the profiles' totals are then within 0.01 point of their shares. */
export const RAKE_ROUNDS = 30;

/** The 2010 tracts' year-built bins (housing units), by 11-digit GEOID. */
export function tractYearBuilt(text: string): Map<string, AgeBins> {
  const out = new Map<string, AgeBins>();
  for (const r of rows(text)) {
    const n = (k: string) => num(r[k]) ?? 0;
    const since2000 = n("built_2010_later") + n("built_2000_2009");
    const from1980 = n("built_1990_1999") + n("built_1980_1989");
    const total = n("hu_total");
    out.set((r.tract_geoid_2010 ?? "").padStart(11, "0"), [
      since2000,
      from1980,
      Math.max(0, total - since2000 - from1980),
    ]);
  }
  return out;
}

const add = (sums: Map<string, AgeBins>, key: string, bins: AgeBins) => {
  const s = sums.get(key) ?? [0, 0, 0];
  sums.set(key, [s[0] + bins[0], s[1] + bins[1], s[2] + bins[2]]);
};
const units = (b: AgeBins | undefined) => (b ? b[0] + b[1] + b[2] : 0);

/** Each 2020 tract's 2010 bins (units, null: none) and where they came from (module comment). */
export function matchTracts(
  table: ReadonlyMap<string, AgeBins>,
  geoids: readonly string[],
): { bins: (AgeBins | null)[]; source: AgeSource[] } {
  const prefix = new Map<string, AgeBins>();
  const county = new Map<string, AgeBins>();
  for (const [geoid, bins] of table) {
    add(prefix, geoid.slice(0, 9), bins);
    add(county, geoid.slice(0, 5), bins);
  }
  const bins: (AgeBins | null)[] = [];
  const source: AgeSource[] = [];
  for (const id of geoids) {
    const c = id.slice(0, 5);
    const geoid = `${COUNTY_2010[c] ?? c}${id.slice(5)}`;
    const found: [AgeSource, AgeBins | undefined][] = [
      ["exact", table.get(geoid)],
      ["prefix", prefix.get(geoid.slice(0, 9))],
      ["county", county.get(geoid.slice(0, 5))],
    ];
    const [how, b] = found.find(([, b]) => units(b) > 0) ?? ["none", undefined];
    bins.push(b ?? null);
    source.push(how);
  }
  return { bins, source };
}

/**
 * Each tract's shares (AgeBins summing to 1), raked to its profile's: `bins` its 2010 units (null:
 * none, takes the profile's shares), `weight` its housing units, `profile` its profile's index in
 * `targets` (-1: none, kept as is).
 */
export function rakeAges(
  bins: readonly (AgeBins | null)[],
  weight: readonly number[],
  profile: readonly number[],
  targets: readonly AgeBins[],
): AgeBins[] {
  const shares: AgeBins[] = bins.map((b, i) => {
    const total = units(b ?? undefined);
    if (b && total > 0) return [b[0] / total, b[1] / total, b[2] / total];
    const target = targets[profile[i] as number];
    return target ? [...target] : [0, 0, 1];
  });
  for (let round = 0; round < RAKE_ROUNDS; round++) {
    const sums = targets.map(() => [0, 0, 0, 0]);
    shares.forEach((s, i) => {
      const sum = sums[profile[i] as number];
      const w = weight[i] as number;
      if (!sum || !(w > 0)) return;
      for (let k = 0; k < 3; k++) sum[k] = (sum[k] as number) + w * (s[k] as number);
      sum[3] = (sum[3] as number) + w;
    });
    const factors = sums.map((sum, p) =>
      [0, 1, 2].map((k) => {
        const mean = (sum[k] as number) / (sum[3] as number);
        return mean > 0 ? (targets[p]?.[k] as number) / mean : 1;
      }),
    );
    shares.forEach((s, i) => {
      const f = factors[profile[i] as number];
      if (!f) return;
      const scaled = s.map((x, k) => x * (f[k] as number));
      const total = scaled.reduce((a, b) => a + b, 0);
      if (total > 0) for (let k = 0; k < 3; k++) s[k] = (scaled[k] as number) / total;
    });
  }
  return shares;
}
