/**
 * `bis compare <id…>`: compares 2–10 of your analyses and prints the markets ranked by
 * opportunity score (ui/comparison-view.ts), built from the analyses themselves with the SDK's
 * comparisonMarket — nothing is stored. `--save` saves the comparison (it then has a page and
 * appears in `bis comparisons list`); `--json` prints the comparison with its ranking;
 * `--format csv` writes the CSV (the SDK's, the same as the server's export); `--format xlsx`
 * writes the server's workbook of a saved comparison, so it needs `--save`. `bis batch …
 * --compare` ends with the same table (commands/batch.ts → `compareAfterBatch`).
 * `bis comparisons list`: your saved comparisons, newest first, a page at a time.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  COMPARISON_LIMITS,
  type Comparison,
  compareMarkets,
  comparisonCsv,
  comparisonMarket,
  type OfferList,
} from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { withSession } from "../session.js";
import { comparisonDoc, comparisonJson, comparisonsListDoc } from "../ui/comparison-view.js";
import { createUi, text } from "../ui/index.js";
import { type PageOptions, showList } from "./paging.js";

export interface CompareOptions extends GlobalOptions {
  ids: string[];
  name?: string;
  format?: string;
  out?: string;
  /** Save the comparison on the server (otherwise it is only printed). */
  save?: boolean;
}

type ExportFormat = "csv" | "xlsx";

function exportTarget(
  options: CompareOptions,
  io: Io,
): { format: ExportFormat; out: string } | null {
  if (options.format === undefined) {
    if (options.out !== undefined)
      throw new CliError(
        "--out is where --format writes the export.",
        "Add --format csv or --format xlsx.",
      );
    return null;
  }
  if (options.format !== "csv" && options.format !== "xlsx")
    throw new CliError(`Unknown format "${options.format}".`, "Use --format csv or --format xlsx.");
  const out = options.out ?? "-";
  if (out === "-" && options.format === "xlsx" && io.stdout.isTTY)
    throw new CliError(
      "Refusing to write a spreadsheet to the terminal.",
      "Use --out comparison.xlsx, or pipe it: --out - > comparison.xlsx",
    );
  if (out === "-" && options.json)
    throw new CliError("--json and the export would both print to stdout.", "Add --out <file>.");
  if (options.format === "xlsx" && !options.save)
    throw new CliError(
      "The XLSX workbook is made by the server from a saved comparison.",
      "Add --save to save the comparison and write its workbook, or use --format csv.",
    );
  return { format: options.format, out };
}

/** The page of a comparison on the server. */
export const comparisonUrl = (server: string, id: string) =>
  `${server.replace(/\/+$/, "")}/comparisons/${encodeURIComponent(id)}`;

export async function run(options: CompareOptions, io: Io): Promise<number> {
  const ui = createUi(io, options);
  const { min, max } = COMPARISON_LIMITS;
  if (options.ids.length < min || options.ids.length > max)
    throw new CliError(
      `Give ${min} to ${max} analysis ids (got ${options.ids.length}).`,
      "bis analyses list prints your analyses' ids.",
    );
  const target = exportTarget(options, io);
  return withSession(options, io, async ({ client, config }) => {
    const offer = await offerOf(client);
    const comparison = options.save
      ? await client.comparisons.create({
          analysisIds: options.ids,
          ...(options.name ? { name: options.name } : {}),
        })
      : await unsavedComparison(client, options.ids, options.name);
    const pageUrl = options.save ? comparisonUrl(config.server, comparison.id) : undefined;
    if (!target) {
      await ui.result(comparisonJson(comparison, offer), comparisonDoc(comparison, pageUrl, offer));
      return 0;
    }
    const bytes =
      target.format === "csv" && !options.save
        ? new TextEncoder().encode(comparisonCsv(compareMarkets(comparison.markets, offer)))
        : await client.comparisons.export(comparison.id, target.format);
    if (target.out === "-") {
      io.stdout.write(bytes);
      ui.note(
        options.save
          ? `Comparison ${comparison.id} of ${comparison.markets.length} markets.`
          : `${comparison.markets.length} markets compared (not saved; --save keeps it).`,
      );
      return 0;
    }
    writeFileSync(path.resolve(io.cwd, target.out), bytes);
    const saved = `Saved the comparison to ${target.out} (${target.format.toUpperCase()}).`;
    if (ui.json) {
      await ui.result(comparisonJson(comparison, offer), []);
      ui.note(saved);
    } else
      await ui.result(comparison, [
        ...comparisonDoc(comparison, pageUrl, offer),
        text(saved, "success"),
      ]);
    return 0;
  });
}

/** Which paid items the server offers now (its public settings); unknown when it does not say. */
export async function offerOf(client: NodeClient): Promise<OfferList | null> {
  return (await client.settings.public()).premiumOffer ?? null;
}

/**
 * A comparison built here from the analyses themselves, not stored: what the server would save,
 * without an id (`comparisonDoc` then prints no page link).
 */
export async function unsavedComparison(
  client: NodeClient,
  analysisIds: readonly string[],
  name?: string,
): Promise<Comparison> {
  const analyses = await Promise.all(analysisIds.map((id) => client.analyses.get(id)));
  return {
    id: "",
    userId: analyses[0]?.userId ?? "",
    name: name ?? null,
    analysisIds: [...analysisIds],
    createdAt: new Date().toISOString(),
    markets: analyses.map(comparisonMarket),
    missing: [],
  };
}

/**
 * After a batch: compares the analyses it made (the first COMPARISON_LIMITS.max, in input
 * order; not saved, as `bis compare` without --save) and returns the comparison, or null (with
 * a note) when fewer than two succeeded.
 */
export async function compareAfterBatch(
  client: NodeClient,
  analysisIds: readonly string[],
  note: (message: string) => void,
): Promise<Comparison | null> {
  const { min, max } = COMPARISON_LIMITS;
  if (analysisIds.length < min) {
    note(
      `--compare: ${analysisIds.length} analysis succeeded; a comparison needs at least ${min}.`,
    );
    return null;
  }
  if (analysisIds.length > max)
    note(
      `--compare: comparing the first ${max} of ${analysisIds.length} analyses (at most ${max}).`,
    );
  return unsavedComparison(client, analysisIds.slice(0, max));
}

export function list(options: GlobalOptions & PageOptions, io: Io): Promise<number> {
  return showList(options, io, {
    noun: "comparisons",
    command: "bis comparisons list",
    pageOf: (client) => (q) => client.comparisons.page(q),
    doc: comparisonsListDoc,
  });
}
