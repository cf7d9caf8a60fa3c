import { Spinner } from "../ui/spinner";

/** "Preparing secure payment..." while the intent is created and the payment form loads. */
export function PreparingPayment() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-10 text-brand-700">
      <Spinner label="Preparing secure payment" />
      <p className="text-sm text-slate-600">Preparing secure payment...</p>
    </div>
  );
}
