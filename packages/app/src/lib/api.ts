/**
 * The one API client and the one QueryClient of the app.
 *
 * Query semantics follow the specification: no retries, data always stale, no refetch on
 * window focus. Query keys start with the path of the call that fills them (the SDK's endpoint
 * table), so a key says which call fills it.
 */
import { createClient, endpoints } from "@bis/sdk";
import { QueryClient } from "@tanstack/react-query";

/** Same-origin calls (the dev server proxies /api); the transport sends the session cookie. */
export const api = createClient({ baseUrl: "" });

const { account, analyses, auth, comparisons, payments, site } = endpoints;

/**
 * Query keys: the path of the call that fills the query (the endpoint table's), then what
 * tells its instances apart. One analysis' queries sit under the analyses list's key, so
 * invalidating the list refreshes them too.
 */
export const queryKeys = {
  user: [auth.user.path],
  /** The signed-in user's sessions, the Signed-in Devices list. */
  sessions: [account.sessions.path],
  publicSettings: [site.publicSettings.path],
  /** The four video URLs, for any signed-in user. */
  videoSettings: [site.videos.path],
  adminSetupStatus: [site.setupStatus.path],
  devOutbox: [site.outbox.path],
  /** The signed-in user's analyses. */
  analyses: [analyses.list.path],
  /** One analysis; under `analyses`, so invalidating that refreshes it. */
  analysis: (id: string) => [analyses.list.path, id] as const,
  /** The ZIP areas of one analysis; under `analysis(id)`. */
  zipAreas: (id: string) => [analyses.list.path, id, analyses.zipAreas.path] as const,
  /** The signed-in user's comparisons. */
  comparisons: [comparisons.list.path],
  /** One comparison with its markets. */
  comparison: (id: string) => [comparisons.list.path, id] as const,
  /** Payment mode, publishable key and price. */
  paymentConfig: [payments.config.path],
  /** The brand an analysis' reports carry, its owner's; under `analysis(id)`. */
  analysisBrand: (id: string) => [analyses.list.path, id, account.analysisBrand.path] as const,
  /** The PaymentIntent of one analysis (idempotent). */
  paymentIntent: (analysisId: string) => [payments.createIntent.path, analysisId] as const,
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
