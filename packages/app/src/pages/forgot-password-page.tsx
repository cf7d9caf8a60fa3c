/** "Forgot password?": asks for the email; the answer is the same whether or not it has an account. */
import { forgotPasswordRequestSchema } from "@bis/sdk";
import { MailCheck, MailQuestion } from "lucide-react";
import { AuthLayout } from "../components/auth-layout";
import { AuthForm } from "../components/forms/form-shells";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { TextLink } from "../components/text-link";
import { InputField } from "../components/ui/form-field";
import { useForgotPassword } from "../hooks/use-account";
import { useDocumentTitle } from "../hooks/use-document-title";

export function ForgotPasswordPage() {
  useDocumentTitle("Forgot Password");
  const request = useForgotPassword();
  const { handleSubmit, field } = useSchemaForm(forgotPasswordRequestSchema, { email: "" });
  const onSubmit = handleSubmit((form) => request.mutate(form));
  const footer = (
    <p>
      Remembered it? <TextLink to="/signin">Sign in</TextLink>
    </p>
  );

  if (request.isSuccess) {
    return (
      <AuthLayout
        title="Check your inbox"
        icon={<MailCheck className="size-6" aria-hidden="true" />}
        footer={footer}
      >
        <div role="status" className="space-y-3 text-center text-slate-700">
          <p>{request.data.message}</p>
          <p className="text-sm text-slate-500">
            The link works once and expires in 30 minutes. Nothing arrived? Check your spam folder
            or ask again in a few minutes.
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email address you sign in with and we'll send you a link to choose a new password."
      icon={<MailQuestion className="size-6" aria-hidden="true" />}
      footer={footer}
    >
      <AuthForm
        onSubmit={onSubmit}
        submitLabel="Send Reset Link"
        pending={request.isPending}
        pendingLabel="Sending..."
      >
        <InputField label="Email" {...field("email")} type="email" autoComplete="email" />
      </AuthForm>
    </AuthLayout>
  );
}
