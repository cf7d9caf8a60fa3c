/**
 * One way to read a paginated list (GET …?limit=&cursor=): pages accumulate as the user asks
 * for more ("Load more"), and the result looks like a query of the whole list so far — `data`
 * is the items loaded, `total` the size of the whole list.
 */
import type { Page, PageQuery } from "@bis/sdk";
import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";

export interface PagedList<T> {
  /** The items of every page loaded so far. */
  items: T[];
  /** Items in the whole list. */
  total: number;
}

export function usePagedList<T>(
  queryKey: QueryKey,
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
  options: { pageSize?: number; refetchInterval?: number | false } = {},
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      fetchPage({ limit: options.pageSize, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data): PagedList<T> => ({
      items: data.pages.flatMap((p) => p.items),
      total: data.pages.at(-1)?.total ?? 0,
    }),
    refetchInterval: options.refetchInterval,
  });
  return {
    ...query,
    data: query.data?.items,
    total: query.data?.total ?? 0,
    /** Loads the next page unless one is loading or there is none. */
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}

export type PagedListQuery<T> = ReturnType<typeof usePagedList<T>>;
