/**
 * Deep links survive sign-in: a signed-in screen opened without a session sends the
 * visitor to `/signin?next=<path>`, and signing in returns there. Only a path on this origin is
 * followed — never `//evil.com`, an absolute URL, a backslash (browsers read `/\evil.com` as
 * `//evil.com`) or a control character; anything else goes to the dashboard.
 */
export const NEXT_PARAM = "next";

/** The `next` value as a same-origin path (with its query and hash), or null. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith("/") || next.startsWith("//")) return null;
  // Backslashes and control characters (tabs and newlines are dropped by URL parsers).
  if ([...next].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return null;
  const base = "http://bis.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that returns to `path` afterwards. */
export function signInFor(path: string): string {
  return `/signin?${NEXT_PARAM}=${encodeURIComponent(path)}`;
}
