/**
 * The HVAC profile: the services HVAC contractors sell, the sourced assumptions that size them
 * (assumptions.data.ts), the equipment they work on (equipment.ts), who competes (competitors.ts)
 * and what customers search (keywords.ts).
 *
 * annual jobs = households × equipment share × annual incidence
 *   (incidence = 1 / interval for replacements, worn faster or slower by the climate; a repair
 *   or plan rate otherwise)
 * estimated revenue = annual jobs × average ticket (its labour share at local wages)
 */
import type { IndustryProfile, WearDefinition } from "../../models/industry-types.js";
import { industryHead } from "../heads.js";
import { HVAC_ASSUMPTIONS } from "./assumptions.data.js";
import { HVAC_COMPETITORS } from "./competitors.js";
import { HVAC_EQUIPMENT } from "./equipment.js";
import { HVAC_SEASON_ASSUMPTIONS, SEASONS } from "./seasons.data.js";

/** Replacement jobs follow the age and the tenure of the housing stock. */
const REPLACEMENT_ADJUSTMENTS = [
  { kind: "housingAge", key: "housing.built2000OrLater" },
  { kind: "ownerOccupancy", key: "housing.ownerOccupied" },
] as const;

/** Heating equipment is replaced and repaired less where the heating season is short. */
const SHORT_HEATING_SEASON = { kind: "heatingSeason", key: "climate.heatingDegreeDays" } as const;
const HEATING_REPLACEMENT_ADJUSTMENTS = [...REPLACEMENT_ADJUSTMENTS, SHORT_HEATING_SEASON] as const;
const HEATING_REPAIR_ADJUSTMENTS = [
  { kind: "heatingUse", key: "climate.heatingDegreeDays" },
  SHORT_HEATING_SEASON,
] as const;

/** Cooling equipment wears by cooling degree days, heating equipment by heating, heat pumps by both. */
const COOLING_DAYS = { season: "cooling", key: "climate.coolingDegreeDays" } as const;
const HEATING_DAYS = { season: "heating", key: "climate.heatingDegreeDays" } as const;
const COOLING_WEAR: WearDefinition = { weightKey: "wear.centralAc", seasons: [COOLING_DAYS] };
const HEATING_WEAR: WearDefinition = { weightKey: "wear.heating", seasons: [HEATING_DAYS] };
const HEAT_PUMP_WEAR: WearDefinition = {
  weightKey: "wear.heatPump",
  seasons: [COOLING_DAYS, HEATING_DAYS],
};

/** Tickets at local wages, by the labour share of each kind of job. */
const INSTALLATION_PRICE = {
  labourShareKey: "labour.installation",
  wageIndexKey: "prices.wageIndex",
};
const REPAIR_PRICE = { labourShareKey: "labour.repair", wageIndexKey: "prices.wageIndex" };
const SERVICE_PRICE = { labourShareKey: "labour.service", wageIndexKey: "prices.wageIndex" };

export const HVAC: IndustryProfile = {
  ...industryHead("HVAC"),
  assumptions: [...HVAC_ASSUMPTIONS, ...HVAC_SEASON_ASSUMPTIONS],
  competitors: HVAC_COMPETITORS,
  equipment: HVAC_EQUIPMENT,

  services: [
    {
      id: "ac-replacement",
      name: "AC Replacement",
      shareKeys: ["share.centralAc"],
      incidence: { kind: "lifespan", key: "lifespan.centralAc", wear: COOLING_WEAR },
      ticketKey: "ticket.acReplacement",
      price: INSTALLATION_PRICE,
      adjustments: REPLACEMENT_ADJUSTMENTS,
      season: SEASONS.coolingReplacement,
    },
    {
      id: "furnace-replacement",
      name: "Furnace Replacement",
      shareKeys: ["share.furnace"],
      incidence: { kind: "lifespan", key: "lifespan.furnace", wear: HEATING_WEAR },
      ticketKey: "ticket.furnaceReplacement",
      price: INSTALLATION_PRICE,
      adjustments: HEATING_REPLACEMENT_ADJUSTMENTS,
      season: SEASONS.heatingReplacement,
    },
    {
      id: "boiler-replacement",
      name: "Boiler Replacement",
      shareKeys: ["share.boiler"],
      incidence: { kind: "lifespan", key: "lifespan.boiler", wear: HEATING_WEAR },
      ticketKey: "ticket.boilerReplacement",
      price: INSTALLATION_PRICE,
      adjustments: HEATING_REPLACEMENT_ADJUSTMENTS,
      season: SEASONS.heatingReplacement,
    },
    {
      id: "heat-pump-installation",
      name: "Heat Pump Installation",
      shareKeys: ["share.heatPump"],
      incidence: { kind: "lifespan", key: "lifespan.heatPump", wear: HEAT_PUMP_WEAR },
      ticketKey: "ticket.heatPumpInstallation",
      price: INSTALLATION_PRICE,
      adjustments: REPLACEMENT_ADJUSTMENTS,
      season: SEASONS.dualReplacement,
    },
    {
      id: "ac-repair",
      name: "AC Repair",
      shareKeys: ["share.centralAc", "share.heatPump"],
      incidence: { kind: "rate", key: "rate.acRepair" },
      ticketKey: "ticket.acRepair",
      price: REPAIR_PRICE,
      adjustments: [{ kind: "coolingUse", key: "climate.coolingDegreeDays" }],
      season: SEASONS.coolingRepair,
    },
    {
      id: "furnace-repair",
      name: "Furnace Repair",
      shareKeys: ["share.furnace"],
      incidence: { kind: "rate", key: "rate.furnaceRepair" },
      ticketKey: "ticket.furnaceRepair",
      price: REPAIR_PRICE,
      adjustments: HEATING_REPAIR_ADJUSTMENTS,
      season: SEASONS.heatingRepair,
    },
    {
      id: "boiler-repair",
      name: "Boiler Repair",
      shareKeys: ["share.boiler"],
      incidence: { kind: "rate", key: "rate.boilerRepair" },
      ticketKey: "ticket.boilerRepair",
      price: REPAIR_PRICE,
      adjustments: HEATING_REPAIR_ADJUSTMENTS,
      season: SEASONS.heatingRepair,
    },
    {
      id: "maintenance-plans",
      name: "Maintenance & Tune-Up Plans",
      shareKeys: [],
      incidence: { kind: "rate", key: "rate.maintenancePlan" },
      ticketKey: "ticket.maintenancePlan",
      price: SERVICE_PRICE,
      season: SEASONS.tuneUp,
    },
    {
      id: "duct-cleaning",
      name: "Duct Cleaning",
      shareKeys: [],
      incidence: { kind: "rate", key: "rate.ductCleaning" },
      ticketKey: "ticket.ductCleaning",
      price: SERVICE_PRICE,
    },
  ],
};
