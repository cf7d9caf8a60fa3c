/**
 * Route guards: one for signed-in screens, one for signed-out screens.
 */
import { REDIRECT_DELAY_MS, type User } from "@bis/sdk";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { sessionEndDestination, useAuth, wasSignedOutOnPurpose } from "../hooks/use-auth";
import { toast } from "../hooks/use-toast";
import { NEXT_PARAM, safeNext, signInFor } from "../lib/safe-next";
import { FullPageSpinner } from "./ui/spinner";

/**
 * Renders a signed-in screen with its user. Without a session (the specification's rule for /dashboard):
 * toast "Session Expired", then home after REDIRECT_DELAY_MS.default. Any other signed-in
 * screen (a link to an analysis, a comparison, the profile…) goes to the sign-in page at once
 * with `?next=` its address, and signing in returns there (a shared link survives sign-in). After Sign Out it goes
 * home at once, quietly.
 */
export function RequireSession({ children }: { children: (user: User) => ReactNode }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const announced = useRef(false);
  const signedOut = user === null && wasSignedOutOnPurpose();
  const expired = user === null && !signedOut;
  const here = `${location.pathname}${location.search}${location.hash}`;
  const deepLink = location.pathname !== "/dashboard";

  useEffect(() => {
    if (!expired) {
      announced.current = false;
      return;
    }
    if (!announced.current) {
      announced.current = true;
      toast({
        variant: "destructive",
        title: "Session Expired",
        description: "Please sign in again to continue.",
      });
    }
    if (deepLink) {
      navigate(signInFor(here), { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS.default);
    return () => clearTimeout(timer);
  }, [expired, navigate, deepLink, here]);

  if (user) return children(user);
  if (signedOut) return <Navigate to={sessionEndDestination()} replace />;
  return <FullPageSpinner label={expired ? "Redirecting" : "Loading"} />;
}

/**
 * Signed-out screens (register, sign in, admin setup): a signed-in user goes to /dashboard, or
 * to the same-origin path in `?next=` (a deep link that sent them to sign in).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeNext(params.get(NEXT_PARAM)) ?? "/dashboard"} replace />;
  return children;
}
