import { Button } from "../ui/button";

/** The submit button and Cancel under a form that opened in place (profile, password, email). */
export function FormActions({
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
