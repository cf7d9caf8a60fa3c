/**
 * How a market analysis is stored: the record the API returns, except that the city table —
 * three quarters of the record (200 rows for a large market) — is kept as its column names and
 * one list of values per column (`cityColumns`) instead of 200 objects repeating the same eight
 * keys. A 100-mile New York record is 30 KB instead of 48 KB, which is less to serialize and
 * write for every new analysis; eight lists serialize in 25 µs where 200 rows of values took
 * 58 µs (the stored form until 27 November 2026, `cityTable`, which still reads).
 *
 * A column of decimals written with a few digits (latitude and longitude to 4, distance to 1) is
 * stored as whole numbers with its count of decimals (`decimals`): JSON writes a whole number
 * several times faster than a fraction (the shortest digits that read back as the same double),
 * which halves the time to serialize the table. A number only goes in scaled when dividing it
 * back gives exactly the same double; a column where one does not stays as it is.
 *
 * Reading gives back the same objects; records stored in the full form, as rows (`cityTable`), or
 * without `decimals`, read as they are.
 *
 * The column type `marketRecord` (db/columns.ts, one per engine) applies this on every read and
 * write through drizzle, so no service sees the stored form.
 */

import { isRecord } from "@bis/sdk";

type Row = Record<string, unknown>;

/** The city table as columns of values (how it is stored now). */
interface ColumnTable {
  columns: string[];
  /** One list per column, a value per row. */
  values: unknown[][];
  /** Per column: the numbers are stored × 10^decimals (0: as they are). */
  decimals?: number[];
}

/** The city table as rows of values (how it was stored until 27 November 2026; still read). */
interface RowTable {
  columns: string[];
  rows: unknown[][];
  decimals?: number[];
}

/** The most decimals a scaled column may have. */
const MAX_DECIMALS = 6;
const POWERS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/** The rows as columns of values when every row has the same keys; otherwise null. */
function compactColumns(rows: readonly unknown[]): ColumnTable | null {
  const first = rows[0];
  if (!isRecord(first)) return null;
  const columns = Object.keys(first);
  const width = columns.length;
  // Filled by push: packed lists, which JSON writes faster than lists made with a length.
  const values: unknown[][] = columns.map(() => []);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!isRecord(row)) return null;
    // Same number of keys, and each column present: the same keys (no array of keys per row).
    let keys = 0;
    for (const _key in row) keys++;
    if (keys !== width) return null;
    for (let c = 0; c < width; c++) {
      const value = row[columns[c] as string];
      if (value === undefined) return null;
      (values[c] as unknown[]).push(value);
    }
  }
  const decimals = values.map(scaleColumn);
  return decimals.some((d) => d > 0) ? { columns, values, decimals } : { columns, values };
}

/**
 * A column as whole numbers with the fewest decimals that divide back to the same doubles, in
 * place; returns that count. 0 (the column untouched) when it holds something else than
 * numbers, only whole numbers, or a number that needs more than `MAX_DECIMALS`.
 */
function scaleColumn(column: unknown[]): number {
  if (typeof column[0] !== "number") return 0;
  for (let decimals = 0; decimals <= MAX_DECIMALS; decimals++) {
    if (!column.every((value) => fits(value, decimals))) continue;
    if (decimals > 0) {
      const power = POWERS[decimals] as number;
      for (let r = 0; r < column.length; r++) {
        column[r] = Math.round((column[r] as number) * power);
      }
    }
    return decimals;
  }
  return 0;
}

function fits(value: unknown, decimals: number): boolean {
  if (typeof value !== "number") return false;
  const power = POWERS[decimals] as number;
  const scaled = Math.round(value * power);
  return Number.isSafeInteger(scaled) && scaled / power === value;
}

function validDecimals(decimals: unknown, width: number): boolean {
  return (
    decimals === undefined ||
    (Array.isArray(decimals) &&
      decimals.length === width &&
      decimals.every((d) => Number.isInteger(d) && d >= 0 && d <= MAX_DECIMALS))
  );
}

function isColumnTable(value: unknown): value is ColumnTable {
  if (!isRecord(value) || !Array.isArray(value.columns) || !Array.isArray(value.values)) {
    return false;
  }
  const { columns, values } = value;
  const length = (values[0] as unknown[] | undefined)?.length ?? 0;
  return (
    columns.every((c) => typeof c === "string") &&
    values.length === columns.length &&
    values.every((v) => Array.isArray(v) && v.length === length) &&
    validDecimals(value.decimals, columns.length)
  );
}

function isRowTable(value: unknown): value is RowTable {
  return (
    isRecord(value) &&
    Array.isArray(value.columns) &&
    value.columns.every((c) => typeof c === "string") &&
    Array.isArray(value.rows) &&
    value.rows.every((r) => Array.isArray(r) && r.length === (value.columns as string[]).length) &&
    validDecimals(value.decimals, value.columns.length)
  );
}

/** The stored form of a market record (any other value is stored as it is). */
export function encodeMarketRecord(record: unknown): unknown {
  if (!isRecord(record) || !isRecord(record.cityAnalysis)) return record;
  const { cityBreakdown, ...rest } = record.cityAnalysis;
  if (!Array.isArray(cityBreakdown) || cityBreakdown.length === 0) return record;
  const table = compactColumns(cityBreakdown);
  if (!table) return record;
  return { ...record, cityAnalysis: { ...rest, cityColumns: table } };
}

/** The city rows of a stored table, `value(column, row)` giving each stored value. */
function rowsOf(
  columns: string[],
  count: number,
  decimals: number[] | undefined,
  value: (c: number, r: number) => unknown,
): Row[] {
  const rows: Row[] = new Array(count);
  for (let r = 0; r < count; r++) {
    const row: Row = {};
    for (let c = 0; c < columns.length; c++) {
      const d = decimals?.[c] ?? 0;
      const v = value(c, r);
      row[columns[c] as string] = d > 0 ? (v as number) / (POWERS[d] as number) : v;
    }
    rows[r] = row;
  }
  return rows;
}

/** The record from its stored form (full-form records come back unchanged). */
export function decodeMarketRecord(stored: unknown): unknown {
  if (!isRecord(stored) || !isRecord(stored.cityAnalysis)) return stored;
  const { cityColumns, cityTable, ...rest } = stored.cityAnalysis;
  if (isColumnTable(cityColumns)) {
    const { columns, values, decimals } = cityColumns;
    const count = values[0]?.length ?? 0;
    const cityBreakdown = rowsOf(columns, count, decimals, (c, r) => values[c]?.[r]);
    return { ...stored, cityAnalysis: { ...rest, cityBreakdown } };
  }
  if (isRowTable(cityTable)) {
    const { columns, rows, decimals } = cityTable;
    const cityBreakdown = rowsOf(columns, rows.length, decimals, (c, r) => rows[r]?.[c]);
    return { ...stored, cityAnalysis: { ...rest, cityBreakdown } };
  }
  return stored;
}
