import {
  PASSWORD_RULES_HINT,
  passwordChangeFormSchema,
  profileFormSchema,
  type User,
} from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, type LucideIcon, Pencil, UserRound } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useForm } from "react-hook-form";
import { NameEmailFields } from "../components/name-email-fields";
import { PageShell } from "../components/page-shell";
import { EmailCard } from "../components/profile/email-card";
import { SessionsCard } from "../components/profile/sessions-card";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { formFields } from "../components/ui/form-field";
import { PasswordField } from "../components/ui/password-input";
import { useChangePassword, useUpdateProfile } from "../hooks/use-auth";
import { useDisclosure } from "../hooks/use-disclosure";
import { useDocumentTitle } from "../hooks/use-document-title";

function ReadField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** Save and Cancel under an edit form. */
function FormActions({
  pending,
  pendingLabel,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}

/** A card's title and description, with the button that opens its form while it is closed. */
function DisclosureCardHeader({
  icon: Icon,
  title,
  description,
  disclosure,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  disclosure: ReturnType<typeof useDisclosure>;
  /** The opening button's content. */
  children: ReactNode;
}) {
  return (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
      <div className="space-y-1.5">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-brand-700" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {disclosure.open ? null : (
        <Button ref={disclosure.triggerRef} variant="outline" size="sm" onClick={disclosure.show}>
          {children}
        </Button>
      )}
    </CardHeader>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
    },
  });

  const field = formFields(register, errors);

  useEffect(() => setFocus("firstName"), [setFocus]);

  const onSubmit = handleSubmit((form) => update.mutate(form, { onSuccess: onDone }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <NameEmailFields
        field={field}
        emailHint="To change your email, use Change Email below: it needs your password and a confirmation from the new address."
      />
      <FormActions
        pending={update.isPending}
        pendingLabel="Saving..."
        submitLabel="Save Changes"
        onCancel={onDone}
      />
    </form>
  );
}

function ProfileCard({ user }: { user: User }) {
  const editing = useDisclosure();
  return (
    <Card>
      <DisclosureCardHeader
        icon={UserRound}
        title="Profile Information"
        description="Your name and the email address you sign in with."
        disclosure={editing}
      >
        <Pencil className="size-4" aria-hidden="true" />
        Edit Profile
      </DisclosureCardHeader>
      <CardContent>
        {editing.open ? (
          <ProfileForm user={user} onDone={editing.hide} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <ReadField label="First Name" value={user.firstName || "Not provided"} />
            <ReadField label="Last Name" value={user.lastName || "Not provided"} />
            <ReadField label="Email" value={user.email} />
            <ReadField
              label="Account Type"
              value={user.isAdmin ? "Administrator" : "Standard User"}
            />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const field = formFields(register, errors);

  useEffect(() => setFocus("currentPassword"), [setFocus]);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="Current Password"
        {...field("currentPassword")}
        autoComplete="current-password"
      />
      <PasswordField
        label="New Password"
        hint={PASSWORD_RULES_HINT}
        {...field("newPassword")}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirm New Password"
        {...field("confirmPassword")}
        autoComplete="new-password"
      />
      <FormActions
        pending={change.isPending}
        pendingLabel="Updating..."
        submitLabel="Update Password"
        onCancel={onDone}
      />
    </form>
  );
}

function PasswordCard() {
  const form = useDisclosure();
  return (
    <Card>
      <DisclosureCardHeader
        icon={KeyRound}
        title="Change Password"
        description="Use a password you do not use anywhere else."
        disclosure={form}
      >
        Change Password
      </DisclosureCardHeader>
      {form.open ? (
        <CardContent>
          <PasswordForm onDone={form.hide} />
        </CardContent>
      ) : null}
    </Card>
  );
}

export function ProfilePage({ user }: { user: User }) {
  useDocumentTitle("Account Settings");
  return (
    <PageShell title="Account Settings">
      <ProfileCard user={user} />
      <EmailCard user={user} />
      <PasswordCard />
      <SessionsCard />
    </PageShell>
  );
}
