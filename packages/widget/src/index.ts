/**
 * @bis/widget: loading this script registers `<bis-market-analysis>` (once).
 *
 *   <script src="https://bis.example.com/widget.js" defer></script>
 *   <bis-market-analysis partner-key="pk_…"></bis-market-analysis>
 */
import { setScriptOrigin } from "./config.js";
import { defineBisWidget } from "./element.js";

// The default api-base is the origin this script was loaded from (only known while it runs).
try {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  if (src) setScriptOrigin(new URL(src).origin);
} catch {
  // not in a browser, or no script element (ES module): location.origin is used instead
}

defineBisWidget();

export type { WidgetAttributes } from "./config.js";
export { defineBisWidget, TAG } from "./element.js";
export { MarketAnalysisWidget, type WidgetProps } from "./widget.js";
