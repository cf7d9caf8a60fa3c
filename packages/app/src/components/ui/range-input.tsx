import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "../../lib/cn";

export interface RangeInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  ref?: Ref<HTMLInputElement>;
}

/** A native range slider: arrow keys, Home/End and Page Up/Down work without extra code. */
export function RangeInput({ className, ...props }: RangeInputProps) {
  return (
    <input
      type="range"
      className={cn(
        "block h-6 w-full cursor-pointer accent-brand-700 rounded-full",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
        "disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
