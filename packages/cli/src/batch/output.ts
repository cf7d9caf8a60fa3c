/**
 * Batch output, written row by row as each finishes so that an interruption leaves a valid
 * file: CSV appends a line; a JSON file is kept a valid array after every row by overwriting
 * its closing bracket in place. To stdout, JSON closes its array when the batch ends (Ctrl-C
 * included).
 */
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
import {
  type AnalyzeResponse,
  busiestMonth,
  csvCell,
  type MarketAnalysisForm,
  MONTH_NAMES,
} from "@bis/sdk";
import { parse } from "csv-parse/sync";
import { CliError } from "../errors.js";
import type { OutStream } from "../io.js";
import { type InputRow, rowKey } from "./rows.js";

export type Format = "csv" | "json";

/** The market's revenue in each month (dollars; the 12 sum to the year), as batch fields. */
const MONTH_FIELDS = [
  "revenueJan",
  "revenueFeb",
  "revenueMar",
  "revenueApr",
  "revenueMay",
  "revenueJun",
  "revenueJul",
  "revenueAug",
  "revenueSep",
  "revenueOct",
  "revenueNov",
  "revenueDec",
] as const;
type MonthField = (typeof MONTH_FIELDS)[number];

export type ResultRow = ResultFields & Record<MonthField, number | null>;

interface ResultFields {
  city: string;
  state: string;
  industry: string;
  primary: number;
  secondary: number;
  analysisId: string;
  location: string;
  /** Population within the secondary radius. */
  marketSize: number | null;
  households: number | null;
  /** Average annual revenue per household, dollars. */
  avgRevenue: number | null;
  populationGrade: string | null;
  revenueGrade: string | null;
  dataSource: string | null;
  /** Total market revenue a year, dollars. */
  totalRevenue: number | null;
  /** The month of the most revenue ("July"); null without the market's months. */
  busiestMonth: string | null;
}

/** CSV columns, in order, with the JSON field each comes from. */
export const CSV_COLUMNS: [string, keyof ResultRow][] = [
  ["city", "city"],
  ["state", "state"],
  ["industry", "industry"],
  ["primary", "primary"],
  ["secondary", "secondary"],
  ["analysis_id", "analysisId"],
  ["location", "location"],
  ["market_size", "marketSize"],
  ["households", "households"],
  ["avg_revenue", "avgRevenue"],
  ["population_grade", "populationGrade"],
  ["revenue_grade", "revenueGrade"],
  ["data_source", "dataSource"],
  ["total_revenue", "totalRevenue"],
  ["busiest_month", "busiestMonth"],
  ...MONTH_FIELDS.map((field): [string, keyof ResultRow] => [
    `revenue_${field.slice(-3).toLowerCase()}`,
    field,
  ]),
];

/** A row's result: the input as sent, the analysis' figures, their grades and source. */
export function resultRow(
  row: Pick<InputRow, "city" | "state">,
  form: MarketAnalysisForm,
  response: AnalyzeResponse,
): ResultRow {
  const p = response.provenance ?? {};
  const months = response.revenueByMonth ?? null;
  const source = p.population ?? p.households;
  return {
    city: row.city,
    state: row.state,
    industry: String(form.industry),
    primary: Number(form.primaryRadius),
    secondary: Number(form.secondaryRadius),
    analysisId: response.analysis.id,
    location: response.location,
    marketSize: response.marketSize,
    households: response.households,
    avgRevenue: response.avgRevenue,
    populationGrade: p.population?.grade ?? null,
    revenueGrade: p.revenue?.grade ?? null,
    dataSource: source ? `${source.source}${source.vintage ? ` ${source.vintage}` : ""}` : null,
    totalRevenue: response.totalMarketRevenue ?? null,
    busiestMonth: months ? (MONTH_NAMES[busiestMonth(months) - 1] ?? null) : null,
    ...(Object.fromEntries(MONTH_FIELDS.map((field, m) => [field, months?.[m] ?? null])) as Record<
      MonthField,
      number | null
    >),
  };
}

export const csvHeader = () => `${CSV_COLUMNS.map(([name]) => name).join(",")}\n`;
export const csvLine = (row: ResultRow) =>
  `${CSV_COLUMNS.map(([, field]) => csvCell(row[field])).join(",")}\n`;

export interface OutputWriter {
  write(row: ResultRow): void;
  /** Finishes the output (closes a JSON array, the file). Safe to call twice. */
  close(): void;
}

/** The format from --format, else from the file's extension, else CSV. */
export function formatFor(
  out: string | undefined,
  given: string | undefined,
  json: boolean,
): Format {
  if (given !== undefined) {
    if (given !== "csv" && given !== "json")
      throw new CliError(`Unknown format "${given}".`, "Use --format csv or --format json.");
    return given;
  }
  if (out && out !== "-") return out.toLowerCase().endsWith(".json") ? "json" : "csv";
  return json ? "json" : "csv";
}

/* ------------------------------------------------------------------ reading (--resume) */

/** The keys of the rows already in an output file; [] when it does not exist. */
export function readDone(file: string, format: Format): { keys: Set<string>; rows: ResultRow[] } {
  if (!existsSync(file)) return { keys: new Set(), rows: [] };
  const text = readFileSync(file, "utf8");
  let rows: ResultRow[];
  if (format === "json") {
    try {
      const value: unknown = text.trim() === "" ? [] : JSON.parse(text);
      if (!Array.isArray(value)) throw new Error("not an array");
      rows = value as ResultRow[];
    } catch (error) {
      throw new CliError(
        `Cannot resume: ${file} is not a JSON array of results (${(error as Error).message}).`,
        "Give the file an earlier `bis batch --format json` wrote, or start over with --force.",
      );
    }
  } else {
    try {
      const records = parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<
        string,
        string
      >[];
      rows = records.map((r) => {
        const row: Record<string, unknown> = {};
        for (const [column, field] of CSV_COLUMNS) row[field] = r[column] ?? "";
        return row as unknown as ResultRow;
      });
    } catch (error) {
      throw new CliError(
        `Cannot resume: ${file} is not a CSV of results (${(error as Error).message}).`,
        "Give the file an earlier `bis batch` wrote, or start over with --force.",
      );
    }
  }
  const done = rows.filter((r) => r && typeof r.city === "string" && r.analysisId);
  return { keys: new Set(done.map((r) => rowKey(r))), rows: done };
}

/* ------------------------------------------------------------------ writers */

/**
 * The writer for a batch: to the `file` (a CSV appended to on --resume, a JSON array rewritten
 * with the rows already `done`), or to `stdout` without one.
 */
export function openWriter(
  file: string | null,
  format: Format,
  options: { resume: boolean; done: ResultRow[]; stdout: OutStream },
): OutputWriter {
  if (file)
    return format === "csv"
      ? csvFileWriter(file, options.resume)
      : jsonFileWriter(file, options.done);
  return format === "csv" ? csvStreamWriter(options.stdout) : jsonStreamWriter(options.stdout);
}

/** CSV to a file: a header unless appending to a file that has one; one line per row. */
export function csvFileWriter(file: string, append: boolean): OutputWriter {
  const previous = append && existsSync(file) ? readFileSync(file, "utf8") : "";
  const hasContent = previous.trim() !== "";
  const fd = openSync(file, hasContent ? "a" : "w");
  if (!hasContent) writeSync(fd, csvHeader());
  else if (!previous.endsWith("\n")) writeSync(fd, "\n");
  let open = true;
  return {
    write(row) {
      writeSync(fd, csvLine(row));
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

/**
 * A JSON array in a file that is valid after every row: the closing "\n]\n" is overwritten by
 * the next row and written again after it.
 */
export function jsonFileWriter(file: string, existing: ResultRow[]): OutputWriter {
  const fd = openSync(file, "w");
  const tail = "\n]\n";
  let offset = 0;
  let count = 0;
  /** Writes `text` and the closing tail in one call, where the previous tail began. */
  const put = (text: string) => {
    writeSync(fd, text + tail, offset);
    offset += Buffer.byteLength(text);
  };
  put("[");
  const append = (row: ResultRow) => {
    put(`${count > 0 ? "," : ""}\n  ${JSON.stringify(row)}`);
    count += 1;
  };
  for (const row of existing) append(row);
  let open = true;
  return {
    write: append,
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

export function csvStreamWriter(stream: OutStream): OutputWriter {
  stream.write(csvHeader());
  return {
    write: (row) => {
      stream.write(csvLine(row));
    },
    close() {},
  };
}

export function jsonStreamWriter(stream: OutStream): OutputWriter {
  let count = 0;
  let open = true;
  stream.write("[");
  return {
    write(row) {
      stream.write(`${count > 0 ? "," : ""}\n  ${JSON.stringify(row)}`);
      count += 1;
    },
    close() {
      if (!open) return;
      open = false;
      stream.write(count > 0 ? "\n]\n" : "]\n");
    },
  };
}
