/**
 * How a market analysis is stored: the record the API returns, except that the city table —
 * three quarters of the record (200 rows for a large market) — is kept as columns and rows of
 * values instead of 200 objects repeating the same eight keys. A 100-mile New York record is
 * 25 KB instead of 41 KB, which is less to serialize and write for every new analysis. Reading
 * gives back the same objects; records stored in the full form read as they are.
 *
 * The column type `marketRecord` (db/columns.ts, one per engine) applies this on every read and
 * write through drizzle, so no service sees the stored form.
 */

type Row = Record<string, unknown>;

interface CompactTable {
  columns: string[];
  rows: unknown[][];
}

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
  return { columns, rows: out };
}

function isCompactTable(value: unknown): value is CompactTable {
  return (
    isObject(value) &&
    Array.isArray(value.columns) &&
    value.columns.every((c) => typeof c === "string") &&
    Array.isArray(value.rows) &&
    value.rows.every((r) => Array.isArray(r) && r.length === (value.columns as string[]).length)
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
  const { columns, rows } = cityTable;
  const cityBreakdown = rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i];
    return row;
  });
  return { ...stored, cityAnalysis: { ...rest, cityBreakdown } };
}
