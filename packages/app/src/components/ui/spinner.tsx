import { cn } from "../../lib/cn";

export interface SpinnerProps {
  size?: "sm" | "md" | "lg";
  /** Accessible name; "Loading" by default. */
  label?: string;
  /** Inside a control that already says what is happening: hidden from assistive technology. */
  decorative?: boolean;
  className?: string;
}

const sizes = { sm: "size-4 border-2", md: "size-8 border-[3px]", lg: "size-12 border-4" };

export function Spinner({ size = "md", label = "Loading", decorative, className }: SpinnerProps) {
  const ring = (
    <span
      className={cn(
        "inline-block animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]",
        sizes[size],
        className,
      )}
      aria-hidden="true"
    />
  );
  if (decorative) return ring;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {ring}
    </span>
  );
}

/** The whole-screen spinner shown while the session loads. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center text-brand-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
