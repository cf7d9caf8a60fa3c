/**
 * The ZIP areas of an analysis as a spreadsheet: every column of the CSV (the SDK's
 * `zipColumns`, the same cells), ZIPs stored as text so leading zeros stay ("02134"), numbers as
 * numbers with the format the page shows, and a second sheet with the source and the method.
 */
import { type ZipAreasResponse, type ZipColumn, zipColumns } from "@bis/sdk";
import ExcelJS from "exceljs";

const NUMBER_FORMATS: Record<NonNullable<ZipColumn["format"]>, string> = {
  text: "@",
  number: "#,##0",
  currency: '"$"#,##0',
  percent: "0%",
  decimal: "0.0",
};

/** The XLSX workbook's bytes. */
export async function zipAreasXlsx(zips: ZipAreasResponse): Promise<Buffer> {
  const columns = zipColumns(zips.rows);
  const book = new ExcelJS.Workbook();
  book.creator = "BIS";
  book.title = `ZIP areas: ${zips.location}`;
  const sheet = book.addWorksheet("ZIP areas", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.header === "reasons" ? 48 : Math.max(10, c.header.length + 2),
    style: { numFmt: NUMBER_FORMATS[c.format ?? "text"] },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of zips.rows) {
    sheet.addRow(
      columns.map((c) => {
        const v = c.value(row);
        return c.format === "text" && v != null ? String(v) : v;
      }),
    );
  }
  const about = book.addWorksheet("Sources");
  about.addRow(["Location", zips.location]);
  about.addRow(["Source", zips.provenance.source]);
  about.addRow(["Vintage", zips.provenance.vintage]);
  about.addRow(["Grade", zips.provenance.grade]);
  if (zips.provenance.method) about.addRow(["Method", zips.provenance.method]);
  about.getColumn(1).font = { bold: true };
  about.getColumn(2).width = 120;
  return Buffer.from(await book.xlsx.writeBuffer());
}
