/**
 * Route guards: one for signed-in screens, one for signed-out screens.
 */
import { REDIRECT_DELAY_MS, type User } from "@bis/sdk";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useNavigate } from "react-router";
import { sessionEndDestination, useAuth, wasSignedOutOnPurpose } from "../hooks/use-auth";
import { toast } from "../hooks/use-toast";
import { FullPageSpinner } from "./ui/spinner";

/**
 * Renders a signed-in screen with its user. Without a session (specification §2, /dashboard):
 * toast "Session Expired", then home after REDIRECT_DELAY_MS.default. After Sign Out it goes
 * home at once, quietly.
 */
export function RequireSession({ children }: { children: (user: User) => ReactNode }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const announced = useRef(false);
  const signedOut = user === null && wasSignedOutOnPurpose();
  const expired = user === null && !signedOut;

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
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS.default);
    return () => clearTimeout(timer);
  }, [expired, navigate]);

  if (user) return children(user);
  if (signedOut) return <Navigate to={sessionEndDestination()} replace />;
  return <FullPageSpinner label={expired ? "Redirecting" : "Loading"} />;
}

/** Signed-out screens (register, sign in, admin setup): a signed-in user goes to /dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
