import { ChartNoAxesColumnIncreasing } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../lib/cn";

/** The BIS mark; a link home unless `asText`. */
export function Brand({ className, asText = false }: { className?: string; asText?: boolean }) {
  const content = (
    <>
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-700 text-white shadow-sm">
        <ChartNoAxesColumnIncreasing className="size-5" aria-hidden="true" />
      </span>
      <span className="text-xl font-extrabold tracking-tight text-slate-900">BIS</span>
    </>
  );
  const classes = cn("inline-flex items-center gap-2 rounded-lg", className);
  if (asText) return <span className={classes}>{content}</span>;
  return (
    <Link
      to="/"
      aria-label="BIS home"
      className={cn(
        classes,
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
      )}
    >
      {content}
    </Link>
  );
}
