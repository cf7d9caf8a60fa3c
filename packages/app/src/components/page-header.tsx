/**
 * The top bar of every screen: the BIS mark on the left; on the right the screen's own actions,
 * then the account area. Signed in, the account area is a "Dashboard" link and the user's menu
 * (Profile, Admin Panel for administrators, Sign Out); signed out, "Sign In" and "Get Started".
 * While the session is still being read it holds a placeholder of the same height and a fixed
 * width, so the bar neither jumps nor shows the wrong state for a moment.
 */
import { LayoutDashboard } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "../hooks/use-auth";
import { cn } from "../lib/cn";
import { AccountMenu } from "./account-menu";
import { Brand } from "./brand";
import { buttonClasses } from "./ui/button";

export function PageHeader({
  actions,
  account = true,
}: {
  /** The screen's own buttons, before the account area. */
  actions?: ReactNode;
  /** Whether to show the account area (the signed-out forms leave it out). */
  account?: boolean;
}) {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Brand />
        {actions || account ? (
          <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
            {actions}
            {account ? <AccountArea /> : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}

function AccountArea() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();

  if (user) {
    const onDashboard = pathname === "/dashboard" || pathname === "/";
    return (
      <nav aria-label="Account" className="flex items-center gap-2">
        <Link
          to="/dashboard"
          aria-current={onDashboard ? "page" : undefined}
          className={cn(
            buttonClasses({ variant: "ghost", size: "sm" }),
            "aria-[current=page]:bg-slate-100 aria-[current=page]:text-slate-900",
          )}
        >
          <LayoutDashboard className="hidden size-4 sm:block" aria-hidden="true" />
          Dashboard
        </Link>
        <AccountMenu user={user} />
      </nav>
    );
  }

  if (isLoading || user === undefined) {
    return (
      <span
        data-testid="account-placeholder"
        aria-hidden="true"
        className="block h-9 w-44 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
      />
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Link to="/signin" className={buttonClasses({ variant: "outline", size: "sm" })}>
        Sign In
      </Link>
      <Link to="/register" className={buttonClasses({ size: "sm" })}>
        Get Started
      </Link>
    </div>
  );
}
