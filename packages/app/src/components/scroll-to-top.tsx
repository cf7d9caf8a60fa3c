import { useEffect } from "react";
import { useLocation } from "react-router";

/** A new screen starts at the top, as a full page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
