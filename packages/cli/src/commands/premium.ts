/** `bis keywords`, `bis competition`, `bis report`: the premium steps of an analysis. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ppcTable, ppcTableCsv } from "@bis/sdk";
import { CliError } from "../errors.js";
import type { GlobalOptions, Io } from "../io.js";
import { respond, withSession } from "../session.js";
import { competitionDoc, createUi, keywordsDoc, text } from "../ui/index.js";

/**
 * `bis keywords <id>`: runs keyword research and prints it; `--out file.csv` also writes the PPC
 * table as CSV (each keyword's figures, peak month and searches in each month).
 */
export async function keywords(
  options: GlobalOptions & { id: string; out?: string },
  io: Io,
): Promise<number> {
  const out = options.out?.trim();
  if (options.out !== undefined && !out)
    throw new CliError("--out needs a file name.", "For example: --out keywords.csv");
  return respond(options, io, async ({ client }) => {
    const analysis = await client.premium.keywords(options.id);
    const data = analysis.keywordResearchData;
    const doc = keywordsDoc(analysis);
    if (out && data) {
      const table = ppcTable(data);
      writeFileSync(path.resolve(io.cwd, out), ppcTableCsv(table));
      doc.push(
        text(
          `Saved ${table.rows.length} keywords with their searches by month to ${out}.`,
          "success",
        ),
      );
    }
    return { data, doc };
  });
}

export function competition(options: GlobalOptions & { id: string }, io: Io): Promise<number> {
  return respond(options, io, async ({ client }) => {
    const analysis = await client.premium.competition(options.id);
    return {
      data: {
        competition: analysis.competitionAnalysisData,
        opportunityScore: analysis.opportunityScore ?? null,
      },
      doc: competitionDoc(analysis),
    };
  });
}

export async function report(
  options: GlobalOptions & { id: string; output?: string },
  io: Io,
): Promise<number> {
  const ui = createUi(io, options);
  const target = options.output ?? `bis-report-${options.id}.pdf`;
  if (target === "-" && io.stdout.isTTY)
    throw new CliError(
      "Refusing to write a PDF to the terminal.",
      "Use -o report.pdf, or pipe it: -o - > report.pdf",
    );
  return withSession(options, io, async ({ client }) => {
    const bytes = await client.premium.report(options.id);
    if (target === "-") {
      io.stdout.write(bytes);
      return 0;
    }
    const file = path.resolve(io.cwd, target);
    writeFileSync(file, bytes);
    await ui.result({ file, bytes: bytes.byteLength }, [
      text(`Saved the report to ${target} (${Math.round(bytes.byteLength / 1024)} KB).`, "success"),
    ]);
    return 0;
  });
}
