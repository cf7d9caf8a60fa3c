/** Documents as plain lines: no color, no cursor movement; for pipes, files and NO_COLOR. */
import { type Block, type Column, type Doc, fieldValueWidth } from "./doc.js";

function pad(value: string, width: number, align: Column["align"]): string {
  const gap = " ".repeat(Math.max(0, width - [...value].length));
  return align === "right" ? gap + value : value + gap;
}

export function tableLines(columns: Column[], rows: string[][]): string[] {
  const widths = columns.map((c, i) =>
    Math.max([...c.header].length, ...rows.map((r) => [...(r[i] ?? "")].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0, columns[i]?.align))
      .join("  ")
      .trimEnd();
  return [
    line(columns.map((c) => c.header)),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(columns.map((_, i) => r[i] ?? ""))),
  ];
}

function blockLines(block: Block): string[] {
  switch (block.kind) {
    case "heading":
      return [block.text];
    case "text":
      return block.text.split("\n");
    case "fields": {
      const width = Math.max(...block.fields.map((f) => [...f.label].length));
      const valueWidth = fieldValueWidth(block.fields);
      return block.fields.map((f) =>
        `${pad(`${f.label}:`, width + 1, "left")}  ${pad(f.value, valueWidth, "left")}${f.note ? `  (${f.note})` : ""}`.trimEnd(),
      );
    }
    case "table": {
      const title = block.title ? [block.title] : [];
      if (block.rows.length === 0) return [...title, block.empty ?? "(none)"];
      return [...title, ...tableLines(block.columns, block.rows)];
    }
  }
}

/** Blocks separated by a blank line where a heading or a table begins. */
export function renderPlain(doc: Doc): string {
  const out: string[] = [];
  doc.forEach((block, i) => {
    if (i > 0 && (block.kind === "heading" || block.kind === "table")) out.push("");
    out.push(...blockLines(block));
  });
  return `${out.join("\n")}\n`;
}
