import { Clock } from "lucide-react";
import type { PaymentReturnState } from "../../hooks/use-payment-return";
import { Spinner } from "../ui/spinner";

/** What the screen says while a returning payment is checked, and if it is not confirmed. */
export function PaymentReturnNote({ state }: { state: PaymentReturnState }) {
  if (state === "confirming") {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
      >
        <Spinner size="sm" decorative className="text-brand-700" />
        Confirming your payment...
      </div>
    );
  }
  if (state === "unconfirmed") {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700"
      >
        <Clock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <p>
          <span className="font-semibold text-slate-900">
            Payment received — we're confirming it.
          </span>{" "}
          Premium access unlocks as soon as the confirmation arrives; reload this page in a minute.
        </p>
      </div>
    );
  }
  return null;
}
