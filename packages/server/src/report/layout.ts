/**
 * The report's page furniture on top of pdfkit: the brand palette, headings, paragraphs, lists,
 * figure cards with their grade, tables that break across pages (repeating their header), and
 * the running header and footer (analysis id, page X of Y) written once every page exists.
 */
import type { BrandPalette, DataGrade } from "@bis/sdk";
import PDFDocument from "pdfkit";
import { BIS_CREDIT, paletteOf, type ReportBrand } from "./brand.js";
import { drawPageFooter, drawPageHeader } from "./chrome.js";
import { gradeLabel, pdfText } from "./format.js";
import { COLORS, type Doc, drawBisMark, FONT, GRADE_COLORS, PAGE } from "./theme.js";

/**
 * A new report: every report's page size and margins, pages kept until the chrome is drawn, and
 * its author — the partner's brand (with BIS's credit) or BIS.
 */
export function newReportDocument(
  info: { Title: string; Subject: string; Keywords?: string; CreationDate: Date },
  brand: ReportBrand | null | undefined,
): Doc {
  return new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    compress: true,
    info: { ...info, Author: brand ? `${brand.displayName} (${BIS_CREDIT})` : "BIS" },
  });
}

export { COLORS, type Doc, FONT, PAGE } from "./theme.js";

export interface FigureCard {
  label: string;
  value: string;
  grade?: DataGrade | null;
  detail?: string;
}

export interface Column {
  header: string;
  /** Points; the last column takes what is left when omitted. */
  width?: number;
  align?: "left" | "right" | "center";
}

export interface TableOptions {
  /** Rows drawn highlighted (the market leader). */
  highlight?: (rowIndex: number) => boolean;
  fontSize?: number;
  /** Bold last row (a total). */
  totalRow?: boolean;
  /** A small note under the table, kept on the page of its last row. */
  caption?: string;
  /** Points around each cell's text (5 by default; less for long, dense lists). */
  padding?: number;
}

export interface RunningText {
  /** Left of the header on every page but the cover. */
  header: string;
  /** Left of the footer. */
  footer: string;
  analysisId: string;
  /** A partner's brand: its logo, name, colours and contact line; BIS's own without. */
  brand?: ReportBrand | null;
  /** What the id in the footer is ("Analysis" by default; "Comparison" for a comparison). */
  idLabel?: string;
}

export class ReportWriter {
  readonly doc: Doc;
  private readonly running: RunningText;
  /** The colours of the brand (or BIS's own) the chrome, headings and tables are drawn in. */
  readonly palette: BrandPalette;

  constructor(doc: Doc, running: RunningText) {
    this.doc = doc;
    this.running = running;
    this.palette = paletteOf(running.brand);
  }

  /** The partner's brand the report carries; null for BIS's own. */
  get brand(): ReportBrand | null {
    return this.running.brand ?? null;
  }

  get left(): number {
    return PAGE.margins.left;
  }
  get width(): number {
    return PAGE.width - PAGE.margins.left - PAGE.margins.right;
  }
  get right(): number {
    return this.left + this.width;
  }
  get bottom(): number {
    return PAGE.height - PAGE.margins.bottom;
  }
  get y(): number {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.x = this.left;
    this.doc.y = PAGE.margins.top;
  }

  /** A new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  space(points: number): void {
    this.y += points;
  }

  /* ------------------------------------------------------------------ text */

  /** A section title on a fresh page, with its grades beside it. */
  sectionTitle(title: string, grades: readonly DataGrade[] = []): void {
    const { doc } = this;
    const top = this.y;
    doc.font(FONT.bold).fontSize(20).fillColor(this.palette.brandDark);
    doc.text(pdfText(title), this.left, top, { width: this.width, lineBreak: false });
    let x = this.left + doc.widthOfString(pdfText(title)) + 10;
    for (const grade of grades) x += this.gradePill(x, top + 4, grade) + 5;
    doc.rect(this.left, top + 27, this.width, 2).fill(this.palette.brand);
    this.y = top + 43;
  }

  subheading(text: string): void {
    this.ensure(70);
    const { doc } = this;
    doc.font(FONT.bold).fontSize(12.5).fillColor(COLORS.ink);
    doc.text(pdfText(text), this.left, this.y, { width: this.width });
    this.y += 5;
  }

  paragraph(
    text: string,
    options: { size?: number; color?: string; font?: string; gap?: number } = {},
  ): void {
    const { doc } = this;
    doc
      .font(options.font ?? FONT.regular)
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLORS.text);
    const body = pdfText(text);
    this.ensure(Math.min(doc.heightOfString(body, { width: this.width, lineGap: 2 }), 60));
    doc.text(body, this.left, this.y, { width: this.width, lineGap: 2 });
    this.y += options.gap ?? 6;
  }

  note(text: string): void {
    this.paragraph(text, { size: 8.5, color: COLORS.muted, gap: 4 });
  }

  bullets(items: readonly string[], empty = "None."): void {
    const { doc } = this;
    if (items.length === 0) {
      this.note(empty);
      return;
    }
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.text);
    for (const item of items) {
      const body = pdfText(item);
      const height = doc.heightOfString(body, { width: this.width - 14, lineGap: 2 });
      this.ensure(Math.min(height, 40) + 4);
      const top = this.y;
      doc.circle(this.left + 4, top + 5, 1.8).fill(this.palette.brand);
      doc.fillColor(COLORS.text).text(body, this.left + 14, top, {
        width: this.width - 14,
        lineGap: 2,
      });
      this.y += 4;
    }
    this.y += 4;
  }

  /** A coloured banner across the page (sample data, "not run yet"). */
  banner(text: string, tone: "sample" | "info" | "muted"): void {
    const { doc } = this;
    const colors =
      tone === "sample"
        ? { fg: GRADE_COLORS.sample.fg, bg: GRADE_COLORS.sample.bg, bar: "#f59e0b" }
        : tone === "info"
          ? { fg: this.palette.brandDark, bg: this.palette.brandLight, bar: this.palette.brand }
          : { fg: COLORS.text, bg: COLORS.panel, bar: COLORS.faint };
    const body = pdfText(text);
    doc.font(FONT.regular).fontSize(9.5);
    const height = doc.heightOfString(body, { width: this.width - 28, lineGap: 2 }) + 16;
    this.ensure(height + 6);
    const top = this.y;
    doc.rect(this.left, top, this.width, height).fill(colors.bg);
    doc.rect(this.left, top, 4, height).fill(colors.bar);
    doc.fillColor(colors.fg).text(body, this.left + 16, top + 8, {
      width: this.width - 28,
      lineGap: 2,
    });
    this.y = top + height + 10;
  }

  /** A small rounded label with a grade's name; returns its width. */
  gradePill(x: number, y: number, grade: DataGrade, size = 7.5): number {
    const { doc } = this;
    const label = gradeLabel(grade).toUpperCase();
    doc.font(FONT.bold).fontSize(size);
    const width = doc.widthOfString(label) + 10;
    const height = size + 6;
    const { fg, bg } = GRADE_COLORS[grade];
    doc.roundedRect(x, y, width, height, height / 2).fill(bg);
    doc.fillColor(fg).text(label, x + 5, y + 3.2, { lineBreak: false });
    return width;
  }

  /** A row of figure cards: label, value, grade, detail. */
  figureCards(cards: readonly FigureCard[], perRow = cards.length): void {
    const { doc } = this;
    const gap = 10;
    const cardWidth = (this.width - gap * (perRow - 1)) / perRow;
    for (let start = 0; start < cards.length; start += perRow) {
      const row = cards.slice(start, start + perRow);
      const height = row.some((c) => c.detail) ? 78 : 64;
      this.ensure(height + 10);
      const top = this.y;
      row.forEach((card, i) => {
        const x = this.left + i * (cardWidth + gap);
        doc.roundedRect(x, top, cardWidth, height, 6).fillAndStroke(COLORS.panel, COLORS.rule);
        doc.font(FONT.regular).fillColor(COLORS.muted);
        this.fitText(card.label, x + 10, top + 9, cardWidth - 20, 8.5);
        doc.font(FONT.bold).fillColor(COLORS.ink);
        this.fitText(card.value, x + 10, top + 23, cardWidth - 20, 16);
        if (card.grade) this.gradePill(x + 10, top + 45, card.grade, 7);
        if (card.detail) {
          doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
          doc.text(pdfText(card.detail), x + 10, top + (card.grade ? 61 : 47), {
            width: cardWidth - 20,
            lineBreak: false,
            ellipsis: true,
          });
        }
      });
      this.y = top + height + 10;
    }
  }

  /** One line of text at the largest size up to `size` that fits `width` (down to 60 %). */
  fitText(text: string, x: number, y: number, width: number, size: number): void {
    const { doc } = this;
    const body = pdfText(text);
    let fitted = size;
    doc.fontSize(fitted);
    while (fitted > size * 0.6 && doc.widthOfString(body) > width) {
      fitted -= 0.5;
      doc.fontSize(fitted);
    }
    // Vertically centred on the line the full size would take.
    doc.text(body, x, y + (size - fitted) * 0.7, {
      width,
      height: fitted * 1.3,
      lineBreak: false,
      ellipsis: true,
    });
  }

  /** A table with a shaded header; rows wrap, break across pages and repeat the header. */
  table(columns: readonly Column[], rows: readonly string[][], options: TableOptions = {}): void {
    const { doc } = this;
    const size = options.fontSize ?? 9;
    const pad = options.padding ?? 5;
    const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
    const flexible = columns.filter((c) => c.width === undefined).length;
    const widths = columns.map((c) => c.width ?? (this.width - fixed) / Math.max(1, flexible));

    const rowHeight = (cells: readonly string[], font: string) => {
      doc.font(font).fontSize(size);
      let height = 0;
      cells.forEach((cell, i) => {
        const width = (widths[i] ?? 40) - 2 * pad;
        height = Math.max(height, doc.heightOfString(pdfText(cell), { width, lineGap: 1 }));
      });
      return height + 2 * pad;
    };

    const drawRow = (
      cells: readonly string[],
      top: number,
      height: number,
      style: { font: string; color: string; fill?: string; rule?: string },
    ) => {
      if (style.fill) doc.rect(this.left, top, this.width, height).fill(style.fill);
      if (style.rule) doc.rect(this.left, top, 3, height).fill(style.rule);
      let x = this.left;
      doc.font(style.font).fontSize(size).fillColor(style.color);
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 40;
        doc.text(pdfText(cell), x + pad, top + pad, {
          width: width - 2 * pad,
          align: columns[i]?.align ?? "left",
          lineGap: 1,
        });
        x += width;
      });
      doc
        .moveTo(this.left, top + height)
        .lineTo(this.right, top + height)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      // Drawing text moved the cursor; the caller advances by the row's height.
      this.y = top;
    };

    const headers = columns.map((c) => c.header);
    const headerHeight = rowHeight(headers, FONT.bold);
    const drawHeader = () => {
      drawRow(headers, this.y, headerHeight, {
        font: FONT.bold,
        color: COLORS.white,
        fill: this.palette.brandDark,
      });
      this.y += headerHeight;
    };

    doc.font(FONT.regular).fontSize(8.5);
    const caption = options.caption ? pdfText(options.caption) : null;
    const captionHeight = caption
      ? doc.heightOfString(caption, { width: this.width, lineGap: 2 }) + 6
      : 0;
    const firstHeight = rows[0] ? rowHeight(rows[0], FONT.regular) : 0;
    this.ensure(headerHeight + firstHeight + 4);
    drawHeader();
    rows.forEach((cells, index) => {
      const isTotal = options.totalRow === true && index === rows.length - 1;
      const highlighted = options.highlight?.(index) ?? false;
      const font = isTotal || highlighted ? FONT.bold : FONT.regular;
      const height = rowHeight(cells, font);
      const needed = height + (index === rows.length - 1 ? captionHeight : 0);
      if (this.y + needed > this.bottom) {
        this.newPage();
        drawHeader();
      }
      drawRow(cells, this.y, height, {
        font,
        color: COLORS.ink,
        fill: highlighted ? COLORS.highlight : index % 2 === 1 ? COLORS.panel : undefined,
        rule: highlighted ? COLORS.highlightRule : undefined,
      });
      this.y += height;
    });
    if (caption) {
      doc.font(FONT.regular).fontSize(8.5).fillColor(COLORS.muted);
      doc.text(caption, this.left, this.y + 6, { width: this.width, lineGap: 2 });
    }
    this.y += 12;
  }

  /* ------------------------------------------------------------------ running header and footer */

  /** Writes the header (all pages but the cover) and the footer (every page); returns the page count. */
  finish(): number {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    const total = range.count;
    for (let i = range.start; i < range.start + total; i += 1) {
      doc.switchToPage(i);
      const page = doc.page;
      const savedBottom = page.margins.bottom;
      // Text below the bottom margin would otherwise start a new page.
      page.margins.bottom = 0;
      if (i > range.start) drawPageHeader(this, this.running.header);
      drawPageFooter(
        this,
        this.running.footer,
        `${this.running.idLabel ?? "Analysis"} ${this.running.analysisId}  ·  Page ${i - range.start + 1} of ${total}`,
      );
      page.margins.bottom = savedBottom;
    }
    return total;
  }

  /** The BIS mark: a rounded square with three rising bars. */
  brandMark(x: number, y: number, size: number, inverted = false): void {
    drawBisMark(this.doc, x, y, size, inverted);
  }
}
