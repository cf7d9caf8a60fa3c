/**
 * Under a paginated list: "Showing 50 of 1,500 analyses" and a "Load more" button (a real
 * button, so Tab and Enter/Space reach it); while the next page loads the button says so and
 * the count is announced politely when it changes.
 */
import { formatNumber } from "../../lib/format";
import { Button } from "./button";

export interface LoadMoreProps {
  /** The list as `usePagedList` returns it. */
  list: {
    data: readonly unknown[] | undefined;
    total: number;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    loadMore: () => void;
  };
  /** What the items are, plural ("analyses"). */
  noun: string;
}

export function LoadMore({ list, noun }: LoadMoreProps) {
  const shown = list.data?.length ?? 0;
  if (shown === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <p aria-live="polite">
        Showing {formatNumber(shown)} of {formatNumber(list.total)} {noun}
      </p>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          onClick={list.loadMore}
          pending={list.isFetchingNextPage}
          pendingLabel={`Loading more ${noun}...`}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
