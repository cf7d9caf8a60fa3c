/**
 * A numbered section of the results page that opens and closes. The header
 * is a real button (aria-expanded, aria-controls); a closed section stays mounted but hidden,
 * so a map inside keeps its state.
 */
import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { cn } from "../../lib/cn";
import { Card } from "../ui/card";

export function CollapsibleSection({
  number,
  title,
  subtitle,
  badge,
  defaultOpen = true,
  children,
}: {
  number: number;
  title: string;
  subtitle?: ReactNode;
  badge?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const panelId = `${id}-panel`;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
            className="flex w-full items-center gap-3 rounded-xl p-5 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 sm:p-6"
          >
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              aria-hidden="true"
            >
              {number}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block">{title}</span>
              {subtitle ? (
                <span className="block text-sm font-normal text-slate-600">{subtitle}</span>
              ) : null}
            </span>
            {badge}
            <ChevronDown
              className={cn(
                "size-5 shrink-0 text-slate-500 transition-transform",
                open && "rotate-180",
              )}
              aria-hidden="true"
            />
          </button>
        </h2>
        <div id={panelId} hidden={!open} className="space-y-8 px-5 pb-6 sm:px-6">
          {children}
        </div>
      </Card>
    </section>
  );
}
