/**
 * The calibration tables of docs/methodology.md ("Calibration"), from the shipped dataset:
 *
 *   pnpm -F @bis/server calibrate
 *
 * National totals (the model summed state by state over every tract) and $ per household by
 * service for metros in every climate (10/15 mi analyses, as a new user would run them).
 */
import { computeMarketAnalysis, INDUSTRY_PROFILES, US_STATES } from "@bis/sdk";
import { nationalTotals } from "../src/providers/places/calibration.js";
import {
  createEmbeddedProvider,
  embeddedDataset,
  loadEmbeddedCensus,
} from "../src/providers/places/embedded.js";
import { createPlaceService } from "../src/services/places/place-service.js";

export const CALIBRATION_METROS = [
  ["Phoenix", "AZ"],
  ["Las Vegas", "NV"],
  ["Houston", "TX"],
  ["Dallas", "TX"],
  ["Miami", "FL"],
  ["Atlanta", "GA"],
  ["Nashville", "TN"],
  ["Los Angeles", "CA"],
  ["San Francisco", "CA"],
  ["Seattle", "WA"],
  ["Portland", "OR"],
  ["Denver", "CO"],
  ["Chicago", "IL"],
  ["Minneapolis", "MN"],
  ["Detroit", "MI"],
  ["Philadelphia", "PA"],
  ["New York", "NY"],
  ["Boston", "MA"],
  ["Anchorage", "AK"],
  ["Honolulu", "HI"],
] as const;

const SERVICES = [
  ["ac-replacement", "AC repl."],
  ["heat-pump-installation", "HP"],
  ["furnace-replacement", "Furnace repl."],
  ["boiler-replacement", "Boiler repl."],
  ["ac-repair", "AC rep."],
  ["furnace-repair", "Furn. rep."],
  ["boiler-repair", "Boil. rep."],
] as const;

async function main() {
  const HVAC = INDUSTRY_PROFILES.HVAC;
  const places = createPlaceService({
    provider: createEmbeddedProvider(),
    census: loadEmbeddedCensus,
  });
  const n = nationalTotals(embeddedDataset(), HVAC);
  const M = (x: number) => `${(x / 1e6).toFixed(2)} M`;
  const out: string[] = [];
  out.push(
    `National (model summed by state): ${M(n.households)} households; $${(n.totalRevenue / 1e9).toFixed(1)} B a year, $${Math.round(n.totalRevenue / n.households)} per household`,
  );
  for (const [id, jobs] of Object.entries(n.jobs))
    out.push(`- ${id}: ${M(jobs)} jobs, $${(((n.revenue[id] ?? 0) as number) / 1e9).toFixed(2)} B`);
  const coolingJobs = (n.jobs["ac-replacement"] ?? 0) + (n.jobs["heat-pump-installation"] ?? 0);
  out.push(
    `AC + heat pump replacements ${M(coolingJobs)} against 7.26 M (AHRI 2024 net of new construction): ${pctOff(coolingJobs / 7_259_000)}; furnace replacements ${M(n.jobs["furnace-replacement"] ?? 0)} against 2.56 M (AHRI 2023): ${pctOff((n.jobs["furnace-replacement"] ?? 0) / 2_560_000)}`,
  );
  out.push("");
  out.push(
    `| market | HDD | CDD | central AC | heat pump | furnace | boiler | single-family | wages | ${SERVICES.map(([, l]) => l).join(" | ")} | all $/household |`,
  );
  out.push(`|---|${"---|".repeat(9 + SERVICES.length)}`);
  for (const [city, state] of CALIBRATION_METROS) {
    const request = { city, state, industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 };
    const { target, ...area } = await places.locate(city, state, request);
    const region = US_STATES.find((s) => s.code === target.state)?.region ?? "South";
    const d = computeMarketAnalysis({
      request,
      target: { ...target, input: city },
      region,
      ...area,
      localZips: places.localZips(target.lat, target.lon, 15),
      profile: HVAC,
      now: new Date(),
    });
    const hh = d.households ?? 1;
    const per = (id: string) =>
      Math.round((d.serviceBreakdown.find((s) => s.serviceId === id)?.estimatedRevenue ?? 0) / hh);
    const lm = d.localMarket;
    const p = (x: number | null | undefined) => (x == null ? "—" : `${Math.round(x * 100)} %`);
    const kind = (id: string) => lm?.equipment?.kinds[id]?.share;
    out.push(
      `| ${city}, ${state} | ${lm?.climate.heatingDegreeDays ?? "—"} | ${lm?.climate.coolingDegreeDays ?? "—"} | ${p(kind("centralAc"))} | ${p(kind("heatPump"))} | ${p(kind("furnace"))} | ${p(kind("boiler"))} | ${p(lm?.housing.singleFamilyShare)} | ${lm?.prices?.wageIndex?.toFixed(2) ?? "U.S."} | ${SERVICES.map(([id]) => `$${per(id)}`).join(" | ")} | $${Math.round(d.avgRevenue ?? 0)} |`,
    );
  }
  out.push("", ...(await checks(places)));
  process.stdout.write(`${out.join("\n")}\n`);
}

const pctOff = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)} %`;

/** The issue's "done when" figures: climate, buildings and wages, as a user would see them. */
async function checks(places: ReturnType<typeof createPlaceService>): Promise<string[]> {
  const HVAC = INDUSTRY_PROFILES.HVAC;
  const run = async (city: string, state: string, r1: number, r2: number) => {
    const request = { city, state, industry: "HVAC", primaryRadius: r1, secondaryRadius: r2 };
    const { target, ...area } = await places.locate(city, state, request);
    const region = US_STATES.find((s) => s.code === target.state)?.region ?? "South";
    return computeMarketAnalysis({
      request,
      target: { ...target, input: city },
      region,
      ...area,
      localZips: places.localZips(target.lat, target.lon, r2),
      profile: HVAC,
      now: new Date(),
    });
  };
  type D = Awaited<ReturnType<typeof run>>;
  const get = (d: D, id: string) => d.serviceBreakdown.find((s) => s.serviceId === id);
  const jobs = (d: D, ...ids: string[]) =>
    ids.reduce((s, id) => s + (get(d, id)?.annualJobs ?? 0), 0);
  const rev = (d: D, ...ids: string[]) =>
    ids.reduce((s, id) => s + (get(d, id)?.estimatedRevenue ?? 0), 0);
  const cool = ["ac-replacement", "heat-pump-installation"];
  const phx = await run("Phoenix", "AZ", 10, 15);
  const msp = await run("Minneapolis", "MN", 10, 15);
  const mia = await run("Miami", "FL", 10, 15);
  const ny = await run("New York", "NY", 5, 5);
  const cle = await run("Cleveland", "OH", 10, 15);
  const gwd = await run("Laurel", "MS", 10, 10);
  const tup = await run("Tupelo", "MS", 10, 10);
  const perHh = (d: D) => jobs(d, ...cool) / (d.households ?? 1);
  const ac = (d: D) =>
    `$${get(d, "ac-replacement")?.averageCost} (wages ${d.localMarket?.prices?.wageIndex?.toFixed(2) ?? "U.S."})`;
  return [
    `- Cooling replacement jobs per household: Phoenix ${perHh(phx).toFixed(4)}, Minneapolis ${perHh(msp).toFixed(4)} (${(perHh(phx) / perHh(msp)).toFixed(2)}×)`,
    `- Miami furnace revenue ÷ cooling revenue: ${((100 * rev(mia, "furnace-replacement", "furnace-repair")) / rev(mia, ...cool, "ac-repair")).toFixed(1)} %`,
    `- New York 5/5 mi heating-equipment replacements per 100 housing units: ${((100 * jobs(ny, "furnace-replacement", "boiler-replacement")) / (ny.censusData.totalHousingUnits ?? 1)).toFixed(2)}`,
    `- AC replacement: New York ${ac(ny)}, Phoenix ${ac(phx)}, Laurel MS ${ac(gwd)}, Tupelo MS ${ac(tup)}`,
    `- Cleveland 10/15 mi metro coverage ${cle.localMarket?.housing.metroCoverage?.toFixed(3)}, tract housing age ${cle.localMarket?.housing.tractAgeCoverage?.toFixed(3)}`,
  ];
}

await main();
