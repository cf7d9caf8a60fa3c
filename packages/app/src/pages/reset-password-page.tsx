/**
 * Where a password reset link lands (`/reset-password?token=…`): a new password under the rules
 * of registration, then signed in on this device and every other session ended.
 */
import { ACCOUNT_MESSAGES, resetPasswordFormSchema } from "@bis/sdk";
import { KeyRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { AuthForm } from "../components/forms/form-shells";
import { NewPasswordFields } from "../components/forms/new-password-fields";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { TextLink } from "../components/text-link";
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
        <AuthForm
          onSubmit={onSubmit}
          submitLabel="Set New Password"
          pending={reset.isPending}
          pendingLabel="Saving..."
        >
          <NewPasswordFields password={field("newPassword")} confirm={field("confirmPassword")} />
        </AuthForm>
      ) : (
        <p role="alert" className="text-center text-slate-700">
          {ACCOUNT_MESSAGES.resetInvalidLink}
        </p>
      )}
    </AuthLayout>
  );
}
