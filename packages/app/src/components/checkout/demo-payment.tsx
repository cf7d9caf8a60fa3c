/**
 * Demo checkout (a server without card payments): says plainly that no card is charged, and
 * "Complete Demo Purchase" asks the server to mark the analysis paid.
 */
import { FlaskConical } from "lucide-react";
import { useConfirmDemoPayment } from "../../hooks/use-payments";
import { Button } from "../ui/button";

export function DemoPayment({ analysisId, price }: { analysisId: string; price: string }) {
  const confirm = useConfirmDemoPayment(analysisId);
  return (
    <div className="space-y-5">
      <section
        aria-labelledby="demo-mode-heading"
        className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <h3 id="demo-mode-heading" className="font-semibold">
          Demo checkout — no card is charged
        </h3>
      </section>
      <p className="text-sm text-slate-600">
        Completing the demo purchase unlocks premium access to this analysis exactly as a real{" "}
        {price} payment would.
      </p>
      <Button
        size="lg"
        fullWidth
        onClick={() => confirm.mutate()}
        // Paid: the results page is loading; the button stays busy until it replaces this one.
        pending={confirm.isPending || confirm.isSuccess}
        pendingLabel={confirm.isSuccess ? "Opening your results..." : "Processing Payment..."}
      >
        Complete Demo Purchase
      </Button>
    </div>
  );
}
