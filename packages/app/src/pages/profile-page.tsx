import { passwordChangeFormSchema, profileFormSchema, type User } from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Pencil, UserRound } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { PageShell } from "../components/page-shell";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { PasswordInput } from "../components/ui/password-input";
import { useChangePassword, useUpdateProfile } from "../hooks/use-auth";
import { useDisclosure } from "../hooks/use-disclosure";

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

  useEffect(() => setFocus("firstName"), [setFocus]);

  const onSubmit = handleSubmit((form) => update.mutate(form, { onSuccess: onDone }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          {(control) => <Input {...control} {...register("firstName")} autoComplete="given-name" />}
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          {(control) => <Input {...control} {...register("lastName")} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} {...register("email")} type="email" autoComplete="email" />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={update.isPending} pendingLabel="Saving...">
          Save Changes
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ProfileCard({ user }: { user: User }) {
  const editing = useDisclosure();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <UserRound className="size-5 text-brand-700" aria-hidden="true" />
            Profile Information
          </CardTitle>
          <CardDescription>Your name and the email address you sign in with.</CardDescription>
        </div>
        {editing.open ? null : (
          <Button ref={editing.triggerRef} variant="outline" size="sm" onClick={editing.show}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit Profile
          </Button>
        )}
      </CardHeader>
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

  useEffect(() => setFocus("currentPassword"), [setFocus]);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register("currentPassword")}
            autoComplete="current-password"
          />
        )}
      </FormField>
      <FormField
        label="New Password"
        error={errors.newPassword?.message}
        hint="At least 6 characters."
      >
        {(control) => (
          <PasswordInput {...control} {...register("newPassword")} autoComplete="new-password" />
        )}
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register("confirmPassword")}
            autoComplete="new-password"
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={change.isPending} pendingLabel="Updating...">
          Update Password
        </Button>
        <Button variant="outline" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PasswordCard() {
  const form = useDisclosure();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
            Change Password
          </CardTitle>
          <CardDescription>Use a password you do not use anywhere else.</CardDescription>
        </div>
        {form.open ? null : (
          <Button ref={form.triggerRef} variant="outline" size="sm" onClick={form.show}>
            Change Password
          </Button>
        )}
      </CardHeader>
      {form.open ? (
        <CardContent>
          <PasswordForm onDone={form.hide} />
        </CardContent>
      ) : null}
    </Card>
  );
}

export function ProfilePage({ user }: { user: User }) {
  return (
    <PageShell title="Account Settings">
      <ProfileCard user={user} />
      <PasswordCard />
    </PageShell>
  );
}
