/** A document drawn with Ink: bold headings, aligned fields, tables with a header rule. */
import { Box, Text } from "ink";
import {
  type Block,
  type Column,
  type Doc,
  FIELD_VALUE_COLUMN,
  fieldValueWidth,
  type Tone,
} from "../doc.js";

const TONE_COLOR: Record<Tone, string | undefined> = {
  normal: undefined,
  muted: "gray",
  success: "green",
  warning: "yellow",
  error: "red",
  accent: "cyan",
};

function toneProps(tone: Tone | undefined, color: boolean) {
  if (!color || !tone) return {};
  if (tone === "muted") return { dimColor: true };
  return { color: TONE_COLOR[tone] };
}

function width(value: string): number {
  return [...value].length;
}

function TableView({
  columns,
  rows,
  color,
}: {
  columns: Column[];
  rows: string[][];
  color: boolean;
}) {
  const widths = columns.map((c, i) =>
    Math.max(width(c.header), ...rows.map((r) => width(r[i] ?? ""))),
  );
  const cell = (value: string, i: number, header = false) => (
    <Box
      key={i}
      width={(widths[i] ?? 0) + 2}
      justifyContent={columns[i]?.align === "right" ? "flex-end" : "flex-start"}
      paddingRight={columns[i]?.align === "right" ? 2 : 0}
      flexShrink={0}
    >
      <Text bold={header && color} underline={header && color} wrap="truncate-end">
        {value}
      </Text>
    </Box>
  );
  return (
    <Box flexDirection="column">
      <Box>{columns.map((c, i) => cell(c.header, i, true))}</Box>
      {color ? null : <Box>{widths.map((w, i) => cell("-".repeat(w), i))}</Box>}
      {rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are static output
        <Box key={r}>{columns.map((_, i) => cell(row[i] ?? "", i))}</Box>
      ))}
    </Box>
  );
}

function BlockView({ block, color }: { block: Block; color: boolean }) {
  switch (block.kind) {
    case "heading":
      return (
        <Text bold {...toneProps("accent", color)}>
          {block.text}
        </Text>
      );
    case "text":
      return <Text {...toneProps(block.tone, color)}>{block.text}</Text>;
    case "fields": {
      const labelWidth = Math.max(...block.fields.map((f) => width(f.label))) + 2;
      const valueWidth = fieldValueWidth(block.fields) + 2;
      return (
        <Box flexDirection="column">
          {block.fields.map((f) => {
            const value = <Text {...toneProps(f.tone, color)}>{f.value}</Text>;
            const note = f.note ? <Text {...toneProps("muted", color)}>{f.note}</Text> : null;
            const long = width(f.value) > FIELD_VALUE_COLUMN;
            return (
              <Box key={f.label}>
                <Box width={labelWidth} flexShrink={0}>
                  <Text {...toneProps("muted", color)}>{f.label}</Text>
                </Box>
                {long ? (
                  // A long value takes the line; its note goes below it.
                  <Box flexDirection="column" flexGrow={1}>
                    {value}
                    {note}
                  </Box>
                ) : (
                  <>
                    <Box width={valueWidth} flexShrink={0}>
                      {value}
                    </Box>
                    {note}
                  </>
                )}
              </Box>
            );
          })}
        </Box>
      );
    }
    case "table":
      return (
        <Box flexDirection="column">
          {block.title ? <Text bold>{block.title}</Text> : null}
          {block.rows.length === 0 ? (
            <Text {...toneProps("muted", color)}>{block.empty ?? "(none)"}</Text>
          ) : (
            <TableView columns={block.columns} rows={block.rows} color={color} />
          )}
        </Box>
      );
  }
}

export function DocView({ doc, color }: { doc: Doc; color: boolean }) {
  return (
    <Box flexDirection="column">
      {doc.map((block, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a document is rendered once
          key={i}
          marginTop={i > 0 && (block.kind === "heading" || block.kind === "table") ? 1 : 0}
        >
          <BlockView block={block} color={color} />
        </Box>
      ))}
    </Box>
  );
}
