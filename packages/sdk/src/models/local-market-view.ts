/**
 * The "Local market profile" as people read it: one labelled, formatted row per figure, each
 * with the provenance (source, vintage, grade, method) of the block it comes from. One rule for
 * the results page, the PDF report, the CLI and the widget's summary line. Pure, browser-safe
 * (Intl only); a missing figure (null) drops its row, an older record (no profile) gives none.
 */
import {
  formatCompactCurrency,
  formatCurrency,
  formatDecimal,
  formatWholePercent,
} from "../format.js";
import { upgradeLegacyEquipment } from "../industries/legacy.js";
import type { EquipmentRecord, LocalMarket } from "../schemas/market.js";
import type { FigureProvenance } from "../schemas/provenance.js";

export const LOCAL_MARKET_TITLE = "Local market profile";

/**
 * The profile's equipment, also from a record read unparsed (the server's stored records): an
 * older record's (one field per kind) as the record by kind it is now; null without any.
 */
export function localMarketEquipment(local: LocalMarket): EquipmentRecord | null {
  return (upgradeLegacyEquipment(local.equipment) as EquipmentRecord | null) ?? null;
}

export type LocalMarketGroup = "climate" | "housing" | "equipment" | "income" | "contractors";

export interface LocalMarketRow {
  /** Stable id: "heatingDegreeDays", "fuel", "contractors" … */
  key: string;
  group: LocalMarketGroup;
  label: string;
  value: string;
  provenance: FigureProvenance;
}

/** A share of homes (0–1) as a whole percent, as every figure is written: 0.523 → "52%". */
const localShare = formatWholePercent;

const times = (ratio: number) => `${formatDecimal(ratio, 1, 1)}× U.S.`;

/** "gas 62%, electricity 24%, propane 5%": largest first, zero shares left out. */
function fuelText(fuel: LocalMarket["housing"]["fuel"]): string {
  const parts: [string, number][] = [
    ["gas", fuel.gas],
    ["electricity", fuel.electricity],
    ["propane", fuel.propane],
    ["fuel oil", fuel.fuelOil],
    ["other or none", fuel.otherOrNone],
  ];
  return parts
    .filter(([, share]) => share > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${name} ${localShare(share)}`)
    .join(", ");
}

/** "6A Cold", "CEC 12", "Hot-Dry"; null when neither is known. */
function zoneText(zone: string | null, name: string | null): string | null {
  const text = [zone, name].filter((s): s is string => !!s && s.trim() !== "").join(" ");
  return text || null;
}

/** Every row of the profile, in reading order; none for a record without one. */
export function localMarketRows(local: LocalMarket | null | undefined): LocalMarketRow[] {
  if (!local) return [];
  const rows: LocalMarketRow[] = [];
  const add = (
    key: string,
    group: LocalMarketGroup,
    label: string,
    value: string | null,
    provenance: FigureProvenance,
  ) => {
    if (value !== null) rows.push({ key, group, label, value, provenance });
  };
  const { climate, housing, income, contractors } = local;
  const equipment = localMarketEquipment(local);

  add(
    "heatingDegreeDays",
    "climate",
    "Heating degree days",
    `${formatDecimal(climate.heatingDegreeDays)} (${times(climate.heatingVsNational)})`,
    climate.provenance,
  );
  add(
    "coolingDegreeDays",
    "climate",
    "Cooling degree days",
    `${formatDecimal(climate.coolingDegreeDays)} (${times(climate.coolingVsNational)})`,
    climate.provenance,
  );
  add(
    "climateZone",
    "climate",
    "Climate zone",
    zoneText(climate.zone, climate.zoneName),
    climate.provenance,
  );

  add(
    "builtBefore1980",
    "housing",
    "Built before 1980",
    localShare(housing.builtBefore1980),
    housing.provenance,
  );
  add(
    "built1980To1999",
    "housing",
    "Built 1980–1999",
    localShare(housing.built1980To1999),
    housing.provenance,
  );
  add(
    "built2000OrLater",
    "housing",
    "Built 2000 or later",
    localShare(housing.built2000OrLater),
    housing.provenance,
  );
  add("fuel", "housing", "Heating fuel", fuelText(housing.fuel) || null, housing.provenance);
  add(
    "ownerOccupied",
    "housing",
    "Owner-occupied",
    housing.ownerOccupiedShare === null ? null : localShare(housing.ownerOccupiedShare),
    housing.tenureProvenance,
  );
  add(
    "singleFamily",
    "housing",
    "Single-family",
    housing.singleFamilyShare === null ? null : localShare(housing.singleFamilyShare),
    housing.provenance,
  );

  const buildings = housing.buildings;
  if (buildings) {
    add(
      "buildingTypes",
      "housing",
      "Homes by building",
      [
        `single-family ${localShare(buildings.singleFamily)}`,
        `2–4 units ${localShare(buildings.units2to4)}`,
        `5+ units ${localShare(buildings.units5plus)}`,
        `mobile homes ${localShare(buildings.mobile)}`,
      ].join(" · "),
      buildings.provenance,
    );
    add(
      "buildings",
      "housing",
      "Apartment buildings",
      `${formatDecimal(buildings.buildings2to4)} of 2–4 units · ${formatDecimal(buildings.buildings5plus)} of 5+ units (${formatDecimal(buildings.centralPlantBuildings)} with a central plant: commercial work, not counted)`,
      buildings.provenance,
    );
  }
  if (housing.tractAgeCoverage !== undefined && housing.tractAgeCoverage !== null)
    add(
      "tractAge",
      "housing",
      "Housing age from each tract's own homes",
      `${localShare(housing.tractAgeCoverage)} of homes (the rest: their county's)`,
      housing.provenance,
    );
  add(
    "metroCoverage",
    "housing",
    "Housing mix from the metro area's tables",
    housing.metroCoverage === null
      ? null
      : `${localShare(housing.metroCoverage)} of homes (the rest: their state's)`,
    housing.provenance,
  );

  if (equipment)
    add(
      "equipment",
      "equipment",
      equipment.title,
      Object.values(equipment.kinds)
        .map((k) => `${k.label} ${localShare(k.share)}`)
        .join(" · "),
      equipment.provenance,
    );

  const prices = local.prices;
  if (prices)
    add(
      "wageIndex",
      "contractors",
      "Contractor wages",
      prices.wageIndex === null || prices.annualWage === null
        ? `U.S. level (too few employees counted here; U.S. ${formatCurrency(prices.nationalWage)} a year)`
        : `${formatDecimal(prices.wageIndex, 2, 2)}× U.S. (${formatCurrency(prices.annualWage)} a year per employee against ${formatCurrency(prices.nationalWage)}): tickets' labour share follows it`,
      prices.provenance,
    );

  if (income)
    add(
      "medianHouseholdIncome",
      "income",
      "Median household income",
      formatCurrency(income.medianHouseholdIncome),
      income.provenance,
    );

  add(
    "contractors",
    "contractors",
    "Contractors in range",
    contractors.householdsPerContractor === null
      ? formatDecimal(contractors.establishments)
      : `${formatDecimal(contractors.establishments)} (${formatDecimal(contractors.householdsPerContractor)} households each)`,
    contractors.provenance,
  );
  const county = [
    contractors.countyEstablishments === null
      ? null
      : `${formatDecimal(contractors.countyEstablishments)} establishments`,
    contractors.countyEmployment === null
      ? null
      : `${formatDecimal(contractors.countyEmployment)} employees`,
    contractors.countyPayroll === null
      ? null
      : `${formatCompactCurrency(contractors.countyPayroll)} payroll a year`,
  ].filter((s): s is string => s !== null);
  add(
    "countyContractors",
    "contractors",
    "Contractors, county share",
    county.length > 0 ? county.join(" · ") : null,
    contractors.countyProvenance,
  );
  return rows;
}

/** A row as one line of text: "Heating degree days: 7,604 (1.9× U.S.)". */
export function localMarketRowText(row: LocalMarketRow): string {
  return `${row.label}: ${row.value}`;
}

/** "Source; vintage; Modeled": the citation printed with a row. */
export function localMarketSourceText(p: FigureProvenance): string {
  const grade = p.grade.charAt(0).toUpperCase() + p.grade.slice(1);
  return `${p.source}; ${p.vintage}; ${grade}`;
}

/**
 * The widget's one line: "Climate: 7,604 heating · 1,125 cooling degree days · 696 contractors
 * in range"; null for a record without a profile.
 */
export function localMarketSummary(local: LocalMarket | null | undefined): string | null {
  if (!local) return null;
  const { climate, contractors } = local;
  return `Climate: ${formatDecimal(climate.heatingDegreeDays)} heating · ${formatDecimal(climate.coolingDegreeDays)} cooling degree days · ${formatDecimal(contractors.establishments)} contractors in range`;
}
