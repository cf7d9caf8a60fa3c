/**
 * How a market analysis is stored: the record the API returns, except that the city table —
 * three quarters of the record (200 rows for a large market) — is kept as columns and rows of
 * values instead of 200 objects repeating the same eight keys. A 100-mile New York record is
 * 25 KB instead of 41 KB, which is less to serialize and write for every new analysis.
 *
 * A column of decimals written with a few digits (latitude and longitude to 4, distance to 1) is
 * stored as whole numbers with its count of decimals (`decimals`): JSON writes a whole number
 * several times faster than a fraction (the shortest digits that read back as the same double),
 * which halves the time to serialize the table. A number only goes in scaled when dividing it
 * back gives exactly the same double; a column where one does not stays as it is.
 *
 * Reading gives back the same objects; records stored in the full form, or without `decimals`,
 * read as they are.
 *
 * The column type `marketRecord` (db/columns.ts, one per engine) applies this on every read and
 * write through drizzle, so no service sees the stored form.
 */

type Row = Record<string, unknown>;

interface CompactTable {
  columns: string[];
  rows: unknown[][];
  /** Per column: the numbers are stored × 10^decimals (0: as they are). */
  decimals?: number[];
}

/** The most decimals a scaled column may have. */
const MAX_DECIMALS = 6;
const POWERS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

function isObject(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The rows as columns and values when every row has the same keys; otherwise null. */
function compactRows(rows: readonly unknown[]): CompactTable | null {
  const first = rows[0];
  if (!isObject(first)) return null;
  const columns = Object.keys(first);
  const width = columns.length;
  const out: unknown[][] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!isObject(row)) return null;
    // Same number of keys, and each column present: the same keys (no array of keys per row).
    let keys = 0;
    for (const _key in row) keys++;
    if (keys !== width) return null;
    const values: unknown[] = new Array(width);
    for (let c = 0; c < width; c++) {
      const value = row[columns[c] as string];
      if (value === undefined) return null;
      values[c] = value;
    }
    out[r] = values;
  }
  const decimals = columns.map((_, c) => scaleColumn(out, c));
  return decimals.some((d) => d > 0) ? { columns, rows: out, decimals } : { columns, rows: out };
}

/**
 * Column `c` of the rows as whole numbers with the fewest decimals that divide back to the same
 * doubles, in place; returns that count. 0 (the column untouched) when it holds something else
 * than numbers, only whole numbers, or a number that needs more than `MAX_DECIMALS`.
 */
function scaleColumn(rows: unknown[][], c: number): number {
  if (typeof rows[0]?.[c] !== "number") return 0;
  for (let decimals = 0; decimals <= MAX_DECIMALS; decimals++) {
    if (!rows.every((values) => fits(values[c], decimals))) continue;
    if (decimals > 0) {
      const power = POWERS[decimals] as number;
      for (const values of rows) values[c] = Math.round((values[c] as number) * power);
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

function isCompactTable(value: unknown): value is CompactTable {
  return (
    isObject(value) &&
    Array.isArray(value.columns) &&
    value.columns.every((c) => typeof c === "string") &&
    Array.isArray(value.rows) &&
    value.rows.every((r) => Array.isArray(r) && r.length === (value.columns as string[]).length) &&
    (value.decimals === undefined ||
      (Array.isArray(value.decimals) &&
        value.decimals.length === value.columns.length &&
        value.decimals.every((d) => Number.isInteger(d) && d >= 0 && d <= MAX_DECIMALS)))
  );
}

/** The stored form of a market record (any other value is stored as it is). */
export function encodeMarketRecord(record: unknown): unknown {
  if (!isObject(record) || !isObject(record.cityAnalysis)) return record;
  const { cityBreakdown, ...rest } = record.cityAnalysis;
  if (!Array.isArray(cityBreakdown) || cityBreakdown.length === 0) return record;
  const table = compactRows(cityBreakdown);
  if (!table) return record;
  return { ...record, cityAnalysis: { ...rest, cityTable: table } };
}

/** The record from its stored form (full-form records come back unchanged). */
export function decodeMarketRecord(stored: unknown): unknown {
  if (!isObject(stored) || !isObject(stored.cityAnalysis)) return stored;
  const { cityTable, ...rest } = stored.cityAnalysis;
  if (!isCompactTable(cityTable)) return stored;
  const { columns, rows, decimals } = cityTable;
  const cityBreakdown = rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < columns.length; i++) {
      const d = decimals?.[i] ?? 0;
      row[columns[i] as string] = d > 0 ? (values[i] as number) / (POWERS[d] as number) : values[i];
    }
    return row;
  });
  return { ...stored, cityAnalysis: { ...rest, cityBreakdown } };
}
