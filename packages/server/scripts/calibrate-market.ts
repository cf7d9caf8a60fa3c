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
  out.push("");
  out.push(
    `| market | HDD | CDD | central AC | heat pump | furnace | boiler | single-family | ${SERVICES.map(([, l]) => l).join(" | ")} | all $/household |`,
  );
  out.push(`|---|${"---|".repeat(8 + SERVICES.length)}`);
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
    out.push(
      `| ${city}, ${state} | ${lm?.climate.heatingDegreeDays ?? "—"} | ${lm?.climate.coolingDegreeDays ?? "—"} | ${p(lm?.equipment.centralAc)} | ${p(lm?.equipment.heatPump)} | ${p(lm?.equipment.furnace)} | ${p(lm?.equipment.boiler)} | ${p(lm?.housing.singleFamilyShare)} | ${SERVICES.map(([id]) => `$${per(id)}`).join(" | ")} | $${Math.round(d.avgRevenue ?? 0)} |`,
    );
  }
  process.stdout.write(`${out.join("\n")}\n`);
}

await main();
