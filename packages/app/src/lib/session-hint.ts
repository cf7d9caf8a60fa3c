/**
 * Whether this browser last saw a signed-in user: a non-secret hint (no user data, no token) kept
 * in localStorage. It decides what the app shows while GET /api/auth/session is still on its way:
 * without the hint the public screens (the landing page above all) render at once; with it the
 * app waits for the session as before, so a signed-in user does not see the landing page flash
 * before the dashboard. The session itself is always the server's answer.
 */
const KEY = "bis.session-hint";

export function expectsSession(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Records what the session call answered: a user (true) or no user (false). */
export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(KEY, "1");
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the hint is only an optimisation.
  }
}
