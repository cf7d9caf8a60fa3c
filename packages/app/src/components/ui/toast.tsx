/**
 * Radix Toast styled for BIS (shadcn-style). The settings come from the specification:
 * swipe right past 50 px to dismiss, F8 jumps to the toasts, top of the screen on small
 * screens and bottom-right from md up, at most 420 px wide.
 */
import { TOAST } from "@bis/sdk";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import type { ToastVariant } from "../../hooks/use-toast";
import { cn } from "../../lib/cn";

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      swipeDirection={TOAST.swipeDirection}
      swipeThreshold={TOAST.swipeThresholdPx}
      duration={TOAST.durationMs}
      label={TOAST.label}
      {...props}
    />
  );
}

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={[...TOAST.hotkey]}
      className={cn(
        "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none",
        "md:top-auto md:right-0 md:bottom-0 md:flex-col md:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const variants: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-700 text-white",
};

export function Toast({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={cn(
        "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden",
        "rounded-xl border p-4 pr-10 shadow-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
        "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
        "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        "data-[swipe=end]:animate-toast-swipe-out motion-reduce:animate-none",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      className={cn("text-sm [overflow-wrap:anywhere]", className)}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        "absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100",
        "focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
