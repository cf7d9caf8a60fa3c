import { errorMessage } from "@bis/sdk";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

/** Shown when the session cannot be read at all (a failure of GET /api/auth/session). */
export function SessionError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const reason = errorMessage(error.cause ?? error, "");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md p-8 text-center" role="alert">
        <TriangleAlert className="mx-auto mb-3 size-10 text-red-600" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-slate-900">Failed to fetch user</h1>
        {reason ? <p className="mt-2 text-sm text-slate-600">{reason}</p> : null}
        <Button className="mt-6" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </Card>
    </main>
  );
}
