import { weightPercentText } from "@bis/sdk";
import { formatNumber } from "../format.js";
import { COLORS, FONT, PAGE, type ReportWriter } from "../layout.js";

import { type ReportContext, SAMPLE_DATA_LABEL, SECTION_TITLES } from "./context.js";

export function drawScore(w: ReportWriter, ctx: ReportContext): void {
  const { score } = ctx;
  w.ensure(score ? 150 + 22 * (score.components.length + 1) : 120);
  if (w.y > PAGE.margins.top + 1) w.space(14);
  w.sectionTitle(SECTION_TITLES.score, score?.grade ? [score.grade] : []);
  if (!score) {
    w.banner(
      "The opportunity score is computed once keyword research and competition analysis are complete: not available yet.",
      "muted",
    );
    return;
  }
  const { doc } = w;
  const value = Math.max(0, Math.min(100, score.score));
  const top = w.y;
  doc.font(FONT.bold).fontSize(40).fillColor(w.palette.brandDark);
  doc.text(String(Math.round(value)), w.left, top, { lineBreak: false });
  const numberWidth = doc.widthOfString(String(Math.round(value)));
  doc.font(FONT.regular).fontSize(14).fillColor(COLORS.muted);
  doc.text("/ 100", w.left + numberWidth + 6, top + 20, { lineBreak: false });
  // The gauge.
  const gx = w.left + 150;
  const gw = w.width - 150;
  doc.roundedRect(gx, top + 16, gw, 12, 6).fill(COLORS.rule);
  doc.roundedRect(gx, top + 16, Math.max(12, (gw * value) / 100), 12, 6).fill(w.palette.brand);
  doc.font(FONT.regular).fontSize(8).fillColor(COLORS.muted);
  doc.text("0", gx, top + 32, { lineBreak: false });
  doc.text("100", gx + gw - 14, top + 32, { lineBreak: false });
  w.y = top + 56;
  w.paragraph(
    "One 0–100 score combining demand (households, market revenue), supply (competitors and the review depth of the top three) and the cost to acquire a customer (average CPC). Higher is a better opportunity.",
    { size: 9, color: COLORS.muted },
  );
  w.table(
    [
      { header: "Component", width: 130 },
      { header: "Score", width: 50, align: "right" },
      { header: "Weight", width: 55, align: "right" },
      { header: "How it was scored" },
    ],
    score.components.map((c) => [
      c.label,
      formatNumber(c.score, 0),
      weightPercentText(c.weight),
      c.detail,
    ]),
    {
      caption:
        score.missing && score.missing.length > 0
          ? `Left out for lack of data: ${score.missing.join(", ")}; the weights of the others were rescaled.`
          : undefined,
    },
  );
  if (score.grade === "sample")
    w.banner(`${SAMPLE_DATA_LABEL}: this score is computed from demo data.`, "sample");
}
