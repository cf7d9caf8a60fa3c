/**
 * The public settings (GET /api/public/settings): the landing video, the map tiles and which paid
 * items are offered. One query shared by every screen that reads them.
 */
import { endpoints } from "@bis/sdk";
import { useQuery } from "@tanstack/react-query";
import { queryOptionsOf } from "../lib/query-options";

export function usePublicSettings() {
  return useQuery(queryOptionsOf(endpoints.site.publicSettings, undefined));
}
