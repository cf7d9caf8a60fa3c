import { RefreshCw } from "lucide-react";
import { Button, type ButtonSize } from "./button";

interface Retryable {
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

/** "Try again": reruns every given query that failed. */
export function RetryButton({
  queries,
  size,
}: {
  queries: readonly Retryable[];
  size?: ButtonSize;
}) {
  return (
    <Button
      variant="outline"
      size={size}
      onClick={() => {
        for (const query of queries) if (query.isError) void query.refetch();
      }}
      pending={queries.some((query) => query.isRefetching)}
    >
      <RefreshCw className="size-4" aria-hidden="true" />
      Try again
    </Button>
  );
}
