/**
 * Where a password reset link lands (`/reset-password?token=…`): a new password under the rules
 * of registration, then signed in on this device and every other session ended.
 */
import { ACCOUNT_MESSAGES, resetPasswordFormSchema } from "@bis/sdk";
import { KeyRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { NewPasswordFields } from "../components/forms/new-password-fields";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { TextLink } from "../components/text-link";
import { Button } from "../components/ui/button";
import { useResetPassword } from "../hooks/use-account";
import { useDocumentTitle } from "../hooks/use-document-title";

export function ResetPasswordPage() {
  useDocumentTitle("Reset Password");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  const { handleSubmit, field } = useSchemaForm(resetPasswordFormSchema, {
    newPassword: "",
    confirmPassword: "",
  });
  const onSubmit = handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }));
  const footer = (
    <p>
      Link expired? <TextLink to="/forgot-password">Ask for a new one</TextLink>
    </p>
  );

  return (
    <AuthLayout
      title="Choose a new password"
      description="Setting it signs you out everywhere else and revokes your API tokens."
      icon={<KeyRound className="size-6" aria-hidden="true" />}
      footer={footer}
    >
      {token ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <NewPasswordFields password={field("newPassword")} confirm={field("confirmPassword")} />
          <Button
            type="submit"
            size="lg"
            fullWidth
            pending={reset.isPending}
            pendingLabel="Saving..."
          >
            Set New Password
          </Button>
        </form>
      ) : (
        <p role="alert" className="text-center text-slate-700">
          {ACCOUNT_MESSAGES.resetInvalidLink}
        </p>
      )}
    </AuthLayout>
  );
}
