import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "../../lib/cn";

export const inputClasses =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 " +
  "shadow-sm placeholder:text-slate-400 transition-colors sm:text-sm " +
  "focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40 " +
  "disabled:cursor-not-allowed disabled:bg-slate-100 " +
  "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/30";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
