import { RefreshCw } from "lucide-react";
import { Button } from "./button";

/** "Refresh": refetches a query; pending while a refetch runs over data already shown. */
export function RefreshButton({
  query,
}: {
  query: { isFetching: boolean; isPending: boolean; refetch: () => unknown };
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void query.refetch()}
      pending={query.isFetching && !query.isPending}
    >
      <RefreshCw className="size-4" aria-hidden="true" />
      Refresh
    </Button>
  );
}
