/**
 * The tables of the results page. `TableRegion` is the box every one of them sits in: long
 * lists scroll inside it (a focusable, labelled region, so the keyboard can scroll it), with the
 * header row kept in view; under the `sm` breakpoint (phones) the table inside it turns into
 * stacked cards (ui/stacked-table.ts, shared with the admin panel's tables).
 *
 * `SortableTable` (the city table, the ZIP areas) sorts by any column: each column header is a
 * button (mouse and keyboard) and carries `aria-sort` while it sorts; the sr-only caption names
 * the table and says how it is sorted. On phones its header row stays as a bar of sort buttons.
 */
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { cn } from "../../lib/cn";
import { HIDDEN_HEAD_CLASSES, SORT_BAR_CLASSES, STACKED_ROWS_CLASSES } from "../ui/stacked-table";

export type SortDirection = "ascending" | "descending";

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

export interface SortableColumn<T, K extends string = string> {
  key: K;
  label: string;
  /** Right-aligned, and sorted largest first on the first click. */
  numeric?: boolean;
  /** Ascending order of two rows by this column. */
  compare: (a: T, b: T) => number;
  cell: (row: T) => ReactNode;
  /** This column's cell is the row's header (`<th scope="row">`). */
  rowHeader?: boolean;
}

/** Numbers ascending, a missing one first. */
export function byNumber<T>(value: (row: T) => number | null | undefined) {
  return (a: T, b: T) =>
    (value(a) ?? Number.NEGATIVE_INFINITY) - (value(b) ?? Number.NEGATIVE_INFINITY);
}

/** Texts in alphabetical order. */
export function byText<T>(value: (row: T) => string) {
  return (a: T, b: T) => value(a).localeCompare(value(b));
}

/**
 * The scrolling box of a table: a region named `label` ("PPC Opportunities table") in the Tab
 * order, so keyboard users can scroll it. `cards` (default) stacks the rows into cards on phones;
 * the table's `td`s then need a `data-label` (their column's name). `sortBar` keeps the header
 * row visible on phones (its sort buttons); otherwise screen readers alone read it there.
 */
export function TableRegion({
  label,
  cards = true,
  sortBar = false,
  className,
  children,
}: {
  label: string;
  cards?: boolean;
  sortBar?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard to scroll it (WCAG 2.1.1)
      tabIndex={0}
      data-cards={cards || undefined}
      className={cn(
        "max-h-[32rem] overflow-auto rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        cards && STACKED_ROWS_CLASSES,
        cards && (sortBar ? SORT_BAR_CLASSES : HIDDEN_HEAD_CLASSES),
        className,
      )}
    >
      {children}
    </section>
  );
}

/** The sticky header of a plain (not sortable) table: one column header per label. */
export function PlainTableHead({ columns }: { columns: readonly [string, "left" | "right"][] }) {
  return (
    <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700">
      <tr>
        {columns.map(([label, align]) => (
          <th
            key={label}
            scope="col"
            className={`px-3 py-2 font-semibold${align === "right" ? " text-right" : ""}`}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function SortableTable<T, K extends string>({
  columns,
  rows,
  rowKey,
  caption,
  regionLabel,
  initialSort = null,
  minWidthClass = "min-w-[36rem]",
}: {
  columns: readonly SortableColumn<T, K>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** What the table lists, for screen readers ("Cities in the service area"). */
  caption: string;
  /** The name of the scrolling region around the table. */
  regionLabel: string;
  /** The order `rows` already come in, when it is one of the columns' (announced as such; a
   * stable sort keeps the rows' own order among equals). */
  initialSort?: SortState<K> | null;
  minWidthClass?: string;
}) {
  const [sort, setSort] = useState<SortState<K> | null>(initialSort);

  const sorted = useMemo(() => {
    if (!sort) return rows;
    const column = columns.find((c) => c.key === sort.key);
    if (!column) return rows;
    const sign = sort.direction === "ascending" ? 1 : -1;
    return [...rows].sort((a, b) => sign * column.compare(a, b));
  }, [rows, sort, columns]);

  const toggle = (column: SortableColumn<T, K>) =>
    setSort((current) => {
      if (current?.key === column.key) {
        return {
          key: column.key,
          direction: current.direction === "ascending" ? "descending" : "ascending",
        };
      }
      return { key: column.key, direction: column.numeric ? "descending" : "ascending" };
    });

  const sortedBy = sort ? columns.find((c) => c.key === sort.key)?.label : undefined;

  return (
    <TableRegion label={regionLabel} sortBar>
      <table className={cn("w-full text-left text-sm", minWidthClass)}>
        <caption className="sr-only">
          {caption}
          {sort && sortedBy ? `, sorted by ${sortedBy} ${sort.direction}` : ""}
        </caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-slate-700">
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
              const Icon = !active
                ? ArrowUpDown
                : sort.direction === "ascending"
                  ? ArrowUp
                  : ArrowDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? sort.direction : undefined}
                  className={cn(
                    "px-3 py-2 font-semibold whitespace-nowrap",
                    column.numeric && "text-right",
                  )}
                >
                  <button
                    type="button"
                    onClick={() => toggle(column)}
                    className={cn(
                      "inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                      column.numeric && "flex-row-reverse",
                    )}
                  >
                    {column.label}
                    <Icon className="size-3.5" aria-hidden="true" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="bg-white">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    data-label={column.label}
                    className={cn("px-3 py-2", column.numeric && "text-right tabular-nums")}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
