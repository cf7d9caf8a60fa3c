/**
 * The frame of a signed-in screen: the top bar (the BIS mark, the screen's own actions, the
 * Dashboard link and the user's menu), then the main column. With a `title` the column opens
 * with a back link (to the dashboard unless told otherwise) and the screen's h1.
 */
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../lib/cn";
import { PageHeader } from "./page-header";
import { buttonClasses } from "./ui/button";

export interface BackLink {
  to: string;
  label: string;
}

export const BACK_TO_DASHBOARD: BackLink = { to: "/dashboard", label: "Back to Dashboard" };

export function PageShell({
  title,
  description,
  back = BACK_TO_DASHBOARD,
  width = "narrow",
  actions,
  children,
}: {
  /** The screen's h1; without it the screen draws its own heading. */
  title?: ReactNode;
  description?: ReactNode;
  back?: BackLink;
  /** "narrow" for forms (max-w-3xl), "wide" for results and checkout (max-w-6xl). */
  width?: "narrow" | "wide";
  /** The screen's own buttons in the top bar (Dashboard and the user's menu are always there). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <PageHeader actions={actions} />
      <main
        className={cn(
          "mx-auto w-full flex-1 space-y-6 px-4 py-8 sm:px-6 sm:py-10",
          width === "wide" ? "max-w-6xl" : "max-w-3xl",
        )}
      >
        {title ? (
          <div className="space-y-3">
            <Link
              to={back.to}
              className={cn(buttonClasses({ variant: "ghost", size: "sm" }), "-ml-3")}
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {back.label}
            </Link>
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
              {title}
            </h1>
            {description ? <p className="text-slate-600">{description}</p> : null}
          </div>
        ) : null}
        {children}
      </main>
    </div>
  );
}
