import { registerFormSchema, toRegisterRequest } from "@bis/sdk";
import {
  CircleCheck,
  Inbox,
  MailCheck,
  MousePointerClick,
  TrendingUp,
  UserPlus,
} from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { AuthForm } from "../components/forms/form-shells";
import { NewPasswordFields } from "../components/forms/new-password-fields";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { NameEmailFields } from "../components/name-email-fields";
import { TextLink } from "../components/text-link";
import { buttonClasses } from "../components/ui/button";
import { useRegister } from "../hooks/use-auth";
import { useDocumentTitle } from "../hooks/use-document-title";

function RegistrationSuccess({ email }: { email: string }) {
  const steps = [
    { icon: Inbox, text: "Check your inbox (and your spam folder) for our verification email." },
    { icon: MousePointerClick, text: "Click the verification link to activate your account." },
    { icon: TrendingUp, text: "Sign in and start your free market analysis." },
  ];
  return (
    <AuthLayout
      title="Registration Successful!"
      icon={<CircleCheck className="size-6" aria-hidden="true" />}
      description={
        <>
          We sent a verification email to{" "}
          <strong className="font-semibold break-all text-slate-900">{email}</strong>.
        </>
      }
    >
      <div className="space-y-6">
        <div>
          <h2 className="mb-3 text-sm font-semibold text-slate-900">Next steps</h2>
          <ol className="space-y-3">
            {steps.map(({ icon: Icon, text }, index) => (
              <li key={text} className="flex items-start gap-3 text-sm text-slate-700">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="sr-only">Step {index + 1}:</span>
                </span>
                <span className="pt-1">{text}</span>
              </li>
            ))}
          </ol>
        </div>
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <MailCheck className="mr-1.5 inline size-4 align-[-2px]" aria-hidden="true" />
          Your account is activated once your email address is verified.
        </p>
        <Link to="/signin" className={buttonClasses({ fullWidth: true })}>
          Go to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}

export function RegisterPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const registration = useRegister();
  // The widget's "Create an account" link carries its partner key (`?ref=pk_…`): the new
  // account then reports under that partner's brand.
  const ref = useSearchParams()[0].get("ref") ?? undefined;
  useDocumentTitle(registeredEmail ? "Registration Successful" : "Create Account");
  const { handleSubmit, field } = useSchemaForm(registerFormSchema, {
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    confirmPassword: "",
  });

  if (registeredEmail) return <RegistrationSuccess email={registeredEmail} />;

  const onSubmit = handleSubmit((form) => {
    const request = { ...toRegisterRequest(form), ...(ref ? { ref } : {}) };
    registration.mutate(request, { onSuccess: () => setRegisteredEmail(request.email) });
  });

  return (
    <AuthLayout
      title="Create your account"
      description="Start with a free market analysis of your service area."
      icon={<UserPlus className="size-6" aria-hidden="true" />}
      footer={
        <p>
          Already have an account? <TextLink to="/signin">Sign in</TextLink>
        </p>
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        submitLabel="Create Account & Start Analysis"
        pending={registration.isPending}
        pendingLabel="Creating Account..."
      >
        <NameEmailFields field={field} />
        <NewPasswordFields
          label="Password"
          password={field("password")}
          confirm={field("confirmPassword")}
        />
      </AuthForm>
    </AuthLayout>
  );
}
