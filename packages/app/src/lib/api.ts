/**
 * The one API client and the one QueryClient of the app.
 *
 * Query semantics follow the specification: no retries, data always stale, no refetch on
 * window focus. Query keys and fetches come from the SDK's endpoint table together
 * (query-options.ts), so a key says which call fills it.
 */
import { createClient, endpoints, type QueryValues, urlOf } from "@bis/sdk";
import { QueryClient } from "@tanstack/react-query";

/** Same-origin calls (the dev server proxies /api); the transport sends the session cookie. */
export const api = createClient({ baseUrl: "" });

/**
 * The map's outlines (GET /api/outlines): TopoJSON read as it is, through the one transport
 * (the table names no schema for it); a failure raises like every call.
 */
export function fetchOutlines(query: QueryValues): Promise<Record<string, unknown>> {
  return api.transport.request({
    method: "GET",
    path: urlOf(endpoints.site.outlines, {}, query),
    schema: { parse: (data) => data as Record<string, unknown> },
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
