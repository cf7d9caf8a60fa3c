/**
 * What `node scripts/check-source.mjs calls` looks for in a client's code (app, widget, CLI),
 * one line at a time, comments blanked: a call past the SDK's transport, and a decision on an
 * HTTP status instead of an error code.
 */

/** A raw fetch: `fetch(`, `globalThis.fetch(`, `window.fetch(` (not `.refetch(`, `prefetch(`). */
export const RAW_FETCH = /(?:^|[^\w.]|\b(?:globalThis|window|self)\.)fetch\s*\(/;

/**
 * An HTTP status compared with a number (`error.status === 404`, `.status >= 500`, `404 ===
 * x.status`) or asked with `isStatus(…, 404)`: clients decide on error codes.
 */
export const STATUS_CHECK =
  /\.status\s*(?:[=!]==?|[<>]=?)\s*\d|\d\s*(?:[=!]==?|[<>]=?)\s*[\w.?]*\.status\b|\bisStatus\s*\(/;
