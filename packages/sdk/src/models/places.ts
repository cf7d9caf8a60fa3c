/**
 * Place data as the market model consumes it, whatever provider it came from
 * (the embedded Census dataset, the Census Data API, an operator's import).
 */
import type { Provenance } from "../schemas/entities.js";

/** Anything with a point, for the spatial index. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface PlaceRecord extends GeoPoint {
  /** Provider-specific id: Census GEOID, … */
  id: string;
  name: string;
  /** Two-letter state code. */
  state: string;
  population: number;
  households: number | null;
  housingUnits: number | null;
  singleFamilyUnits: number | null;
  medianHouseholdIncome: number | null;
  /**
   * Radius in miles of the disc the place's residents are spread over when a service radius
   * cuts through it (0: treat the place as a point). Used only by datasets without area units.
   */
  footprintMiles: number;
}

/**
 * Housing stock of an area unit, from ACS 5-year tract tables (census-api provider): tenure
 * (B25003), year structure built (B25034) and house heating fuel (B25040). Counts of units.
 */
export interface HousingStock {
  /** Occupied housing units (B25003_001E). */
  occupied: number;
  /** Owner-occupied units (B25003_002E). */
  ownerOccupied: number;
  /** Units by year built (B25034): 2000 or later, 1980–1999, before 1980. */
  built2000OrLater: number;
  built1980To1999: number;
  builtBefore1980: number;
  /** Occupied units by house heating fuel (B25040). */
  heatingGas: number;
  heatingElectricity: number;
  heatingFuelOil: number;
  heatingOther: number;
  heatingNone: number;
}

/**
 * What the local market model sums over an area's units besides the housing stock: climate
 * weighted by households, county income and contractors apportioned by households, and homes
 * heated with bottled gas (the housing stock's gas includes them). Sums, so that a service area's
 * figures are sums over its tracts; divide by `households` for means.
 */
export interface LocalStock {
  /** Households the sums below are weighted by. */
  households: number;
  /** Σ households × annual heating / cooling degree days (base 65 °F). */
  heatingDegreeDays: number;
  coolingDegreeDays: number;
  /** Σ households × the county's median household income, and the households it covers. */
  incomeSum: number;
  incomeHouseholds: number;
  /** The county's NAICS 238220 establishments, employees, payroll ($1,000), × the unit's share of its households. */
  countyContractors: number;
  countyEmployment: number;
  countyPayroll: number;
  /** Occupied homes heated with bottled, tank or LP gas. */
  heatingPropane: number;
  /** Homes whose stock shares come from a metro or micro area's DP04 (the rest: state tables). */
  metroHousing: number;
  /**
   * Housing units in buildings of 2–4 units, of 5 or more units, and mobile homes: the tract's
   * homes that are not single-family, split by its profile's DP04 (or ResStock) shares.
   */
  units2to4: number;
  units5plus: number;
  mobileHomes: number;
  /** Buildings of 2–4 and of 5+ units: those units ÷ the profile's mean units per building. */
  buildings2to4: number;
  buildings5plus: number;
  /**
   * Housing units whose year built is their own tract's (ACS 2010–2014 B25034 of its 2010 tract,
   * raked to the profile's 2019–2023 DP04); the rest take their county's mix.
   */
  tractAge: number;
}

/** The building groups the equipment model splits homes into. */
export const BUILDING_GROUPS = ["singleFamily", "units2to4", "units5plus", "mobile"] as const;
export type BuildingGroup = (typeof BUILDING_GROUPS)[number];

/** A state's equipment in one building group (ResStock conditional tables), shares 0–1. */
export interface GroupEquipment {
  /** The group's share of the state's homes. */
  share: number;
  /** Of the group's homes, by the dataset's equipment columns (an industry's model reads them). */
  equipment: Record<string, number>;
}

/**
 * A state's equipment mix (NREL ResStock, from EIA RECS 2020), shares of homes by the dataset's
 * equipment columns (the industries' equipment models read them), and its mean degree days
 * (household-weighted over its tracts): the baseline the local model adjusts.
 */
export interface StateBaseline {
  equipment: Record<string, number>;
  heatingDegreeDays: number;
  coolingDegreeDays: number;
  /** The state's homes by building group, and each group's equipment. */
  groups: Record<BuildingGroup, GroupEquipment>;
}

/**
 * A small area whose residents are counted where its population centre lies: a census tract
 * (about 4,000 people). A dataset with units sums them by centroid containment.
 */
export interface AreaUnit extends GeoPoint {
  /** Census tract GEOID (state + county + tract, 11 digits). */
  id: string;
  population: number;
  households: number | null;
  housingUnits: number | null;
  singleFamilyUnits: number | null;
  /**
   * Tract-level housing tables (census-api, measured), or the embedded dataset's modeled stock
   * (metro or state shares × the tract's homes).
   */
  housing?: HousingStock;
  /** The local market sums (embedded dataset: climate, county income and contractors). */
  local?: LocalStock;
}

/** A ZIP Code Tabulation Area: its internal point and ACS figures. */
export interface ZipArea extends GeoPoint {
  zip: string;
  /** The Census primary place, else the largest place in the ZIP, else "Unincorporated {county}". */
  place: string;
  state: string;
  population: number;
  housingUnits: number;
  /** Occupied and owner-occupied homes (ACS B25003), where published. */
  households?: number | null;
  ownerOccupied?: number | null;
  /** NAICS 238220 establishments (ZIP Code Business Patterns); 0 where none is published. */
  contractors?: number;
  /** ACS 2014–2018 per-capita income (B19301, dollars), of its 2010 ZCTA; null where unpublished. */
  perCapitaIncome?: number | null;
  /** ACS 2014–2018 shares (0–1) of its housing units that are mobile homes and that are vacant. */
  mobileHomeShare?: number | null;
  vacantShare?: number | null;
  /** IECC climate zone ("4A", "CEC 12") and Building America zone ("Mixed-Humid"). */
  climateZone?: string;
  buildingAmericaZone?: string;
}

/**
 * A ZIP area's housing stock and county income, summed over the tracts whose population centre's
 * nearest ZCTA it is (embedded dataset: each tract's homes × its metro or state year-built
 * shares; its county's median income). Sums, like `LocalStock`.
 */
export interface ZipStock {
  housingUnits: number;
  households: number;
  builtBefore1980: number;
  built1980To1999: number;
  built2000OrLater: number;
  /** Σ households × county median household income, and the households it covers. */
  incomeSum: number;
  incomeHouseholds: number;
}

/** Residents per square mile living outside the listed places, by state. */
export interface BackgroundDensity {
  population: number;
  households: number;
  housingUnits: number;
  singleFamilyUnits: number;
}

export type PlaceFigure = "population" | "households" | "housingUnits" | "singleFamilyUnits";

export interface PlaceDataset {
  provider: "embedded" | "census-api" | "import";
  /** e.g. "U.S. Census Bureau: 2020 Census tracts, ACS 2017–2021 places and ZCTAs". */
  label: string;
  vintage: string;
  /** Where each area figure comes from and how good it is. */
  provenance: Record<PlaceFigure, Provenance & { method: string }>;
  /** By state code; absent when units or places cover every resident. */
  background: Record<string, BackgroundDensity>;
  /** How the background was obtained (shown with the totals). */
  backgroundMethod: string | null;
  /** The places of the city table and of geocoding. */
  places: PlaceRecord[];
  /** Each state's equipment baseline, by state code (datasets with local data). */
  baselines?: Record<string, StateBaseline>;
  /** Where the local figures come from (shown with the local market profile). */
  localSources?: LocalSources;
  /**
   * Small areas (census tracts) that the area totals are summed from, by centroid containment.
   * Without them, totals come from the places' discs plus the background density.
   */
  units?: AreaUnit[];
}

/** The sources and vintages of a dataset's local figures, as shown to users. */
export interface LocalSources {
  climate: string;
  housing: string;
  tenure: string;
  income: string;
  contractors: string;
  zipContractors: string;
  equipment: string;
}
