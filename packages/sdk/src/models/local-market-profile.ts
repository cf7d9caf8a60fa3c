/**
 * The "Local market profile" of an analysis: the climate, housing stock, equipment, income and
 * contractors behind its figures, each block with its source, vintage and grade. One builder for
 * the API record that the results page, the PDF, the CLI and the widget read.
 */
import { type CensusRegion, US_STATES } from "../constants.js";
import type { LocalMarket } from "../schemas/market.js";
import type { AreaTotals } from "./coverage.js";
import type { EquipmentModel, EquipmentStock } from "./housing-adjustments.js";
import { equipmentArea, fuelShares, housingMix, type LocalContext } from "./housing-adjustments.js";
import {
  areaBuildings,
  localMeans,
  NATIONAL_DEGREE_DAYS,
  NATIONAL_TRADE_WAGE,
  wageIndex,
} from "./local-market.js";
import type { LocalSources, PlaceDataset, StateBaseline } from "./places.js";

/** What the server knows of the ZIP areas in range. */
export interface LocalZips {
  /** NAICS 238220 establishments in the ZIP areas in range (ZIP Code Business Patterns). */
  contractors: number;
  /** The climate zone of the ZIP area nearest the target. */
  zone: string | null;
  zoneName: string | null;
}

/** The local context of a service area, when the dataset and the area's units carry it. */
export function localContext(
  totals: AreaTotals,
  dataset: Pick<PlaceDataset, "baselines" | "localSources">,
  state: string,
): LocalContext | undefined {
  const baseline: StateBaseline | undefined = dataset.baselines?.[state];
  const sources = dataset.localSources;
  if (!totals.local || !baseline || !sources || !(totals.local.households > 0)) return undefined;
  const metro = totals.local.metroHousing / totals.local.households;
  return {
    stock: totals.local,
    baseline,
    stateName: US_STATES.find((s) => s.code === state)?.name ?? state,
    housingSource: housingSourceText(metro),
    climateSource: sources.climate,
    contractorsSource: sources.contractors,
  };
}

const pct = (n: number) => `${Math.round(n * 100)} %`;

function housingSourceText(metroShare: number): string {
  const metro = "ACS 2019–2023 DP04 of the metro and micro areas in range";
  const state = "NREL ResStock state shares (EIA RECS 2020, ACS PUMS)";
  if (metroShare >= 0.995) return metro;
  if (metroShare <= 0.005) return `${state}; no metro or micro area covers this area`;
  return `${metro} (${pct(metroShare)} of homes), else ${state}`;
}

/** The profile shown with the analysis; null without local data. */
export function localMarketProfile(
  totals: AreaTotals,
  context: LocalContext | undefined,
  sources: LocalSources | undefined,
  zips: LocalZips | undefined,
  equipmentModel: EquipmentModel | undefined,
  region: CensusRegion,
  /** The model's estimate already made for the area's assumptions (else estimated here). */
  estimated?: EquipmentStock,
): LocalMarket | undefined {
  const local = totals.local;
  const housing = totals.housing;
  if (!context || !local || !housing || !sources) return undefined;
  const means = localMeans(local);
  const fuel = fuelShares(housing, local);
  const mix = housingMix(housing);
  if (!means || !fuel || !mix.built) return undefined;
  const buildings = areaBuildings(local, totals.housingUnits);
  const stock =
    estimated ??
    equipmentModel?.estimate(
      equipmentArea(
        region,
        { housing, tracts: 0, vintage: "", local: context },
        context.housingSource,
        () => null,
        totals.households,
      ),
    );
  const index = wageIndex(local);
  const households = totals.households;
  const establishments = zips?.contractors ?? 0;
  const modeled = (source: string, vintage: string, method: string) => ({
    source,
    vintage,
    grade: "modeled" as const,
    method,
  });
  return {
    climate: {
      heatingDegreeDays: Math.round(means.heatingDegreeDays),
      coolingDegreeDays: Math.round(means.coolingDegreeDays),
      heatingVsNational: means.heatingDegreeDays / NATIONAL_DEGREE_DAYS.heating,
      coolingVsNational: means.coolingDegreeDays / NATIONAL_DEGREE_DAYS.cooling,
      zone: zips?.zone ?? null,
      zoneName: zips?.zoneName ?? null,
      provenance: modeled(
        sources.climate,
        "1991–2020 normals",
        "Each tract's degree days from the 4 nearest NOAA stations (inverse-distance weights, no elevation correction), averaged over the area's households",
      ),
    },
    housing: {
      builtBefore1980: mix.built.before1980,
      built1980To1999: mix.built.from1980To1999,
      built2000OrLater: mix.built.since2000,
      fuel,
      singleFamilyShare:
        totals.housingUnits > 0
          ? Math.min(1, totals.singleFamilyUnits / totals.housingUnits)
          : null,
      ownerOccupiedShare: mix.ownerOccupied,
      metroCoverage: local.households > 0 ? local.metroHousing / local.households : null,
      tractAgeCoverage:
        totals.housingUnits > 0 ? Math.min(1, local.tractAge / totals.housingUnits) : null,
      buildings: buildings
        ? {
            ...buildings.shares,
            buildings2to4: Math.round(local.buildings2to4),
            buildings5plus: Math.round(local.buildings5plus),
            centralPlantBuildings: stock?.centralPlantBuildings ?? 0,
            provenance: modeled(
              context.housingSource,
              "ACS 2019–2023; ResStock 2024",
              "Each tract's homes that are not single-family split by its metro's (else state's) units-in-structure shares; buildings = units ÷ the mean units per building of the DP04 bins; central plants = 5+ unit buildings whose shared system is commercial work, left out of the residential revenue (see the equipment's sources)",
            ),
          }
        : null,
      provenance: modeled(
        context.housingSource,
        "ACS 2019–2023; ResStock 2024",
        "The metro or micro area's shares (else the state's) applied to each tract's homes; single-family homes raked by each tract's owner share so the metro total stays the published one",
      ),
      tenureProvenance: modeled(
        sources.tenure,
        "ACS 2019–2023",
        "Each tract's homes × the occupied and owner-occupied shares of the ZIP area nearest its centre",
      ),
    },
    equipment:
      equipmentModel && stock?.homes
        ? {
            title: equipmentModel.title,
            kinds: Object.fromEntries(
              equipmentModel.kinds.map((k) => [
                k.id,
                { label: k.label, share: stock.homes?.[k.id] ?? 0 },
              ]),
            ),
            provenance: modeled(
              `${equipmentModel.source} (${context.stateName} baseline)`,
              "RECS 2020; ACS 2019–2023; 1991–2020 normals",
              equipmentModel.method,
            ),
          }
        : null,
    prices: {
      wageIndex: index,
      annualWage:
        local.countyEmployment > 0
          ? Math.round((local.countyPayroll * 1000) / local.countyEmployment)
          : null,
      nationalWage: NATIONAL_TRADE_WAGE.value,
      provenance: modeled(
        sources.contractors,
        "2021",
        index === null
          ? "Too few NAICS 238220 employees counted in the area's counties: tickets at U.S. prices"
          : "Payroll ÷ employees of the counties in range (each apportioned by its households in range) ÷ the U.S. figure; each ticket's labour share × this index, its equipment at the U.S. price",
      ),
    },
    income:
      means.medianHouseholdIncome !== null
        ? {
            medianHouseholdIncome: Math.round(means.medianHouseholdIncome),
            provenance: modeled(
              sources.income,
              "ACS 2017–2021",
              "The counties' median household incomes, weighted by the area's households in each",
            ),
          }
        : null,
    contractors: {
      establishments,
      householdsPerContractor: establishments > 0 ? Math.round(households / establishments) : null,
      countyEstablishments:
        local.countyContractors > 0 ? Math.round(local.countyContractors) : null,
      countyEmployment: local.countyEmployment > 0 ? Math.round(local.countyEmployment) : null,
      countyPayroll: local.countyPayroll > 0 ? Math.round(local.countyPayroll * 1000) : null,
      provenance: {
        source: sources.zipContractors,
        vintage: "2022",
        grade: "measured",
        method:
          "Establishments of the ZIP areas whose internal point lies within the service radius (ZIP codes with very few establishments are not published)",
      },
      countyProvenance: modeled(
        sources.contractors,
        "2021",
        "Each county's establishments, employees and payroll × the share of its households in the service area",
      ),
    },
  };
}
