/**
 * `bis analyze`: one market analysis, summarized (figures with source and grade, cities,
 * services). `--monthly` adds the market's year (revenue and jobs by month per service). `--zips` adds its ZIP areas as CSV, best opportunity score first (the SDK's
 * `zipAreasCsv`, the same columns as the server's download): on stdout instead of the summary, or in the `--out` file.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { zipAreasCsv, zipAreasSummary } from "@bis/sdk";
import { REQUEST_DEFAULTS, validateRequest } from "../analysis-request.js";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { withSession } from "../session.js";
import { analysisDoc, createUi, text } from "../ui/index.js";
import { marketYearDoc } from "../ui/market-year.js";

export interface AnalyzeOptions extends GlobalOptions {
  city: string;
  state: string;
  industry?: string;
  primary?: string | number;
  secondary?: string | number;
  /** Also list the analysis' ZIP areas, as CSV. */
  zips?: boolean;
  /** Where `--zips` writes its CSV; stdout (instead of the summary) without it or with "-". */
  out?: string;
  /** Also print the market's year: revenue and jobs by month for each service. */
  monthly?: boolean;
}

/** Where the ZIP areas go: nowhere, stdout, or a file; refused combinations fail before any call. */
function zipTarget(options: AnalyzeOptions): null | "-" | string {
  if (!options.zips) {
    if (options.out !== undefined)
      throw new CliError(
        "--out is where --zips writes the ZIP areas.",
        "Add --zips: bis analyze --city … --state … --zips --out zips.csv",
      );
    return null;
  }
  const out = options.out ?? "-";
  if (out === "-" && options.json)
    throw new CliError(
      "--json and --zips would both print to stdout.",
      "Write the ZIP areas to a file: --zips --out zips.csv",
    );
  return out;
}

export async function run(options: AnalyzeOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const request = validateRequest({
    city: options.city ?? "",
    state: (options.state ?? "").toUpperCase(),
    industry: options.industry ?? REQUEST_DEFAULTS.industry,
    primary: options.primary ?? REQUEST_DEFAULTS.primary.default,
    secondary: options.secondary ?? REQUEST_DEFAULTS.secondary.default,
  });
  if (!request.ok)
    throw new CliError(request.message, "See `bis analyze --help` for the accepted values.");
  const zips = zipTarget(options);
  return withSession(options, io, async ({ client }) => {
    // An unknown city answers 422 with near names, which become the hint (errors.ts).
    const created = await client.analyses.analyze(request.value);
    const analysis = await client.analyses.get(created.analysis.id);
    if (zips === null) {
      const monthly = options.monthly ? marketYearDoc(analysis) : [];
      await ui.result(analysis, [...analysisDoc(analysis), ...monthly]);
      return 0;
    }
    const { rows } = await client.analyses.zipAreas(analysis.id, { sort: "score" });
    const csv = zipAreasCsv(rows);
    const { count, primary, secondary } = zipAreasSummary(rows);
    const counts = `${count} ZIP ${count === 1 ? "area" : "areas"} (${primary} primary, ${secondary} secondary)`;
    if (zips === "-") {
      io.stdout.write(csv);
      ui.note(`${analysis.location}: ${counts} in range; analysis ${analysis.id}.`);
      return 0;
    }
    writeFileSync(path.resolve(io.cwd, zips), csv);
    const saved = `Saved ${counts} to ${zips}.`;
    if (ui.json) {
      await ui.result(analysis, []);
      ui.note(saved);
    } else {
      await ui.result(analysis, [...analysisDoc(analysis), text(saved, "success")]);
    }
    return 0;
  });
}
