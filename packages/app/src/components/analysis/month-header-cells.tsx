/** The header cells of a table by month: January to December (abbreviated, named in full), then the year. */
import { MONTH_ABBREVIATIONS, MONTH_NAMES } from "@bis/sdk";

const CELL = "px-2 py-1.5 text-right font-medium";

export function MonthHeaderCells() {
  return (
    <>
      {MONTH_ABBREVIATIONS.map((m, i) => (
        <th key={m} scope="col" className={CELL}>
          <abbr title={MONTH_NAMES[i]} className="no-underline">
            {m}
          </abbr>
        </th>
      ))}
      <th scope="col" className={CELL}>
        Year
      </th>
    </>
  );
}
