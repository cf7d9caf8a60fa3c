/**
 * Tabs after the WAI-ARIA tabs pattern (what Radix Tabs does, in the few lines this app needs):
 * a tablist of buttons with roving focus — only the selected tab is in the Tab order; Left and
 * Right (wrapping), Home and End move focus and select at once (automatic activation) — and one
 * tabpanel per tab, labelled by its tab. Only the selected panel is mounted. On narrow screens
 * the tab list wraps onto several lines, so no tab is out of view.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cn } from "../../lib/cn";

export interface TabItem<Value extends string> {
  value: Value;
  label: ReactNode;
  /** An icon before the label (decorative). */
  icon?: ReactNode;
}

export interface TabsProps<Value extends string> {
  /** The accessible name of the tab list. */
  label: string;
  items: readonly TabItem<Value>[];
  value: Value;
  onValueChange: (value: Value) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

export function Tabs<Value extends string>({
  label,
  items,
  value,
  onValueChange,
  children,
  className,
}: TabsProps<Value>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Value, HTMLButtonElement>());
  const tabId = (v: Value) => `${baseId}-tab-${v}`;
  const panelId = (v: Value) => `${baseId}-panel-${v}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next: number;
    switch (event.key) {
      case "ArrowRight":
        next = (index + 1) % items.length;
        break;
      case "ArrowLeft":
        next = (index - 1 + items.length) % items.length;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = items.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onValueChange(target.value);
    tabRefs.current.get(target.value)?.focus();
  }

  return (
    <div className={cn("space-y-4", className)}>
      {/* The list wraps onto more lines on narrow screens: every tab stays in view. */}
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabRefs.current.set(item.value, node);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              onClick={() => onValueChange(item.value)}
              className={cn(
                "inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors max-sm:grow",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                selected
                  ? "bg-white text-slate-900 shadow-sm"
                  : "text-slate-600 hover:bg-white/60 hover:text-slate-900",
              )}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(value)}
        aria-labelledby={tabId(value)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the Tab order after the tab list
        tabIndex={0}
        className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {children}
      </div>
    </div>
  );
}
