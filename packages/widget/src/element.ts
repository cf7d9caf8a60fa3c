/**
 * `<bis-market-analysis>`: the component as a custom element (r2wc), with an open shadow root.
 * Registered once, whatever number of times the script is loaded; never throws into the page.
 */
import r2wc from "@r2wc/react-to-web-component";
import { MarketAnalysisWidget } from "./widget.js";

export const TAG = "bis-market-analysis";

/** The attributes, as r2wc props (kebab-case attribute ↔ camelCase prop). */
const PROPS = {
  partnerKey: "string",
  apiBase: "string",
  industry: "string",
  defaultState: "string",
  primaryRadius: "string",
  secondaryRadius: "string",
  ctaUrl: "string",
  theme: "string",
} as const;

// r2wc's internals (Symbol.for, so shared with its module): the props and the render method.
const R2WC_PROPS: unique symbol = Symbol.for("r2wc.props");
const R2WC_RENDER: unique symbol = Symbol.for("r2wc.render");

interface R2wcElement extends HTMLElement {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
}

export function defineBisWidget(tag = TAG): void {
  try {
    if (typeof customElements === "undefined" || customElements.get(tag)) return;
    const Base = r2wc(MarketAnalysisWidget, { shadow: "open", props: PROPS }) as unknown as {
      new (): R2wcElement;
    };
    class BisMarketAnalysisElement extends Base {
      // r2wc ignores a removed or emptied attribute: forget its value and render again.
      override attributeChangedCallback(name: string, old: string | null, value: string | null) {
        if (value) return super.attributeChangedCallback(name, old, value);
        this[R2WC_PROPS][name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = undefined;
        this[R2WC_RENDER]();
      }
      override [R2WC_RENDER]() {
        try {
          super[R2WC_RENDER]();
        } catch (error) {
          console.warn(`<${tag}> failed to render:`, error);
        }
      }
    }
    customElements.define(tag, BisMarketAnalysisElement);
  } catch (error) {
    console.warn(`<${tag}> could not be registered:`, error);
  }
}
