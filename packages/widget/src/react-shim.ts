/**
 * What the bundler gives for `import … from "react"` and `"react-dom/client"` (vite.config.ts):
 * Preact itself, with the few React APIs the widget and r2wc use.
 *
 * Why not all of preact/compat: measured with this widget, compat added 2.3 KB gzipped of
 * machinery it never uses (Suspense, SuspenseList, forwardRef and portal hooks installed at
 * load, so no bundler can drop them), which put the bundle over its 12 KB budget. What compat
 * would translate is written the React way that Preact understands natively: `className`,
 * `htmlFor`, and `onInput` for text fields (`onChange` only on select and checkbox).
 * The component stays a plain React component (types from @types/react).
 */
import { Component, createElement, Fragment, render, type VNode } from "preact";

export { useEffect, useRef, useState } from "preact/hooks";
export { Component, createElement, Fragment };

/** r2wc reads `React.createElement` from the default export. */
export default { createElement };

/** react-dom/client's createRoot, as r2wc uses it. */
export function createRoot(container: Element | DocumentFragment) {
  return {
    render: (vnode: VNode) => render(vnode, container),
    unmount: () => render(null, container),
  };
}
