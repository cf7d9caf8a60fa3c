import { signInFormSchema } from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import { AuthLayout } from "../components/auth-layout";
import { TextLink } from "../components/text-link";
import { Button } from "../components/ui/button";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { PasswordInput } from "../components/ui/password-input";
import { useSignIn } from "../hooks/use-auth";
import { useDocumentTitle } from "../hooks/use-document-title";

export function SignInPage() {
  useDocumentTitle("Sign In");
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: "", password: "" },
  });

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
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...register("email")} type="email" autoComplete="email" />
          )}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          hint={<TextLink to="/forgot-password">Forgot password?</TextLink>}
        >
          {(control) => (
            <PasswordInput {...control} {...register("password")} autoComplete="current-password" />
          )}
        </FormField>
        <Button
          type="submit"
          size="lg"
          fullWidth
          pending={signIn.isPending}
          pendingLabel="Signing In..."
        >
          Sign In
        </Button>
      </form>
    </AuthLayout>
  );
}
