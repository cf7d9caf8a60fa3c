/**
 * Where the email-change link lands (`/confirm-email?token=…`, mailed to the new address): it
 * confirms once, then goes to the profile (signed in) or the sign-in page, with a toast.
 */
import { ACCOUNT_MESSAGES, endpoints, type User } from "@bis/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner";
import { useConfirmEmailChange } from "../hooks/use-account";
import { useDocumentTitle } from "../hooks/use-document-title";
import { toast } from "../hooks/use-toast";
import { keyOf } from "../lib/query-options";

export function ConfirmEmailPage() {
  useDocumentTitle("Confirm Email");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmEmailChange();
  const client = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's double effects: the link works a single time.
    if (started.current) return;
    started.current = true;
    const onward = () => {
      const user = client.getQueryData<User | null>(keyOf(endpoints.auth.session));
      navigate(user ? "/profile" : "/signin", { replace: true });
    };
    if (!token) {
      toast({
        variant: "destructive",
        title: "Email change failed",
        description: ACCOUNT_MESSAGES.emailChangeInvalidLink,
      });
      onward();
      return;
    }
    confirm.mutate(token, { onSettled: onward });
  }, [token, confirm, client, navigate]);

  return <FullPageSpinner />;
}
