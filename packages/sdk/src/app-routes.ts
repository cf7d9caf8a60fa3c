/**
 * The web app's routes (the specification's screens), one list for the app's route table and for the server,
 * which answers HTTP 404 (with the app, so its Not Found page shows) for any other path.
 *
 * Patterns use the route table's syntax: a `:name` segment matches one non-empty path segment.
 * Like the app's router, matching ignores case and a trailing slash.
 */
export const APP_ROUTES = {
  home: "/",
  dashboard: "/dashboard",
  profile: "/profile",
  marketAnalysis: "/market-analysis",
  analysis: "/analysis/:id",
  /** Several markets from one form: one state, 2–10 cities, the same radii. */
  compare: "/compare",
  /** A saved comparison of 2–10 analyses. */
  comparison: "/comparisons/:id",
  checkout: "/checkout/:analysisId",
  register: "/register",
  signIn: "/signin",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  confirmEmail: "/confirm-email",
  adminSetup: "/admin-setup",
  admin: "/admin",
  devAdmin: "/dev-admin",
  logs: "/logs",
  testAuth: "/test-auth",
  /** Not a screen: redirects to /signin (the specification sends a failed API-key save here). */
  auth: "/auth",
  devOutbox: "/dev/outbox",
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;
export type AppRoutePattern = (typeof APP_ROUTES)[AppRouteName];

export const APP_ROUTE_PATTERNS: readonly AppRoutePattern[] = Object.values(APP_ROUTES);

function segments(path: string): string[] {
  return path.split("/").filter((part) => part !== "");
}

const compiled = APP_ROUTE_PATTERNS.map(segments);

/** Whether `pathname` (no query string) is one of the app's routes. */
export function isAppRoute(pathname: string): boolean {
  const parts = segments(pathname);
  if (parts.some((part) => part === "." || part === "..")) return false;
  return compiled.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every(
        (want, i) => want.startsWith(":") || want.toLowerCase() === parts[i]?.toLowerCase(),
      ),
  );
}
