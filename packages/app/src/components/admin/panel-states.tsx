/**
 * Loading, error and empty states of the admin panel's sections, the body of a section by the
 * state of its query, the frame of a section (a card with a heading and optional actions) and
 * its filters. The tables are in admin-table.tsx.
 */
import { CircleAlert, Inbox } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Label } from "../ui/label";
import { LoadMore, type LoadMoreProps } from "../ui/load-more";
import { RetryButton } from "../ui/retry-button";
import { Select } from "../ui/select";
import { Spinner } from "../ui/spinner";

interface Retryable {
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-brand-700">
      <Spinner label={label} />
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

export function ErrorState({
  title,
  error,
  query,
}: {
  title: string;
  error: Error | null;
  query?: Retryable;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-8 text-center">
      <CircleAlert className="size-8 text-red-600" aria-hidden="true" />
      <p className="font-semibold text-slate-900">{title}</p>
      {error ? <p className="text-sm break-words text-slate-600">{error.message}</p> : null}
      {query ? (
        <div className="pt-2">
          <RetryButton queries={[query]} size="sm" />
        </div>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-center">
      <Inbox className="size-8 text-slate-400" aria-hidden="true" />
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** What QueryStates reads of a query (a `useQuery` result or a `usePagedList` one). */
interface QueryLike<T> extends Retryable {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
}

type PagedQueryLike<T> = QueryLike<T> & LoadMoreProps["list"];

function isPaged<T>(query: QueryLike<T>): query is PagedQueryLike<T> {
  return "loadMore" in query && typeof query.loadMore === "function";
}

/**
 * A section's body by the state of its query: loading, failed (with a retry), empty (when
 * `empty` is given and the data is an empty list), else `children` with the data — and, for a
 * paginated list, "Showing n of N" and "Load more" under it (`noun` names the items).
 */
export function QueryStates<T>({
  query,
  loading,
  failed,
  empty,
  noun = "items",
  children,
}: {
  query: QueryLike<T>;
  /** What is loading: "Loading users...". */
  loading: string;
  /** The error's title: "Failed to load users". */
  failed: string;
  empty?: ReactNode;
  /** What a paginated list holds, plural: "users". */
  noun?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) return <ErrorState title={failed} error={query.error} query={query} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0)
    return <EmptyState>{empty}</EmptyState>;
  const body = children(query.data as T);
  if (!isPaged(query)) return body;
  return (
    <>
      {body}
      <LoadMore list={query} noun={noun} />
    </>
  );
}

/** A card with an h2 (or h3), a line of description and actions on the right. */
export function PanelSection({
  title,
  description,
  actions,
  headingLevel = "h2",
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  headingLevel?: "h2" | "h3";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-label={title} className={cn("min-w-0", className)}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="min-w-0 space-y-1">
          <CardTitle as={headingLevel}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A labelled filter for a panel's header (log level, lead delivery status, …). */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        {label}
      </Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className={cn("h-9", className)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
