import { signInFormSchema } from "@bis/sdk";
import { LogIn } from "lucide-react";
import { useSearchParams } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { AuthForm } from "../components/forms/form-shells";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { TextLink } from "../components/text-link";
import { InputField } from "../components/ui/form-field";
import { PasswordField } from "../components/ui/password-input";
import { useSignIn } from "../hooks/use-auth";
import { useDocumentTitle } from "../hooks/use-document-title";
import { NEXT_PARAM, safeNext } from "../lib/safe-next";

export function SignInPage() {
  useDocumentTitle("Sign In");
  // A deep link sent the visitor here: back to it after signing in (same-origin paths only).
  const [params] = useSearchParams();
  const signIn = useSignIn(safeNext(params.get(NEXT_PARAM)));
  const { handleSubmit, field } = useSchemaForm(signInFormSchema, { email: "", password: "" });

  const onSubmit = handleSubmit((form) => signIn.mutate(form));

  return (
    <AuthLayout
      title="Sign in to BIS"
      description="Welcome back. Sign in to see your market research."
      icon={<LogIn className="size-6" aria-hidden="true" />}
      footer={
        <p>
          New to BIS? <TextLink to="/register">Create an account</TextLink>
        </p>
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        submitLabel="Sign In"
        pending={signIn.isPending}
        pendingLabel="Signing In..."
      >
        <InputField label="Email" {...field("email")} type="email" autoComplete="email" />
        <PasswordField
          label="Password"
          {...field("password")}
          hint={<TextLink to="/forgot-password">Forgot password?</TextLink>}
          autoComplete="current-password"
        />
      </AuthForm>
    </AuthLayout>
  );
}
