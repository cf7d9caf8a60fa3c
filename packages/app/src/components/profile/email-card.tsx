/**
 * Change Email (issue 12): the new address and the current password; then "Check your inbox"
 * until the link mailed to the new address is followed (/confirm-email).
 */
import { emailChangeFormSchema, type User } from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useRequestEmailChange } from "../../hooks/use-account";
import { useDisclosure } from "../../hooks/use-disclosure";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { formFields, InputField } from "../ui/form-field";
import { PasswordField } from "../ui/password-input";

function EmailChangeForm({
  onSent,
  onCancel,
}: {
  onSent: (newEmail: string) => void;
  onCancel: () => void;
}) {
  const request = useRequestEmailChange();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(emailChangeFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const field = formFields(register, errors);
  useEffect(() => setFocus("newEmail"), [setFocus]);
  const onSubmit = handleSubmit((form) =>
    request.mutate(form, { onSuccess: () => onSent(form.newEmail.trim().toLowerCase()) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <InputField label="New Email" {...field("newEmail")} type="email" autoComplete="email" />
      <PasswordField
        label="Current Password"
        {...field("currentPassword")}
        autoComplete="current-password"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={request.isPending} pendingLabel="Sending...">
          Send Confirmation Link
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={request.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function EmailCard({ user }: { user: User }) {
  const form = useDisclosure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <Mail className="size-5 text-brand-700" aria-hidden="true" />
            Email Address
          </CardTitle>
          <CardDescription>
            You sign in with <strong className="text-slate-900">{user.email}</strong>. A new address
            takes effect once you confirm it from that inbox.
          </CardDescription>
        </div>
        {form.open || sentTo ? null : (
          <Button ref={form.triggerRef} variant="outline" size="sm" onClick={form.show}>
            Change Email
          </Button>
        )}
      </CardHeader>
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
