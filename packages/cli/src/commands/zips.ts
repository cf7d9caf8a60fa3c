/**
 * `bis zips <analysis-id>`: the analysis' ZIP areas best opportunity score first —
 * the same rows as the results page, the API and the PDF. Without `--format`: a table of the top
 * N with each score's reasons; `--format csv|xlsx` writes the server's download, `--format json`
 * the API's rows (to `--out`, or stdout).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ZIP_SORT_KEYS, type ZipAreaRow, type ZipSortKey } from "@bis/sdk";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { withSession } from "../session.js";
import { createUi, type Doc, fmt, heading, table, text } from "../ui/index.js";

export interface ZipsOptions extends GlobalOptions {
  id: string;
  top?: string | number;
  sort?: string;
  format?: string;
  out?: string;
}

const FORMATS = ["csv", "xlsx", "json"] as const;
type ZipFormat = (typeof FORMATS)[number];

/** The options checked before any call: top N (1–9999), sort key, format and where it goes. */
export function zipsRequest(options: ZipsOptions, io: Io) {
  const top = options.top === undefined ? 20 : Number(options.top);
  if (!Number.isInteger(top) || top < 1 || top > 9999)
    throw new CliError(`--top must be a whole number from 1 to 9999 (got "${options.top}").`);
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
  const out = options.out ?? "-";
  if (out === "-" && format === "xlsx" && io.stdout.isTTY)
    throw new CliError(
      "An XLSX file would print as binary on the terminal.",
      "Use --out zips.xlsx, or pipe it: --format xlsx > zips.xlsx",
    );
  if (out === "-" && format && options.json)
    throw new CliError("--json and the export would both print to stdout.", "Add --out <file>.");
  return { query: { sort, limit: top }, format, out };
}

const pct = (n: number | null) => (n == null ? "—" : `${Math.round(n * 100)}%`);

/** The top ZIPs as a table, each with its score's reasons. */
export function zipsDoc(location: string, rows: readonly ZipAreaRow[], sort: ZipSortKey): Doc {
  return [
    heading(
      `ZIP areas of ${location}: top ${rows.length} by ${sort === "score" ? "opportunity score" : sort}`,
    ),
    table(
      [
        "ZIP",
        "Place",
        { header: "Score", align: "right" },
        { header: "Households", align: "right" },
        { header: "Owners", align: "right" },
        { header: "Pre-1980", align: "right" },
        { header: "Revenue/yr", align: "right" },
        { header: "HH/contr.", align: "right" },
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
        z.revenue == null ? "—" : fmt.usd(z.revenue),
        z.householdsPerContractor == null ? "none" : fmt.int(z.householdsPerContractor),
        z.distanceMiles.toFixed(1),
        z.reasons,
      ]),
      { empty: "No populated ZIP area lies within the service area." },
    ),
  ];
}

export async function run(options: ZipsOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const { query, format, out } = zipsRequest(options, io);
  return withSession(options, io, async ({ client }) => {
    if (format === undefined) {
      const zips = await client.analyses.zipAreas(options.id, query);
      await ui.result(zips, zipsDoc(zips.location, zips.rows, query.sort));
      return 0;
    }
    const body: string | Uint8Array =
      format === "csv"
        ? await client.analyses.zipAreasCsv(options.id, query)
        : format === "xlsx"
          ? await client.analyses.zipAreasXlsx(options.id, query)
          : `${JSON.stringify(await client.analyses.zipAreas(options.id, query), null, 2)}\n`;
    if (out === "-") {
      io.stdout.write(body);
      return 0;
    }
    writeFileSync(path.resolve(io.cwd, out), body);
    const saved = `Saved the top ${query.limit} ZIP areas to ${out} (${format.toUpperCase()}).`;
    if (ui.json) ui.note(saved);
    else await ui.result(null, [text(saved, "success")]);
    return 0;
  });
}
