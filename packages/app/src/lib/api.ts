/**
 * The one API client and the one QueryClient of the app.
 *
 * Query semantics follow the specification: no retries, data always stale, no refetch on
 * window focus. Query keys are the call paths, so a key says which call fills it.
 */
import { createClient } from "@bis/sdk";
import { QueryClient } from "@tanstack/react-query";

/** Same-origin calls (the dev server proxies /api); the transport sends the session cookie. */
export const api = createClient({ baseUrl: "" });

export const queryKeys = {
  user: ["/api/auth/user"],
  /** The signed-in user's sessions, the Signed-in Devices list (GET /api/auth/sessions). */
  sessions: ["/api/auth/sessions"],
  publicSettings: ["/api/public/settings"],
  /** The four video URLs, for any signed-in user (GET /api/settings/videos). */
  videoSettings: ["/api/settings/videos"],
  adminSetupStatus: ["/api/admin/setup"],
  devOutbox: ["/api/dev/outbox"],
  /** The signed-in user's analyses (GET /api/analyses). */
  analyses: ["/api/analyses"],
  /** One analysis (GET /api/analyses/{id}); under `analyses`, so invalidating that refreshes it. */
  analysis: (id: string) => ["/api/analyses", id] as const,
  /** The ZIP areas of one analysis (GET /api/analyses/{id}/zip-areas); under `analysis(id)`. */
  zipAreas: (id: string) => ["/api/analyses", id, "zip-areas"] as const,
  /** The signed-in user's comparisons (GET /api/comparisons). */
  comparisons: ["/api/comparisons"],
  /** One comparison with its markets (GET /api/comparisons/{id}). */
  comparison: (id: string) => ["/api/comparisons", id] as const,
  /** Payment mode, publishable key and price (GET /api/config/payments). */
  paymentConfig: ["/api/config/payments"],
  /** The brand an analysis' reports carry, its owner's (GET /api/analyses/{id}/brand). */
  analysisBrand: (id: string) => ["/api/analyses", id, "brand"] as const,
  /** The PaymentIntent of one analysis (POST /api/create-payment-intent, idempotent). */
  paymentIntent: (analysisId: string) => ["/api/create-payment-intent", analysisId] as const,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
