/**
 * Tables on phones: under the `sm` breakpoint a table inside an element with these classes turns
 * into stacked cards — one card per row, the row header (`<th scope="row">`) as its title and
 * every other cell as "label value", the label being the cell's `data-label` (its column's
 * name) — so no column is cut off and nothing scrolls sideways at 375 px. Used by the results
 * page's tables (`TableRegion`) and by every table of the admin panel (`AdminTable`).
 */

/** Under `sm`: the table, its bodies and rows become blocks; each row a card. */
export const STACKED_ROWS_CLASSES = [
  "max-sm:[&_table]:block max-sm:[&_table]:min-w-0",
  "max-sm:[&_tbody]:block max-sm:[&_tbody]:space-y-2 max-sm:[&_tbody]:p-2",
  "max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:rounded-md max-sm:[&_tbody_tr]:border max-sm:[&_tbody_tr]:border-slate-200 max-sm:[&_tbody_tr]:py-1",
  "max-sm:[&_tbody_th]:block max-sm:[&_tbody_th]:py-1.5",
  // Each cell: its column's name on the left, its value on the right.
  "max-sm:[&_tbody_td]:flex max-sm:[&_tbody_td]:items-baseline max-sm:[&_tbody_td]:justify-between max-sm:[&_tbody_td]:gap-3 max-sm:[&_tbody_td]:py-1 max-sm:[&_tbody_td]:text-right",
  "max-sm:[&_tbody_td]:before:shrink-0 max-sm:[&_tbody_td]:before:text-left max-sm:[&_tbody_td]:before:text-xs max-sm:[&_tbody_td]:before:font-medium max-sm:[&_tbody_td]:before:text-slate-600 max-sm:[&_tbody_td]:before:content-[attr(data-label)]",
].join(" ");

/** Under `sm`: a header row of sort buttons becomes a wrapping bar above the cards. */
export const SORT_BAR_CLASSES =
  "max-sm:[&_thead]:block max-sm:[&_thead_tr]:flex max-sm:[&_thead_tr]:flex-wrap max-sm:[&_thead_th]:block max-sm:[&_thead_th]:px-2";

/** Under `sm`: a plain header row is left to screen readers (the cards name each value). */
export const HIDDEN_HEAD_CLASSES =
  "max-sm:[&_thead]:absolute max-sm:[&_thead]:size-px max-sm:[&_thead]:overflow-hidden max-sm:[&_thead]:[clip-path:inset(50%)]";
