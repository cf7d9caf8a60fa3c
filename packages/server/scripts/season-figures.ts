/**
 * The market's year for a few metros, from the shipped data (the figures docs/methodology.md
 * quotes for "The market's year"):
 *
 *   pnpm -F @bis/server exec tsx scripts/season-figures.ts
 *
 * Phoenix: cooling jobs by month (July's rank, December–February's share); Minneapolis:
 * December–February's share of heating jobs; Miami: furnace work's largest share of a month's
 * revenue. "Cooling jobs" are the services whose months follow cooling degree days, "heating
 * jobs" those that follow heating degree days.
 */
import { computeMarketAnalysis, INDUSTRY_PROFILES, type MarketSeasons, US_STATES } from "@bis/sdk";
import { createEmbeddedProvider, loadEmbeddedCensus } from "../src/providers/places/embedded.js";
import { withSeasons } from "../src/services/analysis-seasons.js";
import { createPlaceService } from "../src/services/places/place-service.js";

const HVAC = INDUSTRY_PROFILES.HVAC;
const places = createPlaceService({
  provider: createEmbeddedProvider(),
  census: loadEmbeddedCensus,
});

async function seasonsOf(city: string, state: string, r1 = 10, r2 = 15): Promise<MarketSeasons> {
  const request = { city, state, industry: "HVAC", primaryRadius: r1, secondaryRadius: r2 };
  const { target, ...area } = await places.locate(city, state, request);
  const region = US_STATES.find((s) => s.code === target.state)?.region ?? "South";
  const data = computeMarketAnalysis({
    request,
    target: { ...target, input: city },
    region,
    ...area,
    localZips: places.localZips(target.lat, target.lon, r2),
    profile: HVAC,
    now: new Date(),
  });
  const seasons = withSeasons(data, HVAC).seasons;
  if (!seasons) throw new Error(`No seasons for ${city}, ${state}`);
  return seasons;
}

const byFollows = (s: MarketSeasons, follows: string, field: "jobs" | "revenue") => {
  const out = new Array<number>(12).fill(0);
  for (const svc of s.services)
    if (svc.follows === follows) svc[field].forEach((v, i) => (out[i] = (out[i] ?? 0) + v));
  return out;
};
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const winter = (xs: readonly number[]) => ((xs[11] ?? 0) + (xs[0] ?? 0) + (xs[1] ?? 0)) / sum(xs);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

async function main() {
  const phx = await seasonsOf("Phoenix", "AZ");
  const cooling = byFollows(phx, "cooling degree days", "jobs");
  const rank = [...cooling].sort((a, b) => b - a).indexOf(cooling[6] ?? 0) + 1;
  const msp = await seasonsOf("Minneapolis", "MN");
  const heating = byFollows(msp, "heating degree days", "jobs");
  const mia = await seasonsOf("Miami", "FL");
  const furnace = mia.services.filter((s) => /furnace/i.test(s.serviceName));
  const furnaceShare = mia.revenue.map(
    (total, i) => sum(furnace.map((s) => s.revenue[i] ?? 0)) / (total || 1),
  );
  const lines = [
    `Phoenix (${phx.shape.name}, ${phx.shape.distanceMiles} mi): cooling jobs by month ${cooling.join(", ")}; July ranks ${rank}; December–February ${pct(winter(cooling))}`,
    `Minneapolis (${msp.shape.name}, ${msp.shape.distanceMiles} mi): heating jobs by month ${heating.join(", ")}; December–February ${pct(winter(heating))}`,
    `Miami (${mia.shape.name}, ${mia.shape.distanceMiles} mi): furnace work's share of each month's revenue ${furnaceShare.map(pct).join(", ")}; largest ${pct(Math.max(...furnaceShare))}`,
  ];
  for (const [city, state] of [
    ["Anchorage", "AK"],
    ["Honolulu", "HI"],
    ["Hilo", "HI"],
    ["Ely", "MN"],
  ] as const) {
    const s = await seasonsOf(city, state);
    lines.push(
      `${city}, ${state}: shape of ${s.shape.kind} ${s.shape.name}, ${s.shape.state} (${s.shape.distanceMiles ?? "—"} mi); peak month ${s.peakMonth}`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

await main();
