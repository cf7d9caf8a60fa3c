/**
 * The two kinds of form of the app, so that each is laid out and submitted one way: a signed-out
 * form with its one wide submit button (sign in, registration, password reset, administrator
 * setup), and a form opened in place on the profile with its submit button and Cancel. Both
 * leave validation to the schema (`noValidate`: the browser's own bubbles stay away).
 */
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "../ui/button";

interface Submit {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text ("Sign In"), and its text while the call runs ("Signing In..."). */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  children: ReactNode;
}

export function AuthForm({ onSubmit, submitLabel, pendingLabel, pending, children }: Submit) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
      <Button type="submit" size="lg" fullWidth pending={pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}

export function InPlaceForm({
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
  children,
}: Submit & { onCancel: () => void }) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
