/**
 * Where the server's email-verification link lands: /signin?verified=1 (the user is now signed
 * in by cookie) or /signin?…&error=CODE. Runs once, before the sign-in screen's own redirect.
 */
import { endpoints, type User } from "@bis/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { setSessionUser } from "../hooks/use-auth";
import { toast } from "../hooks/use-toast";
import { keyOf } from "../lib/query-options";
import { FullPageSpinner } from "./ui/spinner";

export function EmailVerificationLanding({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const handled = useRef(false);
  const error = params.get("error");
  const verified = params.has("verified");
  const pending = error !== null || verified;

  useEffect(() => {
    if (!pending) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    if (error !== null) {
      toast({
        variant: "destructive",
        title: "Verification failed",
        description:
          "This verification link is invalid or has expired. Sign in to receive a new one.",
      });
      navigate("/signin", { replace: true });
      return;
    }
    void (async () => {
      await client.invalidateQueries({ queryKey: keyOf(endpoints.auth.session) });
      const user = client.getQueryData<User | null>(keyOf(endpoints.auth.session));
      toast({ title: "Email verified", description: "Your email address is confirmed." });
      if (user) {
        setSessionUser(user, client);
        navigate("/dashboard", { replace: true });
      } else {
        navigate("/signin", { replace: true });
      }
    })();
  }, [pending, error, client, navigate]);

  if (pending) return <FullPageSpinner />;
  return children;
}
