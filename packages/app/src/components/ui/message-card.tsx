import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Card } from "./card";

const tones = {
  danger: "bg-red-50 text-red-600",
  success: "bg-emerald-50 text-emerald-600",
  neutral: "bg-slate-100 text-slate-600",
} as const;

/**
 * A whole-screen message: an icon in a circle, a heading, a line of text and the way on
 * (not found, failed to load, already purchased).
 */
export function MessageCard({
  icon: Icon,
  tone = "danger",
  title,
  headingLevel = "h1",
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  title: string;
  headingLevel?: "h1" | "h2" | "h3";
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <Card className={cn("mx-auto w-full max-w-md p-8 text-center", className)}>
      <span
        className={cn(
          "mx-auto mb-4 flex size-12 items-center justify-center rounded-full",
          tones[tone],
        )}
      >
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading className="text-xl font-bold text-slate-900">{title}</Heading>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </Card>
  );
}
