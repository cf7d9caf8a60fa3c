/**
 * Change Email: the new address and the current password; then "Check your inbox"
 * until the link mailed to the new address is followed (/confirm-email).
 */
import { emailChangeFormSchema, type User } from "@bis/sdk";
import { Mail, MailCheck } from "lucide-react";
import { useState } from "react";
import { useRequestEmailChange } from "../../hooks/use-account";
import { useDisclosure } from "../../hooks/use-disclosure";
import { InPlaceForm } from "../forms/form-shells";
import { useSchemaForm } from "../forms/use-schema-form";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { InputField } from "../ui/form-field";
import { PasswordField } from "../ui/password-input";
import { OpenFormButton, SettingsCardHeader } from "./settings-card-header";

function EmailChangeForm({
  onSent,
  onCancel,
}: {
  onSent: (newEmail: string) => void;
  onCancel: () => void;
}) {
  const request = useRequestEmailChange();
  const { handleSubmit, field } = useSchemaForm(
    emailChangeFormSchema,
    {
      newEmail: "",
      currentPassword: "",
    },
    { focus: "newEmail" },
  );
  const onSubmit = handleSubmit((form) =>
    request.mutate(form, { onSuccess: () => onSent(form.newEmail.trim().toLowerCase()) }),
  );
  return (
    <InPlaceForm
      onSubmit={onSubmit}
      submitLabel="Send Confirmation Link"
      pending={request.isPending}
      pendingLabel="Sending..."
      onCancel={onCancel}
    >
      <InputField label="New Email" {...field("newEmail")} type="email" autoComplete="email" />
      <PasswordField
        label="Current Password"
        {...field("currentPassword")}
        autoComplete="current-password"
      />
    </InPlaceForm>
  );
}

export function EmailCard({ user }: { user: User }) {
  const form = useDisclosure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card>
      <SettingsCardHeader
        icon={Mail}
        title="Email Address"
        description={
          <>
            You sign in with <strong className="text-slate-900">{user.email}</strong>. A new address
            takes effect once you confirm it from that inbox.
          </>
        }
        action={
          <OpenFormButton disclosure={form} hidden={sentTo !== null}>
            Change Email
          </OpenFormButton>
        }
      />
      {sentTo ? (
        <CardContent>
          <div role="status" className="flex gap-3 rounded-lg bg-brand-50 p-4 text-slate-700">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="space-y-2">
              <p className="font-semibold text-slate-900">Check your inbox</p>
              <p>
                We've sent a confirmation link to <strong>{sentTo}</strong>. Your email changes when
                you follow it; the link works once and expires in 24 hours. We've also told your
                current address.
              </p>
              <Button variant="outline" size="sm" onClick={() => setSentTo(null)}>
                Done
              </Button>
            </div>
          </div>
        </CardContent>
      ) : form.open ? (
        <CardContent>
          <EmailChangeForm
            onSent={(email) => {
              form.hide();
              setSentTo(email);
            }}
            onCancel={form.hide}
          />
        </CardContent>
      ) : null}
    </Card>
  );
}
