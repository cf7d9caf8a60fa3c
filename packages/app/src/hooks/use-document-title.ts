/**
 * The document title of a screen: its parts, most specific first, then "BIS", joined by an em
 * dash — `useDocumentTitle("Austin, TX", "Market analysis")` gives
 * "Austin, TX — Market analysis — BIS". Empty parts (a location still loading) are left out.
 * Every screen calls it once, so the title always names the screen on view (browser tabs,
 * history, screen readers announcing the page).
 */
import { useEffect } from "react";

export const TITLE_SUFFIX = "BIS";

export function documentTitle(...parts: readonly (string | null | undefined)[]): string {
  return [...parts.map((part) => part?.trim()).filter(Boolean), TITLE_SUFFIX].join(" — ");
}

export function useDocumentTitle(...parts: readonly (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
