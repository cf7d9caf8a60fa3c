/**
 * A command's human output as data: headings, label/value fields, tables and notes. The same
 * document is drawn with Ink on a terminal and as plain lines otherwise (ui/index.ts).
 */

export type Tone = "normal" | "muted" | "success" | "warning" | "error" | "accent";

export interface Field {
  label: string;
  value: string;
  /** Shown after the value, dimmed: a source, a grade, a unit. */
  note?: string;
  tone?: Tone;
}

export interface Column {
  header: string;
  align?: "left" | "right";
}

export type Block =
  | { kind: "heading"; text: string }
  | { kind: "fields"; fields: Field[] }
  | { kind: "table"; title?: string; columns: Column[]; rows: string[][]; empty?: string }
  | { kind: "text"; text: string; tone?: Tone };

export type Doc = Block[];

/** Values up to this long line up in a column; longer ones take their own width. */
export const FIELD_VALUE_COLUMN = 24;

export function fieldValueWidth(list: Field[]): number {
  return Math.max(
    0,
    ...list.map((f) => [...f.value].length).filter((n) => n <= FIELD_VALUE_COLUMN),
  );
}

export const heading = (text: string): Block => ({ kind: "heading", text });
export const fields = (list: Field[]): Block => ({ kind: "fields", fields: list });
export const text = (value: string, tone?: Tone): Block => ({ kind: "text", text: value, tone });
export const table = (
  columns: (string | Column)[],
  rows: string[][],
  options: { title?: string; empty?: string } = {},
): Block => ({
  kind: "table",
  columns: columns.map((c) => (typeof c === "string" ? { header: c } : c)),
  rows,
  ...options,
});

/* ------------------------------------------------------------------ formatting */

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const fmt = {
  int: (n: number | null | undefined) => (n == null ? "—" : integer.format(n)),
  dec: (n: number | null | undefined) => (n == null ? "—" : decimal.format(n)),
  usd: (n: number | null | undefined) => (n == null ? "—" : usd.format(n)),
  cents: (n: number | null | undefined) => (n == null ? "—" : usdCents.format(n)),
  /** A fraction (0.05) as whole percent ("5%"). */
  pct: (n: number | null | undefined) => (n == null ? "—" : `${decimal.format(n * 100)}%`),
  date: (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace("T", " ") : "—"),
  yesNo: (b: boolean) => (b ? "yes" : "no"),
  /** Seconds as "12 s", "3 min 05 s", "1 h 02 min". */
  duration(seconds: number): string {
    if (!Number.isFinite(seconds)) return "—";
    if (seconds < 10) return `${decimal.format(Math.max(0, seconds))} s`;
    const s = Math.round(seconds);
    if (s < 60) return `${s} s`;
    if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
    return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  },
};
