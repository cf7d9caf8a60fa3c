import { passwordChangeFormSchema, profileFormSchema, type User } from "@bis/sdk";
import { KeyRound, Pencil, UserRound } from "lucide-react";
import { InPlaceForm } from "../components/forms/form-shells";
import { NewPasswordFields } from "../components/forms/new-password-fields";
import { useSchemaForm } from "../components/forms/use-schema-form";
import { NameEmailFields } from "../components/name-email-fields";
import { PageShell } from "../components/page-shell";
import { EmailCard } from "../components/profile/email-card";
import { SessionsCard } from "../components/profile/sessions-card";
import { OpenFormButton, SettingsCardHeader } from "../components/profile/settings-card-header";
import { Card, CardContent } from "../components/ui/card";
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

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile();
  const { handleSubmit, field } = useSchemaForm(
    profileFormSchema,
    {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
    },
    { focus: "firstName" },
  );

  const onSubmit = handleSubmit((form) => update.mutate(form, { onSuccess: onDone }));

  return (
    <InPlaceForm
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      pending={update.isPending}
      pendingLabel="Saving..."
      onCancel={onDone}
    >
      <NameEmailFields
        field={field}
        emailHint="To change your email, use Change Email below: it needs your password and a confirmation from the new address."
      />
    </InPlaceForm>
  );
}

function ProfileCard({ user }: { user: User }) {
  const editing = useDisclosure();
  return (
    <Card>
      <SettingsCardHeader
        icon={UserRound}
        title="Profile Information"
        description="Your name and the email address you sign in with."
        action={
          <OpenFormButton disclosure={editing}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit Profile
          </OpenFormButton>
        }
      />
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
  const { handleSubmit, field } = useSchemaForm(
    passwordChangeFormSchema,
    {
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
    },
    { focus: "currentPassword" },
  );

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, { onSuccess: onDone }),
  );

  return (
    <InPlaceForm
      onSubmit={onSubmit}
      submitLabel="Update Password"
      pending={change.isPending}
      pendingLabel="Updating..."
      onCancel={onDone}
    >
      <PasswordField
        label="Current Password"
        {...field("currentPassword")}
        autoComplete="current-password"
      />
      <NewPasswordFields password={field("newPassword")} confirm={field("confirmPassword")} />
    </InPlaceForm>
  );
}

function PasswordCard() {
  const form = useDisclosure();
  return (
    <Card>
      <SettingsCardHeader
        icon={KeyRound}
        title="Change Password"
        description="Use a password you do not use anywhere else."
        action={<OpenFormButton disclosure={form}>Change Password</OpenFormButton>}
      />
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
