/**
 * The comparison as a spreadsheet: the SDK's matrix (comparisonMatrix — the same
 * cells as the CSV) in a formatted XLSX sheet with exceljs, numbers as numbers with the format
 * the page shows, the best value of each row in bold with the "Best" column naming its markets,
 * and a second sheet with every market's sources and the rules. A partner's brand, when given,
 * names who prepared it (in the title and the document properties), with BIS's credit kept.
 */
import {
  COMPARISON_ROWS,
  type Comparison,
  type ComparisonRowFormat,
  compareMarkets,
  comparisonMatrix,
  type OfferList,
  scoreBasisText,
} from "@bis/sdk";
import type ExcelJS from "exceljs";
import { COMPARISON_TITLE } from "./comparison-report.js";

/** What an export shows of a partner's brand (a subset of the report layer's brand). */
export interface ExportBrand {
  displayName: string;
  contactLine?: string | null;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const NUMBER_FORMATS: Record<ComparisonRowFormat, string | undefined> = {
  number: "#,##0",
  currency: '"$"#,##0',
  cpc: '"$"#,##0.00',
  score: "0",
  text: undefined,
};

/** The XLSX workbook's bytes. */
export async function comparisonXlsx(
  comparison: Comparison,
  options: { brand?: ExportBrand | null; generatedAt?: Date; offer?: OfferList | null } = {},
): Promise<Buffer> {
  const table = compareMarkets(comparison.markets, options.offer);
  const matrix = comparisonMatrix(table);
  // Loaded with the first export, not at start-up (it cost about 1 s of the server's start).
  const { default: Excel } = await import("exceljs");
  const book: ExcelJS.Workbook = new Excel.Workbook();
  book.creator = options.brand ? `${options.brand.displayName} (data and analysis by BIS)` : "BIS";
  book.title = COMPARISON_TITLE;
  book.created = options.generatedAt ?? new Date();

  const sheet = book.addWorksheet("Comparison", {
    views: [{ state: "frozen", xSplit: 2, ySplit: 3 }],
  });
  const title = options.brand
    ? `${COMPARISON_TITLE} · ${options.brand.displayName}`
    : COMPARISON_TITLE;
  sheet.addRow([title]).font = { bold: true, size: 14 };
  sheet.addRow([
    `${table.markets.length} markets ranked by opportunity score${options.brand?.contactLine ? ` · ${options.brand.contactLine}` : ""} · Data and analysis by BIS`,
  ]).font = { italic: true, color: { argb: "FF64748B" } };
  const [header, ...lines] = matrix;
  const headerRow = sheet.addRow(header ?? []);
  headerRow.font = { bold: true, color: { argb: "FFFFFFFF" } };
  headerRow.eachCell((c) => {
    c.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FF1E3A8A" } };
  });
  // The matrix's first lines are the rank and the analysis id; then one line per row.
  const rowsFrom = 2;
  lines.forEach((line, index) => {
    const added = sheet.addRow(line);
    const spec = index >= rowsFrom ? table.rows[index - rowsFrom] : undefined;
    if (!spec) {
      added.font = { bold: index === 0 };
      return;
    }
    const format = NUMBER_FORMATS[spec.row.format];
    spec.cells.forEach((_, i) => {
      const cell = added.getCell(3 + i * 2);
      if (format && typeof cell.value === "number") cell.numFmt = format;
      if (spec.best[i]) cell.font = { bold: true, color: { argb: "FF065F46" } };
      added.getCell(4 + i * 2).font = { color: { argb: "FF64748B" }, size: 9 };
    });
  });
  sheet.getColumn(1).width = 24;
  sheet.getColumn(2).width = 22;
  for (let i = 0; i < table.markets.length; i += 1) {
    sheet.getColumn(3 + i * 2).width = 20;
    sheet.getColumn(4 + i * 2).width = 11;
  }

  const notes = book.addWorksheet("Sources");
  notes.addRow(["Market", "Analysis ID", "Sources", "Score basis"]).font = { bold: true };
  for (const m of table.markets)
    notes.addRow([
      m.location,
      m.analysisId,
      m.sources.join("; "),
      scoreBasisText(m, table.offer) ?? "All three components",
    ]);
  notes.addRow([]);
  notes.addRow(["Figure", "What it measures", "Best"]).font = { bold: true };
  for (const r of COMPARISON_ROWS)
    notes.addRow([
      r.label,
      r.description,
      r.better === "higher" ? "Highest" : r.better === "lower" ? "Lowest" : "",
    ]);
  if (comparison.missing.length > 0) {
    notes.addRow([]);
    notes.addRow([`Left out (deleted since): ${comparison.missing.join(", ")}`]);
  }
  notes.getColumn(1).width = 24;
  notes.getColumn(2).width = 40;
  notes.getColumn(3).width = 70;
  notes.getColumn(4).width = 60;
  return Buffer.from(await book.xlsx.writeBuffer());
}
