/**
 * The one table of the admin panel. Columns are data — a name, a cell for each row — so every
 * table gets the same layout: on a laptop a table that scrolls sideways inside its box (a
 * labelled region in the Tab order, so the keyboard can scroll it); on a phone stacked cards
 * (ui/stacked-table.ts), one per row, each value labelled with its column's name, so that no
 * table is wider than the screen.
 */
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { STACKED_ROWS_CLASSES } from "../ui/stacked-table";

export interface AdminColumn<T> {
  /** The column's name: its header, and the label of its value on a phone's card. */
  label: string;
  /** A header other than the name (a select-all box): it stays in view on phones. */
  header?: ReactNode;
  /** The name is for screen readers only (a column of buttons or links). */
  hideLabel?: boolean;
  /** The row's header cell (`<th scope="row">`): the card's title on a phone. */
  rowHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Extra classes of the column's cells. */
  className?: string | ((row: T) => string | false | undefined);
}

const thClasses =
  "border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:first:pl-6 sm:last:pr-6";
// On a phone a long word (a key, an address, a setting's name) breaks rather than widen the card.
const cellClasses =
  "px-3 align-middle text-slate-800 max-sm:wrap-anywhere sm:border-b sm:border-slate-100 sm:py-3 sm:first:pl-6 sm:last:pr-6";

function headerOf<T>(column: AdminColumn<T>): ReactNode {
  if (column.header !== undefined) return column.header;
  return column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label;
}

export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  /** The name of the table's region ("Users"). */
  label: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard to scroll it (WCAG 2.1.1)
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:-mx-6",
        STACKED_ROWS_CLASSES,
      )}
    >
      <table className="w-full border-collapse text-left text-sm sm:min-w-max">
        <thead className="max-sm:block">
          <tr className="max-sm:flex">
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                // On a phone the cards name each value: only a header with a control stays.
                className={cn(thClasses, column.header === undefined && "max-sm:sr-only")}
              >
                {headerOf(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => {
                const extra =
                  typeof column.className === "function" ? column.className(row) : column.className;
                return column.rowHeader ? (
                  <th
                    key={column.label}
                    scope="row"
                    className={cn(cellClasses, "font-medium text-slate-900", extra)}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.label}
                    data-label={column.hideLabel ? undefined : column.label}
                    className={cn(cellClasses, extra)}
                  >
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
