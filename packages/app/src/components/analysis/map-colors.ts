/**
 * The map's colours, shared by the Leaflet map (which also hands them to market-map.css as
 * custom properties) and its HTML legend (which must not load Leaflet).
 */
export const MAP_COLORS = {
  primary: "#1d4ed8",
  secondary: "#059669",
  target: "#dc2626",
} as const;
