/**
 * The public settings (GET /api/public/settings): the landing video, the map tiles and which paid
 * items are offered. One query shared by every screen that reads them.
 */
import { useQuery } from "@tanstack/react-query";
import { api, queryKeys } from "../lib/api";

export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    queryFn: () => api.settings.public(),
  });
}
