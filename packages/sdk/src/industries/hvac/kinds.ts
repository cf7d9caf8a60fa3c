/**
 * The kinds of equipment HVAC contractors work on, as the local market profile names them (ids
 * key the wire record's \`localMarket.equipment.kinds\`). Plain data: the wire schemas read it.
 */
export const HVAC_EQUIPMENT_KINDS = {
  title: "Heating and cooling equipment",
  kinds: [
    { id: "centralAc", label: "central AC" },
    { id: "heatPump", label: "heat pump" },
    { id: "furnace", label: "furnace" },
    { id: "boiler", label: "boiler" },
    { id: "roomUnitsOrNone", label: "room units or none" },
  ],
} as const;

/**
 * The local market profile's equipment as records stored before it became a record by kind
 * ({ centralAc, heatPump, furnace, boiler, roomUnitsOrNone, provenance }: HVAC, the only
 * industry then) read as one; anything else is returned as it is.
 */
export function upgradeLegacyEquipment(value: unknown): unknown {
  if (!value || typeof value !== "object" || "kinds" in value) return value;
  const old = value as Record<string, unknown>;
  if (typeof old.centralAc !== "number") return value;
  return {
    title: HVAC_EQUIPMENT_KINDS.title,
    kinds: Object.fromEntries(
      HVAC_EQUIPMENT_KINDS.kinds.map((k) => [
        k.id,
        { label: k.label, share: typeof old[k.id] === "number" ? old[k.id] : 0 },
      ]),
    ),
    provenance: old.provenance,
  };
}
