import type { LabelHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers always pass htmlFor
  return <label className={cn("block text-sm font-medium text-slate-800", className)} {...props} />;
}
