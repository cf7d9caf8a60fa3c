import {
  adminSetupFormSchema,
  endpoints,
  PASSWORD_RULES_HINT,
  REDIRECT_DELAY_MS,
  type User,
} from "@bis/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { AuthForm } from "../components/forms/form-shells";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { NameFields } from "../components/name-email-fields";
import { buttonClasses } from "../components/ui/button";
import { InputField } from "../components/ui/form-field";
import { PasswordField } from "../components/ui/password-input";
import { Spinner } from "../components/ui/spinner";
import { setSessionUser, useAdminSetup } from "../hooks/use-auth";
import { useDocumentTitle } from "../hooks/use-document-title";
import { queryOptionsOf } from "../lib/query-options";

function AdminSetupForm() {
  const setup = useAdminSetup();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [admin, setAdmin] = useState<User | null>(null);
  const { handleSubmit, field } = useSchemaForm(adminSetupFormSchema, {
    email: "",
    password: "",
    firstName: "",
    lastName: "",
  });

  // The server has signed the new administrator in; move on after the specification's delay.
  useEffect(() => {
    if (!admin) return;
    const timer = setTimeout(() => {
      setSessionUser(admin, client);
      navigate("/dashboard", { replace: true });
    }, REDIRECT_DELAY_MS.default);
    return () => clearTimeout(timer);
  }, [admin, client, navigate]);

  const onSubmit = handleSubmit((form) => setup.mutate(form, { onSuccess: setAdmin }));

  return (
    <AuthForm
      onSubmit={onSubmit}
      submitLabel="Create Admin Account"
      pending={setup.isPending || admin !== null}
      pendingLabel={admin ? "Redirecting..." : "Creating..."}
    >
      <InputField label="Email" {...field("email")} type="email" autoComplete="email" />
      <PasswordField
        label="Password"
        {...field("password")}
        hint={PASSWORD_RULES_HINT}
        autoComplete="new-password"
      />
      <NameFields field={field} />
    </AuthForm>
  );
}

export function AdminSetupPage() {
  useDocumentTitle("Administrator Setup");
  const status = useQuery(queryOptionsOf(endpoints.site.setupStatus, undefined));

  if (status.isPending) {
    return (
      <AuthLayout title="Administrator Setup">
        <div className="flex justify-center py-6 text-brand-700">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }

  if (status.data?.available === false) {
    return (
      <AuthLayout
        title="Administrator Setup"
        icon={<ShieldCheck className="size-6" aria-hidden="true" />}
      >
        <div className="space-y-5 text-center">
          <p role="status" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
            An administrator account already exists, so setup is closed. Administrators sign in with
            their own account.
          </p>
          <Link to="/signin" className={buttonClasses({ fullWidth: true })}>
            Go to Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Administrator Setup"
      description="Create the first administrator account for this BIS installation."
      icon={<ShieldCheck className="size-6" aria-hidden="true" />}
    >
      <AdminSetupForm />
    </AuthLayout>
  );
}
