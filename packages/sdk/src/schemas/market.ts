/**
 * The market analysis (the specification's marketAnalysisData) plus what BIS adds to every result:
 * the target as geocoded, the data source, each figure's provenance and the assumptions.
 */
import { z } from "zod";
import { upgradeLegacyEquipment } from "../industries/legacy.js";
import { figureProvenanceSchema } from "./provenance.js";

const isoDate = z.string().describe("ISO 8601 timestamp");

export const serviceAreaSchema = z.enum(["primary", "secondary"]);
export type ServiceArea = z.infer<typeof serviceAreaSchema>;

export const cityBreakdownEntrySchema = z.object({
  name: z.string(),
  cityName: z.string().optional(),
  state: z.string().optional(),
  population: z.number().nullable(),
  housingUnits: z.number().nullable(),
  households: z.number().nullable().optional(),
  singleFamilyUnits: z.number().nullable().optional(),
  serviceArea: serviceAreaSchema,
  distanceMiles: z.number().optional(),
  lat: z.number().optional(),
  lon: z.number().optional(),
});
export type CityBreakdownEntry = z.infer<typeof cityBreakdownEntrySchema>;

export const serviceBreakdownEntrySchema = z.object({
  serviceId: z.string().optional(),
  serviceName: z.string(),
  estimatedRevenue: z.number(),
  annualJobs: z.number(),
  averageCost: z.number(),
  /** A fraction (0.05 = 5 %); the UI shows whole percent. */
  marketPenetration: z.number(),
  /** The formula with the values used, e.g. "48,210 households × 62% × 1/15 yr". */
  formula: z.string().optional(),
});
export type ServiceBreakdownEntry = z.infer<typeof serviceBreakdownEntrySchema>;

export const censusDataSchema = z.object({
  totalPopulation: z.number().nullable(),
  totalHousingUnits: z.number().nullable(),
  singleFamilyUnits: z.number().nullable(),
  commercialUnits: z.number().nullable(),
});
export type CensusData = z.infer<typeof censusDataSchema>;

export const assumptionUnitSchema = z.enum([
  "usd",
  "years",
  "share",
  "rate",
  "degreeDays",
  "index",
]);
export type AssumptionUnit = z.infer<typeof assumptionUnitSchema>;

/**
 * A named input of the market model. `basis`: a figure published by the source, one derived
 * from published figures, or a BIS estimate where no published figure was found.
 */
export const assumptionSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  defaultValue: z.number(),
  unit: assumptionUnitSchema,
  min: z.number(),
  max: z.number(),
  basis: z.enum(["published", "derived", "estimate"]),
  source: z.string(),
  sourceUrl: z.string().optional(),
});
export type Assumption = z.infer<typeof assumptionSchema>;

export const marketFigureSchema = z.enum([
  "population",
  "households",
  "housingUnits",
  "singleFamilyUnits",
  "commercialUnits",
  "revenue",
]);
export type MarketFigure = z.infer<typeof marketFigureSchema>;

export const marketSummarySchema = z.looseObject({
  totalMarketRevenue: z.number(),
  avgAnnualRevenuePerHousehold: z.number().nullable(),
  citiesInRange: z.number(),
  primaryCities: z.number(),
  secondaryCities: z.number(),
  primaryPopulation: z.number(),
  primaryHouseholds: z.number(),
  /** Residents of listed places within the secondary radius. */
  listedPlacesPopulation: z.number(),
  /** Residents outside listed places (modeled background) within the secondary radius. */
  outsidePlacesPopulation: z.number(),
  /** Census tracts counted (centroid within the secondary radius), for tract-level data. */
  tractsInRange: z.number().optional(),
});
export type MarketSummary = z.infer<typeof marketSummarySchema>;

export const ZIP_SCORE_COMPONENT_KEYS = [
  "households",
  "ownership",
  "housingAge",
  "competition",
  "income",
] as const;
export const zipScoreComponentKeySchema = z.enum(ZIP_SCORE_COMPONENT_KEYS);
export type ZipScoreComponentKey = z.infer<typeof zipScoreComponentKeySchema>;

/** One part of a ZIP area's opportunity score (0–100, high = better for a contractor). */
export const zipScoreComponentSchema = z.object({
  key: zipScoreComponentKeySchema,
  label: z.string(),
  score: z.number(),
  /** Fraction of the score (the weights of the components present sum to 1). */
  weight: z.number(),
  /** The input in words: "72% owner-occupied". */
  detail: z.string(),
  /** The figure its reason line names: "62% of homes built before 1980". */
  figure: z.string().optional(),
});
export type ZipScoreComponent = z.infer<typeof zipScoreComponentSchema>;

/** The median year built of a ZIP area's homes, as a band of the ACS year-built table. */
export const yearBuiltBandSchema = z.enum(["before 1980", "1980–1999", "2000 or later"]);
export type YearBuiltBand = z.infer<typeof yearBuiltBandSchema>;

/** One ZIP Code Tabulation Area of the service area (internal point within the radius). */
export const zipAreaRowSchema = z.object({
  zip: z.string(),
  /** The Census primary place, else the largest place in the ZIP, else "Unincorporated {county}". */
  place: z.string(),
  state: z.string(),
  population: z.number(),
  housingUnits: z.number(),
  distanceMiles: z.number(),
  serviceArea: serviceAreaSchema,
  /** The ZCTA's internal point (the map's ZIP layer). */
  lat: z.number(),
  lon: z.number(),
  /** Occupied homes (ACS B25003 by ZCTA; tract sum where unpublished). */
  households: z.number().nullable(),
  /** Owner-occupied homes (ACS B25003 by ZCTA), all structure types. */
  ownerOccupied: z.number().nullable(),
  ownerOccupiedShare: z.number().nullable(),
  /** Share of homes built before 1980 (the ZIP's tracts' own year built, ACS 2010–2014 B25034). */
  builtBefore1980Share: z.number().nullable(),
  medianYearBuilt: yearBuiltBandSchema.nullable(),
  /** Where the housing age comes from: the ZIP's own tracts, or (no tract of its own) the analysis area's. */
  housingAgeSource: z.enum(["zip", "area"]).nullable().optional(),
  /** County median household income (ACS B19013), household-weighted over the ZIP's tracts. */
  medianIncome: z.number().nullable(),
  /** The ZIP's own per-capita income (ACS 2014–2018 B19301, its 2010 ZCTA); null where unpublished. */
  perCapitaIncome: z.number().nullable().optional(),
  /** Shares of its housing units that are mobile homes and that are vacant (ACS 2014–2018). */
  mobileHomeShare: z.number().nullable().optional(),
  vacantShare: z.number().nullable().optional(),
  /** Estimated annual revenue of the industry's services in the ZIP (dollars). */
  revenue: z.number().nullable(),
  revenueByService: z.record(z.string(), z.number()),
  /** NAICS 238220 establishments at the ZIP's own addresses (ZIP Code Business Patterns 2022). */
  contractors: z.number(),
  householdsPerContractor: z.number().nullable(),
  /** Establishments of the ZIP areas within ZIP_COMPETITION_RADIUS_MILES, and per 10,000 of their households. */
  contractorsNearby: z.number().nullable().optional(),
  contractorsNearbyPer10k: z.number().nullable().optional(),
  /** Opportunity score 0–100 (docs/methodology.md, "ZIP opportunity score"). */
  score: z.number(),
  scoreComponents: z.array(zipScoreComponentSchema),
  /** One line of reasons, each with its direction and figure: "+ 62% of homes built before 1980; − 41 contractors within 5 miles (…)". */
  reasons: z.string(),
  /** The same reasons in their two groups. */
  reasonGroups: z.object({ raises: z.array(z.string()), lowers: z.array(z.string()) }).optional(),
});
export type ZipAreaRow = z.infer<typeof zipAreaRowSchema>;

/** What an analysis record keeps of its ZIP areas; the rows are recomputed on request. */
export const zipAreasSummarySchema = z.object({
  count: z.number(),
  primary: z.number(),
  secondary: z.number(),
  /** Populated ZIP areas in range left out because no household lives there (bases, campuses). */
  withoutHouseholds: z.number().optional(),
});
export type ZipAreasSummary = z.infer<typeof zipAreasSummarySchema>;

/** GET /api/analyses/{id}/zip-areas: every ZCTA in range, nearest first. */
export const zipAreasResponseSchema = z.object({
  analysisId: z.string(),
  location: z.string(),
  rows: z.array(zipAreaRowSchema),
  /** Populated ZIP areas in range left out because no household lives there. */
  withoutHouseholds: z.number().optional(),
  provenance: figureProvenanceSchema,
});
export type ZipAreasResponse = z.infer<typeof zipAreasResponseSchema>;

/** Columns the ZIP list sorts by (each with its natural direction, see `ZIP_SORT_DIRECTIONS`). */
export const ZIP_SORT_KEYS = [
  "score",
  "zip",
  "place",
  "population",
  "housingUnits",
  "households",
  "ownerOccupied",
  "builtBefore1980Share",
  "medianIncome",
  "perCapitaIncome",
  "revenue",
  "contractors",
  "householdsPerContractor",
  "contractorsNearbyPer10k",
  "distanceMiles",
] as const;
export const zipSortKeySchema = z.enum(ZIP_SORT_KEYS);
export type ZipSortKey = z.infer<typeof zipSortKeySchema>;

/** GET /api/analyses/{id}/zip-areas?sort=&order=&limit= (and the .csv / .xlsx downloads). */
export const zipAreasQuerySchema = z.strictObject({
  sort: zipSortKeySchema.optional(),
  order: z.enum(["asc", "desc"]).optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, "limit must be a whole number from 1 to 9999")
    .transform(Number)
    .optional(),
});
export type ZipAreasQuery = z.infer<typeof zipAreasQuerySchema>;

const share = z.number().min(0).max(1);

/**
 * The equipment of the local market profile: a record keyed by the industry's equipment ids
 * (`EquipmentModel.kinds`), each with its label and its share of homes. Records stored before it
 * was a record (one field per kind) are read as one.
 */
export const equipmentRecordSchema = z.preprocess(
  upgradeLegacyEquipment,
  z.object({
    title: z.string(),
    kinds: z.record(z.string(), z.object({ label: z.string(), share })),
    provenance: figureProvenanceSchema,
  }),
);
export type EquipmentRecord = z.infer<typeof equipmentRecordSchema>;

/**
 * The local market profile: why this market's figures are its own. Each block carries its
 * source, vintage and grade; shares are fractions of homes (0–1).
 */
export const localMarketSchema = z.object({
  climate: z.object({
    /** Annual heating and cooling degree days (base 65 °F), household-weighted over the area. */
    heatingDegreeDays: z.number(),
    coolingDegreeDays: z.number(),
    /** Relative to the U.S. household-weighted mean (1 = national). */
    heatingVsNational: z.number(),
    coolingVsNational: z.number(),
    /** IECC climate zone of the target's ZIP area ("2B", "CEC 12") and Building America zone. */
    zone: z.string().nullable(),
    zoneName: z.string().nullable(),
    provenance: figureProvenanceSchema,
  }),
  housing: z.object({
    builtBefore1980: share,
    built1980To1999: share,
    built2000OrLater: share,
    fuel: z.object({
      gas: share,
      propane: share,
      electricity: share,
      fuelOil: share,
      otherOrNone: share,
    }),
    singleFamilyShare: share.nullable(),
    ownerOccupiedShare: share.nullable(),
    /** Share of the area's homes whose stock shares come from a metro or micro area's table. */
    metroCoverage: share.nullable(),
    /** Share of the area's homes whose year built is their own tract's (the rest: their county's). Absent on older records. */
    tractAgeCoverage: share.nullable().optional(),
    /** Homes by building type (shares of housing units), buildings of 2–4 and 5+ units, and the 5+ unit buildings whose central plant is left out. Absent on older records. */
    buildings: z
      .object({
        singleFamily: share,
        units2to4: share,
        units5plus: share,
        mobile: share,
        buildings2to4: z.number(),
        buildings5plus: z.number(),
        centralPlantBuildings: z.number(),
        provenance: figureProvenanceSchema,
      })
      .nullable()
      .optional(),
    provenance: figureProvenanceSchema,
    tenureProvenance: figureProvenanceSchema,
  }),
  /** Null for an industry without an equipment model. */
  equipment: equipmentRecordSchema.nullable(),
  /** Local wages of NAICS 238220 (the wage index the tickets follow). Absent on older records. */
  prices: z
    .object({
      wageIndex: z.number().nullable(),
      annualWage: z.number().nullable(),
      nationalWage: z.number(),
      provenance: figureProvenanceSchema,
    })
    .optional(),
  income: z
    .object({ medianHouseholdIncome: z.number(), provenance: figureProvenanceSchema })
    .nullable(),
  contractors: z.object({
    /** NAICS 238220 establishments in the ZIP areas in range (ZIP Code Business Patterns). */
    establishments: z.number(),
    householdsPerContractor: z.number().nullable(),
    /** County Business Patterns, apportioned to the area by households. */
    countyEstablishments: z.number().nullable(),
    countyEmployment: z.number().nullable(),
    countyPayroll: z.number().nullable(),
    provenance: figureProvenanceSchema,
    countyProvenance: figureProvenanceSchema,
  }),
});
export type LocalMarket = z.infer<typeof localMarketSchema>;

const twelveMonths = z.array(z.number()).length(12);

/** One service's year: its twelve months (January first), each summing to the yearly figure. */
export const seasonServiceSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  /** What its weather-driven part follows, in words ("cooling degree days"). */
  follows: z.string(),
  /** Share of its jobs that follow it (an assumption); the rest spread evenly by days. */
  weatherShare: z.number(),
  /** Each month's share of the year (fractions, 4 decimals, summing to about 1). */
  shares: twelveMonths,
  jobs: twelveMonths,
  revenue: twelveMonths,
  /** 1 = January. */
  peakMonth: z.number().int().min(1).max(12),
});
export type SeasonService = z.infer<typeof seasonServiceSchema>;

/** The market's year: degree days and each service's jobs and revenue by month (modeled). */
export const marketSeasonsSchema = z.object({
  heatingDegreeDays: twelveMonths,
  coolingDegreeDays: twelveMonths,
  /** Whose shape of the year: the nearest first-order station's, or the state's. */
  shape: z.object({
    kind: z.enum(["station", "state"]),
    name: z.string(),
    state: z.string(),
    distanceMiles: z.number().nullable(),
  }),
  services: z.array(seasonServiceSchema),
  /** All services' jobs and revenue by month. */
  jobs: twelveMonths,
  revenue: twelveMonths,
  /** The month of the most revenue, 1 = January. */
  peakMonth: z.number().int().min(1).max(12),
  provenance: figureProvenanceSchema,
});
export type MarketSeasons = z.infer<typeof marketSeasonsSchema>;

export const marketAnalysisDataSchema = z.looseObject({
  requestLocation: z.string(),
  requestIndustry: z.string(),
  requestPrimaryRadius: z.number(),
  requestSecondaryRadius: z.number(),
  analysisTimestamp: isoDate,
  /** Population of the service area (within the secondary radius). */
  marketSize: z.number().nullable(),
  households: z.number().nullable(),
  /** Average annual revenue per household (dollars). */
  avgRevenue: z.number().nullable(),
  censusData: censusDataSchema,
  cityAnalysis: z.object({ cityBreakdown: z.array(cityBreakdownEntrySchema) }),
  serviceBreakdown: z.array(serviceBreakdownEntrySchema),
  marketSummary: marketSummarySchema.nullable(),
  bridgeIntegration: z.boolean().optional(),
  marketRevenueCalculatorUrl: z.string().optional(),
  /** The target as geocoded on the server. */
  target: z
    .object({
      name: z.string(),
      state: z.string(),
      lat: z.number(),
      lon: z.number(),
      input: z.string(),
    })
    .optional(),
  region: z.string().optional(),
  dataSource: z.object({ provider: z.string(), label: z.string(), vintage: z.string() }).optional(),
  provenance: z.partialRecord(marketFigureSchema, figureProvenanceSchema).optional(),
  assumptions: z.array(assumptionSchema).optional(),
  /** ZIP areas in range (counts; rows at GET /api/analyses/{id}/zip-areas). Absent on older records. */
  zipAreas: zipAreasSummarySchema.optional(),
  /** The local market profile (climate, housing, equipment, income, contractors). Absent on older records. */
  localMarket: localMarketSchema.optional(),
  /** The market's year by month (degree days, jobs and revenue per service). Absent on older records. */
  seasons: marketSeasonsSchema.optional(),
});
export type MarketAnalysisData = z.infer<typeof marketAnalysisDataSchema>;
