/**
 * `bis zips <analysis-id>`: the analysis' ZIP areas best opportunity score first —
 * the same rows as the results page, the API and the PDF. Without `--format`: a table of the top
 * N (20 unless `--limit` or `--all`) with each score's reasons, saying "top 20 of 107" and how to
 * see them all; `--format csv|xlsx` writes the server's download and `--format json` the API's
 * rows (to `--out`, or stdout) — every row unless `--limit` — and says how many it wrote.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  ZIP_COMPETITION_RADIUS_MILES,
  ZIP_SORT_KEYS,
  type ZipAreaRow,
  type ZipSortKey,
} from "@bis/sdk";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { withSession } from "../session.js";
import { createUi, type Doc, fmt, heading, table, text } from "../ui/index.js";

export interface ZipsOptions extends GlobalOptions {
  id: string;
  /** At most this many rows (1–9999); files and JSON hold every row without it. */
  limit?: string | number;
  /** The older name of `--limit`. */
  top?: string | number;
  /** The table shows every row. */
  all?: boolean;
  sort?: string;
  format?: string;
  out?: string;
}

const FORMATS = ["csv", "xlsx", "json"] as const;
type ZipFormat = (typeof FORMATS)[number];

/** How many rows the table shows when neither `--limit` nor `--all` is given. */
export const TABLE_ROWS = 20;
const LIMIT_MAX = 9999;

/** `--limit` (or `--top`) as a number, undefined when absent; anything else is refused. */
function limitOf(options: ZipsOptions): number | undefined {
  const given = [
    ["--limit", options.limit],
    ["--top", options.top],
  ].filter((o): o is [string, string | number] => o[1] !== undefined);
  if (given.length === 2 && String(options.limit) !== String(options.top))
    throw new CliError(
      `--limit ${options.limit} and --top ${options.top} disagree.`,
      "Give --limit only (--top is its older name).",
    );
  const [flag, raw] = given[0] ?? [];
  if (flag === undefined) return undefined;
  const value = String(raw).trim();
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > LIMIT_MAX)
    throw new CliError(
      `${flag} must be a whole number from 1 to ${LIMIT_MAX} (got "${raw}").`,
      "Leave it out for every ZIP area (a file) or the top 20 (the table); --all shows every one in the table.",
    );
  if (options.all)
    throw new CliError(`--all and ${flag} ask for different rows.`, "Give one of them.");
  return n;
}

/** The options checked before any call: the limit, sort key, format and where it goes. */
export function zipsRequest(options: ZipsOptions, io: Io) {
  const asked = limitOf(options);
  const sort = (options.sort ?? "score") as ZipSortKey;
  if (!ZIP_SORT_KEYS.includes(sort))
    throw new CliError(
      `Unknown sort "${options.sort}".`,
      `Use one of: ${ZIP_SORT_KEYS.join(", ")}.`,
    );
  const format = options.format as ZipFormat | undefined;
  if (format !== undefined && !FORMATS.includes(format))
    throw new CliError(`Unknown format "${options.format}".`, "Use --format csv, xlsx or json.");
  if (format === undefined && options.out !== undefined)
    throw new CliError(
      "--out is where --format writes the ZIP list.",
      "Add --format csv, xlsx or json.",
    );
  if (format !== undefined && options.all)
    throw new CliError(
      "--all is for the table: a file holds every ZIP area unless --limit says otherwise.",
      `Leave out --all: bis zips ${options.id} --format ${format}`,
    );
  const out = options.out ?? "-";
  if (out === "-" && format === "xlsx" && io.stdout.isTTY)
    throw new CliError(
      "An XLSX file would print as binary on the terminal.",
      "Use --out zips.xlsx, or pipe it: --format xlsx > zips.xlsx",
    );
  if (out === "-" && format && options.json)
    throw new CliError("--json and the export would both print to stdout.", "Add --out <file>.");
  // The table shows the top 20 unless told; a file and --json hold every row unless told.
  const limit =
    asked ?? (format === undefined && !options.json && !options.all ? TABLE_ROWS : undefined);
  return { sort, limit, limited: asked !== undefined, format, out };
}

const pct = (n: number | null) => (n == null ? "—" : `${Math.round(n * 100)}%`);
const sortName = (sort: ZipSortKey) => (sort === "score" ? "opportunity score" : sort);
const count = (n: number) => `${fmt.int(n)} ZIP ${n === 1 ? "area" : "areas"}`;

/**
 * What a list of `shown` rows out of `total` holds: "all 107 ZIP areas", "the top 20 of 107 ZIP
 * areas by opportunity score".
 */
export function zipsExtent(shown: number, total: number, sort: ZipSortKey): string {
  if (shown >= total) return total === 0 ? "0 ZIP areas" : `all ${count(total)}`;
  return `the top ${fmt.int(shown)} of ${count(total)} by ${sortName(sort)}`;
}

/** The top ZIPs as a table, each with its score's reasons, and how to see the rest. */
export function zipsDoc(
  location: string,
  rows: readonly ZipAreaRow[],
  sort: ZipSortKey,
  options: { total?: number; id?: string } = {},
): Doc {
  const total = options.total ?? rows.length;
  const extent =
    rows.length >= total
      ? `all ${fmt.int(total)}`
      : `top ${fmt.int(rows.length)} of ${fmt.int(total)}`;
  const rest: Doc =
    rows.length < total
      ? [
          text(
            `Showing the top ${fmt.int(rows.length)} of ${count(total)}. Every one: bis zips ${options.id ?? "<id>"} --all (or a file of every row: --format csv|xlsx --out <file>).`,
            "muted",
          ),
        ]
      : [];
  return [
    heading(`ZIP areas of ${location}: ${extent} by ${sortName(sort)}`),
    table(
      [
        "ZIP",
        "Place",
        { header: "Score", align: "right" },
        { header: "Households", align: "right" },
        { header: "Owners", align: "right" },
        { header: "Pre-1980", align: "right" },
        { header: "Income", align: "right" },
        { header: "Revenue/yr", align: "right" },
        { header: `Contr. ${ZIP_COMPETITION_RADIUS_MILES} mi`, align: "right" },
        { header: "Miles", align: "right" },
        "Why",
      ],
      rows.map((z) => [
        z.zip,
        `${z.place}, ${z.state}`,
        String(z.score),
        z.households == null ? "—" : fmt.int(z.households),
        pct(z.ownerOccupiedShare),
        pct(z.builtBefore1980Share),
        // The ZIP's per-capita income; its county's median (marked *) where it has none.
        z.perCapitaIncome != null
          ? fmt.usd(z.perCapitaIncome)
          : z.medianIncome != null
            ? `${fmt.usd(z.medianIncome)}*`
            : "—",
        z.revenue == null ? "—" : fmt.usd(z.revenue),
        z.contractorsNearby == null ? "—" : fmt.int(z.contractorsNearby),
        z.distanceMiles.toFixed(1),
        z.reasons,
      ]),
      { empty: "No populated ZIP area lies within the service area." },
    ),
    ...(rows.some((z) => z.perCapitaIncome == null && z.medianIncome != null)
      ? [
          text(
            "Income: per capita (ACS 2014–2018); * the county's median household income where the ZIP has none.",
            "muted",
          ),
        ]
      : []),
    ...rest,
  ];
}

export async function run(options: ZipsOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const { sort, limit, limited, format, out } = zipsRequest(options, io);
  return withSession(options, io, async ({ client }) => {
    // Every row, sorted: the total says what a limited list leaves out.
    const zips = await client.analyses.zipAreas(options.id, { sort });
    const total = zips.rows.length;
    const rows = limit === undefined ? zips.rows : zips.rows.slice(0, limit);
    if (format === undefined) {
      await ui.result(
        { ...zips, rows },
        zipsDoc(zips.location, rows, sort, { total, id: options.id }),
      );
      if (ui.json && rows.length < total)
        ui.note(`Printed ${zipsExtent(rows.length, total, sort)} (--limit ${limit}).`);
      return 0;
    }
    // The server's file, cut only when --limit asks.
    const query = { sort, limit };
    const body: string | Uint8Array =
      format === "csv"
        ? await client.analyses.zipAreasCsv(options.id, query)
        : format === "xlsx"
          ? await client.analyses.zipAreasXlsx(options.id, query)
          : `${JSON.stringify({ ...zips, rows }, null, 2)}\n`;
    const what = `${zipsExtent(rows.length, total, sort)}${limited && rows.length < total ? ` (--limit ${limit})` : ""}`;
    const wrote = (where: string) => `Wrote ${what} to ${where} (${format.toUpperCase()}).`;
    if (out === "-") {
      io.stdout.write(body);
      ui.note(wrote("stdout"));
      return 0;
    }
    writeFileSync(path.resolve(io.cwd, out), body);
    if (ui.json) ui.note(wrote(out));
    else await ui.result(null, [text(wrote(out), "success")]);
    return 0;
  });
}
