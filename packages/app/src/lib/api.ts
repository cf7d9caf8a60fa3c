/**
 * The one API client and the one QueryClient of the app.
 *
 * Query semantics follow the specification: no retries, data always stale, no refetch on
 * window focus. Query keys and fetches come from the SDK's endpoint table together
 * (query-options.ts), so a key says which call fills it.
 */
import { createClient } from "@bis/sdk";
import { QueryClient } from "@tanstack/react-query";

/** Same-origin calls (the dev server proxies /api); the transport sends the session cookie. */
export const api = createClient({ baseUrl: "" });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
