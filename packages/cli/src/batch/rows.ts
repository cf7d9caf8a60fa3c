/**
 * Batch input: a CSV with a header row naming `city,state[,industry,primary,secondary]`
 * (any order, any case; `primaryRadius`/`secondary_radius` also work), each row validated with
 * the same schema as the app's form, and remembered by its line number.
 */
import { parse } from "csv-parse/sync";
import { type RequestFields, type ValidatedRequest, validateRequest } from "../analysis-request.js";
import { CliError } from "../errors.js";

export interface RowDefaults {
  industry: string;
  primary: number;
  secondary: number;
}

export interface InputRow {
  /** 1-based line of the input file. */
  line: number;
  city: string;
  state: string;
  industry: string;
  primary: string;
  secondary: string;
  /** The validated request, or why the row cannot be run. */
  request: ValidatedRequest;
}

const COLUMN_ALIASES: Record<
  string,
  keyof Pick<InputRow, "city" | "state" | "industry" | "primary" | "secondary">
> = {
  city: "city",
  state: "state",
  industry: "industry",
  primary: "primary",
  primaryradius: "primary",
  secondary: "secondary",
  secondaryradius: "secondary",
};

export const CSV_HINT =
  "The first line must name the columns, e.g. `city,state,industry,primary,secondary` (industry and the radii are optional).";

export function parseRows(textInput: string, defaults: RowDefaults): InputRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(textInput, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new CliError(`The CSV could not be read: ${(error as Error).message}`, CSV_HINT);
  }
  const [header, ...body] = records;
  if (!header) throw new CliError("The CSV is empty.", CSV_HINT);
  const columns = header.record.map(
    (name) => COLUMN_ALIASES[name.toLowerCase().replace(/[\s_-]/g, "")],
  );
  if (!columns.includes("city") || !columns.includes("state"))
    throw new CliError(
      `The CSV header (line ${header.info.lines}) has no city and state columns: "${header.record.join(",")}".`,
      CSV_HINT,
    );

  return body.map(({ record, info }) => {
    const cell: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column && cell[column] === undefined) cell[column] = record[i] ?? "";
    });
    const row = {
      line: info.lines,
      city: cell.city ?? "",
      state: (cell.state ?? "").toUpperCase(),
      industry: cell.industry || defaults.industry,
      primary: cell.primary || String(defaults.primary),
      secondary: cell.secondary || String(defaults.secondary),
    };
    return { ...row, request: validateRequest(row) };
  });
}

/** What identifies a row for --resume: city, state, industry and both radii, normalized. */
export function rowKey(row: RequestFields): string {
  return [
    row.city.trim().toLowerCase().replace(/\s+/g, " "),
    row.state.trim().toUpperCase(),
    row.industry.trim().toUpperCase(),
    Number(row.primary),
    Number(row.secondary),
  ].join("|");
}

export function rowLabel(row: { city: string; state: string }): string {
  return `${row.city || "(no city)"}, ${row.state || "(no state)"}`;
}
